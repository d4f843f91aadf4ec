"""Values for tests: what is asked, what the dice said, and the exact odds.

A test request names the attribute and its score, the difficulty, bonuses, penalties
and every source of advantage or disadvantage (so the log can say why). A ruleset's
``resolve_test`` turns it into a :class:`TestResult` using the caller's random source;
its ``test_odds`` gives the exact :class:`TestOdds` by enumeration.

The three values are :class:`~hacktable.dice.value.Value` classes, not dataclasses:
one-shot ``hacktable test`` and ``odds`` build them and must start fast (see that
module). They are immutable, compare, hash and print as frozen dataclasses do, and
:meth:`~hacktable.dice.value.Value.replace` copies one with changes.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

from ..dice.advantage import Advantage
from ..dice.value import Value

__all__ = ["Critical", "TestKind", "TestOdds", "TestRequest", "TestResult"]


class Critical(Enum):
    """Whether a test's kept roll was a critical."""

    NONE = "none"
    SUCCESS = "critical success"
    FAILURE = "critical failure"


class TestKind(Enum):
    """What a test is for. Every kind is still an attribute test (redhack: Core Rules >
    Types of Test), but saves, attacks and others may take their own modifiers."""

    __test__ = False  # not a pytest test class

    TEST = "test"
    SAVE = "saving throw"
    EFFECT = "effect test"
    ATTACK = "attack"
    DEFENCE = "defence"
    MONSTER = "monster test"
    INITIATIVE = "initiative"
    SURPRISE = "surprise"
    MORALE = "morale"


class TestRequest(Value):
    """A test to be rolled.

    Attributes:
        attribute: the attribute's name, e.g. ``"STR"`` (``"HD+10"`` for a monster).
        score: the attribute's score (redhack: 3-18 at creation, capped 2-19).
        difficulty: the difficulty (redhack: 1 when none is stated, RULINGS R1).
        bonus: added to the attribute (RULINGS R2).
        penalty: added to the difficulty (RULINGS R2).
        advantages: the sources of advantage, in words (``"GM"``, ``"Thief skills"``).
        disadvantages: the sources of disadvantage, in words.
        kind: what the test is for.
        who: whose test it is, for the log (``""`` if nobody in particular).
        purpose: what it is for, as words that follow the test's kind in the log
            (``"for climbing"``, ``"with a sword against Goblin 2"``), or ``""``.
        modifier: added to the die's face (black-sword-hack: the threat level on attack
            tests, RULINGS B1); 0 in redhack, whose bonuses and penalties move the
            attribute and the difficulty instead.
    """

    __test__ = False  # not a pytest test class

    __slots__ = (
        "advantages",
        "attribute",
        "bonus",
        "difficulty",
        "disadvantages",
        "kind",
        "modifier",
        "penalty",
        "purpose",
        "score",
        "who",
    )
    __match_args__ = (
        "attribute",
        "score",
        "difficulty",
        "bonus",
        "penalty",
        "advantages",
        "disadvantages",
        "kind",
        "who",
        "purpose",
        "modifier",
    )
    attribute: str
    score: int
    difficulty: int
    bonus: int
    penalty: int
    advantages: tuple[str, ...]
    disadvantages: tuple[str, ...]
    kind: TestKind
    who: str
    purpose: str
    modifier: int

    def __init__(
        self,
        attribute: str,
        score: int,
        difficulty: int = 1,
        bonus: int = 0,
        penalty: int = 0,
        advantages: tuple[str, ...] = (),
        disadvantages: tuple[str, ...] = (),
        kind: TestKind = TestKind.TEST,
        who: str = "",
        purpose: str = "",
        modifier: int = 0,
    ) -> None:
        init = object.__setattr__  # a hot path: the fight simulator builds many
        init(self, "attribute", attribute)
        init(self, "score", score)
        init(self, "difficulty", difficulty)
        init(self, "bonus", bonus)
        init(self, "penalty", penalty)
        init(self, "advantages", advantages)
        init(self, "disadvantages", disadvantages)
        init(self, "kind", kind)
        init(self, "who", who)
        init(self, "purpose", purpose)
        init(self, "modifier", modifier)

    @property
    def advantage(self) -> Advantage:
        """The net advantage: sources cancel one for one (RULINGS R3)."""
        return Advantage.net(len(self.advantages), len(self.disadvantages))


class TestResult(Value):
    """A rolled test.

    Attributes:
        request: what was asked.
        faces: every d20 face rolled, in order (two when advantage or disadvantage
            called for a reroll).
        kept: the face that stands; in opposed rolls it is the strength of the result.
        success: whether the test succeeded.
        critical: whether the kept roll was a critical success or failure.
        score: the effective attribute after bonuses (redhack: at most 19).
        difficulty: the effective difficulty after penalties and difficulty reduction.
        explanation: the dice in words, e.g. ``"d20 14 > STR 13: fail; advantage
            reroll 9: success"``.
    """

    __test__ = False  # not a pytest test class

    __slots__ = (
        "critical",
        "difficulty",
        "explanation",
        "faces",
        "kept",
        "request",
        "score",
        "success",
    )
    __match_args__ = (
        "request",
        "faces",
        "kept",
        "success",
        "critical",
        "score",
        "difficulty",
        "explanation",
    )
    request: TestRequest
    faces: tuple[int, ...]
    kept: int
    success: bool
    critical: Critical
    score: int
    difficulty: int
    explanation: str

    def __init__(
        self,
        request: TestRequest,
        faces: tuple[int, ...],
        kept: int,
        success: bool,
        critical: Critical,
        score: int,
        difficulty: int,
        explanation: str,
    ) -> None:
        init = object.__setattr__  # a hot path: every test rolled
        init(self, "request", request)
        init(self, "faces", faces)
        init(self, "kept", kept)
        init(self, "success", success)
        init(self, "critical", critical)
        init(self, "score", score)
        init(self, "difficulty", difficulty)
        init(self, "explanation", explanation)

    @property
    def outcome(self) -> str:
        """``"success"``, ``"failure"``, ``"critical success"`` or ``"critical failure"``."""
        if self.critical is not Critical.NONE:
            return str(self.critical.value)
        return "success" if self.success else "failure"


class TestOdds(Value):
    """Exact probabilities of a test's outcomes, by enumerating every face.

    Attributes:
        success: probability of success (critical successes included).
        critical_success: probability the kept roll is a critical success.
        critical_failure: probability the kept roll is a critical failure.
    """

    __test__ = False  # not a pytest test class

    __slots__ = ("critical_failure", "critical_success", "success")
    __match_args__ = ("success", "critical_success", "critical_failure")
    success: Fraction
    critical_success: Fraction
    critical_failure: Fraction

    def __init__(
        self, success: Fraction, critical_success: Fraction, critical_failure: Fraction
    ) -> None:
        self._set(
            success=success, critical_success=critical_success, critical_failure=critical_failure
        )

    @property
    def failure(self) -> Fraction:
        """Probability of failure (critical failures included)."""
        return 1 - self.success

    def percentages(self) -> dict[str, float]:
        """The odds as percentages rounded to 0.01."""
        return {
            "success": round(float(self.success) * 100, 2),
            "critical_success": round(float(self.critical_success) * 100, 2),
            "critical_failure": round(float(self.critical_failure) * 100, 2),
        }

    def describe(self) -> str:
        """E.g. ``"success 45.00% (critical 5.00%), critical failure 5.00%"``."""
        p = self.percentages()
        return (
            f"success {p['success']:.2f}% (critical {p['critical_success']:.2f}%), "
            f"critical failure {p['critical_failure']:.2f}%"
        )
