"""Secret and blind tests (RULINGS G4, G6; docs/rulings.md H207, H208; issue 10 §6):
`test ... secret|blind`, `save ... secret|blind` and Legend Lore's secret INT check,
rolled on the secret stream, seen whole by the GM alone until revealed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.dice.source import derive
from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import Principal, Role
from hacktable.errors import CommandError
from hacktable.play.events import Visibility
from hacktable.rulesets.redhack.commands.tests import TestIntent

from ...intents import campaign

ANN = Principal(Role.PLAYER, "Ann")
BEA = Principal(Role.PLAYER, "Bea")
SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Mirela --class wizard --kit 1 --player Ann",
    "character new Tomas --class cleric --kit 1 --player Bea",
)


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    layer = campaign(tmp_path / "c.db", 3, SETUP)
    yield layer
    layer.session.store.close()


def test_test_and_save_read_secret_and_blind(layer: CommandLayer) -> None:
    intent = layer.parse("test Mirela INT secret")
    assert isinstance(intent, TestIntent)
    assert intent.options.visibility is Visibility.GM
    assert intent.secret()
    save = layer.parse("save Tomas CON blind")
    assert isinstance(save, TestIntent)
    assert save.options.visibility is Visibility.BLIND
    with pytest.raises(CommandError, match="secret or blind, not both"):
        layer.parse("test Mirela INT secret blind")


def test_legend_lore_is_blind_the_player_learns_only_that_it_was_made(
    layer: CommandLayer,
) -> None:
    """redhack: Wizard > Legend Lore, "a secret INT check"; RULINGS G4; issue 10 §6."""
    outcome = layer.run("test Mirela INT for legend-lore", ANN)
    assert outcome.text.splitlines() == [
        "Mirela makes a blind INT test.",
        "A blind roll: only the GM sees the result.",
    ]
    assert (outcome.dice, outcome.checks) == ((), ())
    (event,) = outcome.events
    assert event.visibility is Visibility.BLIND
    assert event.summary == "a blind test by Ann"
    stored = layer.session.store.last(1)[0]
    assert stored.detail["outcome"]["checks"]  # the GM's log keeps it whole
    gm_log = layer.run("log 1").text
    assert "Mirela: INT test for legend-lore" in gm_log
    assert "a blind test by Ann" in layer.run("log 1", BEA).text
    assert "a blind test by Ann" in layer.run("log 1", ANN).text


def test_a_secret_test_draws_from_the_secret_stream(layer: CommandLayer) -> None:
    """RULINGS G6: a secret roll's dice are not the public stream's."""
    session = layer.session
    game, place = session.game, session.place()
    secret_face = derive(game.secret_seed or 0, game.number, place).randrange(20) + 1
    outcome = layer.run("test Mirela INT secret")
    assert outcome.checks[0].faces[0] == secret_face
    assert "the others see that it was made" in outcome.text


def test_a_secret_save_is_the_rollers_and_the_gms_until_revealed(layer: CommandLayer) -> None:
    outcome = layer.run("save Tomas CON secret", BEA)
    assert len(outcome.checks) == 1  # the roller sees their own secret roll
    (event,) = outcome.events
    assert event.visibility is Visibility.GM
    assert layer.run("log 1", ANN).text.endswith("a secret save by Bea")
    layer.run(f"reveal {event.seq}")
    assert "Tomas: CON saving throw" in layer.run("log 2", ANN).text


def test_a_blind_test_is_revealed_by_the_gm(layer: CommandLayer) -> None:
    (event,) = layer.run("test Mirela INT for legend-lore", ANN).events
    layer.run(f"reveal {event.seq}")
    assert "Mirela: INT test for legend-lore" in layer.run("log 2", ANN).text
