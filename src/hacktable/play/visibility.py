"""Who sees what of the log (RULINGS G4; docs/rulings.md H107, H108).

Every reader of a campaign's log (the console's ``log``, ``hacktable log`` and its
``--json``, later the web table) passes each event through :func:`seen_by` for the
principal reading, so one function decides what each principal sees:

============  ===========  ==================  ===========  ===========
visibility    GM           the event's author  audience     others
============  ===========  ==================  ===========  ===========
``PUBLIC``    whole        whole               --           whole
``GM``        whole        whole               --           stub
``BLIND``     whole        stub                --           stub
``PRIVATE``   whole        whole               whole        nothing
============  ===========  ==================  ===========  ===========

A stub keeps when and by whom (``seq``, ``at``, ``session``, ``actor``, ``principal``,
``action``) and says only that something happened: "a secret roll by Sly"; its
detail, changes and command are empty. An event the GM has revealed (a later
``reveal`` event whose detail is ``{"reveals": seq}``) is public. Observers are
principals too: they see what every other player sees. Whoever is not the GM never
sees a session's secret seed (``secret_seed`` in ``session.start``'s detail, RULINGS
G6), whatever the event's visibility.
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from dataclasses import replace
from enum import Enum

from .character import fold
from .events import Event, Visibility
from .principal import Principal, Role

__all__ = [
    "REVEAL",
    "SECRET_SEED",
    "Sight",
    "reveals_in",
    "seen_by",
    "sight",
    "stub",
    "stub_summary",
    "visible",
]

REVEAL = "reveal"
"""The action of an event that makes another public; its detail is ``{"reveals": seq}``."""

SECRET_SEED = "secret_seed"
SEEDS = frozenset({"seed", SECRET_SEED, "salt"})
"""A ``session.start``'s seeds, hidden from all but the GM until it is revealed."""
"""The key of the secret stream's seed in a ``session.start`` event's detail."""


class Sight(Enum):
    """How much of an event a principal sees."""

    WHOLE = "whole"
    """All of it (but a session's secret seed, which only the GM sees)."""
    STUB = "stub"
    """That it happened, when and by whom: not its result."""
    NOTHING = "nothing"
    """Not even that it happened."""


def sight(event: Event, principal: Principal, revealed: Set[int] = frozenset()) -> Sight:
    """How much of ``event`` ``principal`` sees (RULINGS G4; the table above).

    Args:
        event: the event as stored.
        principal: who reads the log.
        revealed: the ``seq`` of every event the GM has revealed (see
            :func:`reveals_in`).
    """
    if principal.role is Role.GM:
        return Sight.WHOLE
    if event.visibility is Visibility.PUBLIC or event.seq in revealed:
        return Sight.WHOLE
    author = principal.role is Role.PLAYER and fold(principal.name) == fold(event.principal)
    if event.visibility is Visibility.GM:
        return Sight.WHOLE if author else Sight.STUB
    if event.visibility is Visibility.BLIND:
        return Sight.STUB
    audience = principal.role is Role.PLAYER and fold(principal.name) == fold(event.audience)
    return Sight.WHOLE if author or audience else Sight.NOTHING


def seen_by(event: Event, principal: Principal, revealed: Set[int] = frozenset()) -> Event | None:
    """What ``principal`` sees of ``event`` (RULINGS G4; docs/rulings.md H107).

    Args:
        event: the event as stored.
        principal: who reads the log.
        revealed: the ``seq`` of every event the GM has revealed (see
            :func:`reveals_in`).

    Returns:
        The event whole (``event`` itself for the GM; for anyone else without its
        hashes, which would let a reader check a guess at a hidden event, and a
        ``session.start`` without its seeds until it is revealed: docs/rulings.md
        H115); a stub that says only that it happened; or ``None``,
        when ``principal`` may not know of it at all (another's whisper or private
        note).
    """
    if principal.role is Role.GM:
        return event
    seen = sight(event, principal, revealed)
    if seen is Sight.WHOLE:
        whole = _without_seeds(event) if event.seq not in revealed else _without_secret(event)
        return whole.evolve(prev_hash="", hash="")
    return stub(event).evolve(prev_hash="", hash="") if seen is Sight.STUB else None


def visible(
    events: Iterable[Event], principal: Principal, revealed: Set[int] = frozenset()
) -> list[Event]:
    """What ``principal`` sees of ``events``, in order (those it may not know of left
    out): :func:`seen_by` of each."""
    seen = (seen_by(event, principal, revealed) for event in events)
    return [event for event in seen if event is not None]


def reveals_in(events: Iterable[Event]) -> set[int]:
    """The ``seq`` of every event a ``reveal`` among ``events`` made public."""
    found: set[int] = set()
    for event in events:
        if event.action == REVEAL:
            target = event.detail.get("reveals")
            if isinstance(target, int) and not isinstance(target, bool):
                found.add(target)
    return found


def stub_summary(event: Event) -> str:
    """What a stub of ``event`` says: ``"a secret roll by Sly"``, ``"a blind roll by
    GM"`` (docs/rulings.md H107)."""
    kind = "blind" if event.visibility is Visibility.BLIND else "secret"
    what = "roll" if event.action == "roll" else event.action.replace(".", " ")
    return f"a {kind} {what} by {event.principal}"


def stub(event: Event) -> Event:
    """``event`` as those who may see only that it happened see it."""
    return replace(event, summary=stub_summary(event), detail={}, changes=(), command="")


def _without_secret(event: Event) -> Event:
    """A revealed ``session.start`` without its secret stream's seed (never shown)."""
    if event.action == "session.start" and SECRET_SEED in event.detail:
        detail = {key: value for key, value in event.detail.items() if key != SECRET_SEED}
        return replace(event, detail=detail)
    return event


def _without_seeds(event: Event) -> Event:
    """A ``session.start`` as the players read it until the GM reveals it: no seed at
    all, since a seed known while the session is played tells its next public rolls
    (docs/rulings.md H115). Nor does the command of a ``session.start`` or of the
    ``session.end`` that ``session start`` stores name it: ``session start --seed N``
    is read as ``session start`` (H696)."""
    if event.action not in ("session.start", "session.end"):
        return event
    if "--seed" in event.command.lower():
        event = replace(event, command="session start")
    if event.action == "session.end":
        return event
    detail = {key: value for key, value in event.detail.items() if key not in SEEDS}
    return replace(event, detail=detail, summary=f"session {event.session} begins")
