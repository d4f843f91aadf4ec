"""A monster's attack becomes a prompt by itself (issue 12 §2: "In redhack and
black-sword-hack the players roll every defence, so a monster's attack in a fight
becomes such a prompt by itself"; RULINGS R6; docs/rulings.md H623): the campaign
setting ``defence-prompts``."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM, Principal, Role
from hacktable.engine.prompts import open_prompts
from hacktable.errors import RuleError
from hacktable.rulesets.context import Context
from hacktable.rulesets.redhack.commands.act import Act
from hacktable.rulesets.redhack.commands.defend import DefendIntent, defence_of

from ...helpers import Faces
from ...intents import campaign

ANN = Principal(Role.PLAYER, "Ann")

SETUP = (
    "player add Ann",
    "character new Aldric --class warrior --kit 1 --player Ann",
    "character new Tomas --class cleric --kit 1",
    "fight start",
    "fight add 1 goblin --at close",
    "init",
    "next",
)
"""Ann plays Aldric, the GM Tomas; with seed 8 the goblin acts after ``next``."""


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    layer = campaign(tmp_path / "campaign.db", 8, SETUP)
    assert "round 1, monsters" in layer.run("fight status").text
    layer.remote_players = True  # as the web table runs it
    yield layer
    layer.session.store.close()


def _brute_force(layer: CommandLayer, line: str) -> Fraction:
    """The chance of success of ``line``'s test, counted over every d20 face dealt."""
    session = layer.session
    intent = layer.parse(line)
    assert isinstance(intent, DefendIntent)
    act = Act(Context(session, line, None, None, GM), intent.overrides())
    *_, request = defence_of(act, intent)
    wins = sum(session.ruleset.resolve_test(request, Faces(face)).success for face in range(1, 21))
    return Fraction(wins, 20)


def _hp(layer: CommandLayer, name: str) -> int:
    return layer.session.character(name).hp


def test_the_default_is_web() -> None:
    from hacktable.rulesets import get_ruleset

    setting = get_ruleset("redhack").setting("defence-prompts")
    assert (setting.default, setting.choices) == ("web", ("web", "players", "off"))


def test_a_goblins_attack_on_a_players_character_is_their_prompt(layer: CommandLayer) -> None:
    hp = _hp(layer, "Aldric")
    outcome = layer.run("defend Aldric goblin-1")
    (event,) = outcome.events
    assert (outcome.command, event.action) == ("ask", "prompt")
    prompt = event.detail["prompt"]
    assert (prompt["character"], prompt["player"]) == ("Aldric", "Ann")
    assert prompt["command"] == "defend Aldric goblin-1"
    assert prompt["odds"]["test"] == "AC defence against Goblin"
    assert Fraction(prompt["odds"]["success"]) == _brute_force(layer, "defend Aldric goblin-1")
    assert outcome.dice == ()
    assert _hp(layer, "Aldric") == hp  # nothing rolled yet


def test_the_player_rolls_it_and_takes_the_damage(layer: CommandLayer) -> None:
    seq = layer.run("defend Aldric goblin-1").events[0].seq
    hp = _hp(layer, "Aldric")
    outcome = layer.run(f"answer {seq} roll 19", ANN)
    (event,) = outcome.events
    assert event.action == "defend"
    assert event.detail["answers"] == seq
    assert "Goblin hits" in outcome.text
    assert _hp(layer, "Aldric") < hp
    assert open_prompts(layer.session.state) == []
    layer.run("undo")  # H622: the damage and the closing go back together
    assert _hp(layer, "Aldric") == hp
    assert [p.seq for p in open_prompts(layer.session.state)] == [seq]


def test_typing_the_defence_answers_it(layer: CommandLayer) -> None:
    seq = layer.run("defend Aldric goblin-1").events[0].seq
    (event,) = layer.run("defend Aldric goblin-1 roll 3", ANN).events
    assert event.detail["answers"] == seq


def test_a_gm_played_character_is_rolled_at_once(layer: CommandLayer) -> None:
    (event,) = layer.run("defend Tomas goblin-1").events
    assert event.action == "defend"
    assert open_prompts(layer.session.state) == []


@pytest.mark.parametrize(
    "line", ["defend Aldric goblin-1 roll 5", "defend Aldric goblin-1 damage 2"]
)
def test_the_gms_own_dice_roll_it_at_once(layer: CommandLayer, line: str) -> None:
    (event,) = layer.run(line).events
    assert event.action == "defend"


def test_at_the_console_the_default_rolls_at_once(layer: CommandLayer) -> None:
    layer.remote_players = False  # the console: the GM rolls, as before (H623)
    (event,) = layer.run("defend Aldric goblin-1").events
    assert event.action == "defend"


def test_players_prompts_at_the_console_too(layer: CommandLayer) -> None:
    layer.remote_players = False
    layer.run("settings defence-prompts players")
    (event,) = layer.run("defend Aldric goblin-1").events
    assert event.action == "prompt"


def test_off_rolls_at_once_at_the_web_table(layer: CommandLayer) -> None:
    layer.run("settings defence-prompts off")
    (event,) = layer.run("defend Aldric goblin-1").events
    assert event.action == "defend"


def test_a_defence_the_rules_refuse_is_no_prompt(layer: CommandLayer) -> None:
    layer.run("next")  # the monsters' turn is over
    seq = layer.session.store.last_seq()
    with pytest.raises(RuleError, match="not the monsters' turn"):
        layer.run("defend Aldric goblin-1")
    assert layer.session.store.last_seq() == seq
