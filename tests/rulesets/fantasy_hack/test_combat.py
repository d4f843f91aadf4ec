"""fantasy-hack combat maths (Part III "Combat"; RULINGS F3-F6): the Ottvar example's
numbers, criticals that roll the dice twice and double STR (not x 2), the fatigue and
sneak attack terms, and exact to-hit odds against brute force."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from hacktable.rules.hit_points import FANTASY_HACK_NPC, Condition, Pool, damage
from hacktable.rulesets.fantasy_hack.combat import (
    Attacker,
    AttackKind,
    attack,
    damage_terms,
    free_round,
    roll_damage,
    roll_to_hit,
    to_hit_odds,
    to_hit_terms,
)

from ...helpers import Faces

# Ottvar: a level 1 Fighter with STR +4 (18) and DEX 0 (Part III: +6 with the sword,
# 1d8 + 5 damage "because he is using a medium weapon, has a high STR modifier and the
# Fighter class bonus to damage"; F4: the Fighter's +1 to hit and damage).
OTTVAR = Attacker("Ottvar", level=1, strength=4, dexterity=0, class_to_hit=1, class_damage=1)
MUGGER_AC = 13


def test_ottvar_sword_13_plus_6_is_19_and_hits_ac_13() -> None:
    """Part III, the Ottvar example: "Mike rolls a 13 ... +6, for a total of 19"."""
    hit = roll_to_hit(OTTVAR, AttackKind.MELEE, MUGGER_AC, Faces(13))
    assert hit.check.total == 19
    assert hit.face == 13
    assert hit.hit
    assert not hit.critical
    assert [t.value for t in hit.terms] == [4, 1, 1]
    assert hit.explanation == (
        "Ottvar melee to-hit: d20 13 + 6 = 19 >= AC 13: success (+ 4 STR + 1 level + 1 class)"
    )


def test_ottvar_sword_damage_1d8_plus_5_rolls_6_for_11_leaving_the_mugger_at_1() -> None:
    """Part III: "1d8+5 ... his d8 comes up with a 6—he's done 11 points of damage to an
    NPC that only has 12 hit points"."""
    dealt = roll_damage("1d8", OTTVAR, AttackKind.MELEE, Faces(6))
    assert dealt.total == 11
    assert dealt.faces == (6,)
    assert dealt.explanation == "1d8 [6] + 4 STR + 1 class = 11 damage"
    after = damage(FANTASY_HACK_NPC, Pool(12, 12), dealt.total)
    assert after.after.hp == 1
    assert after.condition is Condition.UP


def test_the_whole_sword_attack_in_one_call() -> None:
    result = attack(OTTVAR, AttackKind.MELEE, MUGGER_AC, "1d8", Faces(13, 6))
    assert result.damage is not None
    assert result.damage.total == 11


def test_f6_the_thrown_axe_text_says_13_the_formula_14_both_hit() -> None:
    """RULINGS F6: the text adds 12 + DEX 0 + Fighter 1 = 13 and leaves out the level;
    the formula (Part III: "+ character level") gives 14. Both hit AC 13; the code
    follows the formula."""
    text_total = 12 + 0 + 1
    hit = roll_to_hit(OTTVAR, AttackKind.THROWN, MUGGER_AC, Faces(12))
    assert text_total == 13
    assert hit.check.total == 14 == text_total + OTTVAR.level
    assert hit.hit
    assert text_total >= MUGGER_AC
    assert [t.label for t in hit.terms] == ["DEX", "level", "class"]


def test_the_thrown_axe_kills_the_mugger_even_on_a_1() -> None:
    """Part III: "Rolling a 1d6+5 damage roll will automatically, even with a minimum
    roll, be enough to finish off the thief's 1 remaining hit point" (thrown adds STR);
    RULINGS F1: NPCs die at 0."""
    dealt = roll_damage("1d6", OTTVAR, AttackKind.THROWN, Faces(1))
    assert dealt.total == 6
    assert damage(FANTASY_HACK_NPC, Pool(1, 12), dealt.total).condition is Condition.DEAD


@pytest.mark.parametrize(
    ("kind", "stat", "adds_str"),
    [
        (AttackKind.MELEE, "STR", True),
        (AttackKind.LIGHT, "DEX", True),
        (AttackKind.THROWN, "DEX", True),
        (AttackKind.SHOT, "DEX", False),
        (AttackKind.MAGIC, "MND", False),
    ],
)
def test_which_stat_hits_and_whether_str_adds(kind: AttackKind, stat: str, adds_str: bool) -> None:
    """Part III: DEX for a light weapon if chosen, for ranged always; Magic To Hit with
    MND; STR to damage in melee and thrown, "not ... a bow or firearm"."""
    who = Attacker("A", level=2, strength=3, dexterity=2, mind=1)
    assert to_hit_terms(who, kind)[0].label == stat
    assert any(t.label == "STR" for t in damage_terms(who, kind)) is adds_str


def test_a_critical_rolls_the_dice_twice_and_doubles_str_not_times_two() -> None:
    """RULINGS F3; Part III: "a critical hit with a medium weapon would do 2d8 damage".
    Faces 6 and 3 with STR +4 and Fighter +1: 6 + 3 + 8 + 1 = 18, where x 2 of the
    first roll would be 22."""
    dealt = roll_damage("1d8", OTTVAR, AttackKind.MELEE, Faces(6, 3), critical=True)
    assert dealt.faces == (6, 3)
    assert dealt.total == 6 + 3 + 2 * 4 + 1 == 18
    assert dealt.total != 2 * (6 + 4 + 1)
    assert "STR x 2 (critical)" in dealt.explanation


def test_a_natural_20_that_hits_is_a_critical_and_one_that_misses_is_not() -> None:
    """RULINGS F3: "a natural 20 that hits"."""
    assert roll_to_hit(OTTVAR, AttackKind.MELEE, 20, Faces(20)).critical
    weak = Attacker("Weak", level=0, strength=-3)
    missed = roll_to_hit(weak, AttackKind.MELEE, 30, Faces(20))
    assert not missed.hit
    assert not missed.critical
    result = attack(OTTVAR, AttackKind.MELEE, 13, "1d8", Faces(20, 2, 5))
    assert result.damage is not None
    assert result.damage.critical
    assert result.damage.total == 2 + 5 + 8 + 1


def test_fatigue_is_minus_2_to_hit_and_damage() -> None:
    """RULINGS F5 (Part III): "a fatigued character will suffer a -2 to all To Hit and
    Damage rolls"."""
    hit = roll_to_hit(OTTVAR, AttackKind.MELEE, 13, Faces(13), fatigued=True)
    assert hit.check.total == 17
    dealt = roll_damage("1d8", OTTVAR, AttackKind.MELEE, Faces(6), fatigued=True)
    assert dealt.total == 9


def test_sneak_attack_adds_the_subterfuge_rank() -> None:
    """RULINGS F4: a Rogue's sneak attack adds the Subterfuge rank to damage."""
    rogue = Attacker("Rogue", level=1, strength=1, dexterity=3)
    dealt = roll_damage("1d6", rogue, AttackKind.LIGHT, Faces(2), sneak_rank=5)
    assert dealt.total == 2 + 1 + 5
    assert "5 sneak attack" in dealt.explanation


def test_a_hit_deals_at_least_1() -> None:
    """docs/rulings.md H321."""
    weak = Attacker("Weak", level=1, strength=-3)
    dealt = roll_damage("1d4", weak, AttackKind.MELEE, Faces(1))
    assert dealt.total == 1
    assert "H321" in dealt.explanation


@pytest.mark.parametrize(("modifier_level", "ac"), [(1, 13), (5, 15), (0, 25), (9, 5)])
def test_to_hit_odds_are_exact_against_brute_force(modifier_level: int, ac: int) -> None:
    who = Attacker("A", level=modifier_level, strength=2, class_to_hit=1)
    modifier = 2 + modifier_level + 1
    hits = [f for f in range(1, 21) if f + modifier >= ac]
    crits = [f for f in hits if f == 20]
    found = to_hit_odds(who, AttackKind.MELEE, ac)
    assert found.success == Fraction(len(hits), 20)
    assert found.critical_success == Fraction(len(crits), 20)


def test_ottvar_sword_odds_against_ac_13() -> None:
    """13 - 6 = 7: faces 7-20 hit, 14 in 20."""
    assert to_hit_odds(OTTVAR, AttackKind.MELEE, 13).success == Fraction(14, 20)


def test_surprise_gives_a_free_round_as_data() -> None:
    """Part III: the mugger's sneak (23 against 15) gives him a free attack before
    initiative."""
    free = free_round(("Mugger",), ("Ottvar",))
    assert free is not None
    assert free.attackers == ("Mugger",)
    assert "before initiative" in free.explanation
    assert free_round(("Mugger",), ()) is None


def test_seeded_attacks_replay() -> None:
    one = attack(OTTVAR, AttackKind.MELEE, 13, "1d8", random.Random(5))
    two = attack(OTTVAR, AttackKind.MELEE, 13, "1d8", random.Random(5))
    assert one == two
