"""black-sword-hack's attribute test: a d20 strictly under the attribute (RULINGS B1).

black-sword-hack 2.1 (every attack and defence is an attribute test); RULINGS B1: the
d20 must be below the attribute (a roll equal to it fails); a natural 1 is a critical
success and a natural 20 a critical failure, read from the natural die whatever is
added; advantage rolls 2d20 and keeps the lower, disadvantage the higher, and their
sources cancel one for one. The threat level (2.1.5) is added to the d20 of attack
tests: the request's ``modifier``. A request's ``bonus`` is added to the attribute;
there is no difficulty (a request's ``difficulty`` and ``penalty`` are not read).

>>> odds(TestRequest("STR", 12)).success  # STR 12: 1-11 hit, 12 and up miss
Fraction(11, 20)
"""

from __future__ import annotations

from functools import lru_cache

from ...rules.checks import roll_under
from ...rules.checks.engine import play
from ...rules.checks.roll_under import RollUnderRequest, RollUnderRule
from ...rules.checks.values import AdvantageRule, Naturals
from ...rules.resolution import TestOdds, TestRequest, TestResult

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

__all__ = ["TEST_RULE", "odds", "resolve", "rule", "score_label", "threat"]

TEST_RULE = RollUnderRule(
    name="black-sword-hack",
    naturals=Naturals(success=frozenset({1}), failure=frozenset({20})),
    advantage=AdvantageRule.BEST_OF_TWO,
    inclusive=False,
)
"""The test as a roll-under check rule (RULINGS B1)."""


@lru_cache(maxsize=8)
def rule(critical: int = 1) -> RollUnderRule:
    """The test's rule when natural faces up to ``critical`` are critical successes (a
    gift's wider critical range, :mod:`.effects`); 1 is :data:`TEST_RULE`.

    Raises:
        ValueError: ``critical`` is not 1 to 19.
    """
    if not 1 <= critical <= 19:
        raise ValueError(f"a critical range of 1 to {critical} leaves no test")
    if critical == 1:
        return TEST_RULE
    faces = frozenset(range(1, critical + 1))
    return RollUnderRule(
        "black-sword-hack", Naturals(faces, frozenset({20})), AdvantageRule.BEST_OF_TWO, False
    )


def threat(character_level: int, opponent_level: int) -> int:
    """The threat level added to the d20 of attack tests: the level difference when the
    opponent's level is higher, else nothing (black-sword-hack 2.1.5; RULINGS B1).

    >>> threat(1, 4), threat(4, 1), threat(3, 3)
    (3, 0, 0)
    """
    return max(0, opponent_level - character_level)


def score_label(request: TestRequest) -> str:
    """The attribute as the explanation shows it: ``"STR 12"`` (``"STR 13 (12+1)"``
    with a bonus)."""
    total = request.score + request.bonus
    if request.bonus:
        return f"{request.attribute} {total} ({request.score}{request.bonus:+d})"
    return f"{request.attribute} {total}"


def resolve(request: TestRequest, rng: random.Random, critical: int = 1) -> TestResult:
    """Roll a test (RULINGS B1): every face rolled, the one kept and why.

    Args:
        request: the test; its advantage is the net of its sources; its ``modifier``
            is added to the die (the threat level).
        rng: the random source (RULINGS G1).
        critical: natural faces up to this are critical successes (1 by the rules; a
            gift may widen it).
    """
    attribute = request.score + request.bonus
    table = roll_under.face_table(
        rule(critical), attribute, 0, request.modifier, score_label(request)
    )
    check = play(table, request.advantage, rng)
    return TestResult(
        request=request,
        faces=check.faces,
        kept=check.natural,
        success=check.success,
        critical=check.critical,
        score=attribute,
        difficulty=0,
        explanation=check.explanation,
    )


def odds(request: TestRequest, critical: int = 1) -> TestOdds:
    """The exact odds of a test by enumerating every face, and every pair under
    advantage or disadvantage (RULINGS B1).

    >>> odds(TestRequest("STR", 12)).success  # 1-11 of 20
    Fraction(11, 20)
    """
    return roll_under.odds(
        rule(critical),
        RollUnderRequest(request.score + request.bonus, 0, request.modifier, request.advantage),
    )
