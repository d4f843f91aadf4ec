"""``say``: table talk, a public event whose actor is the speaker (issue 12 §2 "Chat";
docs/rulings.md H620), with a whisper's limits (H113)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.commands.talk import SayIntent
from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM, NotAllowedError, Principal, Role
from hacktable.errors import CommandError
from hacktable.play.events import Visibility
from hacktable.play.visibility import visible

from ...intents import campaign
from ..sharing import seat

TOM = Principal(Role.PLAYER, "Tom")
OBSERVER = Principal(Role.OBSERVER, "Mina")


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    layer = campaign(tmp_path / "campaign.db", 3)
    seat(layer, "Tom")
    yield layer
    layer.session.store.close()


def test_a_player_says_something_everyone_reads(layer: CommandLayer) -> None:
    outcome = layer.run("say  I open the door, carefully.  ", TOM)
    (event,) = outcome.events
    assert (event.action, event.actor, event.principal) == ("say", "Tom", "Tom")
    assert event.visibility is Visibility.PUBLIC
    assert event.detail["text"] == "I open the door, carefully."
    assert outcome.text == "Tom: I open the door, carefully."
    assert visible([event], OBSERVER) == [event]  # the whole table reads it


def test_the_gm_speaks_as_gm(layer: CommandLayer) -> None:
    (event,) = layer.run("say The door creaks.", GM).events
    assert (event.actor, event.summary) == ("GM", "GM: The door creaks.")


def test_the_line_is_read_whole(layer: CommandLayer) -> None:
    assert layer.parse('say "quoted" words stay') == SayIntent('"quoted" words stay')


def test_an_observer_may_not_speak(layer: CommandLayer) -> None:
    before = layer.session.state.last_seq
    with pytest.raises(NotAllowedError, match="Mina may not speak at the table: observers"):
        layer.run("say hello", OBSERVER)
    assert layer.session.state.last_seq == before


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("say", "missing TEXT"),
        ("say    ", "missing TEXT"),
        ("say " + "x" * 2001, "at most 2,000 characters, not 2,001"),
        ("say bell\x07", "control characters"),
    ],
)
def test_bad_talk_is_refused_with_nothing_stored(
    layer: CommandLayer, line: str, message: str
) -> None:
    before = layer.session.state.last_seq
    with pytest.raises(CommandError, match=message):
        layer.run(line, TOM)
    assert layer.session.state.last_seq == before


def test_two_thousand_characters_are_allowed(layer: CommandLayer) -> None:
    (event,) = layer.run("say " + "y" * 2000, TOM).events
    assert len(event.detail["text"]) == 2000
