"""Converting events to and from rows of the ``events`` table.

``detail`` and ``changes`` are stored as compact JSON text with sorted keys, so equal
values are stored as equal text; ``visibility`` as its value (``"public"``, ...). Reading
a row back gives an :class:`Event` equal to the one stored (with ``seq``, ``at``,
``prev_hash`` and ``hash`` filled in).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from ..play.events import Change, Event, JSONValue, Visibility
from .chain import HASHED_COLUMNS

__all__ = ["COLUMNS", "BadRowError", "dumps", "event_from_row", "event_to_row", "utc_now"]

COLUMNS = (*HASHED_COLUMNS, "prev_hash", "hash")
"""The ``events`` columns an event is read from, in the order the store selects them
(every column but ``campaign``)."""


class BadRowError(ValueError):
    """A stored row that does not decode to an event (the file was damaged or edited).

    Attributes:
        seq: the row's ``seq``.
        column: the column at fault.
    """

    def __init__(self, seq: int, column: str, problem: str) -> None:
        super().__init__(f"event #{seq} has an unreadable {column} ({problem})")
        self.seq = seq
        self.column = column


def utc_now() -> str:
    """The current time as ISO 8601 UTC with microseconds, e.g.
    ``"2026-11-30T15:34:31.123456+00:00"``."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def dumps(value: JSONValue) -> str:
    """``value`` as compact JSON text with sorted keys, non-ASCII kept as is.

    Raises:
        TypeError: ``value`` holds something JSON cannot represent (a set, an object).
        ValueError: ``value`` holds NaN or an infinity, or is circular.
    """
    return _ENCODE(value)


_ENCODE = json.JSONEncoder(
    ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False
).encode


def _text(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} is {type(value).__name__}, not text")
    value.encode("utf-8")  # UnicodeEncodeError (a ValueError) for lone surrogates
    return value


def _integer(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} is {type(value).__name__}, not an integer")
    if not -(2**63) <= value < 2**63:
        raise ValueError(f"{name} {value} does not fit in 64 bits")
    return value


def event_to_row(event: Event) -> dict[str, Any]:
    """The ``events`` columns for ``event``, except ``campaign``, ``seq``, ``at``,
    ``prev_hash`` and ``hash`` (the store's to fill).

    Returns:
        ``{column: value}`` for ``session``, ``principal``, ``actor``, ``action``,
        ``summary``, ``detail`` (JSON text), ``changes`` (JSON text), ``command``,
        ``undoes``, ``visibility`` (its value, e.g. ``"gm"``) and ``audience``.

    Raises:
        TypeError: a field has the wrong type (``visibility`` not a
            :class:`~hacktable.play.events.Visibility`), or ``detail`` or a change holds
            a value JSON cannot represent.
        ValueError: a string cannot be encoded as UTF-8 (a lone surrogate), a number is
            NaN or infinite, or an integer field does not fit in 64 bits.
    """
    if not isinstance(event.detail, dict):
        raise TypeError(f"detail is {type(event.detail).__name__}, not a dict")
    changes = [
        {
            "kind": _text("a change's kind", c.kind),
            "key": _text("a change's key", c.key),
            "before": c.before,
            "after": c.after,
        }
        for c in event.changes
    ]
    if not isinstance(event.visibility, Visibility):
        raise TypeError(f"visibility is {type(event.visibility).__name__}, not a Visibility")
    return {
        "session": _integer("session", event.session),
        "principal": _text("principal", event.principal),
        "actor": _text("actor", event.actor),
        "action": _text("action", event.action),
        "summary": _text("summary", event.summary),
        "detail": _text("detail", dumps(event.detail)),
        "changes": _text("changes", dumps(changes)),
        "command": _text("command", event.command),
        "undoes": None if event.undoes is None else _integer("undoes", event.undoes),
        "visibility": event.visibility.value,
        "audience": _text("audience", event.audience),
    }


def _loads(seq: int, column: str, text: object) -> JSONValue:
    if not isinstance(text, str):
        raise BadRowError(seq, column, f"{type(text).__name__} instead of JSON text")
    try:
        return json.loads(text)
    except ValueError as error:  # json.JSONDecodeError, or a number too long to convert
        raise BadRowError(seq, column, f"bad JSON: {error}") from None


def _change(seq: int, value: JSONValue) -> Change:
    if not isinstance(value, dict) or set(value) != {"kind", "key", "before", "after"}:
        raise BadRowError(seq, "changes", "an entry is not {kind, key, before, after}")
    kind, key = value["kind"], value["key"]
    if not isinstance(kind, str) or not isinstance(key, str):
        raise BadRowError(seq, "changes", "an entry's kind or key is not text")
    return Change(kind, key, value["before"], value["after"])


def event_from_row(row: Mapping[str, Any]) -> Event:
    """The :class:`Event` stored in ``row`` (a mapping of the ``events`` columns).

    ``principal``, ``visibility``, ``audience``, ``prev_hash`` and ``hash`` may be
    missing (a row of :func:`event_to_row` form): they take the :class:`Event` defaults.

    Raises:
        BadRowError: ``detail`` or ``changes`` is not the JSON the store writes, or
            ``visibility`` is not one of :class:`~hacktable.play.events.Visibility`'s
            values.
    """
    seq = int(row["seq"])
    detail = _loads(seq, "detail", row["detail"])
    if not isinstance(detail, dict):
        raise BadRowError(seq, "detail", "not a JSON object")
    changes = _loads(seq, "changes", row["changes"])
    if not isinstance(changes, list):
        raise BadRowError(seq, "changes", "not a JSON list")
    try:
        visibility = Visibility(row.get("visibility", "public"))
    except ValueError:
        raise BadRowError(seq, "visibility", f"{row['visibility']!r} is not one") from None
    return Event(
        action=row["action"],
        actor=row["actor"],
        summary=row["summary"],
        detail=detail,
        changes=tuple(_change(seq, c) for c in changes),
        command=row["command"],
        session=row["session"],
        undoes=row["undoes"],
        seq=seq,
        at=row["at"],
        principal=row.get("principal", "GM"),
        visibility=visibility,
        audience=row.get("audience", ""),
        prev_hash=row.get("prev_hash", ""),
        hash=row.get("hash", ""),
    )
