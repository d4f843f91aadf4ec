"""redhack: Core Rules. Tests: resolution, advantage, odds, modifiers, opposed and monster rolls.

redhack: Core Rules > Tests, Advantage & Disadvantage, Bonuses & Penalties, Attributes
and Modifiers, Attributes Above 19, Opposed Rolls, Monster Rolls, Saving Throws &
Effect Tests; RULINGS R1-R5.

A test rolls d20. A natural 20 always succeeds (a critical success), a natural 1
always fails (a critical failure); otherwise it succeeds when
``difficulty < roll <= attribute`` (R1). A bonus adds to the attribute and a penalty to
the difficulty; an attribute over 19 counts as 19 and every point over is taken off the
difficulty (R2). Advantage rerolls a failure and takes the second roll unless it is a
natural 1; disadvantage rerolls a success and takes the second unless it is a natural
20 (R3).
"""

from __future__ import annotations

import random

from ...dice.value import Value
from ...rules.checks import roll_under
from ...rules.checks.engine import play
from ...rules.checks.roll_under import RollUnderRequest, RollUnderRule
from ...rules.checks.values import AdvantageRule, Naturals
from ...rules.resolution import TestKind, TestOdds, TestRequest, TestResult

__all__ = [
    "MAX_ATTRIBUTE",
    "TEST_RULE",
    "OpposedResult",
    "above_19",
    "effect_request",
    "effective",
    "modifier",
    "monster_request",
    "odds",
    "opposed",
    "resolve",
    "score_label",
]

MAX_ATTRIBUTE = 19
"""The effective attribute's cap; points above it reduce the difficulty (R2)."""

TEST_RULE = RollUnderRule(
    name="redhack",
    naturals=Naturals(success=frozenset({20}), failure=frozenset({1})),
    advantage=AdvantageRule.REROLL,
    inclusive=True,
)
"""redhack's test as a roll-under check rule (RULINGS R1, R3): success when
``difficulty < roll <= attribute``; a natural 20 always succeeds (critical success) and
a natural 1 always fails (critical failure); advantage rerolls a failure and takes the
second roll unless it is a natural 1, disadvantage rerolls a success and takes the
second unless it is a natural 20."""


def modifier(score: int) -> int:
    """The attribute modifier of a score (redhack: Core Rules > Attributes and
    Modifiers; RULINGS R4).

    3 or lower: -3; 4-5: -2; 6-8: -1; 9-12: 0; 13-15: +1; 16-17: +2; 18 and up: +3.

    >>> [modifier(s) for s in (3, 4, 5, 8, 9, 12, 13, 16, 18, 19)]
    [-3, -2, -2, -1, 0, 0, 1, 2, 3, 3]
    """
    if score <= 3:
        return -3
    if score <= 5:
        return -2
    if score <= 8:
        return -1
    if score <= 12:
        return 0
    if score <= 15:
        return 1
    if score <= 17:
        return 2
    return 3


def effective(score: int, difficulty: int, bonus: int = 0, penalty: int = 0) -> tuple[int, int]:
    """The effective attribute and difficulty of a test (RULINGS R2).

    Returns:
        ``(attribute, difficulty)``: the attribute with its bonus, at most 19, and the
        difficulty with its penalty, less every point the attribute went over 19.

    >>> effective(18, 5, bonus=3)  # STR 18 with a +3 sword against AC 5: "19 (2)"
    (19, 3)
    """
    attribute = score + bonus
    excess = max(0, attribute - MAX_ATTRIBUTE)
    return min(attribute, MAX_ATTRIBUTE), difficulty + penalty - excess


def score_label(attribute: str, score: int, bonus: int = 0) -> str:
    """The attribute as the text writes it: ``"STR 19 (2)"`` when over 19 (R2).

    >>> score_label("STR", 18, 3)
    'STR 19 (2)'
    """
    total = score + bonus
    if total > MAX_ATTRIBUTE:
        return f"{attribute} {MAX_ATTRIBUTE} ({total - MAX_ATTRIBUTE})"
    return f"{attribute} {total}"


def above_19(request: TestRequest) -> str | None:
    """How an attribute pushed over 19 is read, in words, or ``None`` when it is not:
    the cap and the difficulty it takes off (redhack: Core Rules > Attributes Above 19;
    RULINGS R2; issue 10 §8: a cap that changes a number says so).

    >>> above_19(TestRequest("STR", 18, difficulty=4, bonus=3))
    'STR 18 + 3 = 21: counts as STR 19 (2), difficulty 4 -> 2 (RULINGS R2)'
    """
    total = request.score + request.bonus
    if total <= MAX_ATTRIBUTE:
        return None
    _, difficulty = effective(request.score, request.difficulty, request.bonus, request.penalty)
    label = score_label(request.attribute, request.score, request.bonus)
    return (
        f"{request.attribute} {request.score} + {request.bonus} = {total}: counts as "
        f"{label}, difficulty {request.difficulty + request.penalty} -> {difficulty} "
        "(RULINGS R2)"
    )


def resolve(request: TestRequest, rng: random.Random) -> TestResult:
    """Roll a redhack test (RULINGS R1-R3): the neutral roll-under check with
    :data:`TEST_RULE`, on the effective attribute and difficulty (R2).

    Args:
        request: the test; its advantage is the net of its sources.
        rng: the random source (RULINGS G1).

    Returns:
        The result, with every face rolled and an explanation such as
        ``"d20 14 > STR 13: fail; advantage reroll 9: success"``.

    >>> import random
    >>> r = resolve(TestRequest("WIS", 12, difficulty=4), random.Random(2))
    >>> r.faces, r.success
    ((2,), False)
    """
    attribute, difficulty = effective(
        request.score, request.difficulty, request.bonus, request.penalty
    )
    label = score_label(request.attribute, request.score, request.bonus)
    # the check's own face table and roll, without building a RollUnderRequest: this is
    # the fight simulator's inner loop (benchmarks/tests_per_second.py)
    table = roll_under.face_table(TEST_RULE, attribute, difficulty, 0, label)
    check = play(table, request.advantage, rng)
    return TestResult(
        request=request,
        faces=check.faces,
        kept=check.natural,
        success=check.success,
        critical=check.critical,
        score=attribute,
        difficulty=difficulty,
        explanation=check.explanation,
    )


def odds(request: TestRequest) -> TestOdds:
    """The exact odds of a test, by enumerating every face (and pair of faces under
    advantage or disadvantage) as RULINGS R1-R3 resolve them (the neutral roll-under
    check's odds with :data:`TEST_RULE`).

    >>> odds(TestRequest("WIS", 12, difficulty=4)).success  # 5-12 or a 20
    Fraction(9, 20)
    """
    attribute, difficulty = effective(
        request.score, request.difficulty, request.bonus, request.penalty
    )
    return roll_under.odds(TEST_RULE, RollUnderRequest(attribute, difficulty, 0, request.advantage))


def monster_request(hd: int, difficulty: int = 1, **fields: object) -> TestRequest:
    """A monster's test: HD + 10 is its attribute (redhack: Core Rules > Monster Rolls;
    RULINGS R5). A save against an effect not from a player is this with difficulty 1.

    Raises:
        ValueError: ``hd`` is negative.
    """
    if hd < 0:
        raise ValueError(f"HD cannot be negative: {hd}")
    base = TestRequest("HD+10", hd + 10, difficulty, kind=TestKind.MONSTER)
    return base.replace(**fields)


def effect_request(attribute: str, score: int, target_hd: int, **fields: object) -> TestRequest:
    """An effect test: the player's attribute against the target's HD as difficulty
    (redhack: Core Rules > Saving Throws & Effect Tests).

    Raises:
        ValueError: ``target_hd`` is negative.
    """
    if target_hd < 0:
        raise ValueError(f"HD cannot be negative: {target_hd}")
    base = TestRequest(attribute, score, target_hd, kind=TestKind.EFFECT)
    return base.replace(**fields)


class OpposedResult(Value):
    """An opposed roll (redhack: Core Rules > Opposed Rolls).

    A :class:`~hacktable.dice.value.Value` (immutable, compared and printed as a frozen
    dataclass), as this module's other values are: one-shot ``hacktable test`` imports
    it and must start fast.

    Attributes:
        rounds: each round's pair of results; more than one when a tie was rerolled.
        winner: 0 if the first side won, 1 the second, ``None`` for a draw.
        reason: why, in words.
    """

    __slots__ = ("reason", "rounds", "winner")
    __match_args__ = ("rounds", "winner", "reason")
    rounds: tuple[tuple[TestResult, TestResult], ...]
    winner: int | None
    reason: str

    def __init__(
        self, rounds: tuple[tuple[TestResult, TestResult], ...], winner: int | None, reason: str
    ) -> None:
        self._set(rounds=rounds, winner=winner, reason=reason)


def opposed(
    first: TestRequest, second: TestRequest, rng: random.Random, ties: str = "reroll"
) -> OpposedResult:
    """Resolve an opposed roll: a success beats a failure; otherwise the higher roll
    wins (redhack: Core Rules > Opposed Rolls).

    The text leaves an exact tie open; the campaign setting ``opposed_ties`` decides:
    ``"reroll"`` (default: both roll again, up to 20 times, then a draw) or ``"draw"``.

    Raises:
        ValueError: ``ties`` is neither ``"reroll"`` nor ``"draw"``.
    """
    if ties not in ("reroll", "draw"):
        raise ValueError(f"ties must be 'reroll' or 'draw', not {ties!r}")
    rounds: list[tuple[TestResult, TestResult]] = []
    for _ in range(20):
        a, b = resolve(first, rng), resolve(second, rng)
        rounds.append((a, b))
        if a.success != b.success:
            winner = 0 if a.success else 1
            return OpposedResult(tuple(rounds), winner, "only one side succeeded")
        if a.kept != b.kept:
            winner = 0 if a.kept > b.kept else 1
            both = "succeeded" if a.success else "failed"
            return OpposedResult(tuple(rounds), winner, f"both {both}; the higher roll wins")
        if ties == "draw":
            break
    return OpposedResult(tuple(rounds), None, "a tie")
