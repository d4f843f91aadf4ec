"""fantasy-hack hazards (Part III "Other Hazards"): falling 1d6 per 10 ft halved by
Athletics + DEX against the height, spikes +1 per 10 ft (max +10), poison (level + STR,
DC 15 standard; avoid or half; HP or a stat), disease (daily; cured by beating the DC
by 10 or a set band), extreme heat and cold (DC 15 +1 per previous check, 1d6)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hacktable.errors import RuleError
from hacktable.rulesets.fantasy_hack.hazards import (
    Disease,
    Exposure,
    OnSuccess,
    Poison,
    disease,
    exposure,
    exposure_odds,
    fall,
    fall_odds,
    poison,
    resist_odds,
)

from ...helpers import Faces


def test_a_fall_is_1d6_per_10_feet() -> None:
    """Part III: "1d6 damage per 10 feet fallen"; 30 ft: 3d6; DC 30 missed."""
    result = fall(30, athletics=2, dex=1, rng=Faces(5, 4, 6, 2))
    assert result.dice is not None
    assert result.dice.expression == "3d6"
    assert result.damage == 12
    assert not result.halved
    assert result.check is not None
    assert result.check.total == 8


def test_a_fall_is_halved_by_athletics_dex_against_the_height() -> None:
    """Part III: "reduced to half damage with an Athletics + DEX check with a DC equal
    to the height fallen in feet"; 20 ft: DC 20, 17 + 3 = 20 meets it; 7 halves to 3."""
    result = fall(20, athletics=2, dex=1, rng=Faces(17, 3, 4))
    assert result.halved
    assert result.damage == 3
    assert "halved to 3" in result.explanation


def test_spikes_add_1_per_10_feet_at_most_10() -> None:
    """Part III: "Add +1 point to falling damage per 10 feet fallen, max +10"."""
    assert fall(40, 0, 0, Faces(1, 1, 1, 1, 1), spikes=True).spikes == 4
    deep = fall(150, 0, 0, Faces(1, *([1] * 15)), spikes=True)
    assert deep.spikes == 10
    assert deep.damage == 15 + 10


def test_under_10_feet_no_damage_and_nothing_rolled() -> None:
    """H324: only full 10 feet count."""
    result = fall(9, 0, 0, Faces())
    assert result.damage == 0
    assert result.check is None
    with pytest.raises(RuleError, match="0 feet or more"):
        fall(-1, 0, 0, Faces())


def test_fall_odds_are_exact() -> None:
    """20 ft, Athletics + DEX 3: faces 17-20 meet DC 20."""
    assert fall_odds(20, 2, 1).success == Fraction(4, 20)


def test_a_standard_poison_is_dc_15_level_plus_str() -> None:
    """Part III: "Make a character level + STR check", "A DC of 15 is a standard
    poison"; a failure takes the damage to HP."""
    venom = Poison("spider venom", "3d8")
    assert venom.dc == 15
    result = poison(venom, level=2, strength=1, rng=Faces(11, 8, 1, 3))  # 14 < 15
    assert not result.check.success
    assert result.damage == 12
    assert result.target == "HP"


def test_a_poison_avoided_rolls_no_damage() -> None:
    result = poison(Poison("venom", "3d8"), 2, 1, Faces(12))  # 15 meets 15
    assert result.damage == 0
    assert result.dice is None


def test_a_half_poison_halves_and_a_stat_poison_names_the_stat() -> None:
    """Part III: "A mild poison ... might do 1d4 STR damage"; "or for half"."""
    mild = Poison("woozy draught", "1d4", target="STR", on_success=OnSuccess.HALF)
    result = poison(mild, 1, 0, Faces(20, 3))
    assert result.damage == 1
    assert result.target == "STR"
    assert "STR damage" in result.explanation
    with pytest.raises(RuleError, match="HP, STR, DEX or MND"):
        Poison("odd", "1d4", target="CON")


def test_a_constant_poison_damage_reads_as_its_number_once() -> None:
    """H471: a poison doing a constant 25 reads "fail: 25 HP", not "25 25 = 25 HP"; its
    half "25 / 2 = 12"."""
    flat = Poison("black lotus", "25", dc=20)
    failed = poison(flat, 1, 0, Faces(3))
    assert failed.damage == 25
    assert failed.explanation.endswith("fail: 25 HP")
    assert "25 25" not in failed.explanation
    halved = poison(Poison("black lotus", "25", on_success=OnSuccess.HALF), 1, 0, Faces(20))
    assert halved.explanation.endswith("half, 25 / 2 = 12 HP")


def test_poison_resist_odds_are_exact() -> None:
    """Level 2 + STR 1 = 3 against DC 20: faces 17-20."""
    assert resist_odds(Poison("strong", "3d8", dc=20), 2, 1).success == Fraction(4, 20)


def test_a_disease_is_cured_by_beating_the_dc_by_10() -> None:
    """Part III: "If he beats the disease DC by 10 or more, the disease is cured"."""
    plague = Disease("red cough", "1d6", dc=12)
    assert disease(plague, 1, 1, Faces(20)).cured  # 22: by 10
    assert not disease(plague, 1, 1, Faces(19)).cured  # 21: by 9, avoided
    sick = disease(plague, 1, 1, Faces(2, 4))
    assert sick.damage == 4
    assert not sick.cured


def test_a_minor_illness_needs_only_a_band_of_5() -> None:
    """Part III: "a minor illness might only need be beat by 5"."""
    sniffles = Disease("sniffles", "1d2", dc=10, cure_margin=5)
    assert disease(sniffles, 1, 0, Faces(14)).cured


def test_heat_and_cold_dc_rises_by_1_per_previous_check() -> None:
    """Part III: "once every 10 minutes of exposure ... (DC 15, +1 per previous check),
    taking 1d6 damage on each failed save"."""
    state = Exposure()
    assert state.dc == 15
    first = exposure(state, 1, 1, Faces(13))  # 15 meets 15
    assert first.damage == 0
    assert first.after.dc == 16
    second = exposure(first.after, 1, 1, Faces(13, 5))  # 15 < 16
    assert second.damage == 5
    assert second.after.checks == 2
    assert second.after.dc == 17
    assert exposure_odds(second.after, 1, 1).success == Fraction(6, 20)  # 15-20 meet 17
