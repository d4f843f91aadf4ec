"""The rules of recovery, pure (black-sword-hack 2.2, 2.1.13; RULINGS B2, B8;
docs/rulings.md H150-H152), and the session-end hook through the engine's ``session``
command: Impaired and Injured last until the session ends."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest

from hacktable.console.loop import Console
from hacktable.console.render import PlainPrinter
from hacktable.dice.usage import UsageDie
from hacktable.engine.session import Session
from hacktable.errors import RuleError
from hacktable.rulesets.black_sword_hack import recovery
from hacktable.rulesets.black_sword_hack.character import Character
from hacktable.rulesets.black_sword_hack.content.loader import load_content
from hacktable.rulesets.black_sword_hack.content.schemas import Effect, Gift
from hacktable.rulesets.black_sword_hack.recovery import Calendar, Place
from hacktable.store import CampaignStore

from .rest_table import Table, rest_table  # noqa: F401  (the fixture)


def kara(**changes: object) -> Character:
    base = Character(
        name="Kara",
        ruleset="black-sword-hack",
        hp=2,
        max_hp=13,
        origin="barbarian",
        scores=(("STR", 12), ("CON", 13)),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def test_a_gift_adds_to_a_short_rest() -> None:
    content = load_content()
    gift = Gift(
        id="hardy",
        name="Hardy",
        text="You mend fast.",
        effects=(Effect(kind="short-rest", amount=2),),
    )
    content = replace(content, gifts=(*content.gifts, gift))
    done = recovery.short_rest(content, kara(gifts=("hardy",)), Calendar())
    assert (done.healed, done.character.hp) == (8, 10)
    assert done.lines == (
        "Kara heals 8 (half of CON 13, rounded down: 6, +2 from gifts and backgrounds = 8): "
        "HP 2 -> 10",
    )


@pytest.mark.parametrize(("con", "heals"), [(13, 6), (12, 6), (9, 4), (1, 0)])
def test_half_con_rounded_down(con: int, heals: int) -> None:
    character = kara(scores=(("CON", con),), hp=1, max_hp=20)
    assert recovery.short_rest_healing(load_content(), character)[0] == heals


def test_the_calendar_and_the_place_round_trip() -> None:
    calendar = Calendar(3).rested("kara")
    assert Calendar.from_json(calendar.to_json()) == calendar
    assert calendar.later(2) == Calendar(5)
    assert Calendar.from_json(None) == Calendar(1)
    place = Place("camp", "the ford")
    assert Place.from_json(place.to_json()) == place
    assert Place.from_json(None).kind == "unsafe"
    assert Place.from_json({"kind": "castle"}).kind == "unsafe"


def test_require_safe() -> None:
    assert "somewhere safe" in recovery.require_safe(Place("safe"), "no", False)
    assert "GM calls" in recovery.require_safe(Place("unsafe"), "no", True)
    assert "counts as safe" in recovery.require_safe(Place("camp"), "yes", False)
    for place in (Place("camp"), Place("unsafe")):
        with pytest.raises(RuleError, match="safe place"):
            recovery.require_safe(place, "no", False)
    with pytest.raises(RuleError):
        recovery.require_safe(Place("unsafe"), "yes", False)  # the setting is for camps


def test_a_long_rest_keeps_what_lasts_the_session() -> None:
    before = kara(doom=UsageDie.UD4, conditions=("impaired",), spent=("iron-hide",))
    done = recovery.long_rest(before)
    assert (done.character.hp, done.character.doom, done.character.spent) == (
        13,
        UsageDie.UD6,
        (),
    )
    assert done.character.conditions == ("impaired",)


def test_session_end_ends_impaired_and_injured_only() -> None:
    after, lines = recovery.session_end(kara(conditions=("impaired", "scarred", "injured")))
    assert after.conditions == ("scarred",)
    assert lines == (
        "Kara is no longer Impaired and Injured: it lasted until the session ended (RULINGS B8)",
    )
    unchanged = kara(conditions=("scarred",))
    assert recovery.session_end(unchanged) == (unchanged, ())


def test_session_end_commits_the_hook_in_the_session_that_ends(table: Table) -> None:
    table.add("Kara", conditions=("impaired",))
    table.add("Bran", conditions=("injured: after the ambush",))
    table.add("Oda")
    outcome = table.run("session end")
    assert outcome.text == (
        "Session 1 ends.\n"
        "Kara is no longer Impaired: it lasted until the session ended (RULINGS B8)\n"
        "Bran is no longer Injured: it lasted until the session ended (RULINGS B8)"
    )
    close, end = outcome.events
    assert (close.action, end.action) == ("session.close", "session.end")
    assert close.session == end.session == 1
    assert {c.key for c in close.changes} == {"kara", "bran"}
    assert table.character("Kara").conditions == ()
    assert table.character("Bran").conditions == ()
    # nothing left to end: the next session's end changes nothing
    table("session start --seed 4")
    assert [e.action for e in table.run("session end").events] == ["session.end"]


def test_a_session_start_ends_the_open_one_and_its_conditions(table: Table) -> None:
    table.add("Kara", conditions=("injured",))
    outcome = table.run("session start --seed 9")
    assert outcome.text.splitlines()[:2] == [
        "Session 1 ends; session 2 begins (seed 9).",
        "Kara is no longer Injured: it lasted until the session ended (RULINGS B8)",
    ]
    close, end, start = outcome.events  # the end reveals session 1's seed (H650)
    assert (close.action, close.session, start.action, start.session) == (
        "session.close",
        1,
        "session.start",
        2,
    )
    assert (end.action, end.session) == ("session.end", 1)


def test_undo_takes_back_the_conditions_that_ended(table: Table) -> None:
    table.add("Kara", conditions=("injured",))
    table("session end")
    table("undo")
    assert table.character("Kara").conditions == ("injured",)


def test_redhack_session_end_is_unchanged(tmp_path: Path) -> None:
    with CampaignStore.open(tmp_path / "r.db") as store:
        session = Session(store, 2)
        console = Console(session, PlainPrinter(io.StringIO(), io.StringIO()))
        console.execute("character new Aldric --class warrior --kit 1")
        before = session.character("Aldric")
        outcome = console.execute("session end")
        assert outcome.text == "Session 1 ends."
        assert [e.action for e in outcome.events] == ["session.end"]
        assert session.character("Aldric") == before
        started = console.execute("session start --seed 3")
        assert [e.action for e in started.events] == ["session.start"]
