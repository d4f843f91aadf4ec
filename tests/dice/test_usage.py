"""Usage dice: the chain and step-down (redhack: Core Rules > Usage & Duration Dice; G3)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hacktable.dice import Advantage, UsageDie, roll_usage
from hacktable.errors import DiceSyntaxError, RuleError

from ..helpers import Faces


def test_chain_steps_down_to_exhausted() -> None:
    die = UsageDie.UD20
    chain = [die]
    while not die.exhausted:
        die = die.step_down()
        chain.append(die)
    assert [str(d) for d in chain] == ["ud20", "ud12", "ud10", "ud8", "ud6", "ud4", "exhausted"]


def test_parse() -> None:
    assert UsageDie.parse("ud6") is UsageDie.UD6
    assert UsageDie.parse("UD12") is UsageDie.UD12
    assert UsageDie.parse(8) is UsageDie.UD8
    for bad in ("ud7", "ud0", "d3", "torch", ""):
        with pytest.raises(DiceSyntaxError):
            UsageDie.parse(bad)


@pytest.mark.parametrize(
    ("face", "after"), [(1, UsageDie.UD4), (2, UsageDie.UD4), (3, UsageDie.UD6)]
)
def test_one_or_two_steps_down(face: int, after: UsageDie) -> None:
    result = roll_usage(UsageDie.UD6, Faces(face))
    assert result.after is after
    assert result.stepped_down == (face <= 2)


def test_one_or_two_on_a_ud4_exhausts() -> None:
    result = roll_usage(UsageDie.UD4, Faces(2))
    assert result.after is UsageDie.EXHAUSTED
    assert result.explain() == "ud4 2: exhausted"
    with pytest.raises(RuleError):
        roll_usage(UsageDie.EXHAUSTED, Faces(3))


def test_advantage_keeps_the_higher_face() -> None:
    # RULINGS G2 and R31: a warrior rolls the armourer's tools with advantage.
    result = roll_usage(UsageDie.UD8, Faces(1, 5), Advantage.ADVANTAGE)
    assert result.kept == 5
    assert not result.stepped_down
    assert result.explain() == "ud8 with advantage: 1, 5 -> 5: holds"
    worse = roll_usage(UsageDie.UD8, Faces(1, 5), Advantage.DISADVANTAGE)
    assert worse.after is UsageDie.UD6


@given(st.sampled_from([d for d in UsageDie if not d.exhausted]), st.integers(0, 2**32))
def test_a_usage_die_only_steps_down(die: UsageDie, seed: int) -> None:
    rng = random.Random(seed)
    while not die.exhausted:
        result = roll_usage(die, rng)
        assert result.after <= die
        assert result.after in (die, die.step_down())
        die = result.after


def test_step_down_odds_match_two_in_n() -> None:
    rng = random.Random(3)
    trials = 40_000
    downs = sum(roll_usage(UsageDie.UD8, rng).stepped_down for _ in range(trials))
    assert abs(downs / trials - 2 / 8) < 0.01
