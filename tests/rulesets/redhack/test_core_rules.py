"""redhack: Core Rules. Every worked example of the text, RULINGS R1-R5, exact odds."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hacktable.dice import Advantage
from hacktable.rules import Critical, TestKind, TestRequest
from hacktable.rulesets.redhack.core_rules import (
    effect_request,
    effective,
    modifier,
    monster_request,
    odds,
    opposed,
    resolve,
    score_label,
)

from ...helpers import Faces


def outcome(request: TestRequest, *faces: int) -> bool:
    return resolve(request, Faces(*faces)).success


# -- Tests (R1) ------------------------------------------------------------------------


def test_wis_12_against_difficulty_4() -> None:
    # redhack: Core Rules > Tests: "a WIS test with a difficulty of 4 and your WIS is 12,
    # then to succeed you must either roll between 5 and 12, or score a natural 20".
    request = TestRequest("WIS", 12, difficulty=4)
    succeeding = [face for face in range(1, 21) if outcome(request, face)]
    assert succeeding == [5, 6, 7, 8, 9, 10, 11, 12, 20]
    assert odds(request).success == Fraction(9, 20)


def test_no_stated_difficulty_is_1() -> None:
    request = TestRequest("STR", 10)
    assert request.difficulty == 1
    assert [f for f in range(1, 21) if outcome(request, f)] == [*range(2, 11), 20]


def test_naturals_are_critical() -> None:
    hopeless = TestRequest("STR", 3, difficulty=15)
    twenty = resolve(hopeless, Faces(20))
    assert twenty.success
    assert twenty.critical is Critical.SUCCESS
    assert twenty.outcome == "critical success"
    certain = TestRequest("STR", 19)
    one = resolve(certain, Faces(1))
    assert not one.success
    assert one.critical is Critical.FAILURE


def test_explanation_reads_like_the_log() -> None:
    request = TestRequest("STR", 13, advantages=("GM",))
    result = resolve(request, Faces(14, 9))
    assert result.explanation == "d20 14 > STR 13: fail; advantage reroll 9: success"
    assert result.faces == (14, 9)
    assert result.kept == 9


# -- Defence (redhack: Combat > Attacking & Defending) -------------------------------------


def test_unarmoured_dex_14_defends_against_6_hd() -> None:
    # "a character with no armour and 14 DEX is attacked by a 6 HD monster, the player
    # must roll between 7 and 14, or a natural 20."
    request = TestRequest("AC", 14, difficulty=6, kind=TestKind.DEFENCE)
    assert [f for f in range(1, 21) if outcome(request, f)] == [*range(7, 15), 20]


# -- Bonuses, penalties, attributes above 19 (R2) ------------------------------------------


def test_bonus_adds_to_attribute_and_penalty_to_difficulty() -> None:
    assert effective(12, 4, bonus=2, penalty=3) == (14, 7)
    request = TestRequest("WIS", 12, difficulty=4, bonus=2, penalty=3)
    assert [f for f in range(1, 21) if outcome(request, f)] == [8, 9, 10, 11, 12, 13, 14, 20]


def test_str_18_with_a_plus_3_sword_is_19_2() -> None:
    # redhack: Core Rules > Attributes Above 19: "STR 18 ... longsword +3 ... STR of 19 (2)",
    # every foe's AC two points lower.
    assert score_label("STR", 18, 3) == "STR 19 (2)"
    assert effective(18, 5, bonus=3) == (19, 3)
    request = TestRequest("STR", 18, difficulty=5, bonus=3)
    assert [f for f in range(1, 21) if outcome(request, f)] == [*range(4, 21)]


# -- Advantage and disadvantage (R3) --------------------------------------------------------


def test_advantage_rerolls_a_failure() -> None:
    request = TestRequest("STR", 13, advantages=("GM",))
    assert outcome(request, 15, 10)  # fail, reroll succeeds
    assert not outcome(request, 15, 16)  # fail, reroll fails
    result = resolve(request, Faces(15, 1))  # a natural 1 reroll: the first stands
    assert result.kept == 15
    assert result.critical is Critical.NONE
    assert "the first roll stands" in result.explanation
    assert resolve(request, Faces(10)).faces == (10,)  # a success is not rerolled


def test_disadvantage_rerolls_a_success() -> None:
    request = TestRequest("STR", 13, disadvantages=("dark",))
    assert not outcome(request, 10, 15)
    assert outcome(request, 10, 12)
    result = resolve(request, Faces(10, 20))  # a natural 20 reroll: the first stands
    assert result.kept == 10
    assert result.success
    assert result.critical is Critical.NONE
    assert resolve(request, Faces(15)).faces == (15,)  # a failure is not rerolled


def test_sources_cancel_and_do_not_stack() -> None:
    # "disadvantage from two different rules and advantage from one: disadvantage"
    assert Advantage.net(1, 2) is Advantage.DISADVANTAGE
    assert Advantage.net(3, 1) is Advantage.ADVANTAGE
    assert Advantage.net(1, 1) is Advantage.NONE
    both = TestRequest("DEX", 10, advantages=("a",), disadvantages=("b",))
    assert both.advantage is Advantage.NONE
    two_to_one = TestRequest("DEX", 10, advantages=("a",), disadvantages=("b", "c"))
    assert two_to_one.advantage is Advantage.DISADVANTAGE
    assert odds(two_to_one) == odds(TestRequest("DEX", 10, disadvantages=("x",)))


# -- Modifiers (R4) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "expected"),
    [
        (2, -3),
        (3, -3),
        (4, -2),
        (5, -2),
        (6, -1),
        (8, -1),
        (9, 0),
        (12, 0),
        (13, 1),
        (15, 1),
        (16, 2),
        (17, 2),
        (18, 3),
        (19, 3),
    ],
)
def test_modifiers(score: int, expected: int) -> None:
    # "an attribute of 18 has a modifier of +3 ... an attribute of 4 has a -2 penalty"
    assert modifier(score) == expected


# -- Monsters, effect tests, saves (R5) ----------------------------------------------------


def test_monster_tests_use_hd_plus_10() -> None:
    request = monster_request(3)
    assert request.score == 13
    assert request.attribute == "HD+10"
    assert request.kind is TestKind.MONSTER
    with pytest.raises(ValueError, match="negative"):
        monster_request(-1)


def test_effect_test_difficulty_is_the_target_hd() -> None:
    # "the Wizard would roll a WIS effect test for each monster, with a difficulty equal
    # to the monster's Hit Dice"
    request = effect_request("WIS", 14, target_hd=3)
    assert request.difficulty == 3
    assert request.kind is TestKind.EFFECT
    assert [f for f in range(1, 21) if outcome(request, f)] == [*range(4, 15), 20]


# -- Opposed rolls -------------------------------------------------------------------------


def test_opposed_success_beats_failure_then_higher_roll() -> None:
    a = TestRequest("STR", 12)
    b = TestRequest("STR", 15)
    assert opposed(a, b, Faces(10, 17)).winner == 0  # a succeeds, b fails (17 > 15)
    assert opposed(a, b, Faces(10, 14)).winner == 1  # both succeed, 14 > 10
    assert opposed(a, b, Faces(13, 16)).winner == 1  # both fail, 16 > 13
    tie = opposed(a, b, Faces(8, 8, 3, 9))
    assert len(tie.rounds) == 2
    assert tie.winner == 1
    assert opposed(a, b, Faces(8, 8), ties="draw").winner is None


# -- Exact odds ----------------------------------------------------------------------------


def brute_odds(score: int, difficulty: int, advantage: Advantage) -> tuple[Fraction, ...]:
    """A slow, obvious oracle: play out every pair of faces by the text's words."""
    wins = crits = fumbles = 0
    for first in range(1, 21):
        for second in range(1, 21):

            def ok(face: int) -> bool:
                return face == 20 or (face != 1 and difficulty < face <= score)

            kept = first
            if advantage is Advantage.ADVANTAGE and not ok(first) and second != 1:
                kept = second
            if advantage is Advantage.DISADVANTAGE and ok(first) and second != 20:
                kept = second
            wins += ok(kept)
            crits += kept == 20
            fumbles += kept == 1
    return Fraction(wins, 400), Fraction(crits, 400), Fraction(fumbles, 400)


@given(st.integers(1, 19), st.integers(-3, 22), st.sampled_from(list(Advantage)))
def test_odds_match_a_brute_force_oracle(score: int, difficulty: int, adv: Advantage) -> None:
    advantages = ("a",) if adv is Advantage.ADVANTAGE else ()
    disadvantages = ("d",) if adv is Advantage.DISADVANTAGE else ()
    got = odds(
        TestRequest("X", score, difficulty, advantages=advantages, disadvantages=disadvantages)
    )
    assert (got.success, got.critical_success, got.critical_failure) == brute_odds(
        score, difficulty, adv
    )


def test_known_odds() -> None:
    plain = odds(TestRequest("STR", 13))
    assert (plain.success, plain.critical_success, plain.critical_failure) == (
        Fraction(13, 20),
        Fraction(1, 20),
        Fraction(1, 20),
    )
    adv = odds(TestRequest("STR", 13, advantages=("a",)))
    assert adv.success == Fraction(13, 20) + Fraction(7, 20) * Fraction(13, 20)
    assert adv.critical_failure == Fraction(1, 400)
    dis = odds(TestRequest("STR", 13, disadvantages=("d",)))
    assert dis.success == Fraction(13, 20) ** 2
    assert dis.critical_success == Fraction(1, 400)
    assert plain.describe() == "success 65.00% (critical 5.00%), critical failure 5.00%"


@pytest.mark.parametrize(
    "request_",
    [
        TestRequest("WIS", 12, difficulty=4),
        TestRequest("STR", 13, advantages=("a",)),
        TestRequest("DEX", 9, difficulty=3, disadvantages=("d",)),
        TestRequest("STR", 18, difficulty=6, bonus=3, advantages=("a",)),
    ],
)
def test_exact_odds_agree_with_200000_seeded_rolls(request_: TestRequest) -> None:
    rng = random.Random(20261130)
    n = 200_000
    wins = crits = fumbles = 0
    for _ in range(n):
        result = resolve(request_, rng)
        wins += result.success
        crits += result.critical is Critical.SUCCESS
        fumbles += result.critical is Critical.FAILURE
    expected = odds(request_)
    for seen, p in (
        (wins, expected.success),
        (crits, expected.critical_success),
        (fumbles, expected.critical_failure),
    ):
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen / n - float(p)) <= 4.5 * sigma + 1e-12
