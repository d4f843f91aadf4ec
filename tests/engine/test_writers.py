"""Several writers on one campaign (issue 8, section 3; docs/rulings.md H110, H112):
before each command a session reads what others appended and follows their game
sessions; a stale write is retried once at the new end of the log, resolved again with
the dice of its new place, and refused the second time, naming the event that got in
first. Nothing is lost.

Most of these put two sessions on one store object (today's store lets one store open
a file); those with two stores on one file wait for the shared store."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from hacktable.console.loop import Console
from hacktable.console.render import PlainPrinter
from hacktable.engine.commands.dice import RollIntent
from hacktable.engine.execute import CommandLayer, LostRaceError
from hacktable.engine.principal import Principal, Role
from hacktable.engine.session import Session
from hacktable.play.events import Event, Visibility
from hacktable.play.state import CampaignState
from hacktable.store import CampaignStore, StaleWriteError

from ..intents import campaign
from .sharing import seat

SLY = Principal(Role.PLAYER, "Sly")


class Racing:
    """A store another writer beats to the next appends: just before each of them, it
    runs one of ``lines`` on its own session (``principal`` asking)."""

    def __init__(
        self, store: CampaignStore, other: CommandLayer, *lines: str, principal: Any = None
    ) -> None:
        self._store = store
        self._other = other
        self._lines = list(lines)
        self._principal = principal

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def append_all(self, events: Sequence[Event], expected_seq: int | None = None) -> list[Event]:
        if self._lines:
            line = self._lines.pop(0)
            if self._principal is None:
                self._other.run(line)
            else:
                self._other.run(line, self._principal)
        return self._store.append_all(events, expected_seq)


@pytest.fixture
def first(tmp_path: Path) -> Iterator[CommandLayer]:
    layer = campaign(tmp_path / "campaign.db", 3, ["character new Aldric --class warrior --kit 1"])
    yield layer
    layer.session.store.close()


@pytest.fixture
def second(first: CommandLayer) -> CommandLayer:
    """Another writer, on the same store object."""
    return CommandLayer(Session(first.session.store, source="other"))


def test_each_command_reads_what_others_appended(first: CommandLayer, second: CommandLayer) -> None:
    first.run("hp Aldric -2")
    hp = first.session.character("Aldric").hp
    assert second.session.character("Aldric").hp == hp + 2  # not read yet
    second.run("hp Aldric -1")  # refreshed first: no stale write, no lost HP
    first.session.refresh()
    assert first.session.character("Aldric").hp == hp - 1
    assert first.session.state == second.session.state
    assert CampaignState.replay(first.session.store.events()) == first.session.state


def test_sessions_follow_each_others_game_sessions(
    first: CommandLayer, second: CommandLayer
) -> None:
    assert (second.session.number, second.session.seed) == (1, 3)
    first.run("session start --seed 9")
    second.session.refresh()
    assert (second.session.number, second.session.seed) == (2, 9)
    assert second.session.secret_seed == first.session.secret_seed
    assert second.session.game == first.session.game
    first.run("session end")
    second.session.refresh()
    assert not second.session.game.started
    assert second.session.number == 3
    second.run("roll 1d6")  # begins session 3
    first.session.refresh()
    assert first.session.game == second.session.game
    assert first.session.game.started
    assert first.session.number == 3


def test_a_stale_write_is_retried_once_at_its_new_place(
    first: CommandLayer, second: CommandLayer, tmp_path: Path
) -> None:
    second.session.store = Racing(first.session.store, first, "roll 1d6")  # type: ignore[assignment]
    outcome = second.run("roll 6d20")
    log = first.session.store.events()
    assert [e.command for e in log[-2:]] == ["roll 1d6", "roll 6d20"]
    (event,) = outcome.events
    assert event.seq == log[-1].seq
    # its dice are those of its new place: a single writer dealing them there agrees
    alone = campaign(tmp_path / "alone.db", 3, ["character new Aldric --class warrior --kit 1"])
    try:
        alone.run("roll 1d6")
        assert alone.run("roll 6d20").dice == outcome.dice
    finally:
        alone.session.store.close()


def test_a_write_stale_twice_is_refused_naming_who_got_in_first(
    first: CommandLayer, second: CommandLayer
) -> None:
    store = first.session.store
    second.session.store = Racing(store, first, "roll 1d6", "hp Aldric -1")  # type: ignore[assignment]
    before = store.last_seq()
    with pytest.raises(LostRaceError) as caught:
        second.run("hp Aldric -3")
    error = caught.value
    assert isinstance(error, StaleWriteError)
    assert error.exit_code == 2
    assert error.first_seq == before + 2
    assert error.first is not None
    assert error.first.command == "hp Aldric -1"
    assert f"another writer got in first (#{before + 2} hp by GM: " in str(error)
    assert "nothing was stored" in str(error)
    assert [e.command for e in store.events(after=before)] == ["roll 1d6", "hp Aldric -1"]
    second.session.refresh()
    assert second.session.state == first.session.state  # nothing of the refused command


def test_the_web_tables_layer_retries_until_it_lands(
    first: CommandLayer, second: CommandLayer
) -> None:
    """docs/rulings.md H707: beaten four times running (several server processes on one
    campaign), a web table's command lands at the fifth try; the console's is refused."""
    store = first.session.store
    lines = ("roll 1d6", "roll 1d8", "roll 1d10", "roll 1d12")
    web = CommandLayer(Session(store, source="web"), remote_players=True, retries=5)
    web.session.store = Racing(store, first, *lines)  # type: ignore[assignment]
    before = store.last_seq()
    web.run("hp Aldric -3")
    assert [e.command for e in store.events(after=before)] == [*lines, "hp Aldric -3"]
    second.session.store = Racing(store, first, *lines)  # type: ignore[assignment]
    with pytest.raises(LostRaceError):
        second.run("hp Aldric -1")


def test_a_secret_that_got_in_first_stays_secret(first: CommandLayer, second: CommandLayer) -> None:
    seat(first, "Sly", "Tom")
    tom = Principal(Role.PLAYER, "Tom")
    second.session.store = Racing(  # type: ignore[assignment]
        first.session.store, first, "roll 1d20 secret", "roll 1d20 secret", principal=SLY
    )
    with pytest.raises(LostRaceError) as caught:
        second.execute(tom, RollIntent("1d6"))
    assert "a secret roll by Sly" in str(caught.value)
    assert "1d20:" not in str(caught.value)


def test_a_guided_command_beaten_once_asks_again(first: CommandLayer, second: CommandLayer) -> None:
    """Resolved again at its new place, it rolls new attributes: its questions are
    asked again (with a warning), not answered for the user."""
    second.session.store = Racing(first.session.store, first, "roll 1d6")  # type: ignore[assignment]
    asked: list[str] = []
    warned: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        if question.startswith("Class"):
            return "thief"
        return "2" if question.startswith("Starting kit") else ""

    second.run("character new Sly", ask=ask, warn=warned.append)
    assert second.session.character("Sly").class_id == "thief"
    assert warned == ["another writer got in first: the command is resolved again"]
    rolled = [question for question in asked if question.startswith("Rolled 3d6 in order: ")]
    assert len(rolled) == 2
    assert len(asked) == 2 * asked.index(rolled[1])  # every question asked twice
    assert rolled[0] != rolled[1]  # new dice at the new place


def test_the_console_shows_what_others_wrote_before_its_prompt(
    first: CommandLayer, second: CommandLayer
) -> None:
    out = io.StringIO()
    console = Console(second.session, PlainPrinter(out, io.StringIO()))
    console.show_others()
    assert out.getvalue() == ""
    (event,) = first.run("roll 1d6").events
    console.show_others()
    assert out.getvalue() == f"#{event.seq:<3} s1 {event.summary}\n"
    assert second.session.state.last_seq == event.seq
    console.show_others()
    assert out.getvalue().count("\n") == 1


def test_a_players_console_shows_others_secrets_as_stubs(
    first: CommandLayer, second: CommandLayer
) -> None:
    seat(first, "Sly", "Tom")
    out = io.StringIO()
    console = Console(
        second.session, PlainPrinter(out, io.StringIO()), Principal(Role.PLAYER, "Tom")
    )
    console.show_others()
    out.truncate(0)
    out.seek(0)
    (secret,) = first.execute(SLY, RollIntent("1d20", visibility=Visibility.GM)).events
    first.run("whisper sly psst")
    console.show_others()
    assert out.getvalue() == f"#{secret.seq:<3} s1 a secret roll by Sly\n"


def test_two_stores_on_one_campaign(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    one = campaign(path, 4, ["character new Aldric --class warrior --kit 1"])
    try:
        two = CommandLayer(Session(CampaignStore.open(path), source="other"))
        try:
            one.run("hp Aldric -2")
            two.run("hp Aldric -1")
            one.session.refresh()
            assert one.session.state == two.session.state
            assert two.session.number == 1
            two.session.store = Racing(two.session.store, one, "roll 1d6")  # type: ignore[assignment]
            two.run("roll 1d8")
            assert [e.command for e in one.session.store.last(2)] == ["roll 1d6", "roll 1d8"]
        finally:
            two.session.store.close()
    finally:
        one.session.store.close()
