"""black-sword-hack's damage, armour and Doom die primitives (2.1.3, 2.1.6-2.1.9;
RULINGS B2, B4, B5, G2, G3)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.errors import RuleError
from hacktable.rulesets import get_ruleset
from hacktable.rulesets.black_sword_hack import armour, damage, doom
from hacktable.rulesets.black_sword_hack.character import Character
from hacktable.rulesets.black_sword_hack.creation import CharacterSpec, max_hp, score_of_roll

from .test_core import Faces


def make(**changes: object) -> Character:
    ruleset = get_ruleset("black-sword-hack")
    made = ruleset.create_character(CharacterSpec("Kel", "barbarian"), random.Random(3))
    character: Character = made.character
    return replace(character, **changes)  # type: ignore[arg-type]


def test_5_damage_against_medium_armour_is_3() -> None:
    """RULINGS B5 (the issue's known answer); never below 0; a fumble ignores armour."""
    assert armour.damage_taken(5, 2) == 3
    assert armour.damage_taken(1, 3) == 0
    assert armour.damage_taken(5, 2, ignore_armour=True) == 5


def test_the_worn_armour_gives_the_rating() -> None:
    content = get_ruleset("black-sword-hack").content  # type: ignore[attr-defined]
    kel = make()
    assert armour.armour_rating(content, kel) == 1  # light armour worn
    bare = replace(kel, inventory=tuple(i for i in kel.inventory if i.kind != "armour"))
    assert armour.armour_rating(content, bare) == 0


def test_damage_is_the_die_and_two_handed_keeps_the_higher() -> None:
    one = damage.roll_damage("1d6", Faces(4))
    assert (one.rolls, one.total) == ((4,), 4)
    two = damage.roll_damage("1d6", Faces(2, 5), two_handed=True)
    assert (two.rolls, two.kept, two.total) == ((2, 5), (5,), 5)


def test_a_critical_is_the_dies_maximum_plus_another_die() -> None:
    crit = damage.roll_damage("1d6", Faces(3), critical=True)
    assert crit.total == 9
    assert crit.kept == (6, 3)
    unarmed = damage.roll_damage("1d4", Faces(1), critical=True)
    assert unarmed.total == 5


def test_the_b4_score_table() -> None:
    assert [score_of_roll(t) for t in range(2, 13)] == [8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13]
    with pytest.raises(ValueError, match="cannot total 13"):
        score_of_roll(13)


def test_con_11_at_level_4_gives_14_hp() -> None:
    """RULINGS B4 (the issue's known answer): max HP = CON + (level - 1)."""
    content = get_ruleset("black-sword-hack").content  # type: ignore[attr-defined]
    kel = make(level=4).with_score("CON", 11)
    assert max_hp(content, kel) == 14


def test_a_doom_roll_steps_the_die_down_on_1_or_2_and_exhausted_is_doomed() -> None:
    kel = make(doom=UsageDie.UD4)
    held = doom.roll_doom(kel, "repeat", Faces(3))
    assert held.character.doom is UsageDie.UD4
    assert not held.doomed
    spent = doom.roll_doom(kel, "effect", Faces(2))
    assert spent.character.doomed
    assert spent.doomed
    assert "Doomed" in spent.explain()
    with pytest.raises(RuleError, match="Doomed"):
        doom.roll_doom(spent.character, "repeat", Faces(5))


def test_a_doomed_character_cannot_repeat_unless_the_setting_allows() -> None:
    doomed = make(doom=UsageDie.EXHAUSTED)
    with pytest.raises(RuleError, match="RULINGS B2"):
        doom.require_doom(doomed, "declare an attack effect", "forbidden")
    doom.require_doom(doomed, "declare an attack effect", "allowed")
    doom.require_doom(make(), "repeat an action", "forbidden")


def test_the_doom_die_grows_at_level_10() -> None:
    assert doom.doom_die_at(9, UsageDie.UD6) is UsageDie.UD6
    assert doom.doom_die_at(10, UsageDie.UD6) is UsageDie.UD8
    assert doom.doom_die_at(10, UsageDie.UD6, steps=1) is UsageDie.UD10


def test_being_doomed_gives_disadvantage_on_attribute_tests() -> None:
    from hacktable.rulesets.base import TestOptions

    ruleset = get_ruleset("black-sword-hack")
    request = ruleset.character_test(make(doom=UsageDie.EXHAUSTED), "STR", TestOptions())
    assert request.disadvantages == ("Doomed (Doom die exhausted)",)
