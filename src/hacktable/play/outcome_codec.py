"""The JSON form of an :class:`~hacktable.play.outcome.Outcome`: one codec for every
front end that speaks JSON (``play --json``, later the web table).

Exact probabilities are fractions written ``"9/20"`` beside their percentage; an
intent is its fields with its ``type`` (the intent class's name); events are written
as ``hacktable log --json`` writes them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from enum import Enum
from fractions import Fraction
from typing import Any

from .outcome import Adjustment, CheckRecord, DieRoll, Outcome, TableRead

__all__ = ["outcome_to_json", "records_to_json", "to_plain"]


def to_plain(value: Any) -> Any:
    """``value`` as JSON-ready data: dataclasses to objects, tuples to lists, enums to
    their values, fractions to ``"n/d"``."""
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, Enum):
        return to_plain(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    return value


def _check(record: CheckRecord) -> dict[str, Any]:
    body = to_plain(record)
    body["odds"] = {name: to_plain(p) for name, p in record.odds}
    if record.odds:
        body["odds"]["percent"] = {name: round(float(p) * 100, 2) for name, p in record.odds}
    return dict(body)


def records_to_json(
    dice: Iterable[DieRoll],
    checks: Iterable[CheckRecord],
    tables: Iterable[TableRead],
    adjustments: Iterable[Adjustment],
) -> dict[str, Any]:
    """What a command rolled and read, as JSON: the part of its outcome an event keeps
    (only the kinds it has)."""
    body = {
        "dice": [_die(d) for d in dice],
        "checks": [_check(record) for record in checks],
        "tables": to_plain(tuple(tables)),
        "adjustments": to_plain(tuple(adjustments)),
    }
    return {key: value for key, value in body.items() if value}


def _die(die: DieRoll) -> dict[str, Any]:
    """A die as JSON; an entered one says who entered it (RULINGS G5: logged as
    entered, never as rolled)."""
    body: dict[str, Any] = {"sides": die.sides, "face": die.face}
    if die.entered_by:
        body["entered_by"] = die.entered_by
    return body


def outcome_to_json(outcome: Outcome) -> dict[str, Any]:
    """The outcome as one JSON object."""
    intent: Any = None
    if outcome.intent is not None:
        intent = {"type": type(outcome.intent).__name__, **to_plain(outcome.intent)}
    return {
        "command": outcome.command,
        "ruleset": outcome.ruleset,
        "intent": intent,
        "lines": [{"text": line.text, "style": line.style} for line in outcome.lines],
        "dice": [],
        "checks": [],
        "tables": [],
        "adjustments": [],
        **records_to_json(outcome.dice, outcome.checks, outcome.tables, outcome.adjustments),
        "events": to_plain(outcome.events),
        "data": {key: to_plain(value) for key, value in outcome.data},
    }
