"""The engine's character-keeping commands (``hp``, ``coins``, ``give``, ``drop``,
``equip``, ``usage``) are CORE's, so every ruleset has them; ``equip`` says what the
ruleset's ``protection`` hook says of the character, and nothing when it says nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.commands import CORE
from hacktable.engine.execute import CommandLayer
from hacktable.play.character import Character
from hacktable.rulesets import get_ruleset
from hacktable.rulesets.base import Ruleset
from hacktable.rulesets.grammar import find
from hacktable.rulesets.redhack.ruleset import Redhack

from ..intents import campaign

KEEPING = ("hp", "coins", "give", "drop", "equip", "usage")


class Unprotected(Redhack):
    """redhack but for its protection, of which it says nothing (the contract's
    default)."""

    def protection(self, character: Character) -> str | None:
        return Ruleset.protection(self, character)


class ArmourDie(Redhack):
    """redhack but protected by an armour die: d8 with a shield worn, d6 without."""

    def protection(self, character: Character) -> str:
        shield = any(i.equipped and i.kind == "shield" for i in character.inventory)
        return f"armour die {'d8' if shield else 'd6'}"


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    layer = campaign(tmp_path / "campaign.db", 3, ["character new Aldric --class warrior --kit 1"])
    yield layer
    layer.session.store.close()


def _said(layer: CommandLayer, line: str) -> str:
    """What ``line`` says, checking it is also the summary its event logs."""
    outcome = layer.run(line)
    (event,) = outcome.events
    assert outcome.text == event.summary
    return event.summary


@pytest.mark.parametrize("name", KEEPING)
def test_the_command_is_the_engines_not_redhacks(name: str) -> None:
    assert CORE.get(name) is not None
    assert get_ruleset("redhack").command_set().get(name) is None


def test_a_redhack_campaign_answers_them_from_core(layer: CommandLayer) -> None:
    sets = layer.session.command_sets()
    for name in KEEPING:
        assert find(sets, name) is CORE.get(name)


def test_the_contract_names_no_protection_by_default(layer: CommandLayer) -> None:
    assert Unprotected().protection(layer.session.character("Aldric")) is None


def test_redhacks_protection_is_its_ac(layer: CommandLayer) -> None:
    ruleset = layer.session.ruleset
    aldric = layer.session.character("Aldric")
    assert ruleset.protection(aldric) == f"AC {ruleset.armour_class(aldric)}"  # type: ignore[attr-defined]


def test_equip_says_the_ac_before_and_after(layer: CommandLayer) -> None:
    ruleset = layer.session.ruleset
    layer.run("equip Aldric large shield off")
    before = ruleset.armour_class(layer.session.character("Aldric"))  # type: ignore[attr-defined]
    said = _said(layer, "equip Aldric large shield")
    assert said == f"Aldric equips Large Shield (AC {before} -> {before + 1})"  # R7: +1


def test_a_ruleset_without_protection_is_told_none(layer: CommandLayer) -> None:
    layer.session.ruleset = Unprotected()
    assert _said(layer, "equip Aldric large shield off") == "Aldric takes off Large Shield"
    assert _said(layer, "equip Aldric leather armour") == "Aldric equips Leather Armour"
    assert (
        _said(layer, "equip Aldric hand weapon")
        == "Aldric readies Hand Weapon: attacks use it unless told otherwise"
    )


def test_the_words_both_protections_share_are_said_once(layer: CommandLayer) -> None:
    layer.session.ruleset = ArmourDie()
    layer.run("equip Aldric large shield off")
    said = _said(layer, "equip Aldric large shield")
    assert said == "Aldric equips Large Shield (armour die d6 -> d8)"
    # armour that changes nothing still says the protection, as the AC did
    assert _said(layer, "equip Aldric leather armour") == (
        "Aldric equips Leather Armour (armour die d8 -> d8)"
    )
