"""A fantasy-hack character's numbers: modifiers, ranks, AC, to-hit and damage
(RULINGS F1, F2, F4, F6; fantasy-hack Part III, Combat and the Ottvar example)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacktable.rulesets.fantasy_hack.derived import (
    affinity_bonus,
    armour_class,
    damage_bonus,
    fighter_bonus,
    magic_to_hit,
    modifier,
    skill_rank,
    to_hit,
)
from hacktable.rulesets.fantasy_hack.equipment import make_item

from .helpers import make


@pytest.mark.parametrize(
    ("score", "expected"), [(3, -4), (8, -1), (9, -1), (10, 0), (11, 0), (12, 1), (17, 3), (18, 4)]
)
def test_the_modifier_is_floor_of_score_less_10_halved(score: int, expected: int) -> None:
    """RULINGS F1: floor((score - 10) / 2), rounding down below 10 too."""
    assert modifier(score) == expected


def test_skill_rank_is_level_plus_race_plus_the_class_three() -> None:
    """RULINGS F1: rank = level, +3 in the class's skill, Human +1 to every skill."""
    fighter = make("fighter", "human", level=2)
    assert skill_rank(fighter, "Athletics").value == 2 + 1 + 3
    assert skill_rank(fighter, "Knowledge").value == 2 + 1
    elf = make("sorcerer", "elf", level=1)
    assert skill_rank(elf, "Knowledge").value == 1 + 3
    assert skill_rank(elf, "Subterfuge").value == 1
    assert skill_rank(make("rogue", "dwarf"), "subt").value == 4
    assert skill_rank(make("outdoorsman", "halfling"), "Survival").value == 4


def test_the_texts_3rd_level_outdoorsman_has_ac_17() -> None:
    """Combat's worked example: 10 + DEX 2 + medium armour 4 + level 3 // 2 = 17 (F2)."""
    outdoorsman = make("outdoorsman", scores=(10, 14, 10), level=3)
    ac = armour_class(outdoorsman)
    assert ac.value == 17
    assert dict(ac.terms) == {"base": 10, "DEX": 2, "Mail Shirt": 4, "half level": 1}


def test_even_levels_add_one_ac_once_not_twice() -> None:
    """RULINGS F2: the "+1 AC at every even level" is floor(level / 2): level 4 adds 2
    over level 1, not 4."""
    bare = make("rogue", scores=(10, 10, 10), inventory=())
    by_level = [armour_class(replace(bare, level=n)).value for n in range(1, 11)]
    assert by_level == [10, 11, 11, 12, 12, 13, 13, 14, 14, 15]


def test_armour_bonuses_light_medium_heavy_and_shield() -> None:
    """RULINGS F1: light +2, medium +4, heavy +6, shield +1."""
    bonuses = [make_item(name)[0].bonus for name in ("leather", "mail", "plate", "shield")]
    assert bonuses == [2, 4, 6, 1]
    worn = [replace(make_item(n)[0], equipped=True) for n in ("plate", "shield")]
    knight = make("fighter", scores=(10, 10, 10), inventory=tuple(worn))
    assert armour_class(knight).value == 10 + 6 + 1


def test_ottvars_sword_is_plus_6_to_hit_and_1d8_plus_5() -> None:
    """The Ottvar example: "his To Hit bonus with the sword, which is +6", "1d8+5"
    (STR 18 +4, level 1, Fighter +1)."""
    ottvar = make("fighter", scores=(18, 10, 9))
    assert to_hit(ottvar).value == 6
    assert damage_bonus(ottvar).value == 5
    assert make_item("sword")[0].damage == "1d8"


def test_f6_the_thrown_axe_is_14_by_the_formula_not_the_texts_13() -> None:
    """RULINGS F6: the text adds 12 + DEX 0 + Fighter 1 = 13 and leaves out the level;
    the formula (d20 + DEX + level + class) gives 14. Both hit AC 13; the damage is
    1d6 + 5 (STR and the Fighter's bonus: a thrown weapon)."""
    ottvar = make("fighter", scores=(18, 10, 9))
    the_texts_total = 12 + 0 + 1
    ours = 12 + to_hit(ottvar, ranged=True).value
    assert (the_texts_total, ours) == (13, 14)
    assert the_texts_total >= 13
    assert ours >= 13
    axe = make_item("throwing ax")[0]
    assert (axe.damage, "thrown" in axe.types) == ("1d6", True)
    assert damage_bonus(ottvar).value == 5


def test_the_fighters_bonus_grows_at_4_and_8() -> None:
    """RULINGS F4: +1 to hit and damage, +1 more at levels 4 and 8."""
    bonuses = [fighter_bonus(make("fighter", level=n)) for n in range(1, 11)]
    assert bonuses == [1, 1, 1, 2, 2, 2, 2, 3, 3, 3]
    assert fighter_bonus(make("rogue", level=8)) == 0


def test_ranged_uses_dex_and_the_outdoorsman_gets_one_more() -> None:
    """Combat: ranged attacks must use DEX; RULINGS F4: Outdoorsman +1 ranged to-hit."""
    ranger = make("outdoorsman", scores=(8, 16, 10), level=2)
    assert to_hit(ranger, ranged=True).value == 3 + 2 + 1
    assert to_hit(ranger).value == -1 + 2
    assert to_hit(ranger, "DEX").value == 3 + 2  # a light weapon with DEX, no +1
    assert damage_bonus(ranger, strength=False).value == 0  # a bow adds no STR


def test_magic_to_hit_is_mnd_plus_level() -> None:
    """RULINGS F4: Magic To Hit = d20 + MND + level."""
    assert magic_to_hit(make("sorcerer", scores=(8, 10, 17), level=3)).value == 3 + 3


def test_stat_damage_lowers_the_modifier() -> None:
    """fantasy-hack Healing: stat damage reduces the score at once."""
    poisoned = make(scores=(18, 10, 9)).with_stat_damage("STR", 3)
    assert (poisoned.effective("STR"), to_hit(poisoned).value) == (15, 2 + 1 + 1)
    assert poisoned.with_stat_damage("STR", 0).stat_damage == ()


def test_an_affinity_adds_two_in_its_field_only() -> None:
    """RULINGS F4: +2 to one skill's checks in one field."""
    expert = make("expert", affinities=(("Knowledge", "magical lore"),))
    assert affinity_bonus(expert, "Knowledge", "Magical-Lore") == 2
    assert affinity_bonus(expert, "Knowledge", "history") == 0
    assert affinity_bonus(expert, "Survival", "magical lore") == 0
