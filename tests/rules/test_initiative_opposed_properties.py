"""Properties of the shared ordered initiative and opposed checks (issue 11; the
developers' guide: "property tests for invariants")."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from hacktable.dice.advantage import Advantage
from hacktable.rules.checks import opposed
from hacktable.rules.checks.opposed import OpposedRule, Side, Tie, Winner
from hacktable.rules.checks.values import AdvantageRule
from hacktable.rules.initiative import Combatant, roll_initiative

COMBATANTS = st.lists(
    st.tuples(st.integers(-3, 4), st.one_of(st.none(), st.integers(3, 18))),
    min_size=1,
    max_size=8,
)


@given(COMBATANTS, st.integers(0, 2**32))
def test_the_order_is_a_permutation_sorted_by_total_then_key(
    given_: list[tuple[int, int | None]], seed: int
) -> None:
    """RULINGS F3, S5: highest total first, ties to the higher tie key (DEX), then a
    roll-off that never changes the shown totals."""
    people = [Combatant(f"c{i}", m, k) for i, (m, k) in enumerate(given_)]
    order = roll_initiative(people, random.Random(seed))
    assert sorted(order.names) == sorted(p.name for p in people)
    assert [r.place for r in order.order] == list(range(1, len(people) + 1))
    for roll in order.order:
        assert 1 <= roll.face <= 20
        assert roll.total == roll.face + roll.combatant.modifier  # shown totals kept
        assert all(1 <= f <= 20 for f in roll.roll_offs)
    ranks = [(r.total, r.combatant.key) for r in order.order]
    assert ranks == sorted(ranks, reverse=True)
    for first, second in zip(order.order, order.order[1:], strict=False):
        if (first.total, first.combatant.key) == (second.total, second.combatant.key):
            assert first.roll_offs  # a tie is rolled off: the higher d20 first
            assert first.roll_offs > second.roll_offs
    faces = [r.face for r in sorted(order.order, key=lambda r: people.index(r.combatant))]
    assert list(order.dice[: len(people)]) == faces  # drawn in the order given


SIDE = st.tuples(st.integers(-5, 15), st.sampled_from(list(Advantage)))
RULE = st.builds(
    OpposedRule,
    st.just("test"),
    st.sampled_from(list(Tie)),
    st.sampled_from([AdvantageRule.NONE, AdvantageRule.BEST_OF_TWO]),
    st.sampled_from([4, 6, 10, 20]),
)


def _kept(rule: OpposedRule, advantage: Advantage) -> list[int]:
    """Every equally likely kept face, by enumerating the dice (brute force)."""
    faces = range(1, rule.die + 1)
    if advantage is Advantage.NONE:
        return list(faces)
    pick = max if advantage is Advantage.ADVANTAGE else min
    return [pick(a, b) for a, b in product(faces, faces)]


@settings(deadline=None, max_examples=60)
@given(RULE, SIDE, SIDE)
def test_exact_odds_sum_to_one_and_agree_with_enumeration(
    rule: OpposedRule, mine: tuple[int, Advantage], theirs: tuple[int, Advantage]
) -> None:
    """RULINGS F5 (the one fleeing must beat it), S1 (advantage: the better of two):
    the odds are exact, over every pair of dice."""
    if rule.advantage is AdvantageRule.NONE or rule.die == 20:  # d20 pairs of two: slow
        mine, theirs = (mine[0], Advantage.NONE), (theirs[0], Advantage.NONE)
    active, resisting = Side("A", *mine), Side("B", *theirs)
    odds = opposed.odds(rule, active, resisting)
    margins = opposed.margin_distribution(rule, active, resisting)
    assert sum(margins.values()) == 1
    assert odds.active + odds.resisting + odds.neither == 1
    counts: dict[Winner, int] = dict.fromkeys(Winner, 0)
    ties = 0
    pairs = list(product(_kept(rule, active.advantage), _kept(rule, resisting.advantage)))
    for a, b in pairs:
        margin = a + active.modifier - (b + resisting.modifier)
        ties += margin == 0
        counts[opposed._winner(rule, margin)] += 1
    assert odds.active == Fraction(counts[Winner.ACTIVE], len(pairs))
    assert odds.resisting == Fraction(counts[Winner.RESISTING], len(pairs))
    assert odds.tie == Fraction(ties, len(pairs))
    assert odds.neither == (odds.tie if rule.ties is Tie.NEITHER else 0)
    # the margin distribution agrees with the odds
    assert (
        sum(p for m, p in margins.items() if m > 0) + (odds.tie if rule.ties is Tie.ACTIVE else 0)
        == odds.active
    )
    for margin in (-10, 0, 10):
        assert opposed.margin_at_least(rule, active, resisting, margin) == sum(
            (p for m, p in margins.items() if m >= margin), Fraction(0)
        )


@given(RULE, SIDE, SIDE, st.integers(0, 2**32))
def test_a_resolved_check_has_a_margin_the_odds_allow(
    rule: OpposedRule,
    mine: tuple[int, Advantage],
    theirs: tuple[int, Advantage],
    seed: int,
) -> None:
    """The rolled margin is the totals' difference, has a non-zero chance, and its
    winner is the rule's (ties per :class:`Tie`)."""
    if rule.advantage is AdvantageRule.NONE:
        mine, theirs = (mine[0], Advantage.NONE), (theirs[0], Advantage.NONE)
    active, resisting = Side("A", *mine), Side("B", *theirs)
    result = opposed.resolve(rule, active, resisting, random.Random(seed))
    assert result.margin == result.active.total - result.resisting.total
    assert opposed.margin_distribution(rule, active, resisting)[result.margin] > 0
    assert result.winner is opposed._winner(rule, result.margin)
    kept = [r for r in result.rolls if r.kept]
    assert [r.face for r in kept] == [result.active.face, result.resisting.face]
