"""What a browser is sent of an event: the event as its reader may see it (RULINGS G4),
as JSON, with the outcome the event keeps (checks with their exact odds, every die and
the one kept) so a page can show the odds first, then the dice, the explanation and the
result (issue 12 §2).

One view serves every reader who sees an event the same way: what :func:`seen_by` gives
depends only on whether the reader is the GM and on their :class:`Sight` of it, so the
broadcaster encodes each event at most three times, however many are connected
(:func:`view_key`).
"""

from __future__ import annotations

import json
from collections.abc import Set
from typing import Any

from ..engine.verify import announced
from ..play.events import Event
from ..play.principal import Principal, Role
from ..play.visibility import seen_by, sight

__all__ = ["event_json", "event_text", "view_key"]


def event_json(event: Event) -> dict[str, Any]:
    """An event already filtered for its reader, as a browser is sent it."""
    body: dict[str, Any] = {
        "seq": event.seq,
        "action": event.action,
        "actor": event.actor,
        "principal": event.principal,
        "summary": announced(event),  # a session's commitment (issue 12 §5)
        "visibility": event.visibility.value,
        "session": event.session,
        "at": event.at,
    }
    if event.command:
        body["command"] = event.command
    if event.audience:
        body["audience"] = event.audience
    outcome = event.detail.get("outcome")
    if isinstance(outcome, dict) and outcome:
        body["outcome"] = outcome
    extra = {key: value for key, value in event.detail.items() if key in _SHOWN}
    if extra:
        body["detail"] = extra
    return body


_SHOWN = frozenset(
    {
        "answers",
        "cancels",
        "prompt",
        "reveals",
        "commitment",
        "seed",
        "salt",
        "text",
        "rolls",
        "kept",
    }
)
"""The detail keys a page may use beside the outcome (the rest is for audit: ``hacktable
log --json`` shows it whole). ``rolls`` and ``kept`` tell which of a bare roll's dice
stand, so the page strikes the dropped ones (docs/rulings.md H675)."""


def view_key(event: Event, principal: Principal, revealed: Set[int]) -> tuple[bool, str]:
    """What decides ``principal``'s view of ``event``: the GM's or another's, and how
    much they see (so equal keys get one encoding)."""
    if principal.role is Role.GM:
        return (True, "whole")
    return (False, sight(event, principal, revealed).value)


def event_text(event: Event, principal: Principal, revealed: Set[int]) -> str | None:
    """``principal``'s view of ``event`` as one JSON text, or ``None`` when they may not
    know of it at all."""
    seen = seen_by(event, principal, revealed)
    if seen is None:
        return None
    body = event_json(seen)
    if event.seq in revealed and principal.role is not Role.GM:
        body["revealed"] = True
    return json.dumps(body, separators=(",", ":"))
