"""Who sees what of an event (RULINGS G4; docs/rulings.md H107): the whole matrix of
visibility x reader, revealed or not."""

from __future__ import annotations

import pytest

from hacktable.play.events import Change, Event, Visibility
from hacktable.play.principal import GM, Principal, Role
from hacktable.play.visibility import (
    Sight,
    reveals_in,
    seen_by,
    sight,
    stub_summary,
    visible,
)

SLY = Principal(Role.PLAYER, "Sly")
"""The roller (the event's principal)."""
BEA = Principal(Role.PLAYER, "Bea")
"""The audience of a private event."""
TOM = Principal(Role.PLAYER, "Tom")
"""Another player."""
WATCHER = Principal(Role.OBSERVER, "Sly")
"""An observer, named like the roller: observers never see what a player would."""

READERS = {"gm": GM, "roller": SLY, "audience": BEA, "other": TOM, "observer": WATCHER}

MATRIX = {
    # visibility: what the GM, the roller, the audience, another player, an observer see
    Visibility.PUBLIC: ("whole", "whole", "whole", "whole", "whole"),
    Visibility.GM: ("whole", "whole", "stub", "stub", "stub"),
    Visibility.BLIND: ("whole", "stub", "stub", "stub", "stub"),
    Visibility.PRIVATE: ("whole", "whole", "whole", "nothing", "nothing"),
}


def made(visibility: Visibility, seq: int = 7) -> Event:
    return Event(
        "roll",
        actor="Sly",
        summary="1d20: 17",
        detail={"total": 17, "outcome": {"dice": [{"sides": 20, "face": 17}]}},
        changes=(Change("setting", "x", None, 1),),
        command="roll 1d20 secret",
        session=2,
        seq=seq,
        at="2026-01-01T00:00:00+00:00",
        principal="Sly",
        visibility=visibility,
        audience="Bea" if visibility is Visibility.PRIVATE else "",
    )


CASES = [
    (visibility, reader, expected)
    for visibility, row in MATRIX.items()
    for reader, expected in zip(READERS, row, strict=True)
]


@pytest.mark.parametrize(("visibility", "reader", "expected"), CASES)
def test_the_visibility_matrix(visibility: Visibility, reader: str, expected: str) -> None:
    event = made(visibility)
    principal = READERS[reader]
    seen = seen_by(event, principal, set())
    assert sight(event, principal) is Sight(expected)
    if expected == "whole":
        assert seen == event
    elif expected == "nothing":
        assert seen is None
    else:
        assert seen is not None
        assert (seen.seq, seen.at, seen.session, seen.actor, seen.principal, seen.action) == (
            7,
            event.at,
            2,
            "Sly",
            "Sly",
            "roll",
        )
        assert seen.detail == {}
        assert seen.changes == ()
        assert seen.command == ""
        assert "17" not in seen.summary
        assert seen.summary == stub_summary(event)


@pytest.mark.parametrize(("visibility", "reader", "expected"), CASES)
def test_a_revealed_event_is_public(visibility: Visibility, reader: str, expected: str) -> None:
    event = made(visibility)
    assert seen_by(event, READERS[reader], {7}) == event
    assert seen_by(event, READERS[reader], {8}) == seen_by(event, READERS[reader], set())


def test_names_match_as_names_do() -> None:
    event = made(Visibility.GM)
    assert seen_by(event, Principal(Role.PLAYER, "SLY"), set()) == event
    private = made(Visibility.PRIVATE)
    assert seen_by(private, Principal(Role.PLAYER, "bea"), set()) == private


def test_stubs_say_what_happened_not_how_it_came_out() -> None:
    assert stub_summary(made(Visibility.GM)) == "a secret roll by Sly"
    assert stub_summary(made(Visibility.BLIND)) == "a blind roll by Sly"


def test_a_private_event_for_the_gm_alone() -> None:
    note = Event("note", summary="the idol is fake", principal="GM", visibility=Visibility.PRIVATE)
    assert seen_by(note, GM) == note
    assert [seen_by(note, who) for who in (SLY, BEA, WATCHER)] == [None, None, None]


def test_only_the_gm_sees_the_seeds_until_the_session_start_is_revealed() -> None:
    start = Event(
        "session.start",
        summary="session 2 begins (seed 5)",
        detail={"seed": 5, "secret_seed": 99, "ruleset": "redhack"},
        principal="Sly",  # a player's first action began it
        session=2,
        seq=3,
    )
    assert seen_by(start, GM) == start
    for reader in (SLY, TOM, WATCHER):
        seen = seen_by(start, reader)
        assert seen is not None
        assert seen.detail == {"ruleset": "redhack"}  # a known seed tells the next rolls
        assert seen.summary == "session 2 begins"
        revealed = seen_by(start, reader, {3})  # to check the session's public rolls
        assert revealed is not None
        assert revealed.detail == {"seed": 5, "ruleset": "redhack"}  # never the secret one
        assert revealed.summary == start.summary


def test_no_reader_but_the_gm_reads_a_seed_in_a_session_events_command() -> None:
    """docs/rulings.md H115, H696 (issue 12 §5): 'session start --seed 777' is the
    command of the session.end it stores for the session it ends and of the new
    session.start; a player reading either command would know the new session's seed,
    and with it every public roll to come, before the commitment is checked."""
    end = Event(
        "session.end",
        summary="session 1 ends",
        detail={"seed": 8, "salt": "00"},
        command="session start --seed 777",
        session=1,
        seq=3,
    )
    start = Event(
        "session.start",
        summary="session 2 begins (seed 777)",
        detail={"seed": 777, "salt": "01", "commitment": "ab"},
        command="session start --seed 777",
        session=2,
        seq=4,
    )
    for reader in (SLY, TOM, WATCHER):
        for event in (end, start):
            seen = seen_by(event, reader)
            assert seen is not None
            assert "777" not in seen.command
        seen_end = seen_by(end, reader)
        assert seen_end is not None
        assert seen_end.detail == end.detail  # its own seed, revealed
    assert seen_by(start, GM) == start
    assert seen_by(end, GM) == end
    plain = Event("session.end", summary="session 1 ends", command="session end", session=1, seq=3)
    assert seen_by(plain, SLY) == plain.evolve(prev_hash="", hash="")


def test_no_reader_but_the_gm_gets_the_hashes_that_would_test_a_guess() -> None:
    hidden = Event(
        "roll",
        summary="1d20: [7] -> 7",
        principal="GM",
        visibility=Visibility.BLIND,
        seq=4,
        prev_hash="a" * 64,
        hash="b" * 64,
    )
    after = Event("note", summary="x", seq=5, prev_hash="b" * 64, hash="c" * 64)
    for reader in (SLY, TOM, WATCHER):
        for event in (hidden, after):
            seen = seen_by(event, reader)
            assert seen is not None
            assert (seen.prev_hash, seen.hash) == ("", "")
    assert seen_by(hidden, GM) == hidden


def test_a_log_as_each_reader_sees_it() -> None:
    log = [
        made(Visibility.PUBLIC, 1),
        made(Visibility.GM, 2),
        made(Visibility.PRIVATE, 3),
        Event("reveal", detail={"reveals": 2}, seq=4),
    ]
    revealed = reveals_in(log)
    assert revealed == {2}
    assert visible(log, TOM, set()) == [log[0], seen_by(log[1], TOM), log[3]]
    assert visible(log, TOM, revealed) == [log[0], log[1], log[3]]
    assert visible(log, BEA, revealed) == log
    assert visible(log, GM) == log


def test_reveals_read_only_numbers() -> None:
    events = [
        Event("reveal", detail={"reveals": True}),
        Event("reveal", detail={"reveals": "3"}),
        Event("note", detail={"reveals": 4}),
        Event("reveal", detail={"reveals": 5}),
    ]
    assert reveals_in(events) == {5}
