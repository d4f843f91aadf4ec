"""Attacks and the ten attack effects (black-sword-hack 2.1.3, 2.1.5-2.1.10; RULINGS
B1, B2, B4-B6; docs/rulings.md H130-H135)."""

from __future__ import annotations

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.errors import CommandError, RuleError
from hacktable.play.character import Item
from hacktable.rulesets.black_sword_hack.attacks import (
    EFFECTS,
    choose_weapon,
    effect_named,
    hit_damage,
)
from hacktable.rulesets.black_sword_hack.content.loader import load_content

from ...helpers import Faces
from .conftest import Table

DUMMY = "fight add Dummy level 1 hp 30 armour 0 action slap:STR/DEX:1"
"""A target to measure damage on: level 1, 30 HP, no armour."""


def _ready(table: Table, *setup: str, mira: bool = False, **scores: object) -> None:
    """Conan (STR 12 unless given; with Mira, who acts after the opposition) against
    what ``setup`` adds, his go."""
    table.add("Conan", **scores)
    if mira:
        table.add("Mira")
    table("fight start")
    for line in setup or (DUMMY,):
        table(line)
    table.rig(5, 15) if mira else table.rig(5)
    table("init")


def _hp(table: Table, key: str) -> int:
    return table.fight().foe(key).hp


# -- the test and the damage (pure) ----------------------------------------------------------


def test_there_are_ten_effects_and_their_names_are_read() -> None:
    assert len(EFFECTS) == 10
    assert effect_named("Pin Down") == effect_named("pin") == "pin-down"


def test_damage_is_the_die_with_advantage_two_handed_and_max_plus_a_die_on_a_critical() -> None:
    """2.1.3, 2.1.6, 2.1.9; RULINGS G2."""
    assert hit_damage("1d6", Faces(4)).total == 4
    assert hit_damage("1d6", Faces(2, 5), two_handed=True).total == 5
    assert hit_damage("1d6", Faces(3), critical=True).total == 9  # 6 + 3
    assert hit_damage("1d4", Faces(4)).total == 4


def test_brutal_adds_the_doom_roll_and_sacrifice_doubles_or_triples() -> None:
    """2.1.10; docs/rulings.md H131."""
    assert hit_damage("1d6", Faces(4), effect="brutal", doom=3).total == 7
    assert hit_damage("1d6", Faces(4), effect="sacrifice").total == 8
    assert hit_damage("1d6", Faces(2), critical=True, effect="sacrifice").total == 24  # (6+2)x3
    for effect in ("break", "disarm", "entangle", "shove"):
        assert hit_damage("1d6", Faces(), effect=effect).total == 0  # no die is rolled


def test_the_weapon_is_the_one_in_hand_else_the_first_else_bare_hands() -> None:
    from hacktable.rulesets.black_sword_hack.character import Character

    content = load_content()
    bow = Item("Bow", "weapon", "bow", damage="1d6", hands=2, types=("ranged", "2h"))
    axe = Item("Greataxe", "weapon", "greataxe", damage="1d6", hands=2)
    base = Character(
        name="X",
        ruleset="black-sword-hack",
        hp=5,
        max_hp=5,
        origin="civilized",
        scores=(("STR", 12),),
    )
    archer = choose_weapon(content, base.add_item(axe).add_item(bow), "bow")
    assert (archer.attribute, archer.two_handed, archer.use) == ("DEX", True, "ranged")
    assert choose_weapon(content, base.add_item(axe), None).attribute == "STR"
    assert choose_weapon(content, base, None).use == "unarmed"
    assert choose_weapon(content, base.add_item(axe), "unarmed").index is None
    with pytest.raises(RuleError, match="not a weapon"):
        choose_weapon(content, base.add_item(Item("Torch", "light")), "torch")


# -- the attack test -------------------------------------------------------------------------


def test_str_12_a_d20_of_11_hits_and_12_misses(table: Table) -> None:
    """RULINGS B1: strictly under the attribute."""
    _ready(table)
    table.rig(11, 4)
    assert "=> success" in table("attack Conan dummy-1")
    assert _hp(table, "dummy-1") == 26
    table.rig(4, 12)  # the repeat's Doom roll 4, then the d20
    assert "=> failure" in table("attack Conan dummy-1")
    assert _hp(table, "dummy-1") == 26


def test_a_level_one_character_adds_three_against_a_level_four_foe(table: Table) -> None:
    """2.1.5; RULINGS B1: the threat goes on the attack die; none on defence."""
    _ready(table, "fight add cave-bear")
    table.rig(8)  # 8 + 3 = 11 < 12: a hit
    text = table("attack Conan cave-bear-1 damage 2")
    assert "8 + 3 = 11 < STR 12" in text
    assert "threat 3" in text
    assert table.run("fight").data
    table("next")
    table.rig(11)  # the bear's maul: a parry of 11 < 12 holds, no threat added
    text = table("defend Conan parry against cave-bear-1")
    assert "d20 11 < STR 12: success" in text
    assert "+3" not in text


def test_armour_comes_off_each_hit(table: Table) -> None:
    _ready(table, "fight add city-guard")
    table.rig(3, 6)
    table("attack Conan city-guard-1")  # 6 - armour 1 = 5: the guard's 5 HP
    assert table.fight().foe("city-guard-1").dead


def test_a_critical_hit_deals_the_maximum_plus_a_die_and_a_fumble_rolls_doom(table: Table) -> None:
    _ready(table)
    table.rig(1, 2)
    assert "critical: 6 (the die's maximum) + 1d6 2 = 8" in table("attack Conan dummy-1")
    assert _hp(table, "dummy-1") == 22
    table.rig(4, 20, 3)  # the repeat's Doom 4; a natural 20; its Doom roll 3
    text = table("attack Conan dummy-1")
    assert "Doom die (a critical failure): ud6 3: holds" in text


def test_a_two_handed_weapon_rolls_damage_with_advantage(table: Table) -> None:
    table.add("Conan")
    table.set(
        "Conan",
        inventory=(Item("Greataxe", "weapon", "greataxe", damage="1d6", hands=2, equipped=True),),
    )
    table("fight start")
    table(DUMMY)
    table.rig(5)
    table("init")
    table.rig(3, 1, 5)
    assert "with advantage (two-handed): 1, 5 -> 5" in table("attack Conan dummy-1")


def test_an_attack_needs_a_living_opponent_target(table: Table) -> None:
    _ready(table, "fight add city-guard")
    before = table.last_seq()
    with pytest.raises(RuleError, match="attack is made on an opponent"):
        table("attack Conan Conan")
    table.rig(3, 6)
    table("attack Conan city-guard-1")
    with pytest.raises(RuleError, match="dead already"):
        table("attack Conan city-guard-1")
    assert table.last_seq() == before + 1


# -- the effects -----------------------------------------------------------------------------


def test_declaring_an_effect_rolls_the_doom_die_and_it_happens_whatever_it_shows(
    table: Table,
) -> None:
    """RULINGS B2: the Doom die is rolled on declaring; even when it runs out, the
    effect happens on a hit."""
    _ready(table, doom=UsageDie.UD4)
    table.rig(1, 5, 3, 4)  # Doom ud4 1: exhausted; Doomed: d20 5 and 3 keep 5, a hit; damage 4
    text = table("attack Conan dummy-1 vicious")
    assert "ud4 1: exhausted; Conan is Doomed" in text
    assert table.character("Conan").doomed
    assert table.fight().foe("dummy-1").ongoing[0].die is UsageDie.UD4


def test_a_doomed_character_cannot_declare_an_effect_unless_the_setting_allows(
    table: Table,
) -> None:
    _ready(table)
    table.set("Conan", doom=UsageDie.EXHAUSTED)
    before = table.last_seq()
    with pytest.raises(RuleError, match="Doomed and cannot declare an attack effect"):
        table("attack Conan dummy-1 brutal")
    assert table.last_seq() == before
    table("settings doomed-actions allowed")
    table.rig(5, 5, 2)  # no Doom die: brutal adds nothing (H131); Doomed: 2d20 keep the higher
    text = table("attack Conan dummy-1 brutal")
    assert "no Doom die to roll" in text
    assert _hp(table, "dummy-1") == 28


def test_a_miss_has_no_effect_but_costs_the_doom_roll(table: Table) -> None:
    _ready(table)
    table.rig(2, 15)
    text = table("attack Conan dummy-1 effect sweep")
    assert "A miss: no sweep" in text
    assert table.character("Conan").doom is UsageDie.UD4


def test_break_does_no_damage_and_breaks_the_weapon_for_the_fight(table: Table) -> None:
    _ready(table)
    table.rig(4, 5)
    table("attack Conan dummy-1 break")
    foe = table.fight().foe("dummy-1")
    assert foe.hp == 30
    assert foe.marked("broken") is not None


def test_brutal_adds_the_doom_roll_to_the_damage(table: Table) -> None:
    _ready(table)
    table.rig(5, 4, 3)  # Doom 5; d20 4; damage 3 + 5
    assert "+ Doom roll 5 (brutal) = 8" in table("attack Conan dummy-1 brutal")
    assert _hp(table, "dummy-1") == 22


def test_disarm_does_no_damage_and_the_foe_cannot_attack_on_its_next_go(table: Table) -> None:
    """docs/rulings.md H134."""
    _ready(table)
    table.rig(4, 5)
    table("attack Conan dummy-1 disarm")
    foe = table.fight().foe("dummy-1")
    assert foe.hp == 30
    assert foe.marked("disarmed") is not None
    table("next")
    before = table.last_seq()
    with pytest.raises(RuleError, match="disarmed"):
        table("defend Conan dodge against dummy-1")
    assert table.last_seq() == before
    table("next")  # a new turn: the foe has its weapon again after its go
    table("next")
    assert table.fight().foe("dummy-1").marked("disarmed") is None


def test_entangle_gives_advantage_to_further_attacks_this_turn_only(table: Table) -> None:
    _ready(table)
    table.rig(4, 5)
    table("attack Conan dummy-1 entangle")
    assert _hp(table, "dummy-1") == 30
    table.rig(4, 15, 3, 2)  # the repeat's Doom 4; advantage: 15 and 3 keep 3; damage 2
    text = table("attack Conan dummy-1")
    assert "Dummy is entangled" in text
    assert "keeps the lower" in text
    table("next")
    table("next")
    assert table.fight().foe("dummy-1").marked("entangled") is None


def test_flurry_hits_and_gives_a_free_attack_at_once(table: Table) -> None:
    """docs/rulings.md H132."""
    _ready(table)
    table.rig(4, 5, 3)
    table("attack Conan dummy-1 flurry")
    fighter = table.fight().fighter("Conan")
    assert fighter.extra_attack
    assert fighter.actions == 1
    assert _hp(table, "dummy-1") == 27
    table.rig(6, 2)  # no Doom roll: the extra attack is no repeat
    assert "costs no action" in table("attack Conan dummy-1")
    fighter = table.fight().fighter("Conan")
    assert fighter.actions == 1
    assert not fighter.extra_attack
    assert _hp(table, "dummy-1") == 25


def test_pin_down_hits_and_the_foe_cannot_move_this_turn(table: Table) -> None:
    _ready(table)
    table.rig(4, 5, 3)
    assert "cannot move this turn" in table("attack Conan dummy-1 effect pin-down")
    foe = table.fight().foe("dummy-1")
    assert foe.hp == 27
    assert foe.marked("pinned") is not None


def test_sacrifice_doubles_the_damage_and_the_weapon_breaks(table: Table) -> None:
    _ready(table)
    table.rig(4, 5, 3)
    assert "3 x 2 (double) = 6" in table("attack Conan dummy-1 sacrifice")
    assert _hp(table, "dummy-1") == 24
    assert [i.name for i in table.character("Conan").inventory if i.kind == "weapon"] == ["Dagger"]


def test_sacrifice_triples_on_a_critical(table: Table) -> None:
    _ready(table)
    table.rig(4, 1, 3)  # (6 + 3) x 3 = 27
    table("attack Conan dummy-1 sacrifice")
    assert _hp(table, "dummy-1") == 3


def test_sacrifice_needs_a_weapon(table: Table) -> None:
    _ready(table)
    before = table.last_seq()
    with pytest.raises(RuleError, match="sacrifice breaks the weapon"):
        table("attack Conan dummy-1 with unarmed sacrifice")
    assert table.last_seq() == before


def test_shove_does_no_damage(table: Table) -> None:
    _ready(table)
    table.rig(4, 5)
    assert "is shoved" in table("attack Conan dummy-1 shove")
    assert _hp(table, "dummy-1") == 30


def test_sweep_is_one_test_and_damages_everyone_close_friend_and_foe(table: Table) -> None:
    """RULINGS B5; docs/rulings.md H133: without 'close', everyone in the fight."""
    _ready(table, "fight add city-guard x2", "fight add cultist", mira=True)
    table.rig(4, 5, 3)
    table("attack Conan city-guard-1 sweep")
    fight = table.fight()
    assert [f.hp for f in fight.foes] == [3, 3, 1]  # 3 - armour 1, 3 - 1, cultist 3 - 0
    assert table.character("Mira").hp == 10  # 3 - her light armour 1
    assert table.character("Conan").hp == 12


def test_sweep_hits_only_who_the_gm_names_close(table: Table) -> None:
    _ready(table, "fight add city-guard x2", "fight add cultist", mira=True)
    table.rig(4, 5, 3)
    table("attack Conan city-guard-1 sweep close cultist-1")
    fight = table.fight()
    assert [f.hp for f in fight.foes] == [3, 5, 1]
    assert table.character("Mira").hp == 12
    with pytest.raises(CommandError, match="'close' names who a sweep hits"):
        table("attack Conan city-guard-1 close cultist-1")


def test_vicious_leaves_ongoing_ud4(table: Table) -> None:
    _ready(table)
    table.rig(4, 5, 3)
    table("attack Conan dummy-1 vicious")
    foe = table.fight().foe("dummy-1")
    assert foe.hp == 27
    assert foe.ongoing[0].die is UsageDie.UD4


def test_one_effect_per_attack(table: Table) -> None:
    _ready(table)
    with pytest.raises(CommandError, match="one attack effect per attack"):
        table("attack Conan dummy-1 sweep brutal")
    with pytest.raises(CommandError, match="no attack effect 'kick'"):
        table("attack Conan dummy-1 effect kick")


def test_a_repeat_that_exhausts_the_doom_die_drops_the_effect(table: Table) -> None:
    """docs/rulings.md H135."""
    _ready(table, doom=UsageDie.UD4)
    table.rig(4, 5)
    table("attack Conan dummy-1")
    table.rig(2, 5, 4, 3)  # the repeat's Doom ud4 2: exhausted; no die for the brutal;
    # Doomed for the test: d20 5 and 4 keep 5, a hit; damage 3
    text = table("attack Conan dummy-1 brutal")
    assert "no Doom die left for the brutal" in text
    assert _hp(table, "dummy-1") == 22  # 5 + 3, no Doom added
