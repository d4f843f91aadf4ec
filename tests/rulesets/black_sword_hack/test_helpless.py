"""Helpless (black-sword-hack 2.1.12, 2.1.13; RULINGS B8; docs/rulings.md H140): every
result of the d6, and the commands that roll it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacktable.errors import RuleError
from hacktable.rulesets import get_ruleset
from hacktable.rulesets.black_sword_hack.character import IMPAIRED, INJURED, Character
from hacktable.rulesets.black_sword_hack.creation import starting_items
from hacktable.rulesets.black_sword_hack.helpless import roll_helpless

from ...helpers import Faces
from .conftest import Table

RULESET = get_ruleset("black-sword-hack")

DOWN = Character(
    name="Mira",
    ruleset="black-sword-hack",
    hp=0,
    max_hp=12,
    origin="civilized",
    scores=(("STR", 12), ("DEX", 14), ("CON", 12)),
    inventory=starting_items(),
)


def _roll(*faces: int) -> tuple[Character, list[str]]:
    rolled = roll_helpless(DOWN, Faces(*faces), RULESET.roll_table)
    return rolled.character, list(rolled.lines)


def test_helpless_at_zero_hp() -> None:
    assert DOWN.helpless
    assert not replace(DOWN, hp=1).helpless
    assert not replace(DOWN, conditions=("dead",)).helpless


def test_1_scratched_heals_1d4() -> None:
    after, _ = _roll(1, 3)
    assert after.hp == 3
    assert after.inventory == DOWN.inventory
    assert not after.conditions


def test_2_missed_destroys_one_random_carried_item() -> None:
    after, lines = _roll(2, 3, 4)  # d5 3: the third item, Light Armour
    assert "d5 3: Light Armour is destroyed" in lines
    assert [i.name for i in after.inventory] == ["Sword", "Dagger", "Torch", "Rations"]
    assert after.hp == 4


def test_3_impaired_and_4_injured_last_the_session() -> None:
    impaired, _ = _roll(3, 1)
    injured, _ = _roll(4, 2)
    assert impaired.conditions == (IMPAIRED,)
    assert impaired.hp == 1
    assert injured.conditions == (INJURED,)
    assert injured.hp == 2


def test_5_butchered_loses_a_point_of_str_or_dex_for_good() -> None:
    strength, _ = _roll(5, 2, 4)  # Butchered d6 2: STR
    dexterity, _ = _roll(5, 6, 4)  # 6: DEX
    assert strength.score("STR") == 11
    assert strength.score("DEX") == 14
    assert dexterity.score("DEX") == 13
    assert dexterity.score("STR") == 12
    assert strength.hp == 4


def test_6_killed() -> None:
    after, lines = _roll(6)  # no 1d4: the dead get nothing back
    assert after.dead
    assert after.hp == 0
    assert any("new character of level 1" in line for line in lines)


def test_fight_end_rolls_for_every_helpless_character(table: Table) -> None:
    table.add("Conan")
    table.add("Mira")
    table("fight start")
    table("fight add city-guard")
    table.set("Mira", hp=0)
    table.rig(4, 2)  # Mira: 4 Injured, 1d4 2
    text = table("fight end")
    assert "Mira's Helpless roll" in text
    assert "Injured" in text
    mira = table.character("Mira")
    assert mira.conditions == (INJURED,)
    assert mira.hp == 2
    assert table.session.state.get("fight", "current") is None
    assert table.run("undo").events
    assert table.character("Mira").hp == 0
    assert table.fight().foes


def test_helpless_name_rolls_for_one_dragged_to_safety(table: Table) -> None:
    table.add("Mira", hp=0)
    table.rig(1, 4)
    assert "dragged to safety" in table("helpless Mira")
    assert table.character("Mira").hp == 4
    before = table.last_seq()
    with pytest.raises(RuleError, match="not Helpless"):
        table("helpless Mira")
    assert table.last_seq() == before
