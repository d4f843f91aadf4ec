"""Defences: parry and dodge (black-sword-hack 2.1.4, 2.1.7, 2.1.8; RULINGS B1, B2, B5,
B6)."""

from __future__ import annotations

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.errors import RuleError
from hacktable.play.character import Item
from hacktable.rulesets.black_sword_hack.defence import defence_damage

from .conftest import Table

SHIELD = Item("Shield", "shield", "shield", equipped=True)
SWORD = Item("Sword", "weapon", "sword", damage="1d6", hands=1, equipped=True)
MEDIUM = Item("Medium Armour", "armour", "medium-armour", equipped=True)


def _opposition(table: Table, *setup: str, **changes: object) -> None:
    """Conan (every attribute 12) against what ``setup`` adds, on the opposition's go."""
    table.add("Conan", **changes)
    table("fight start")
    for line in setup or ("fight add watch-sergeant",):
        table(line)
    table.rig(5)
    table("init")
    table("next")


def test_five_damage_against_medium_armour_is_three() -> None:
    """RULINGS B5; 2.1.7."""
    assert defence_damage(5, 2, False).taken == 3
    assert defence_damage(1, 3, False).taken == 0  # never below 0
    assert defence_damage(5, 2, True).taken == 5  # a critical failure ignores armour


def test_a_failed_parry_takes_the_damage_less_armour(table: Table) -> None:
    _opposition(table, inventory=(SWORD, MEDIUM))
    table.rig(12)  # 12 is not under STR 12
    text = table("defend Conan parry against watch-sergeant-1 sword")
    assert "damage 4 - armour 2 = 2" in text
    assert table.character("Conan").hp == 10


def test_a_dodge_is_a_dex_test_and_costs_no_action(table: Table) -> None:
    _opposition(table, DEX=14)
    table.rig(13)
    assert "DEX defence (dodge)" in table("defend Conan dodge against watch-sergeant-1 crossbow")
    table.rig(13)
    table("defend Conan dodge against watch-sergeant-1")  # as often as needed (2.1.4)
    assert table.character("Conan").hp == 12
    assert table.fight().fighter("Conan").taken == ()


def test_a_shield_gives_advantage_to_a_parry_and_breaks_on_a_fumble(table: Table) -> None:
    """2.1.8; RULINGS B5; a fumble also rolls the Doom die (B2) and ignores armour."""
    _opposition(table, inventory=(SWORD, SHIELD, MEDIUM))
    table.rig(15, 3)
    text = table("defend Conan parry against watch-sergeant-1 sword")
    assert "advantage (Shield (parrying, 2.1.8))" in text
    assert "=> success" in text
    table.rig(20, 20, 4)  # both dice 20: a critical failure; the Doom roll 4
    text = table("defend Conan parry against watch-sergeant-1 sword")
    conan = table.character("Conan")
    assert "Shield breaks" in text
    assert "ud6 4: holds" in text
    assert [i.name for i in conan.inventory] == ["Sword", "Medium Armour"]
    assert conan.hp == 8  # the sword's 4, armour ignored


def test_a_dodge_fumble_rolls_the_doom_die_and_ignores_armour(table: Table) -> None:
    _opposition(table, inventory=(SWORD, SHIELD, MEDIUM))
    table.rig(20, 1)
    table("defend Conan dodge against watch-sergeant-1 sword")
    conan = table.character("Conan")
    assert conan.hp == 8
    assert conan.doom is UsageDie.UD4
    assert [i.name for i in conan.inventory] == ["Sword", "Shield", "Medium Armour"]


def test_a_defence_takes_the_players_own_dice_in_the_order_needed(table: Table) -> None:
    """RULINGS G5 (issue 12 §6): ``roll 20,1`` enters the d20 (a fumble) and then the
    Doom die it rolls; the log says they were entered, not rolled."""
    _opposition(table, inventory=(SWORD, SHIELD, MEDIUM))
    text = table("defend Conan dodge against watch-sergeant-1 sword roll 20,1")
    assert "d20 20" in text
    assert "dice entered by the GM, not rolled: d20 20, d6 1" in text
    assert table.character("Conan").doom is UsageDie.UD4
    with pytest.raises(RuleError, match="enter 'roll 20,N'"):
        table("defend Conan dodge against watch-sergeant-1 sword roll 20")


def test_parrying_needs_something_in_hand(table: Table) -> None:
    """2.1.4: the character must be holding something to parry."""
    _opposition(table, inventory=(Item("Sword", "weapon", "sword", hands=1),))
    before = table.last_seq()
    with pytest.raises(RuleError, match="holds nothing to parry with"):
        table("defend Conan parry against watch-sergeant-1 sword")
    assert table.last_seq() == before


def test_a_ranged_attack_can_only_be_dodged_unless_a_shield_may_parry_it(table: Table) -> None:
    """2.1.4, 2.1.8; RULINGS B5 (setting shield-missiles)."""
    _opposition(table, inventory=(SWORD,))
    before = table.last_seq()
    with pytest.raises(RuleError, match="ranged attack: it can only be dodged"):
        table("defend Conan parry against watch-sergeant-1 crossbow")
    assert table.last_seq() == before
    table("settings shield-missiles yes")
    with pytest.raises(RuleError, match="only a shield parries missiles"):
        table("defend Conan parry against watch-sergeant-1 crossbow")
    table.set("Conan", inventory=(SWORD, SHIELD))
    table.rig(9, 4)
    assert "=> success" in table("defend Conan parry against watch-sergeant-1 crossbow")


def test_the_action_names_what_it_is_defended_with(table: Table) -> None:
    """RULINGS B6."""
    _opposition(table, "fight add giant-serpent")
    with pytest.raises(RuleError, match="defended with DEX, so Conan may dodge, not parry"):
        table("defend Conan parry against giant-serpent-1 coils")
    table.rig(3)
    assert "GM override" in table("defend Conan parry against giant-serpent-1 coils override")


def test_defences_are_on_the_oppositions_go(table: Table) -> None:
    table.add("Conan")
    table("fight start")
    table("fight add city-guard")
    table.rig(5)
    table("init")
    with pytest.raises(RuleError, match="on the opposition's go"):
        table("defend Conan dodge against city-guard-1")


def test_a_hit_with_ongoing_damage_leaves_its_die(table: Table) -> None:
    _opposition(table, "fight add giant-spider")
    table.rig(15)
    table("defend Conan dodge against giant-spider-1 bite")
    assert table.character("Conan").hp == 10  # 3 - armour 1
    assert table.fight().fighter("Conan").ongoing[0].die is UsageDie.UD6


def test_down_to_zero_is_helpless(table: Table) -> None:
    _opposition(table, hp=2)
    table.rig(15)
    text = table("defend Conan dodge against watch-sergeant-1 sword")
    assert "Conan is Helpless" in text
    assert table.character("Conan").helpless


def test_five_damage_through_medium_armour_takes_three(table: Table) -> None:
    """The issue's known answer, through the command: 5 damage less medium armour 2."""
    _opposition(
        table, "fight add Brute level 1 hp 9 action maul:STR/DEX:5", inventory=(SWORD, MEDIUM)
    )
    table.rig(15)
    assert "damage 5 - armour 2 = 3" in table("defend Conan parry against brute-1")
    assert table.character("Conan").hp == 9


def test_completions_offer_the_fight(table: Table) -> None:
    from hacktable.rulesets.black_sword_hack.commands.complete import (
        complete_attack,
        complete_defend,
    )

    _opposition(table)
    session = table.session
    assert list(complete_attack(session, [])) == ["Conan"]
    assert list(complete_attack(session, ["Conan"])) == ["watch-sergeant-1"]
    assert "sweep" in complete_attack(session, ["Conan", "watch-sergeant-1"])
    assert list(complete_defend(session, ["Conan"])) == ["parry", "dodge"]
    actions = complete_defend(session, ["Conan", "parry", "against", "watch-sergeant-1"])
    assert {"sword", "crossbow"} <= set(actions)
