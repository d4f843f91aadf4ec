"""Values shared by every check: what naturals mean, how advantage works, the result.

A check rolls one die (two under advantage or disadvantage) and reads each natural face
through its :class:`Verdict`. What differs between rulesets is declared as data in a
check rule (:mod:`.roll_under`, :mod:`.against_dc`, :mod:`.skill_die`), built from the
two small values here: :class:`Naturals` (which natural faces are criticals, and
whether they decide the outcome) and :class:`AdvantageRule` (how a second die is used).

The values are :class:`~hacktable.dice.value.Value` classes, not dataclasses, since
one-shot ``hacktable test`` and ``odds`` build them and must start fast (see that
module); they behave as frozen dataclasses do.
"""

from __future__ import annotations

from enum import Enum

from ...dice.value import Value
from ...errors import RulesDataError
from ..resolution import Critical

__all__ = ["AdvantageRule", "CheckResult", "Naturals", "Roll", "Verdict"]


class AdvantageRule(Enum):
    """How a ruleset's check uses advantage and disadvantage.

    Sources cancel one for one in every ruleset (RULINGS R3, B1); this says what the
    net advantage does to the dice.
    """

    NONE = "none"
    """The ruleset's checks have no advantage (fantasy-hack: RULINGS F1-F6 give none);
    asking for it is a :class:`~hacktable.errors.RuleError`."""

    REROLL = "reroll"
    """RULINGS R3: advantage rerolls a failure and takes the second roll unless it is a
    natural critical failure (then the first stands); disadvantage rerolls a success and
    takes the second unless it is a natural critical success."""

    BEST_OF_TWO = "best of two"
    """RULINGS B1, S1, S2: roll two dice and keep the better for advantage, the worse
    for disadvantage (for roll-under and the skill die the better is the lower)."""


class Naturals(Value):
    """What the natural faces of a check's die mean.

    Attributes:
        success: the natural faces that are a critical success (redhack: 20, RULINGS R1;
            black-sword-hack: 1, B1).
        failure: the natural faces that are a critical failure (redhack: 1; black-sword-
            hack: 20).
        decisive: ``True`` when a critical face decides the outcome whatever the total
            (redhack R1 "always succeeds", "always fails"; B1 "read from the natural
            die whatever is added"); ``False`` when it is a critical only if the total
            agrees (fantasy-hack F3: "a natural 20 that hits").

    Raises:
        RulesDataError: a face is both a critical success and a critical failure, or is
            not a positive number.
    """

    __slots__ = ("decisive", "failure", "success")
    __match_args__ = ("success", "failure", "decisive")
    success: frozenset[int]
    failure: frozenset[int]
    decisive: bool

    def __init__(
        self,
        success: frozenset[int] = frozenset(),
        failure: frozenset[int] = frozenset(),
        decisive: bool = True,
    ) -> None:
        both = success & failure
        if both:
            raise RulesDataError(
                "check rule", "naturals", f"face {min(both)} is both a critical success and failure"
            )
        if any(face < 1 for face in success | failure):
            raise RulesDataError("check rule", "naturals", "a natural face must be 1 or more")
        self._set(success=success, failure=failure, decisive=decisive)

    def judge(self, face: int, success: bool) -> tuple[bool, Critical]:
        """The outcome of natural ``face`` whose total alone gives ``success``.

        >>> Naturals(frozenset({20}), frozenset({1})).judge(20, False)
        (True, <Critical.SUCCESS: 'critical success'>)
        >>> Naturals(frozenset({20}), decisive=False).judge(20, False)
        (False, <Critical.NONE: 'none'>)
        """
        if face in self.success and (self.decisive or success):
            return True, Critical.SUCCESS
        if face in self.failure and (self.decisive or not success):
            return False, Critical.FAILURE
        return success, Critical.NONE


class Verdict(Value):
    """What one natural face of a prepared check gives (one row of its face table).

    Attributes:
        face: the natural face, 1 to the die's size.
        total: the face plus the check's modifier (the face itself where there is none).
        margin: how far the total is on the success side of the target (negative: on
            the failure side); each check says how it is measured.
        success: whether the face succeeds.
        critical: the critical it is, if any.
        shown: the face as the explanation shows it (``"9"``, ``"9 + 3 = 12"``).
        text: the face's verdict in words (``"14 > STR 13: fail"``).
    """

    __slots__ = ("critical", "face", "margin", "shown", "success", "text", "total")
    __match_args__ = ("face", "total", "margin", "success", "critical", "shown", "text")
    face: int
    total: int
    margin: int
    success: bool
    critical: Critical
    shown: str
    text: str

    def __init__(
        self,
        face: int,
        total: int,
        margin: int,
        success: bool,
        critical: Critical,
        shown: str,
        text: str,
    ) -> None:
        init = object.__setattr__  # a hot path: a face table makes one a face
        init(self, "face", face)
        init(self, "total", total)
        init(self, "margin", margin)
        init(self, "success", success)
        init(self, "critical", critical)
        init(self, "shown", shown)
        init(self, "text", text)


class Roll(Value):
    """One die rolled for a check.

    Attributes:
        face: the natural face.
        sides: the die's size (20 for a d20).
        kept: whether this is the roll that stands.
        why: why it was kept or set aside, in words (``"the advantage reroll"``).
    """

    __slots__ = ("face", "kept", "sides", "why")
    __match_args__ = ("face", "sides", "kept", "why")
    face: int
    sides: int
    kept: bool
    why: str

    def __init__(self, face: int, sides: int, kept: bool, why: str) -> None:
        init = object.__setattr__  # a hot path: every die a check rolls
        init(self, "face", face)
        init(self, "sides", sides)
        init(self, "kept", kept)
        init(self, "why", why)


class CheckResult(Value):
    """A rolled check.

    Attributes:
        total: the kept face plus the check's modifier.
        margin: how far the total is on the success side of the target (negative: the
            failure side); each check says how it is measured.
        success: whether the check succeeded.
        critical: the kept roll's critical, if any.
        rolls: every die rolled, in order, each marked kept or not and why.
        explanation: the dice in words on one line, e.g. ``"d20 14 > STR 13: fail;
            advantage reroll 9: success"``.
    """

    __slots__ = ("critical", "explanation", "margin", "rolls", "success", "total")
    __match_args__ = ("total", "margin", "success", "critical", "rolls", "explanation")
    total: int
    margin: int
    success: bool
    critical: Critical
    rolls: tuple[Roll, ...]
    explanation: str

    def __init__(
        self,
        total: int,
        margin: int,
        success: bool,
        critical: Critical,
        rolls: tuple[Roll, ...],
        explanation: str,
    ) -> None:
        init = object.__setattr__  # a hot path: every check rolled
        init(self, "total", total)
        init(self, "margin", margin)
        init(self, "success", success)
        init(self, "critical", critical)
        init(self, "rolls", rolls)
        init(self, "explanation", explanation)

    @property
    def kept(self) -> Roll:
        """The roll that stands."""
        for roll in self.rolls:
            if roll.kept:
                return roll
        raise AssertionError("a check result keeps one roll")  # pragma: no cover

    @property
    def natural(self) -> int:
        """The natural face of the roll that stands."""
        return self.kept.face

    @property
    def faces(self) -> tuple[int, ...]:
        """Every natural face rolled, in order."""
        return tuple([roll.face for roll in self.rolls])

    @property
    def outcome(self) -> str:
        """``"success"``, ``"failure"``, ``"critical success"`` or ``"critical failure"``."""
        if self.critical is not Critical.NONE:
            return str(self.critical.value)
        return "success" if self.success else "failure"
