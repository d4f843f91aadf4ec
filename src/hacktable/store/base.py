"""The :class:`EventStore` interface every backend implements, and :class:`Snapshot`.

A store holds one campaign's append-only event log (the ``events`` table, keyed by
``(campaign, seq)``), its snapshots and its metadata. Several stores, in one process or
many, may hold the same campaign at once: reads never wait for writers, and writes are
serialised by the sequence number the writer expects the log to end at
(:meth:`EventStore.append_all` with ``expected_seq``), so a stale write is refused with
:class:`~hacktable.store.errors.StaleWriteError` rather than lost. (Issue 8, "The event
store".)

Backends: :class:`~hacktable.store.sqlite.SqliteEventStore` (one file per campaign,
the embedded default) and :class:`~hacktable.store.postgres.PostgresEventStore` (many
campaigns in one database). Open either with :func:`hacktable.store.open_store` (or
:meth:`EventStore.open`).
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from .. import DEFAULT_RULESET
from ..errors import CampaignError
from ..play.events import Event

__all__ = ["EventStore", "Snapshot", "Warn"]

Warn = Callable[[str], None]
"""A callback for one-line warnings the store gives while it goes on (a discarded
snapshot)."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A campaign's state as of one event, as stored by :meth:`EventStore.save_snapshot`.

    Attributes:
        seq: the event the state is as of (it includes that event and all before it).
        state: the state's JSON form, as given to ``save_snapshot``.
        made_at: when it was stored, ISO 8601 UTC.
        made_by: the hacktable version that stored it, e.g. ``"0.1.0"``.
    """

    seq: int
    state: dict[str, Any] = field(hash=False)
    made_at: str = ""
    made_by: str = ""


class EventStore(ABC):
    """One campaign's event log, snapshots and metadata, open for reading (and, unless
    ``readonly``, appending).

    Close with :meth:`close` or a ``with`` block. A store's methods may be called from
    any thread, one at a time. Every method raises
    :class:`~hacktable.errors.CampaignError` (or a subclass) when the store is closed
    or the backend fails; :class:`~hacktable.errors.NotACampaignError` when a stored
    row cannot be decoded (the campaign is damaged);
    :class:`~hacktable.errors.CampaignLockedError` when another writer holds a lock
    past the busy timeout.

    Attributes:
        location: where the campaign is, for messages: the file's path, or the
            Postgres URL without its password (``postgresql://me@host/db#name``).
        path: the campaign file (SQLite); ``None`` for a server backend.
        ruleset: the id of the ruleset the campaign was created with, e.g. ``"redhack"``.
        campaign_id: a uuid4 string made at creation.
        name: the campaign's name (the file's stem at creation, or the URL's
            ``#CAMPAIGN``).
        created_at: when the campaign was created, ISO 8601 UTC.
        created_by: the hacktable version that created it, e.g. ``"0.1.0"``.
        readonly: whether the store was opened read-only.
    """

    location: str
    path: Path | None
    ruleset: str
    campaign_id: str
    name: str
    created_at: str
    created_by: str
    readonly: bool

    @classmethod
    def open(
        cls,
        location: str | os.PathLike[str],
        *,
        ruleset: str = DEFAULT_RULESET,
        create: bool = True,
        readonly: bool = False,
        warn: Warn | None = None,
    ) -> EventStore:
        """Open the campaign at ``location``: :func:`hacktable.store.open_store`."""
        from .opening import open_store

        return open_store(location, ruleset=ruleset, create=create, readonly=readonly, warn=warn)

    # -- reading -----------------------------------------------------------------------

    @abstractmethod
    def events(self, after: int = 0, limit: int | None = None) -> list[Event]:
        """Stored events with ``seq > after``, in ascending ``seq`` order.

        Args:
            after: return only events after this ``seq`` (0: from the start).
            limit: return at most this many (``None``: all; 0 or less: none).

        Returns:
            The events, every field filled in (``seq``, ``at``, ``prev_hash``, ``hash``).
        """

    @abstractmethod
    def last(self, n: int) -> list[Event]:
        """The last ``n`` stored events (fewer if the log is shorter), ascending."""

    @abstractmethod
    def last_seq(self) -> int:
        """The ``seq`` of the last stored event (0 if the log is empty)."""

    @abstractmethod
    def event(self, seq: int) -> Event | None:
        """The event at ``seq``, or ``None`` if there is none."""

    @abstractmethod
    def next_session(self) -> int:
        """The number for a new session: 1 + the highest ``session`` stored (1 if none).

        Raises:
            NotACampaignError: a stored session number is not a number (damaged).
        """

    @abstractmethod
    def undo_target(self) -> Event | None:
        """The event ``undo`` should revert, found by query: the latest that changed
        state and is neither an undo nor already undone (the semantics of
        :func:`hacktable.play.state.undo_target` over the whole log)."""

    @abstractmethod
    def latest(self, action: str) -> Event | None:
        """The latest event whose ``action`` is ``action`` (e.g. ``"session.start"``),
        or ``None``."""

    @abstractmethod
    def reveals(self) -> dict[int, int]:
        """``{revealed seq: seq of the reveal event}`` for every ``reveal`` event (action
        ``"reveal"``, detail ``{"reveals": seq}``): the earliest reveal of each.
        (RULINGS G4: the GM can reveal an event.)"""

    @abstractmethod
    def verify(self) -> int | None:
        """Check the hash chain: the ``seq`` of the first broken link, or ``None`` when
        the log is whole.

        A link is broken at a row whose stored ``hash`` is not its recomputed hash, whose
        ``prev_hash`` is not the previous row's ``hash``, or whose ``seq`` does not follow
        the previous row's (a gap). (Issue 8: ``hacktable log --verify``.)
        """

    @abstractmethod
    def warn(self, message: str) -> None:
        """Give the one-line warning ``message`` to the ``warn`` callback the store was
        opened with (else the ``hacktable.store`` logger), and go on: the store's own
        (a discarded snapshot) and its callers' (a snapshot that does not replay)."""

    @abstractmethod
    def discard_snapshot(self, seq: int, problem: str) -> None:
        """Discard the snapshot at ``seq`` (deleted, unless the store is read-only) with
        the warning ``"snapshot at #N discarded: PROBLEM"``: one a caller found does not
        replay."""

    @abstractmethod
    def snapshot(self) -> Snapshot | None:
        """The latest snapshot that checks out (its checksum matches its state, and the
        event at its ``seq`` still has the hash it had when it was taken), or ``None``.

        A snapshot that does not check out is discarded (deleted, unless the store is
        read-only, when it is skipped) with a warning, ``"snapshot at #N discarded:
        REASON"``, and the next older one is tried.
        """

    # -- writing -----------------------------------------------------------------------

    def append(self, event: Event) -> Event:
        """Store ``event`` at the end of the log, in one transaction.

        Returns:
            ``event`` with ``seq`` (the next number: 1, 2, 3, ... without gaps), ``at``
            (now, ISO 8601 UTC with microseconds), ``prev_hash`` and ``hash`` filled in.

        Raises:
            EventRejectedError: the event cannot be stored as it is (a field of the
                wrong type, a value that is not JSON, ``undoes`` naming no stored
                event); nothing was stored.
            CampaignError: the store is read-only or closed, or the backend failed (e.g.
                the disk is full); nothing was stored.
        """
        (stored,) = self.append_all((event,))
        return stored

    @abstractmethod
    def append_all(self, events: Sequence[Event], expected_seq: int | None = None) -> list[Event]:
        """Store ``events`` in order, in one transaction: all of them or none.

        Args:
            events: the events; their ``seq``, ``at``, ``prev_hash`` and ``hash`` are
                ignored (the store fills them).
            expected_seq: the ``seq`` the writer believes is the log's last: the events
                get ``expected_seq + 1, + 2, ...``; ``None``: at the end, whatever it is.

        Returns:
            The events as stored.

        Raises:
            StaleWriteError: the log does not end at ``expected_seq`` (another writer
                appended first: the error names its event); nothing was stored.
            EventRejectedError: an event cannot be stored as it is; nothing was stored.
            CampaignError: the store is read-only or closed, or the backend failed.
        """

    def restore(self, events: Sequence[Event]) -> list[Event]:
        """Store an exported log into this empty campaign, each event at its own
        ``seq`` and time, its hash checked (docs/rulings.md H211).

        Raises:
            CampaignError: the campaign is not empty, or this store cannot import.
        """
        del events
        raise CampaignError(f"{self.location}: this store cannot import a log", self.location)

    @abstractmethod
    def save_snapshot(self, seq: int, state: dict[str, Any]) -> None:
        """Store ``state`` (JSON) as the campaign's state as of event ``seq``, replacing
        any snapshot at that ``seq``.

        Raises:
            EventRejectedError: ``state`` is not JSON, or there is no event ``seq``.
            CampaignError: the store is read-only or closed, or the backend failed.
        """

    # -- lifetime ----------------------------------------------------------------------

    @abstractmethod
    def close(self) -> None:
        """Close the store. Calling it again does nothing."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
