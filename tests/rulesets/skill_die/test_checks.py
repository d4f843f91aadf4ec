"""skill-die's checks on the shared engine: the DC ladder, the dice ladder, the
competitive ladder, modifiers and exact odds against brute force (skill-die: Ability
Checks, Skill Checks, Competitive Skill Checks; RULINGS S1, S2, S6, S7)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from hacktable.errors import RuleError
from hacktable.rules.checks.variants import SKILL_DIE_ABILITY, SKILL_DIE_SKILL
from hacktable.rules.resolution import TestRequest
from hacktable.rulesets.skill_die import checks, sources
from hacktable.rulesets.skill_die.character import SkillDieCharacter

from ...helpers import Faces


def test_the_text_names_six_dcs_from_simple_5_to_impossible_30() -> None:
    """skill-die: Ability Checks (Simple DC 5 ... Impossible DC 30)."""
    assert [SKILL_DIE_ABILITY.dc_for(d) for d in checks.DIFFICULTIES] == [5, 10, 15, 20, 25, 30]


def test_the_difficulties_roll_d4_to_d20() -> None:
    """skill-die: Skill Checks; RULINGS S2 (Simple d4 ... Impossible d20)."""
    assert [SKILL_DIE_SKILL.die_for(d) for d in checks.DIFFICULTIES] == [4, 6, 8, 10, 12, 20]


@pytest.mark.parametrize(
    ("levels", "die"),
    [((0,), 4), ((1,), 4), ((2,), 6), ((3,), 8), ((4,), 10), ((5,), 12), ((6,), 20), ((9,), 20)],
)
def test_the_opposing_level_picks_the_die(levels: tuple[int, ...], die: int) -> None:
    """RULINGS S2: 0-1 d4, 2 d6, 3 d8, 4 d10, 5 d12, 6+ d20."""
    assert sources.competitive_die(levels) == die


def test_several_opponents_the_highest_picks() -> None:
    """skill-die: Competitive Skill Checks ("the highest awareness of their opponents")."""
    assert sources.competitive_die((1, 3, 2)) == 8


@pytest.mark.parametrize(
    ("score", "mod"), [(3, -4), (8, -1), (9, -1), (10, 0), (11, 0), (15, 2), (18, 4)]
)
def test_the_modifier_is_floor_of_half_over_10(score: int, mod: int) -> None:
    """RULINGS S1."""
    assert checks.ability_modifier(score) == mod


def _brute_ability(modifier: int, dc: int, advantage: int) -> Fraction:
    if advantage == 0:
        return Fraction(sum(f + modifier >= dc for f in range(1, 21)), 20)
    pick = max if advantage > 0 else min
    wins = sum(pick(a, b) + modifier >= dc for a, b in itertools.product(range(1, 21), repeat=2))
    return Fraction(wins, 400)


def _brute_skill(level: int, die: int, advantage: int) -> Fraction:
    if advantage == 0:
        return Fraction(sum(f <= level for f in range(1, die + 1)), die)
    pick = min if advantage > 0 else max  # advantage keeps the lower (S2)
    faces = range(1, die + 1)
    return Fraction(
        sum(pick(a, b) <= level for a, b in itertools.product(faces, repeat=2)), die * die
    )


def _sides(advantage: int) -> dict[str, tuple[str, ...]]:
    if advantage > 0:
        return {"advantages": ("GM",)}
    if advantage < 0:
        return {"disadvantages": ("GM",)}
    return {}


@pytest.mark.parametrize("advantage", [-1, 0, 1])
def test_ability_odds_agree_with_brute_force(advantage: int) -> None:
    """RULINGS S1: meet or beat; 2d20 keep the higher with advantage, the lower with
    disadvantage."""
    for modifier in range(-4, 6):
        for dc in range(1, 41):
            request = TestRequest("DEX", 10, difficulty=dc, modifier=modifier, **_sides(advantage))
            assert checks.odds(request).success == _brute_ability(modifier, dc, advantage)


@pytest.mark.parametrize("advantage", [-1, 0, 1])
def test_skill_odds_agree_with_brute_force(advantage: int) -> None:
    """RULINGS S2: at or under the level; two dice keep the lower with advantage."""
    for level in range(7):
        for die in (4, 6, 8, 10, 12, 20):
            request = TestRequest("Stealth", level, difficulty=die, **_sides(advantage))
            assert checks.odds(request).success == _brute_skill(level, die, advantage)


def test_an_ability_check_meets_or_beats_and_shows_its_margin() -> None:
    """skill-die: "the same or greater than the DC"; RULINGS S1 (the margin)."""
    request = TestRequest("STR", 14, difficulty=15, modifier=2)
    met = checks.check(request, Faces(13))
    assert (met.success, met.margin, checks.margin(met)) == (True, 0, "margin +0")
    assert not checks.check(request, Faces(12)).success


def test_advantage_on_a_skill_keeps_the_lower_die() -> None:
    """RULINGS S2."""
    request = TestRequest("Stealth", 3, difficulty=8, advantages=("GM",))
    result = checks.resolve(request, Faces(7, 2))
    assert (result.faces, result.kept, result.success) == ((7, 2), 2, True)


def test_a_skill_check_at_the_level_succeeds_and_above_fails() -> None:
    """skill-die: "the same or less than the Character's level"."""
    request = TestRequest("Nature", 4, difficulty=10)
    assert checks.resolve(request, Faces(4)).success
    assert not checks.resolve(request, Faces(5)).success


@pytest.mark.parametrize("dc", [0, 41, -3])
def test_a_dc_outside_1_to_40_is_refused(dc: int) -> None:
    """RULINGS S7."""
    with pytest.raises(RuleError, match="1 to 40"):
        checks.check_dc(dc)


def _character(**fields: object) -> SkillDieCharacter:
    scores = tuple((a, 10) for a in ("STR", "DEX", "CON", "INT", "WIS", "CHA"))
    base = SkillDieCharacter(
        name="Mo", ruleset="skill-die", hp=10, max_hp=10, role="Medic", scores=scores
    )
    from dataclasses import replace

    return replace(base, **fields)  # type: ignore[arg-type]


def test_fatigue_gives_disadvantage_on_every_roll() -> None:
    """RULINGS S6: "disadvantage on all rolls"."""
    tired = _character(fatigued=True)
    assert sources.character_disadvantages(tired) == (sources.FATIGUED,)
    assert sources.character_disadvantages(_character()) == ()


def test_attacks_on_the_unconscious_have_advantage() -> None:
    """RULINGS S3 (skill-die: "Any attacks made on an unconscious creature gain
    Advantage")."""
    assert sources.attack_advantages(_character(hp=0)) == (sources.UNCONSCIOUS_TARGET,)
    assert sources.attack_advantages(_character(hp=-5)) == (sources.UNCONSCIOUS_TARGET,)
    assert sources.attack_advantages(_character(hp=1)) == ()
