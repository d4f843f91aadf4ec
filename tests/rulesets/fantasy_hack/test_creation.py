"""Making fantasy-hack characters (RULINGS F1, F4; docs/rulings.md H301-H303)."""

from __future__ import annotations

import random

import pytest

from hacktable.errors import RuleError, UnknownNameError
from hacktable.rulesets.fantasy_hack.creation import (
    ARRAY,
    CharacterSpec,
    assign,
    build_character,
    default_order,
    roll_stats,
)
from hacktable.rulesets.fantasy_hack.derived import skill_rank

from ...helpers import Faces


def test_4d6_drop_the_lowest_records_every_die() -> None:
    """RULINGS F1: 4d6, the lowest dropped, three times."""
    rolled = roll_stats(Faces(6, 1, 3, 5, 2, 2, 2, 2, 6, 6, 6, 6))
    assert [(r.dice, r.dropped, r.score) for r in rolled] == [
        ((6, 1, 3, 5), 1, 14),
        ((2, 2, 2, 2), 2, 6),
        ((6, 6, 6, 6), 6, 18),
    ]


def test_rolled_stats_are_assigned_in_the_order_given_and_every_die_is_in_the_detail() -> None:
    """F1: "assigned as the player likes"; the hp die follows the stats' twelve."""
    dice = Faces(6, 1, 3, 5, 2, 2, 2, 2, 6, 6, 6, 6, 4)
    spec = CharacterSpec("Vex", "human", "rogue", order=("DEX", "MND", "STR"))
    made = build_character(spec, dice)
    assert dict(made.character.scores) == {"STR": 6, "DEX": 18, "MND": 14}
    assert made.detail["rolls"] == [
        [[6, 1, 3, 5], 1, 14],
        [[2, 2, 2, 2], 2, 6],
        [[6, 6, 6, 6], 6, 18],
    ]
    assert made.character.max_hp == 6 + 4  # STR score + 1d6 (F1)
    assert "4d6 6, 1, 3, 5, drop the lowest 1: 14" in made.lines


def test_a_script_puts_the_highest_on_the_class_key_stat() -> None:
    """H302: Fighter STR, Rogue and Outdoorsman DEX, Expert and Sorcerer MND."""
    assert default_order("fighter") == ("STR", "DEX", "MND")
    assert default_order("outdoorsman") == ("DEX", "STR", "MND")
    assert default_order("sorcerer") == ("MND", "STR", "DEX")
    assert assign(ARRAY, default_order("rogue")) == {"DEX": 16, "STR": 13, "MND": 11}
    with pytest.raises(RuleError, match="once each"):
        assign(ARRAY, ("STR", "STR", "MND"))


def test_the_array_and_the_race_bonus_never_above_18() -> None:
    """RULINGS F1: the array 16, 13, 11; Dwarf +2 STR, at most 18."""
    spec = CharacterSpec("Grim", "dwarf", "fighter", method="array")
    made = build_character(spec, Faces(3))
    assert dict(made.character.scores) == {"STR": 18, "DEX": 13, "MND": 11}
    capped = build_character(
        CharacterSpec("Big", "dwarf", "fighter", scores=(18, 10, 10)), Faces(1)
    )
    assert capped.character.score("STR") == 18
    assert "Dwarf: STR 18 -> 18 (18 is the most)" in capped.lines


@pytest.mark.parametrize(("race", "stat"), [("elf", "MND"), ("dwarf", "STR"), ("halfling", "DEX")])
def test_each_race_raises_its_stat_by_two(race: str, stat: str) -> None:
    """RULINGS F1: Elf +2 MND, Dwarf +2 STR, Halfling +2 DEX."""
    made = build_character(CharacterSpec("X", race, "rogue", scores=(10, 10, 10)), Faces(1))
    assert made.character.score(stat) == 12
    assert sum(s for _, s in made.character.scores) == 32


def test_humans_get_one_more_in_every_skill() -> None:
    """RULINGS F1: Human +1 to every skill."""
    human = build_character(CharacterSpec("H", "human", "fighter", scores=(10, 10, 10)), Faces(1))
    assert skill_rank(human.character, "Survival").value == 2
    assert dict(human.character.scores) == {"STR": 10, "DEX": 10, "MND": 10}


def test_hp_is_str_plus_1d6_then_2_a_level() -> None:
    """RULINGS F1: HP = STR score + 1d6 at level 1, +2 per level after; H301's maximum."""
    one = build_character(CharacterSpec("A", "human", "fighter", scores=(15, 10, 10)), Faces(3))
    assert one.character.max_hp == 18
    four = build_character(
        CharacterSpec("B", "human", "fighter", scores=(15, 10, 10), level=4), Faces(3)
    )
    assert (four.character.level, four.character.max_hp, four.character.hp) == (4, 24, 24)
    top = CharacterSpec("C", "human", "fighter", scores=(15, 10, 10), hp_method="maximum")
    assert build_character(top, Faces()).character.max_hp == 21


def test_an_expert_needs_an_affinity_and_gains_more_at_3_6_9() -> None:
    """RULINGS F4: an affinity at levels 1, 3, 6 and 9."""
    with pytest.raises(RuleError, match="affinity"):
        build_character(CharacterSpec("E", "elf", "expert", scores=(10, 10, 16)), Faces(1))
    four = (
        ("Knowledge", "lore"),
        ("Survival", "forests"),
        ("Communication", "haggling"),
        ("Subterfuge", "locks"),
    )
    made = build_character(
        CharacterSpec("E", "elf", "expert", scores=(10, 10, 16), level=9, affinities=four),
        Faces(1),
    )
    assert made.character.affinities == four
    # 16 + Elf 2 = 18, the most: the raises at 3, 6 and 9 go to STR (H302)
    assert dict(made.character.scores) == {"STR": 13, "DEX": 10, "MND": 18}


def test_the_kit_is_worn() -> None:
    """H303: the class's first weapon, armour and shield are worn."""
    made = build_character(CharacterSpec("F", "human", "fighter", scores=(16, 10, 10)), Faces(1))
    worn = [i.name for i in made.character.inventory if i.equipped]
    assert worn == ["Sword", "Mail Shirt", "Shield"]


def test_unknown_race_or_class_names_the_choices() -> None:
    """F1: the four races and five classes."""
    with pytest.raises(UnknownNameError, match="human"):
        build_character(CharacterSpec("X", "orc", "fighter"), random.Random(1))
    with pytest.raises(UnknownNameError, match="sorcerer"):
        build_character(CharacterSpec("X", "elf", "wizard"), random.Random(1))
    with pytest.raises(RuleError, match="3 to 18"):
        build_character(CharacterSpec("X", "elf", "rogue", scores=(19, 10, 10)), random.Random(1))


def test_only_an_expert_has_affinities_and_none_is_dropped() -> None:
    """RULINGS F4: "Expert: an affinity ... at levels 1, 3, 6 and 9": a Fighter given
    one is refused, not handed the Expert's +2; an Expert given more affinities, or
    anyone more --raise stats, than their levels give is refused, not silently cut."""
    with pytest.raises(RuleError, match="only an Expert"):
        build_character(
            CharacterSpec(
                "F", "human", "fighter", scores=(18, 10, 9), affinities=(("Athletics", "x"),)
            ),
            Faces(1),
        )
    two = (("Knowledge", "lore"), ("Survival", "forests"))
    with pytest.raises(RuleError, match="affinit"):
        build_character(
            CharacterSpec("E", "elf", "expert", scores=(10, 10, 16), affinities=two), Faces(1)
        )
    with pytest.raises(RuleError, match="raise"):
        build_character(
            CharacterSpec(
                "F", "human", "fighter", scores=(16, 10, 9), level=3, raises=("STR", "DEX")
            ),
            Faces(1),
        )
