"""Outcomes: what a command did, as one typed value that every front end renders.

A command returns an :class:`Outcome`: the intent it answered, every die its random
source dealt, each check with its exact odds, the table entries read, the adjustments
that changed a number (a cap, a floor, a clamp, always named), the events committed,
and its narration as structured :class:`Line` values. Text, Rich, JSON and (later) HTML
are renderers of that one value (:mod:`hacktable.play.outcome_codec` is the JSON one);
no renderer looks anything up.

While a command runs it fills a :class:`Reply`, the outcome in the making; the command
layer freezes it into an :class:`Outcome` once its events are stored.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .events import Event

if TYPE_CHECKING:
    from ..rules.resolution import TestOdds, TestRequest, TestResult

__all__ = [
    "Adjustment",
    "CheckRecord",
    "DieRoll",
    "Line",
    "Outcome",
    "Reply",
    "TableRead",
]


@dataclass(frozen=True, slots=True)
class Line:
    """One line of narration.

    Attributes:
        text: the text, plain.
        style: what the line is, for renderers: ``""``, ``"title"``, ``"dice"``,
            ``"odds"``, ``"success"``, ``"failure"``, ``"critical"``, ``"note"``,
            ``"warning"`` or ``"muted"``.
    """

    text: str
    style: str = ""


@dataclass(frozen=True, slots=True)
class DieRoll:
    """One die the command's random source dealt, in the order dealt.

    Attributes:
        sides: the die's sides (20 for a d20).
        face: the face rolled, 1 to ``sides``.
        entered_by: who entered it, a die rolled at the table (RULINGS G5); ``""``
            for a die hacktable rolled.
    """

    sides: int
    face: int
    entered_by: str = ""


@dataclass(frozen=True, slots=True)
class CheckRecord:
    """A check as rolled: what was asked, the exact odds shown first, every d20 face
    with the one kept and why, and the result.

    Attributes:
        who: whose check it is (``""`` for nobody in particular).
        kind: the kind of test (``"test"``, ``"saving throw"``, ``"attack"``...).
        attribute: the attribute tested (``"STR"``; ``"HD+10"`` for a monster).
        score: the effective attribute after bonuses and caps.
        difficulty: the effective difficulty after penalties.
        advantages: the sources of advantage, in words.
        disadvantages: the sources of disadvantage, in words.
        faces: every face rolled, in order.
        kept: the face that stands.
        success: whether the check succeeded.
        critical: ``"none"``, ``"critical success"`` or ``"critical failure"``.
        explanation: the dice in words (why a face was kept).
        odds: exact probabilities: ``success``, ``critical_success``,
            ``critical_failure``.
    """

    who: str
    kind: str
    attribute: str
    score: int
    difficulty: int
    advantages: tuple[str, ...]
    disadvantages: tuple[str, ...]
    faces: tuple[int, ...]
    kept: int
    success: bool
    critical: str
    explanation: str
    odds: tuple[tuple[str, Fraction], ...]

    @classmethod
    def from_test(
        cls, request: TestRequest, odds: TestOdds | None, result: TestResult
    ) -> CheckRecord:
        """The record of a rolled test (``odds`` may be ``None`` where none were shown)."""
        table: tuple[tuple[str, Fraction], ...] = ()
        if odds is not None:
            table = (
                ("success", odds.success),
                ("critical_success", odds.critical_success),
                ("critical_failure", odds.critical_failure),
            )
        return cls(
            who=request.who,
            kind=request.kind.value,
            attribute=request.attribute,
            score=result.score,
            difficulty=result.difficulty,
            advantages=request.advantages,
            disadvantages=request.disadvantages,
            faces=result.faces,
            kept=result.kept,
            success=result.success,
            critical=result.critical.value,
            explanation=result.explanation,
            odds=table,
        )


@dataclass(frozen=True, slots=True)
class TableRead:
    """An entry read from a table.

    Attributes:
        table_id: the table's id.
        table_name: its name.
        value: the number read (after modifiers).
        result: the entry's result.
        effect: the entry's effect text.
        explanation: the roll in words.
    """

    table_id: str
    table_name: str
    value: int
    result: str
    effect: str
    explanation: str


@dataclass(frozen=True, slots=True)
class Adjustment:
    """A number a rule changed after it was asked for: a cap, a floor or a clamp.

    Attributes:
        what: the number, e.g. ``"Aldric's HP"``.
        asked: the value asked for or computed.
        applied: the value that stands.
        rule: why, e.g. ``"HP never goes above the maximum"``.
    """

    what: str
    asked: int
    applied: int
    rule: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one command did.

    Attributes:
        command: the command's name (``"test"``); ``""`` for an empty line.
        ruleset: the ruleset that answered (``"core"`` for ruleset-neutral commands).
        intent: the typed intent it answered (see :mod:`hacktable.rulesets.grammar`).
        lines: the narration.
        dice: every die dealt by the command's random source, in order.
        checks: each check rolled, with its odds.
        tables: each table entry read.
        adjustments: each number a rule changed.
        events: the events committed, with their sequence numbers.
        data: further structured facts a command reports (a listing, a status).
    """

    command: str
    ruleset: str
    intent: Any
    lines: tuple[Line, ...] = ()
    dice: tuple[DieRoll, ...] = ()
    checks: tuple[CheckRecord, ...] = ()
    tables: tuple[TableRead, ...] = ()
    adjustments: tuple[Adjustment, ...] = ()
    events: tuple[Event, ...] = ()
    data: tuple[tuple[str, Any], ...] = ()

    @property
    def text(self) -> str:
        """The narration as plain text, a line each."""
        return "\n".join(line.text for line in self.lines)


@dataclass(slots=True)
class Reply:
    """An outcome in the making: a command adds narration and records as it resolves."""

    lines: list[Line] = field(default_factory=list)
    checks: list[CheckRecord] = field(default_factory=list)
    tables: list[TableRead] = field(default_factory=list)
    adjustments: list[Adjustment] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)

    def add(self, text: str, style: str = "") -> Reply:
        """Append a line (returns the reply, for chaining)."""
        self.lines.append(Line(text, style))
        return self

    def extend(self, texts: Iterable[str], style: str = "") -> Reply:
        """Append several lines in one style."""
        for text in texts:
            self.add(text, style)
        return self

    def check(self, request: TestRequest, odds: TestOdds | None, result: TestResult) -> CheckRecord:
        """Record a rolled test."""
        record = CheckRecord.from_test(request, odds, result)
        self.checks.append(record)
        return record

    def table(
        self,
        table_id: str,
        table_name: str,
        value: int,
        result: str,
        effect: str,
        explanation: str,
    ) -> None:
        """Record a table entry read."""
        self.tables.append(TableRead(table_id, table_name, value, result, effect, explanation))

    def adjust(self, what: str, asked: int, applied: int, rule: str) -> None:
        """Record a number a rule changed (nothing when it did not change)."""
        if asked != applied:
            self.adjustments.append(Adjustment(what, asked, applied, rule))

    def freeze(
        self,
        command: str,
        ruleset: str,
        intent: Any,
        dice: Iterable[DieRoll] = (),
        events: Iterable[Event] = (),
    ) -> Outcome:
        """The finished :class:`Outcome`."""
        return Outcome(
            command=command,
            ruleset=ruleset,
            intent=intent,
            lines=tuple(self.lines),
            dice=tuple(dice),
            checks=tuple(self.checks),
            tables=tuple(self.tables),
            adjustments=tuple(self.adjustments),
            events=tuple(events),
            data=tuple(self.data.items()),
        )
