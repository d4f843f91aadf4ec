"""Ruleset-neutral checks: known answers from the texts and rulings, exact odds against
brute force over every face, exact odds against seeded rolls, properties, and no global
random.

Sources: redhack Core Rules > Tests (RULINGS R1-R3); black-sword-hack 2.1 (B1);
fantasy-hack Part III (F3, F6); skill-die Ability Checks, Skill Checks and Competitive
Skill Checks (S1, S2, S7).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hacktable.dice import Advantage
from hacktable.errors import RuleError, RulesDataError, UnknownNameError
from hacktable.rules import Critical, TestOdds, TestRequest
from hacktable.rules.checks import (
    BLACK_SWORD_HACK_TEST,
    FANTASY_HACK_CHECK,
    FANTASY_HACK_TO_HIT,
    SKILL_DIE_ABILITY,
    SKILL_DIE_SKILL,
    AdvantageRule,
    AgainstDCRequest,
    AgainstDCRule,
    CheckResult,
    Naturals,
    RollUnderRequest,
    RollUnderRule,
    SkillDieRequest,
    SkillDieRule,
    against_dc,
    engine,
    roll_under,
    skill_die,
)
from hacktable.rulesets.redhack import core_rules
from hacktable.rulesets.redhack.core_rules import TEST_RULE as REDHACK

from ..helpers import Faces

ADV, NONE, DIS = Advantage.ADVANTAGE, Advantage.NONE, Advantage.DISADVANTAGE
ALL_ADVANTAGES = (ADV, NONE, DIS)
D20 = range(1, 21)

Tally = tuple[Fraction, Fraction, Fraction]


def triple(odds: TestOdds) -> Tally:
    return odds.success, odds.critical_success, odds.critical_failure


def succeeding(check: object, rule: object, request: object, sides: int = 20) -> list[int]:
    """The natural faces that succeed, one die dealt at a time."""
    resolve = check.resolve  # type: ignore[attr-defined]
    return [face for face in range(1, sides + 1) if resolve(rule, request, Faces(face)).success]


# -- Known answers: redhack through the roll-under check (R1-R3) ----------------------------


def test_redhack_wis_12_against_difficulty_4() -> None:
    # redhack: Core Rules > Tests: "roll between 5 and 12, or score a natural 20".
    request = RollUnderRequest(12, difficulty=4, label="WIS 12")
    assert succeeding(roll_under, REDHACK, request) == [*range(5, 13), 20]
    assert roll_under.odds(REDHACK, request).success == Fraction(9, 20)


def test_redhack_naturals_decide_whatever_the_numbers() -> None:
    # R1: a natural 20 always succeeds, a natural 1 always fails.
    hopeless = roll_under.resolve(REDHACK, RollUnderRequest(3, difficulty=15), Faces(20))
    assert (hopeless.success, hopeless.critical) == (True, Critical.SUCCESS)
    assert hopeless.explanation == "d20 natural 20: critical success"
    certain = roll_under.resolve(REDHACK, RollUnderRequest(19), Faces(1))
    assert (certain.success, certain.critical) == (False, Critical.FAILURE)
    assert certain.outcome == "critical failure"


def test_redhack_explanations_read_like_the_log() -> None:
    request = RollUnderRequest(13, advantage=ADV, label="STR 13")
    result = roll_under.resolve(REDHACK, request, Faces(14, 9))
    assert result.explanation == "d20 14 > STR 13: fail; advantage reroll 9: success"
    assert result.faces == (14, 9)
    assert result.natural == 9
    assert [roll.kept for roll in result.rolls] == [False, True]
    assert result.rolls[0].why == "a failure: advantage rerolls it"
    assert result.rolls[1].why == "the advantage reroll"
    band = RollUnderRequest(12, difficulty=4, label="WIS 12")
    assert roll_under.resolve(REDHACK, band, Faces(7)).explanation == "d20 7 in 5-12: success"
    low = roll_under.resolve(REDHACK, band, Faces(3))
    assert low.explanation == "d20 3 <= difficulty 4: fail"
    assert low.margin == 9  # under the attribute, but at or below the difficulty


def test_redhack_r3_reroll_keeps_the_first_on_the_other_natural() -> None:
    # R3: advantage takes the reroll unless it is a natural 1; disadvantage unless a 20.
    adv = roll_under.resolve(
        REDHACK, RollUnderRequest(13, advantage=ADV, label="STR 13"), Faces(15, 1)
    )
    assert (adv.natural, adv.success, adv.critical) == (15, False, Critical.NONE)
    assert (
        adv.explanation
        == "d20 15 > STR 13: fail; advantage reroll natural 1: the first roll stands"
    )
    assert [roll.kept for roll in adv.rolls] == [True, False]
    dis = roll_under.resolve(REDHACK, RollUnderRequest(13, advantage=DIS), Faces(10, 20))
    assert (dis.natural, dis.success, dis.critical) == (10, True, Critical.NONE)
    no_reroll = roll_under.resolve(REDHACK, RollUnderRequest(13, advantage=ADV), Faces(10))
    assert no_reroll.faces == (10,)
    assert no_reroll.explanation.endswith("; no advantage reroll needed")


def test_redhack_wrapper_keeps_its_values() -> None:
    # core_rules.resolve is the roll-under check on R2's effective numbers.
    request = TestRequest("STR", 18, difficulty=5, bonus=3, advantages=("GM",))
    result = core_rules.resolve(request, Faces(3, 2))
    assert (result.score, result.difficulty, result.faces, result.kept) == (19, 3, (3, 2), 2)
    assert result.explanation == "d20 3 <= difficulty 3: fail; advantage reroll 2: fail"
    assert core_rules.odds(request) == roll_under.odds(REDHACK, RollUnderRequest(19, 3, 0, ADV))


# -- Known answers: black-sword-hack (B1) ---------------------------------------------------


def test_black_sword_hack_rolls_strictly_under() -> None:
    # B1: "the d20 must be below the attribute (a roll equal to it fails)".
    request = RollUnderRequest(12, label="STR 12")
    assert succeeding(roll_under, BLACK_SWORD_HACK_TEST, request) == list(range(1, 12))
    equal = roll_under.resolve(BLACK_SWORD_HACK_TEST, request, Faces(12))
    assert equal.explanation == "d20 12 >= STR 12: fail"
    assert equal.margin == 0
    assert roll_under.resolve(BLACK_SWORD_HACK_TEST, request, Faces(5)).explanation == (
        "d20 5 < STR 12: success"
    )
    assert roll_under.odds(BLACK_SWORD_HACK_TEST, request).success == Fraction(11, 20)


def test_black_sword_hack_naturals_are_read_from_the_natural_die() -> None:
    # B1: natural 1 a critical success, natural 20 a critical failure, "whatever is added".
    threatened = RollUnderRequest(10, modifier=12, label="STR 10")  # every total is 13+
    one = roll_under.resolve(BLACK_SWORD_HACK_TEST, threatened, Faces(1))
    assert (one.success, one.critical, one.total) == (True, Critical.SUCCESS, 13)
    assert one.explanation == "d20 natural 1: critical success"
    twenty = roll_under.resolve(BLACK_SWORD_HACK_TEST, RollUnderRequest(18), Faces(20))
    assert (twenty.success, twenty.critical) == (False, Critical.FAILURE)
    assert succeeding(roll_under, BLACK_SWORD_HACK_TEST, threatened) == [1]


def test_black_sword_hack_threat_level_is_added_to_the_die() -> None:
    # 2.1.5 / B1: a foe 3 levels higher adds 3 to the d20 of the attack test.
    request = RollUnderRequest(12, modifier=3, label="STR 12")
    assert succeeding(roll_under, BLACK_SWORD_HACK_TEST, request) == list(range(1, 9))
    result = roll_under.resolve(BLACK_SWORD_HACK_TEST, request, Faces(8))
    assert (result.total, result.margin) == (11, 1)
    assert result.explanation == "d20 8 + 3 = 11 < STR 12: success"


def test_black_sword_hack_advantage_keeps_the_lower_of_two() -> None:
    # B1: 2d20, keep the lower for advantage, the higher for disadvantage.
    adv = roll_under.resolve(
        BLACK_SWORD_HACK_TEST, RollUnderRequest(12, 0, 0, ADV, "STR 12"), Faces(15, 4)
    )
    assert (adv.natural, adv.success, adv.faces) == (4, True, (15, 4))
    assert adv.explanation == "d20 15 and 4, advantage keeps the lower: 4 < STR 12: success"
    assert [roll.kept for roll in adv.rolls] == [False, True]
    assert adv.rolls[0].why == "set aside: the higher of two (advantage)"
    dis = roll_under.resolve(
        BLACK_SWORD_HACK_TEST, RollUnderRequest(12, advantage=DIS), Faces(4, 15)
    )
    assert (dis.natural, dis.success) == (15, False)
    assert dis.explanation.startswith("d20 4 and 15, disadvantage keeps the higher: ")
    # both dice are always rolled, even when the first already decides
    assert roll_under.resolve(
        BLACK_SWORD_HACK_TEST, RollUnderRequest(12, advantage=ADV), Faces(1, 1)
    ).faces == (1, 1)
    p = Fraction(11, 20)
    assert (
        roll_under.odds(BLACK_SWORD_HACK_TEST, RollUnderRequest(12, advantage=ADV)).success
        == 1 - (1 - p) ** 2
    )
    assert (
        roll_under.odds(BLACK_SWORD_HACK_TEST, RollUnderRequest(12, advantage=DIS)).success == p**2
    )


# -- Known answers: d20 + modifier against a DC or AC --------------------------------------


def test_fantasy_hack_ottvar_hits_the_mugger() -> None:
    # fantasy-hack Part III: "Mike rolls a 13. He adds to this his To Hit bonus ... +6, for a
    # total of 19. This is more than enough to hit the thief's AC of 13".
    result = against_dc.resolve(
        FANTASY_HACK_TO_HIT, AgainstDCRequest(6, 13, label="AC 13"), Faces(13)
    )
    assert (result.total, result.margin, result.success) == (19, 6, True)
    assert result.critical is Critical.NONE
    assert result.explanation == "d20 13 + 6 = 19 >= AC 13: success"


def test_fantasy_hack_meet_or_beat_and_the_f6_axe() -> None:
    # F6: the text's 12 + 0 + 1 = 13 and the formula's 14 both hit AC 13 (meet or beat).
    for modifier in (1, 2):
        result = against_dc.resolve(FANTASY_HACK_TO_HIT, AgainstDCRequest(modifier, 13), Faces(12))
        assert result.success
        assert result.margin == modifier - 1
    miss = against_dc.resolve(FANTASY_HACK_CHECK, AgainstDCRequest(0, 13), Faces(12))
    assert (miss.success, miss.margin) == (False, -1)
    assert miss.explanation == "d20 12 < DC 13: fail"


def test_fantasy_hack_critical_is_a_natural_20_that_hits() -> None:
    # F3: "A critical hit (natural 20 that hits)"; a natural 20 does not hit on its own.
    hit = against_dc.resolve(FANTASY_HACK_TO_HIT, AgainstDCRequest(6, 13, label="AC 13"), Faces(20))
    assert (hit.success, hit.critical) == (True, Critical.SUCCESS)
    assert hit.explanation == "d20 natural 20 + 6 = 26 >= AC 13: critical success"
    miss = against_dc.resolve(FANTASY_HACK_TO_HIT, AgainstDCRequest(0, 25), Faces(20))
    assert (miss.success, miss.critical) == (False, Critical.NONE)
    one = against_dc.resolve(FANTASY_HACK_TO_HIT, AgainstDCRequest(15, 10), Faces(1))
    assert (one.success, one.critical) == (True, Critical.NONE)
    assert against_dc.odds(
        FANTASY_HACK_TO_HIT, AgainstDCRequest(6, 13)
    ).critical_success == Fraction(1, 20)
    assert against_dc.odds(FANTASY_HACK_TO_HIT, AgainstDCRequest(0, 21)).critical_success == 0
    plain = against_dc.resolve(FANTASY_HACK_CHECK, AgainstDCRequest(6, 13), Faces(20))
    assert plain.critical is Critical.NONE  # outside a to-hit roll no face is special


def test_fantasy_hack_has_no_advantage() -> None:
    with pytest.raises(RuleError, match="fantasy-hack checks have no advantage"):
        against_dc.resolve(FANTASY_HACK_CHECK, AgainstDCRequest(2, 10, ADV), Faces(10))
    with pytest.raises(RuleError, match="no disadvantage"):
        against_dc.odds(FANTASY_HACK_TO_HIT, AgainstDCRequest(2, 10, DIS))


def test_skill_die_ability_check_meets_or_beats_with_its_margin() -> None:
    # skill-die Ability Checks: "the same or greater than the Difficulty Challenge" (S1:
    # the margin is shown); the text's list: Simple 5 ... Impossible 30.
    names = ("Simple", "Easy", "Normal", "Hard", "Expert", "Impossible")
    assert [SKILL_DIE_ABILITY.dc_for(name) for name in names] == [5, 10, 15, 20, 25, 30]
    request = AgainstDCRequest(2, SKILL_DIE_ABILITY.dc_for("normal"))
    assert succeeding(against_dc, SKILL_DIE_ABILITY, request) == list(range(13, 21))
    assert against_dc.resolve(SKILL_DIE_ABILITY, request, Faces(19)).margin == 6
    no_crit = against_dc.resolve(SKILL_DIE_ABILITY, AgainstDCRequest(0, 25), Faces(20))
    assert (no_crit.success, no_crit.critical) == (False, Critical.NONE)
    with pytest.raises(UnknownNameError, match="unknown difficulty 'heroic'"):
        SKILL_DIE_ABILITY.dc_for("heroic")


def test_skill_die_ability_advantage_keeps_the_higher() -> None:
    # S1: 2d20, keep the higher for advantage, the lower for disadvantage.
    adv = against_dc.resolve(SKILL_DIE_ABILITY, AgainstDCRequest(0, 15, ADV), Faces(5, 17))
    assert (adv.natural, adv.success) == (17, True)
    assert adv.explanation == "d20 5 and 17, advantage keeps the higher: 17 >= DC 15: success"
    dis = against_dc.resolve(SKILL_DIE_ABILITY, AgainstDCRequest(0, 15, DIS), Faces(5, 17))
    assert (dis.natural, dis.success, dis.margin) == (5, False, -10)
    p = Fraction(6, 20)
    assert (
        against_dc.odds(SKILL_DIE_ABILITY, AgainstDCRequest(0, 15, ADV)).success == 1 - (1 - p) ** 2
    )


# -- Known answers: the skill die (S2) -----------------------------------------------------


def test_skill_die_ladder_and_competitive_dice() -> None:
    # skill-die Skill Checks: Simple d4, Easy d6, Normal d8, Hard d10, Expert d12,
    # Impossible d20; Competitive: "0-1 ... Simple ... 6+ ... Impossible".
    names = ("simple", "easy", "normal", "hard", "expert", "IMPOSSIBLE")
    assert [SKILL_DIE_SKILL.die_for(name) for name in names] == [4, 6, 8, 10, 12, 20]
    assert [SKILL_DIE_SKILL.die_against(level) for level in range(-1, 9)] == [
        4, 4, 4, 6, 8, 10, 12, 20, 20, 20,
    ]  # fmt: skip
    with pytest.raises(UnknownNameError):
        SKILL_DIE_SKILL.die_for("trivial")


def test_skill_die_succeeds_at_or_under_the_level() -> None:
    # "If the roll is the same or less than the Character's level in that skill".
    request = SkillDieRequest(3, 8, label="Stealth 3")
    assert succeeding(skill_die, SKILL_DIE_SKILL, request, sides=8) == [1, 2, 3]
    result = skill_die.resolve(SKILL_DIE_SKILL, request, Faces(3))
    assert (result.success, result.margin, result.critical) == (True, 0, Critical.NONE)
    assert result.explanation == "d8 3 <= Stealth 3: success"
    assert (
        skill_die.resolve(SKILL_DIE_SKILL, request, Faces(4)).explanation
        == "d8 4 > Stealth 3: fail"
    )
    assert skill_die.odds(SKILL_DIE_SKILL, request) == TestOdds(
        Fraction(3, 8), Fraction(0), Fraction(0)
    )
    assert skill_die.odds(SKILL_DIE_SKILL, SkillDieRequest(0, 4)).success == 0
    assert skill_die.odds(SKILL_DIE_SKILL, SkillDieRequest(6, 4)).success == 1


def test_skill_die_advantage_keeps_the_lower() -> None:
    # S2: "Advantage on a skill die rolls two and keeps the lower" (disadvantage: the higher).
    adv = skill_die.resolve(SKILL_DIE_SKILL, SkillDieRequest(3, 8, ADV), Faces(7, 2))
    assert (adv.natural, adv.success, adv.faces) == (2, True, (7, 2))
    assert adv.explanation == "d8 7 and 2, advantage keeps the lower: 2 <= level 3: success"
    dis = skill_die.resolve(SKILL_DIE_SKILL, SkillDieRequest(3, 8, DIS), Faces(7, 2))
    assert (dis.natural, dis.success) == (7, False)
    same = skill_die.resolve(SKILL_DIE_SKILL, SkillDieRequest(3, 8, ADV), Faces(5, 5))
    assert [roll.kept for roll in same.rolls] == [True, False]


def test_skill_die_refuses_a_die_off_the_ladder() -> None:
    with pytest.raises(RuleError, match="one of d4, d6, d8, d10, d12, d20, not d7"):
        skill_die.resolve(SKILL_DIE_SKILL, SkillDieRequest(3, 7), Faces(1))


# -- Rule values are validated data ---------------------------------------------------------


def test_rule_values_refuse_impossible_declarations() -> None:
    with pytest.raises(RulesDataError, match="both a critical success and failure"):
        Naturals(success=frozenset({1, 20}), failure=frozenset({1}))
    with pytest.raises(RulesDataError, match="not on a d12"):
        RollUnderRule("x", Naturals(frozenset({20})), AdvantageRule.REROLL, die=12)
    with pytest.raises(RulesDataError, match="2 or more sides"):
        AgainstDCRule("x", Naturals(), AdvantageRule.NONE, die=1)
    with pytest.raises(RulesDataError, match="one opposing level for each die"):
        SkillDieRule("x", Naturals(), AdvantageRule.NONE, (("easy", 6),), (0, 1))
    with pytest.raises(RulesDataError, match="easiest up"):
        SkillDieRule("x", Naturals(), AdvantageRule.NONE, (("b", 8), ("a", 6)), (0, 1))
    assert isinstance(RulesDataError("f", "e", "r"), ValueError)


def test_rule_values_are_values() -> None:
    twin = RollUnderRule("redhack", Naturals(frozenset({20}), frozenset({1})), AdvantageRule.REROLL)
    assert twin == REDHACK
    assert hash(twin) == hash(REDHACK)
    assert twin != BLACK_SWORD_HACK_TEST
    with pytest.raises(AttributeError):
        REDHACK.inclusive = False  # type: ignore[misc]


# -- Exact odds against brute force over every face ------------------------------------------


def pairs(sides: int) -> list[tuple[int, int]]:
    return [(a, b) for a in range(1, sides + 1) for b in range(1, sides + 1)]


def tally(outcomes: list[tuple[bool, Critical]]) -> Tally:
    n = len(outcomes)
    return (
        Fraction(sum(ok for ok, _ in outcomes), n),
        Fraction(sum(c is Critical.SUCCESS for _, c in outcomes), n),
        Fraction(sum(c is Critical.FAILURE for _, c in outcomes), n),
    )


def redhack_pair(
    attribute: int, difficulty: int, adv: Advantage, a: int, b: int
) -> tuple[bool, Critical]:
    """R1 and R3 as the text words them, for the first die ``a`` and the reroll ``b``."""

    def ok(face: int) -> bool:
        return face == 20 or (face != 1 and difficulty < face <= attribute)

    kept = a
    if adv is ADV and not ok(a) and b != 1:
        kept = b
    if adv is DIS and ok(a) and b != 20:
        kept = b
    critical = {20: Critical.SUCCESS, 1: Critical.FAILURE}.get(kept, Critical.NONE)
    return ok(kept), critical


def black_sword_pair(
    attribute: int, threat: int, adv: Advantage, a: int, b: int
) -> tuple[bool, Critical]:
    """B1 as the ruling words it: strictly under, naturals 1 and 20, 2d20 keep lower/higher."""
    kept = min(a, b) if adv is ADV else max(a, b) if adv is DIS else a
    if kept == 1:
        return True, Critical.SUCCESS
    if kept == 20:
        return False, Critical.FAILURE
    return kept + threat < attribute, Critical.NONE


def dc_pair(
    modifier: int, dc: int, adv: Advantage, a: int, b: int, *, to_hit: bool
) -> tuple[bool, Critical]:
    """Meet or beat; skill-die S1 keeps the higher (advantage) or the lower (disadvantage);
    a fantasy-hack to-hit natural 20 that hits is a critical (F3)."""
    kept = max(a, b) if adv is ADV else min(a, b) if adv is DIS else a
    hit = kept + modifier >= dc
    return hit, Critical.SUCCESS if to_hit and kept == 20 and hit else Critical.NONE


def skill_pair(level: int, adv: Advantage, a: int, b: int) -> tuple[bool, Critical]:
    """S2: at or under the level; two dice, the lower for advantage, the higher for
    disadvantage."""
    kept = min(a, b) if adv is ADV else max(a, b) if adv is DIS else a
    return kept <= level, Critical.NONE


@pytest.mark.parametrize("adv", ALL_ADVANTAGES)
def test_redhack_odds_equal_brute_force_for_every_attribute_and_difficulty(adv: Advantage) -> None:
    for attribute in range(1, 21):
        for difficulty in range(-3, 22):
            expected = tally([redhack_pair(attribute, difficulty, adv, a, b) for a, b in pairs(20)])
            got = roll_under.odds(REDHACK, RollUnderRequest(attribute, difficulty, 0, adv))
            assert triple(got) == expected, (attribute, difficulty)


@pytest.mark.parametrize("adv", ALL_ADVANTAGES)
def test_black_sword_odds_equal_brute_force_for_every_attribute_and_threat(adv: Advantage) -> None:
    for attribute in range(1, 21):
        for threat in range(11):
            expected = tally([black_sword_pair(attribute, threat, adv, a, b) for a, b in pairs(20)])
            got = roll_under.odds(
                BLACK_SWORD_HACK_TEST, RollUnderRequest(attribute, 0, threat, adv)
            )
            assert triple(got) == expected, (attribute, threat)


@pytest.mark.parametrize("adv", ALL_ADVANTAGES)
def test_skill_die_ability_odds_equal_brute_force_for_every_modifier_and_dc(adv: Advantage) -> None:
    for modifier in range(-5, 13):
        for dc in range(1, 41):  # S7: a DC is any whole number from 1 to 40
            expected = tally([dc_pair(modifier, dc, adv, a, b, to_hit=False) for a, b in pairs(20)])
            got = against_dc.odds(SKILL_DIE_ABILITY, AgainstDCRequest(modifier, dc, adv))
            assert triple(got) == expected, (modifier, dc)


@pytest.mark.parametrize("rule", [FANTASY_HACK_CHECK, FANTASY_HACK_TO_HIT])
def test_fantasy_hack_odds_equal_brute_force_for_every_modifier_and_dc(rule: AgainstDCRule) -> None:
    to_hit = rule is FANTASY_HACK_TO_HIT
    for modifier in range(-5, 13):
        for dc in range(1, 41):
            expected = tally([dc_pair(modifier, dc, NONE, a, 1, to_hit=to_hit) for a in D20])
            assert triple(against_dc.odds(rule, AgainstDCRequest(modifier, dc))) == expected


@pytest.mark.parametrize("adv", ALL_ADVANTAGES)
def test_skill_die_odds_equal_brute_force_for_every_die_and_level(adv: Advantage) -> None:
    for die in SKILL_DIE_SKILL.dice:
        for level in range(-1, 22):
            expected = tally([skill_pair(level, adv, a, b) for a, b in pairs(die)])
            got = skill_die.odds(SKILL_DIE_SKILL, SkillDieRequest(level, die, adv))
            assert triple(got) == expected, (die, level)


# -- What is rolled is what the odds count ---------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "attribute", "difficulty", "modifier", "oracle"),
    [
        (REDHACK, 13, 4, 0, lambda adv, a, b: redhack_pair(13, 4, adv, a, b)),
        (REDHACK, 19, -1, 0, lambda adv, a, b: redhack_pair(19, -1, adv, a, b)),
        (BLACK_SWORD_HACK_TEST, 12, 0, 3, lambda adv, a, b: black_sword_pair(12, 3, adv, a, b)),
    ],
)
def test_every_pair_of_faces_resolves_as_the_oracle_says(
    rule: RollUnderRule, attribute: int, difficulty: int, modifier: int, oracle: object
) -> None:
    for adv in ALL_ADVANTAGES:
        request = RollUnderRequest(attribute, difficulty, modifier, adv)
        for a, b in pairs(20):
            dealt = Faces(a, b)
            result = roll_under.resolve(rule, request, dealt)
            assert (result.success, result.critical) == oracle(adv, a, b)  # type: ignore[operator]
            assert result.faces == (a, b)[: len(result.faces)]
            if rule.advantage is AdvantageRule.BEST_OF_TWO and adv is not NONE:
                assert not dealt.faces  # both dice are rolled
            if adv is NONE:
                assert dealt.faces == [b]  # one die, no more


def test_redhack_explains_every_pair_as_before() -> None:
    """The wrapper's explanation, kept, faces and outcome equal those of the redhack
    resolver as it was before the neutral checks (its logic restated here)."""

    def say(face: int, label: str, attribute: int, difficulty: int) -> str:
        if face == 20:
            return "natural 20: critical success"
        if face == 1:
            return "natural 1: critical failure"
        if face > attribute:
            return f"{face} > {label}: fail"
        if not difficulty < face:
            return f"{face} <= difficulty {difficulty}: fail"
        if difficulty > 1:
            return f"{face} in {difficulty + 1}-{attribute}: success"
        return f"{face} <= {label}: success"

    def before(request: TestRequest, a: int, b: int) -> tuple[tuple[int, ...], int, str]:
        attribute, difficulty = core_rules.effective(
            request.score, request.difficulty, request.bonus
        )
        label = core_rules.score_label(request.attribute, request.score, request.bonus)
        adv = request.advantage
        ok_a = redhack_pair(attribute, difficulty, NONE, a, b)[0]
        parts = [f"d20 {say(a, label, attribute, difficulty)}"]
        if (adv is ADV and not ok_a) or (adv is DIS and ok_a):
            if (adv is ADV and b == 1) or (adv is DIS and b == 20):
                parts.append(f"{adv.word} reroll natural {b}: the first roll stands")
                return (a, b), a, "; ".join(parts)
            if b in (1, 20):
                critical = "critical success" if b == 20 else "critical failure"
                parts.append(f"{adv.word} reroll natural {b}: {critical}")
            else:
                ok_b = redhack_pair(attribute, difficulty, NONE, b, b)[0]
                parts.append(f"{adv.word} reroll {b}: {'success' if ok_b else 'fail'}")
            return (a, b), b, "; ".join(parts)
        if adv is not NONE:
            parts.append(f"no {adv.word} reroll needed")
        return (a,), a, "; ".join(parts)

    for score, bonus in ((3, 0), (12, 0), (13, 0), (17, 2), (18, 3)):
        for difficulty in (-1, 1, 2, 4, 13, 19, 21):
            for adv in ALL_ADVANTAGES:
                request = TestRequest(
                    "STR",
                    score,
                    difficulty,
                    bonus=bonus,
                    advantages=("a",) if adv is ADV else (),
                    disadvantages=("d",) if adv is DIS else (),
                )
                for a, b in pairs(20):
                    result = core_rules.resolve(request, Faces(a, b))
                    assert (result.faces, result.kept, result.explanation) == before(request, a, b)


# -- Exact odds against 100,000 seeded rolls --------------------------------------------------


def agrees_with_rolls(
    resolve: object, rule: object, request: object, odds: TestOdds, seed: int
) -> None:
    n = 100_000
    rng = random.Random(seed)
    wins = crits = fumbles = 0
    roll = resolve  # the check's resolve(rule, request, rng)
    for _ in range(n):
        result: CheckResult = roll(rule, request, rng)  # type: ignore[operator]
        wins += result.success
        crits += result.critical is Critical.SUCCESS
        fumbles += result.critical is Critical.FAILURE
    for seen, p in (
        (wins, odds.success),
        (crits, odds.critical_success),
        (fumbles, odds.critical_failure),
    ):
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen / n - float(p)) <= 4.5 * sigma + 1e-12  # exact when p is 0 or 1


@pytest.mark.parametrize(
    ("rule", "request_"),
    [
        (REDHACK, RollUnderRequest(13, 4, 0, ADV)),
        (REDHACK, RollUnderRequest(9, 3, 0, DIS)),
        (BLACK_SWORD_HACK_TEST, RollUnderRequest(12, 0, 2, ADV)),
        (BLACK_SWORD_HACK_TEST, RollUnderRequest(15, 0, 0, DIS)),
        (BLACK_SWORD_HACK_TEST, RollUnderRequest(10, 0, 0, NONE)),
    ],
)
def test_roll_under_odds_agree_with_100000_seeded_rolls(
    rule: RollUnderRule, request_: RollUnderRequest
) -> None:
    agrees_with_rolls(roll_under.resolve, rule, request_, roll_under.odds(rule, request_), 20260401)


@pytest.mark.parametrize(
    ("rule", "request_"),
    [
        (SKILL_DIE_ABILITY, AgainstDCRequest(3, 15, ADV)),
        (SKILL_DIE_ABILITY, AgainstDCRequest(0, 10, DIS)),
        (FANTASY_HACK_TO_HIT, AgainstDCRequest(6, 20)),
    ],
)
def test_against_dc_odds_agree_with_100000_seeded_rolls(
    rule: AgainstDCRule, request_: AgainstDCRequest
) -> None:
    agrees_with_rolls(against_dc.resolve, rule, request_, against_dc.odds(rule, request_), 20260402)


@pytest.mark.parametrize(
    "request_",
    [SkillDieRequest(3, 8, ADV), SkillDieRequest(2, 6, DIS), SkillDieRequest(4, 20)],
)
def test_skill_die_odds_agree_with_100000_seeded_rolls(request_: SkillDieRequest) -> None:
    odds = skill_die.odds(SKILL_DIE_SKILL, request_)
    agrees_with_rolls(skill_die.resolve, SKILL_DIE_SKILL, request_, odds, 20260403)


# -- Properties --------------------------------------------------------------------------------

roll_under_rules = st.sampled_from([REDHACK, BLACK_SWORD_HACK_TEST])
dc_rules = st.sampled_from([SKILL_DIE_ABILITY, FANTASY_HACK_CHECK, FANTASY_HACK_TO_HIT])
advantages = st.sampled_from(ALL_ADVANTAGES)


def allowed(rule: RollUnderRule | AgainstDCRule | SkillDieRule, adv: Advantage) -> Advantage:
    return NONE if rule.advantage is AdvantageRule.NONE else adv


def well_formed(odds: TestOdds, sides: int) -> None:
    for p in (odds.success, odds.critical_success, odds.critical_failure):
        assert 0 <= p <= 1
        assert (sides * sides) % p.denominator == 0  # a count over every pair of faces
    assert odds.critical_success <= odds.success
    assert odds.critical_failure <= odds.failure
    assert odds.success + odds.failure == 1


@given(roll_under_rules, st.integers(-2, 22), st.integers(-3, 22), st.integers(-5, 10), advantages)
def test_roll_under_odds_are_well_formed_and_monotone(
    rule: RollUnderRule, attribute: int, difficulty: int, modifier: int, adv: Advantage
) -> None:
    def success(attr: int, diff: int, a: Advantage) -> Fraction:
        return roll_under.odds(rule, RollUnderRequest(attr, diff, modifier, a)).success

    well_formed(roll_under.odds(rule, RollUnderRequest(attribute, difficulty, modifier, adv)), 20)
    assert success(attribute, difficulty, adv) <= success(attribute + 1, difficulty, adv)
    assert success(attribute, difficulty + 1, adv) <= success(attribute, difficulty, adv)
    floorless = 1 + modifier > difficulty  # no total can fall to the difficulty floor
    if rule.advantage is AdvantageRule.REROLL or floorless:
        # R3 helps whatever the band; keeping the lower die helps only when a lower
        # total is never worse (B1's tests have no difficulty and add only threat)
        assert success(attribute, difficulty, DIS) <= success(attribute, difficulty, NONE)
        assert success(attribute, difficulty, NONE) <= success(attribute, difficulty, ADV)
    if floorless:
        higher = RollUnderRequest(attribute, difficulty, modifier + 1, adv)
        assert roll_under.odds(rule, higher).success <= success(attribute, difficulty, adv)


@given(dc_rules, st.integers(-10, 25), st.integers(-5, 45), advantages)
def test_against_dc_odds_are_well_formed_and_monotone(
    rule: AgainstDCRule, modifier: int, dc: int, adv: Advantage
) -> None:
    adv = allowed(rule, adv)

    def success(mod: int, target: int, a: Advantage = adv) -> Fraction:
        return against_dc.odds(rule, AgainstDCRequest(mod, target, a)).success

    well_formed(against_dc.odds(rule, AgainstDCRequest(modifier, dc, adv)), 20)
    assert success(modifier, dc) <= success(modifier + 1, dc)
    assert success(modifier, dc + 1) <= success(modifier, dc)
    if rule.advantage is not AdvantageRule.NONE:
        assert (
            success(modifier, dc, DIS) <= success(modifier, dc, NONE) <= success(modifier, dc, ADV)
        )


@given(st.sampled_from(SKILL_DIE_SKILL.dice), st.integers(-2, 22), advantages)
def test_skill_die_odds_are_well_formed_and_monotone(die: int, level: int, adv: Advantage) -> None:
    def success(lvl: int, a: Advantage = adv) -> Fraction:
        return skill_die.odds(SKILL_DIE_SKILL, SkillDieRequest(lvl, die, a)).success

    well_formed(skill_die.odds(SKILL_DIE_SKILL, SkillDieRequest(level, die, adv)), die)
    assert success(level) <= success(level + 1)
    assert success(level, DIS) <= success(level, NONE) <= success(level, ADV)
    harder = [d for d in SKILL_DIE_SKILL.dice if d > die]
    for bigger in harder:  # a harder difficulty's die never helps
        assert skill_die.odds(
            SKILL_DIE_SKILL, SkillDieRequest(level, bigger, adv)
        ).success <= success(level)


def in_range(
    result: CheckResult, sides: int, modifier: int, adv: Advantage, rule_advantage: AdvantageRule
) -> None:
    assert all(1 <= face <= sides for face in result.faces)
    assert all(roll.sides == sides and roll.why for roll in result.rolls)
    assert sum(roll.kept for roll in result.rolls) == 1
    assert result.total == result.natural + modifier
    expected_dice = {NONE: 1}.get(adv, 2 if rule_advantage is AdvantageRule.BEST_OF_TWO else None)
    if expected_dice is not None:
        assert len(result.faces) == expected_dice
    assert 1 <= len(result.faces) <= 2
    assert "\n" not in result.explanation
    assert result.explanation.startswith(f"d{sides} ")
    if result.critical is Critical.SUCCESS:
        assert result.success
    if result.critical is Critical.FAILURE:
        assert not result.success


@given(
    roll_under_rules,
    st.integers(1, 20),
    st.integers(-2, 21),
    st.integers(0, 6),
    advantages,
    st.integers(0, 2**32),
)
def test_roll_under_results_stay_in_range(
    rule: RollUnderRule, attribute: int, difficulty: int, modifier: int, adv: Advantage, seed: int
) -> None:
    request = RollUnderRequest(attribute, difficulty, modifier, adv)
    result = roll_under.resolve(rule, request, random.Random(seed))
    in_range(result, 20, modifier, adv, rule.advantage)
    assert result.margin == attribute - result.total
    if result.critical is Critical.NONE:
        under = result.total <= attribute if rule.inclusive else result.total < attribute
        assert result.success == (under and result.total > difficulty)


@given(dc_rules, st.integers(-10, 20), st.integers(1, 40), advantages, st.integers(0, 2**32))
def test_against_dc_results_stay_in_range(
    rule: AgainstDCRule, modifier: int, dc: int, adv: Advantage, seed: int
) -> None:
    adv = allowed(rule, adv)
    result = against_dc.resolve(rule, AgainstDCRequest(modifier, dc, adv), random.Random(seed))
    in_range(result, 20, modifier, adv, rule.advantage)
    assert result.margin == result.total - dc
    assert result.success == (result.margin >= 0)


@given(st.sampled_from(SKILL_DIE_SKILL.dice), st.integers(0, 6), advantages, st.integers(0, 2**32))
def test_skill_die_results_stay_in_range(die: int, level: int, adv: Advantage, seed: int) -> None:
    result = skill_die.resolve(
        SKILL_DIE_SKILL, SkillDieRequest(level, die, adv), random.Random(seed)
    )
    in_range(result, die, 0, adv, SKILL_DIE_SKILL.advantage)
    assert result.margin == level - result.natural
    assert result.success == (result.natural <= level)
    assert result.critical is Critical.NONE  # a skill check is binary


@given(roll_under_rules, st.integers(1, 20), st.integers(0, 10), advantages, st.integers(0, 2**16))
def test_same_seed_same_result(
    rule: RollUnderRule, attribute: int, modifier: int, adv: Advantage, seed: int
) -> None:
    # RULINGS G1: a seeded source replays to the same dice.
    request = RollUnderRequest(attribute, 0, modifier, adv)
    first = roll_under.resolve(rule, request, random.Random(seed))
    assert roll_under.resolve(rule, request, random.Random(seed)) == first


# -- No global random (RULINGS G1) -----------------------------------------------------------


def test_checks_never_touch_the_global_random(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a check drew from the global random module")

    for name in (
        "random", "randrange", "randint", "choice", "choices", "sample", "shuffle",
        "uniform", "getrandbits", "randbytes", "seed",
    ):  # fmt: skip
        monkeypatch.setattr(random, name, refuse)
    for module in (roll_under, against_dc, skill_die, engine):
        assert "random" not in vars(module)  # not even imported at run time
    rng = random.Random(7)
    for adv in ALL_ADVANTAGES:
        # new numbers, so the face tables are built under the patch too
        roll_under.resolve(REDHACK, RollUnderRequest(11, 7, 0, adv, "patched"), rng)
        roll_under.resolve(BLACK_SWORD_HACK_TEST, RollUnderRequest(11, 0, 3, adv, "patched"), rng)
        against_dc.resolve(SKILL_DIE_ABILITY, AgainstDCRequest(3, 17, adv, "patched"), rng)
        skill_die.resolve(SKILL_DIE_SKILL, SkillDieRequest(2, 10, adv, "patched"), rng)
        roll_under.odds(REDHACK, RollUnderRequest(11, 8, 0, adv))
        against_dc.odds(SKILL_DIE_ABILITY, AgainstDCRequest(3, 18, adv))
        skill_die.odds(SKILL_DIE_SKILL, SkillDieRequest(2, 12, adv))
        core_rules.resolve(TestRequest("STR", 11, 6), rng)
    against_dc.resolve(FANTASY_HACK_TO_HIT, AgainstDCRequest(4, 16, label="patched"), rng)
    with pytest.raises(AssertionError, match="global random"):
        random.randrange(20)  # the patch is in force


def test_odds_in_words_name_only_the_criticals_the_rule_has() -> None:
    """F3: fantasy-hack's to-hit has a critical hit (a natural 20 that hits) and no
    fumble, so its odds never say "critical failure 0.00%" (docs/rulings.md H470);
    skill-die's ability check (S5) names no critical; a rule with both, as
    TestOdds.describe (redhack's line, R1, unchanged)."""
    from hacktable.rules.checks.against_dc import describe_odds, odds

    to_hit = odds(FANTASY_HACK_TO_HIT, AgainstDCRequest(6, 13))
    assert describe_odds(FANTASY_HACK_TO_HIT, to_hit) == "success 70.00% (critical 5.00%)"
    plain = odds(SKILL_DIE_ABILITY, AgainstDCRequest(2, 12))
    assert describe_odds(SKILL_DIE_ABILITY, plain) == "success 55.00%"
    rule = AgainstDCRule(
        "both", Naturals(success=frozenset({20}), failure=frozenset({1})), AdvantageRule.NONE
    )
    both = odds(rule, AgainstDCRequest(0, 11))
    assert describe_odds(rule, both) == both.describe()
    assert describe_odds(rule, both).endswith("critical failure 5.00%")
