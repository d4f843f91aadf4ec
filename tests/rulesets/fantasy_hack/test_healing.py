"""fantasy-hack healing (Part III "Healing"): treatment (MND + Knowledge DC 20, 1d6 + 5,
once per injury), a night's rest (level x 2 HP, 1 point of stat damage), never above
the maximum and said when capped."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hacktable.errors import RuleError
from hacktable.rules.hit_points import FANTASY_HACK_PC, Condition, Pool
from hacktable.rulesets.fantasy_hack.healing import (
    TREATMENT_DC,
    Injury,
    injured,
    night_rest,
    treat,
    treatment_odds,
)

from ...helpers import Faces


def test_treatment_is_mnd_knowledge_dc_20_healing_1d6_plus_5() -> None:
    """Part III: "makes a MND + Knowledge check (DC 20) and if successful, heals 1d6 + 5
    hit points instantly"."""
    assert TREATMENT_DC == 20
    result = treat(FANTASY_HACK_PC, Pool(3, 20), Injury(), 2, 4, Faces(14, 3))
    assert result.check.total == 20
    assert result.change is not None
    assert result.change.after.hp == 3 + 3 + 5
    assert result.injury.treated
    assert result.explanation == (
        "treatment: MND + Knowledge d20 14 + 6 = 20 >= DC 20: success: "
        "1d6+5 [3] + 5 = 8; 3 HP + 8 healing = 11 HP: up"
    )


def test_treatment_works_once_per_injury_and_again_after_new_damage() -> None:
    """Part III: "This can only be done once ... It can be done again if the character
    takes new damage"; H325: a failed attempt uses it too."""
    failed = treat(FANTASY_HACK_PC, Pool(3, 20), Injury(), 0, 0, Faces(5))
    assert failed.change is None
    assert failed.injury.treated
    with pytest.raises(RuleError, match="once per injury"):
        treat(FANTASY_HACK_PC, Pool(3, 20), failed.injury, 0, 0, Faces(20, 6))
    again = treat(FANTASY_HACK_PC, Pool(3, 20), injured(), 0, 0, Faces(20, 6))
    assert again.change is not None


def test_treatment_never_raises_hp_above_the_maximum_and_says_so() -> None:
    """Part III: "if you roll higher than your hit point total on a medical treatment,
    you still don't go up above that"."""
    result = treat(FANTASY_HACK_PC, Pool(15, 18), Injury(), 5, 5, Faces(10, 6))
    assert result.change is not None
    assert result.change.after.hp == 18
    assert "capped at max 18" in result.explanation


def test_treating_the_dying_stabilises_them() -> None:
    """RULINGS F1: dying "until stabilised (... or any healing)"."""
    result = treat(FANTASY_HACK_PC, Pool(-9, 12), Injury(), 5, 5, Faces(10, 1))
    assert result.change is not None
    assert result.change.after.hp == -3
    assert result.change.condition is Condition.UNCONSCIOUS


def test_nothing_to_treat_or_dead_is_refused_before_rolling() -> None:
    with pytest.raises(RuleError, match="nothing to treat"):
        treat(FANTASY_HACK_PC, Pool(12, 12), Injury(), 0, 0, Faces())
    with pytest.raises(RuleError, match="dead"):
        treat(FANTASY_HACK_PC, Pool(-10, 12), Injury(), 0, 0, Faces())


def test_treatment_odds_are_exact() -> None:
    """MND 2 + Knowledge 4 = 6 against DC 20: faces 14-20, 7 in 20."""
    assert treatment_odds(2, 4).success == Fraction(7, 20)


def test_a_night_heals_level_times_2() -> None:
    """Part III: "characters recover hit points at a rate of their level x 2 every
    night"."""
    rest = night_rest(FANTASY_HACK_PC, Pool(4, 20), 3)
    assert rest.change.after.hp == 10
    capped = night_rest(FANTASY_HACK_PC, Pool(19, 20), 3)
    assert capped.change.after.hp == 20
    assert "capped at max 20" in capped.explanation


def test_three_points_of_str_damage_take_three_nights() -> None:
    """Part III: "if a character takes 3 points of STR damage ... it will take three
    nights of rest to restore it"; H326: each damaged stat gets 1 back a night."""
    damage: tuple[tuple[str, int], ...] = (("STR", 3), ("DEX", 1))
    nights = 0
    while damage:
        rest = night_rest(FANTASY_HACK_PC, Pool(10, 10), 1, damage)
        damage = rest.stat_damage
        nights += 1
        if nights == 1:
            assert rest.restored == ("STR", "DEX")
            assert damage == (("STR", 2),)
    assert nights == 3


def test_bad_rest_input_is_refused() -> None:
    with pytest.raises(RuleError, match="level is 1 or more"):
        night_rest(FANTASY_HACK_PC, Pool(1, 10), 0)
    with pytest.raises(RuleError, match="negative"):
        night_rest(FANTASY_HACK_PC, Pool(1, 10), 1, (("STR", -1),))
