"""The store's own typed errors: a stale write and a refused event.

Both are :class:`~hacktable.errors.CampaignError` subclasses (so ``OSError`` too), with
one-line messages; ``path`` is the store's location (a file path, or a Postgres URL
without its password).
"""

from __future__ import annotations

from ..errors import CampaignError
from ..play.events import Event, Visibility

__all__ = ["BrokenChainError", "EventRejectedError", "SnapshotMismatchError", "StaleWriteError"]


def describe(event: Event) -> str:
    """``event`` in a few words for a message, e.g. ``"#13 test by Sly: DEX test ..."``.

    Only a public event's summary is shown: the message may reach a player who may not
    read the others (RULINGS G4).
    """
    words = f"#{event.seq} {event.action} by {event.actor}"
    if event.visibility is Visibility.PUBLIC and event.summary:
        return f"{words}: {' '.join(event.summary.split())}"
    return words


class StaleWriteError(CampaignError):
    """An append that expected the log to end at one event, when another writer had
    appended since; nothing was stored.

    Attributes:
        path: the store's location.
        expected: the ``seq`` the writer expected last.
        found: the ``seq`` that is last.
        first: the event that got in first at ``expected + 1`` (``None`` if the log is
            shorter than the writer expected).
    """

    def __init__(self, path: str, expected: int, found: int, first: Event | None = None) -> None:
        moved = f"{describe(first)} got in first" if first is not None else "the log moved on"
        super().__init__(
            f"{path}: {moved} (expected event #{expected} last, found #{found}): "
            "nothing was stored",
            path,
        )
        self.expected = expected
        self.found = found
        self.first = first


class EventRejectedError(CampaignError):
    """An event the store refuses to append; nothing was stored.

    Raised for an event whose fields have the wrong types, whose ``detail`` or
    ``changes`` hold values that are not JSON (or text the backend cannot hold), or
    whose ``undoes`` names no stored event.

    Attributes:
        path: the store's location.
        reason: what is wrong with the event.
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: event not stored: {reason}", path)
        self.reason = reason


class BrokenChainError(CampaignError):
    """The log's hash chain is broken: an event was changed, removed or inserted after it
    was written (``hacktable log --verify``).

    Attributes:
        path: the store's location.
        seq: the first event whose link is broken.
    """

    def __init__(self, path: str, seq: int) -> None:
        super().__init__(
            f"{path}: the hash chain is broken at event #{seq}: the log was changed "
            "after it was written (from there on it cannot be trusted)",
            path,
        )
        self.seq = seq


class SnapshotMismatchError(CampaignError):
    """The snapshot opening would read is not the state its log replays to: it was
    edited after it was taken (``hacktable log --verify``; docs/rulings.md H114).

    Attributes:
        path: the store's location.
        seq: the event the snapshot was taken at.
    """

    def __init__(self, path: str, seq: int) -> None:
        super().__init__(
            f"{path}: the snapshot at #{seq} is not what the log replays to: it was "
            "changed after it was taken",
            path,
        )
        self.seq = seq
