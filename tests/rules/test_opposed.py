"""Opposed checks (fantasy-hack Part III, RULINGS F5): the Ottvar example's opposed
rolls, ties, every die in the explanation, exact odds against brute force over every
pair of faces, and seeded sampling."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from hacktable.dice import Advantage
from hacktable.errors import RuleError, RulesDataError
from hacktable.rules.checks import (
    FANTASY_HACK_OPPOSED,
    AdvantageRule,
    OpposedRule,
    Side,
    Tie,
    Winner,
    opposed,
)

from ..helpers import Faces

ADV, NONE, DIS = Advantage.ADVANTAGE, Advantage.NONE, Advantage.DISADVANTAGE
BEST = OpposedRule("test", Tie.RESISTING, AdvantageRule.BEST_OF_TWO)


def test_ottvar_mugger_sneaks_23_against_15() -> None:
    """Part III: the mugger's total is 23 (with the GM's +5); Ottvar rolls 15."""
    mugger, ottvar = Side("Mugger", 3 + 5), Side("Ottvar", 0)
    result = opposed.resolve(FANTASY_HACK_OPPOSED, mugger, ottvar, Faces(15, 15))
    assert (result.active.total, result.resisting.total) == (23, 15)
    assert result.winner is Winner.ACTIVE
    assert result.margin == 8
    assert result.explanation == "Mugger d20 15 + 8 = 23 against Ottvar d20 15: Mugger wins by 8"


def test_ottvar_break_away_16_against_7_and_the_first_chase_round_by_4() -> None:
    """Part III: the thief's 16 breaks away from Ottvar's 7; the first chase round the
    thief wins by 4, under F5's 10 that ends a chase."""
    thief, ottvar = Side("Thief", 4), Side("Ottvar", 0)
    away = opposed.resolve(FANTASY_HACK_OPPOSED, thief, ottvar, Faces(12, 7))
    assert away.winner is Winner.ACTIVE
    assert (away.active.total, away.resisting.total) == (16, 7)
    chase = opposed.resolve(FANTASY_HACK_OPPOSED, thief, ottvar, Faces(10, 10))
    assert chase.margin == 4
    assert abs(chase.margin) < 10


def test_f5_the_active_side_must_beat_a_tie() -> None:
    result = opposed.resolve(
        FANTASY_HACK_OPPOSED, Side("Thief", 4), Side("Ottvar", 0), Faces(12, 16)
    )
    assert result.margin == 0
    assert result.winner is Winner.RESISTING
    assert result.explanation.endswith("a tie goes to Ottvar (ties: the resisting side)")
    active = OpposedRule("t", Tie.ACTIVE)
    assert opposed.resolve(active, Side("A", 0), Side("B", 0), Faces(5, 5)).winner is Winner.ACTIVE
    neither = OpposedRule("t", Tie.NEITHER)
    standoff = opposed.resolve(neither, Side("A", 0), Side("B", 0), Faces(5, 5))
    assert standoff.winner is Winner.NEITHER
    assert standoff.explanation.endswith("a tie: nobody wins")


def test_advantage_keeps_the_higher_and_records_both_dice() -> None:
    result = opposed.resolve(BEST, Side("A", 2, ADV), Side("B", -1, DIS), Faces(5, 17, 9, 3))
    assert result.active.face == 17
    assert result.resisting.face == 3
    assert [roll.face for roll in result.rolls] == [5, 17, 9, 3]
    assert [roll.kept for roll in result.rolls] == [False, True, False, True]
    assert result.explanation == (
        "A d20 5 and 17, advantage keeps the higher: 17 + 2 = 19 against "
        "B d20 9 and 3, disadvantage keeps the lower: 3 - 1 = 2: A wins by 17"
    )
    assert result.rolls[1].why == "the higher of two (advantage)"
    assert result.rolls[2].why == "set aside: the higher of two (disadvantage)"


def test_rules_refuse_what_they_do_not_have() -> None:
    with pytest.raises(RuleError):
        opposed.resolve(FANTASY_HACK_OPPOSED, Side("A", 0, ADV), Side("B", 0), Faces(1, 1))
    with pytest.raises(RuleError):
        opposed.odds(FANTASY_HACK_OPPOSED, Side("A", 0), Side("B", 0, DIS))
    with pytest.raises(RulesDataError):
        OpposedRule("t", Tie.ACTIVE, AdvantageRule.REROLL)
    with pytest.raises(RulesDataError):
        OpposedRule("t", Tie.ACTIVE, die=1)


def _kept(faces: tuple[int, ...], advantage: Advantage) -> int:
    return max(faces) if advantage is ADV else min(faces) if advantage is DIS else faces[0]


def _brute(rule: OpposedRule, active: Side, resisting: Side) -> tuple[Fraction, Fraction, Fraction]:
    """Every die each side could roll, resolved through :func:`opposed.resolve`."""
    count = {a: 1 if a is NONE else 2 for a in (ADV, NONE, DIS)}
    n = count[active.advantage] + count[resisting.advantage]
    wins = losses = ties = 0
    outcomes = list(itertools.product(range(1, rule.die + 1), repeat=n))
    for faces in outcomes:
        result = opposed.resolve(rule, active, resisting, Faces(*faces))
        a = _kept(faces[: count[active.advantage]], active.advantage)
        assert result.active.face == a  # the kept die is the one the rule names
        wins += result.winner is Winner.ACTIVE
        losses += result.winner is Winner.RESISTING
        ties += result.margin == 0
    total = len(outcomes)
    return Fraction(wins, total), Fraction(losses, total), Fraction(ties, total)


@pytest.mark.parametrize("ties", list(Tie))
@pytest.mark.parametrize("modifiers", [(0, 0), (5, 0), (-3, 7), (25, 0)])
def test_odds_equal_brute_force_over_every_face(ties: Tie, modifiers: tuple[int, int]) -> None:
    rule = OpposedRule("t", ties)
    active, resisting = Side("A", modifiers[0]), Side("B", modifiers[1])
    got = opposed.odds(rule, active, resisting)
    assert (got.active, got.resisting, got.tie) == _brute(rule, active, resisting)
    assert sum(opposed.margin_distribution(rule, active, resisting).values()) == 1


@pytest.mark.parametrize(("a", "b"), [(ADV, NONE), (NONE, DIS), (ADV, DIS), (DIS, ADV)])
def test_advantage_odds_equal_brute_force_on_small_dice(a: Advantage, b: Advantage) -> None:
    rule = OpposedRule("t", Tie.RESISTING, AdvantageRule.BEST_OF_TWO, die=6)
    active, resisting = Side("A", 1, a), Side("B", 0, b)
    got = opposed.odds(rule, active, resisting)
    assert (got.active, got.resisting, got.tie) == _brute(rule, active, resisting)


def test_face_distribution_is_the_two_dice_count() -> None:
    for advantage in (ADV, NONE, DIS):
        dist = opposed.face_distribution(20, advantage)
        assert sum(dist) == 1
        if advantage is not NONE:
            pairs = list(itertools.product(range(1, 21), repeat=2))
            for face in range(1, 21):
                hits = sum(_kept(pair, advantage) == face for pair in pairs)
                assert dist[face - 1] == Fraction(hits, 400)


def test_chase_margin_of_10_odds() -> None:
    """F5: a margin of 10 or more ends a chase; even sides: 55/400 each way."""
    even = (Side("A", 0), Side("B", 0))
    escape = opposed.margin_at_least(FANTASY_HACK_OPPOSED, *even, 10)
    assert escape == Fraction(
        sum(1 for a in range(1, 21) for b in range(1, 21) if a - b >= 10), 400
    )
    assert escape == Fraction(55, 400)
    mounted = opposed.margin_at_least(FANTASY_HACK_OPPOSED, Side("A", 10), Side("B", 0), 10)
    assert mounted == Fraction(210, 400)


def test_seeded_rolls_agree_with_the_odds() -> None:
    rng = random.Random(11)
    active, resisting = Side("A", 3, ADV), Side("B", 2)
    n = 40_000
    wins = sum(
        opposed.resolve(BEST, active, resisting, rng).winner is Winner.ACTIVE for _ in range(n)
    )
    p = float(opposed.odds(BEST, active, resisting).active)
    assert abs(wins / n - p) < 4 * (p * (1 - p) / n) ** 0.5
    again = random.Random(11)
    assert opposed.resolve(BEST, active, resisting, again) == opposed.resolve(
        BEST, active, resisting, random.Random(11)
    )


def test_each_side_may_roll_from_its_own_source() -> None:
    """RULINGS G5 (H248): a player's entered die is their side's alone; the foe's side
    draws from the GM's source, and neither source is touched by the other side."""
    mine, gm = Faces(20), Faces(3)
    result = opposed.resolve(
        FANTASY_HACK_OPPOSED, Side("foe", 8), Side("Ottvar", 1), mine, active_rng=gm
    )
    assert (result.active.face, result.resisting.face) == (3, 20)
    assert result.margin == 11 - 21
