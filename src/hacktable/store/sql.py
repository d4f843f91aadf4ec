"""The SQL every backend shares: :class:`SqlEventStore`, over a DB-API connection.

The statements are written once, with ``:name`` parameters; a :class:`Dialect` says how
its driver differs: the parameter style (``%(name)s`` for psycopg), how transactions
begin (SQLite's ``BEGIN IMMEDIATE`` takes the write lock at once), and what its errors
mean. Every query names the campaign, so one database may hold many.

Appending is one ``INSERT`` statement for all the events of a command (atomic on its own:
one round trip to a server); the previous event's hash is kept in memory after each
append and re-read only when the writer expects the log to end elsewhere. The
``(campaign, seq)`` primary key refuses a second event at the same number, which is how
a stale write is caught on every backend.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import re
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Final

from .. import __version__
from ..errors import CampaignError, NotACampaignError
from ..play.events import Event
from .base import EventStore, Snapshot, Warn
from .chain import GENESIS, link_hash
from .codec import COLUMNS, BadRowError, dumps, event_from_row, event_to_row, utc_now
from .errors import EventRejectedError, StaleWriteError
from .sqlitefile import one_line

__all__ = ["Dialect", "SqlEventStore"]

_SELECTED: Final = ", ".join(COLUMNS)
_INSERTED: Final = ("campaign", *COLUMNS)

EVENTS_AFTER: Final = (
    f"SELECT {_SELECTED} FROM events WHERE campaign = :campaign AND seq > :after ORDER BY seq"
)
EVENTS_AFTER_LIMIT: Final = EVENTS_AFTER + " LIMIT :limit"
LAST: Final = (
    f"SELECT {_SELECTED} FROM events WHERE campaign = :campaign ORDER BY seq DESC LIMIT :n"
)
TAIL: Final = "SELECT seq, hash FROM events WHERE campaign = :campaign ORDER BY seq DESC LIMIT 1"
EVENT: Final = f"SELECT {_SELECTED} FROM events WHERE campaign = :campaign AND seq = :seq"
HASH_AT: Final = "SELECT hash FROM events WHERE campaign = :campaign AND seq = :seq"
MAX_SESSION: Final = "SELECT max(session) FROM events WHERE campaign = :campaign"
UNDO_TARGET: Final = (
    f"SELECT {', '.join('e.' + name for name in COLUMNS)} FROM events e"
    " WHERE e.campaign = :campaign AND e.changes <> '[]' AND e.undoes IS NULL"
    " AND NOT EXISTS (SELECT 1 FROM events u"
    " WHERE u.campaign = e.campaign AND u.undoes = e.seq)"
    " ORDER BY e.seq DESC LIMIT 1"
)
LATEST: Final = (
    f"SELECT {_SELECTED} FROM events WHERE campaign = :campaign AND action = :action"
    " ORDER BY seq DESC LIMIT 1"
)
REVEALS: Final = (
    "SELECT seq, detail FROM events WHERE campaign = :campaign AND action = :action ORDER BY seq"
)
ALL_EVENTS: Final = f"SELECT {_SELECTED} FROM events WHERE campaign = :campaign ORDER BY seq"
SNAPSHOT: Final = (
    "SELECT s.seq, s.state, s.checksum, s.event_hash, s.made_at, s.made_by, e.hash"
    " FROM snapshots s LEFT JOIN events e ON e.campaign = s.campaign AND e.seq = s.seq"
    " WHERE s.campaign = :campaign AND s.seq < :below ORDER BY s.seq DESC LIMIT 1"
)
SAVE_SNAPSHOT: Final = (
    "INSERT INTO snapshots (campaign, seq, state, checksum, event_hash, made_at, made_by)"
    " VALUES (:campaign, :seq, :state, :checksum, :event_hash, :made_at, :made_by)"
    " ON CONFLICT (campaign, seq) DO UPDATE SET state = excluded.state,"
    " checksum = excluded.checksum, event_hash = excluded.event_hash,"
    " made_at = excluded.made_at, made_by = excluded.made_by"
)
DELETE_SNAPSHOT: Final = "DELETE FROM snapshots WHERE campaign = :campaign AND seq = :seq"

ROWS_PER_STATEMENT: Final = 500
"""Events one ``INSERT`` statement holds at most (16 parameters each: SQLite allows
32,766 in a statement, Postgres 65,535)."""

_NO_LIMIT: Final = 2**63 - 1
_APPEND_TRIES: Final = 5
"""Appends at the end (no ``expected_seq``) retried when another writer took the
number first (Postgres, whose writers do not lock the whole log)."""


@functools.cache
def insert_statement(rows: int) -> str:
    """The ``INSERT`` of ``rows`` events, parameters named ``:column_N`` for row N.

    >>> insert_statement(2).count("VALUES"), insert_statement(2).count(":seq_")
    (1, 2)
    """
    values = ", ".join(
        "(" + ", ".join(f":{name}_{i}" for name in _INSERTED) + ")" for i in range(rows)
    )
    return f"INSERT INTO events ({', '.join(_INSERTED)}) VALUES {values}"


class _StaleError(Exception):
    """Raised while appending: the log does not reach the expected ``seq``."""


class Dialect(ABC):
    """How one DB-API driver differs, for :class:`SqlEventStore`.

    Attributes:
        name: the backend's name, e.g. ``"sqlite"``.
        errors: the driver's exception classes (its DB-API ``Error``).
    """

    name: str
    errors: tuple[type[Exception], ...]

    def __init__(self) -> None:
        self._statements: dict[str, str] = {}

    def statement(self, text: str) -> str:
        """``text`` (with ``:name`` parameters) in the driver's parameter style."""
        converted = self._statements.get(text)
        if converted is None:
            converted = self._statements[text] = self.convert(text)
        return converted

    def convert(self, text: str) -> str:
        """``text`` with its ``:name`` parameters in the driver's style (default: as is)."""
        return text

    @abstractmethod
    def transaction(self, connection: Any, *, write: bool) -> AbstractContextManager[None]:
        """A transaction on ``connection``: committed when the block ends, rolled back if
        it raises. A ``write`` transaction takes the backend's write lock at once where
        it has one."""

    @abstractmethod
    def is_unique_violation(self, error: Exception) -> bool:
        """Whether ``error`` is a primary-key or unique-constraint violation."""

    def is_bad_data(self, error: Exception) -> bool:
        """Whether ``error`` means a value the backend cannot hold (Postgres text with
        a NUL character), so the event is refused rather than the store failing."""
        return False

    @abstractmethod
    def failure(self, location: str, error: Exception, doing: str) -> CampaignError:
        """The typed error for ``error``, met while ``doing`` something (e.g. ``"reading
        the log"``), on the store at ``location``."""


def named_to_pyformat(text: str) -> str:
    """``:name`` parameters as ``%(name)s`` (psycopg), literal ``%`` doubled.

    >>> named_to_pyformat("SELECT 1 WHERE a = :a AND b LIKE '5%'")
    "SELECT 1 WHERE a = %(a)s AND b LIKE '5%%'"
    """
    return re.sub(r"(?<![:\w]):(\w+)", r"%(\1)s", text.replace("%", "%%"))


class SqlEventStore(EventStore):
    """An :class:`~hacktable.store.base.EventStore` over one DB-API connection.

    Backends subclass it to open, check and migrate their databases; everything after
    that is here. Use :func:`hacktable.store.open_store`.
    """

    def __init__(
        self,
        connection: Any,
        dialect: Dialect,
        *,
        location: str,
        path: Path | None,
        campaign: tuple[str, str, str, str, str],
        readonly: bool,
        warn: Warn | None,
    ) -> None:
        """Wrap ``connection`` (in autocommit mode: the store begins its transactions),
        taking ownership of it.

        Args:
            connection: the open DB-API connection.
            dialect: its driver's differences.
            location: the store's location, for messages (no password).
            path: the campaign file (SQLite), else ``None``.
            campaign: the campaign's ``(id, name, ruleset, created_at, created_by)``.
            readonly: whether appending is refused.
            warn: where warnings go (``None``: the ``hacktable.store`` logger).
        """
        self._conn = connection
        self._dialect = dialect
        self._lock = threading.RLock()
        self._closed = False
        self._tail: tuple[int, str] | None = None
        """``(seq, hash)`` of the last event this store appended, while it is known."""
        self._warn = warn
        self.location = location
        self.path = path
        self.campaign_id, self.name, self.ruleset, self.created_at, self.created_by = campaign
        self.readonly = readonly

    # -- reading -----------------------------------------------------------------------

    def events(self, after: int = 0, limit: int | None = None) -> list[Event]:
        if limit is None:
            return self._decode(self._rows(EVENTS_AFTER, {"after": after}))
        if limit <= 0:
            self._live()
            return []
        return self._decode(self._rows(EVENTS_AFTER_LIMIT, {"after": after, "limit": limit}))

    def last(self, n: int) -> list[Event]:
        if n <= 0:
            self._live()
            return []
        return self._decode(reversed(self._rows(LAST, {"n": min(n, _NO_LIMIT)})))

    def last_seq(self) -> int:
        rows = self._rows(TAIL, {})
        return int(rows[0][0]) if rows else 0

    def event(self, seq: int) -> Event | None:
        if not -_NO_LIMIT <= seq <= _NO_LIMIT:
            self._live()
            return None
        found = self._decode(self._rows(EVENT, {"seq": seq}))
        return found[0] if found else None

    def next_session(self) -> int:
        ((highest,),) = self._rows(MAX_SESSION, {})
        try:
            return int(highest or 0) + 1
        except (TypeError, ValueError):
            raise NotACampaignError(
                self.location, f"damaged: an event's session number is {highest!r}"
            ) from None

    def undo_target(self) -> Event | None:
        found = self._decode(self._rows(UNDO_TARGET, {}))
        return found[0] if found else None

    def latest(self, action: str) -> Event | None:
        found = self._decode(self._rows(LATEST, {"action": action}))
        return found[0] if found else None

    def reveals(self) -> dict[int, int]:
        revealed: dict[int, int] = {}
        for seq, detail in self._rows(REVEALS, {"action": "reveal"}):
            try:
                target = json.loads(detail).get("reveals")
            except (ValueError, AttributeError):
                continue
            if isinstance(target, int) and not isinstance(target, bool):
                revealed.setdefault(target, int(seq))
        return revealed

    def verify(self) -> int | None:
        with self._lock:
            connection = self._live()
            try:
                cursor = connection.execute(
                    self._dialect.statement(ALL_EVENTS), {"campaign": self.campaign_id}
                )
                previous_seq, previous_hash = 0, GENESIS
                for values in cursor:
                    row = dict(zip(COLUMNS, values, strict=True))
                    seq = row["seq"]
                    if (
                        seq != previous_seq + 1
                        or row["prev_hash"] != previous_hash
                        or row["hash"] != link_hash(previous_hash, row)
                    ):
                        cursor.close()
                        return int(seq) if isinstance(seq, int) else previous_seq + 1
                    previous_seq, previous_hash = seq, row["hash"]
            except self._dialect.errors as error:
                raise self._failure(error, "verifying the log") from error
            return None

    def snapshot(self) -> Snapshot | None:
        below = _NO_LIMIT
        while True:
            rows = self._rows(SNAPSHOT, {"below": below})
            if not rows:
                return None
            seq, text, checksum, event_hash, made_at, made_by, current = rows[0]
            state: Any = None
            if hashlib.sha256(str(text).encode("utf-8", "surrogatepass")).hexdigest() != checksum:
                problem = "its checksum does not match its state"
            elif current is None:
                problem = f"event #{seq} is not in the log"
            elif current != event_hash:
                problem = f"event #{seq} has changed since it was taken"
            else:
                try:
                    state = json.loads(text)
                except ValueError:
                    state = None
                problem = "" if isinstance(state, dict) else "its state is not a JSON object"
            if not problem:
                return Snapshot(int(seq), state, str(made_at), str(made_by))
            self._discard(int(seq), problem)
            below = int(seq)

    # -- writing -----------------------------------------------------------------------

    def _event_rows(self, events: Sequence[Event]) -> list[dict[str, Any]]:
        """The events as rows to insert.

        Raises:
            EventRejectedError: an event the store cannot write.
        """
        try:
            return [event_to_row(event) for event in events]
        except (TypeError, ValueError) as error:
            raise EventRejectedError(self.location, one_line(error)) from error

    def append_all(self, events: Sequence[Event], expected_seq: int | None = None) -> list[Event]:
        with self._lock:
            connection = self._writable()
            rows = self._event_rows(events)
            if not rows:
                return []
            at = utc_now()
            for attempt in range(1, _APPEND_TRIES + 1):
                try:
                    stored = self._insert(connection, events, rows, at, expected_seq)
                except _StaleError:
                    self._tail = None
                    break
                except self._dialect.errors as error:
                    self._tail = None
                    if self._dialect.is_unique_violation(error):
                        if expected_seq is None and attempt < _APPEND_TRIES:
                            continue
                        break
                    if self._dialect.is_bad_data(error):
                        raise EventRejectedError(self.location, one_line(error)) from None
                    raise self._failure(error, "storing the event") from error
                self._tail = (stored[-1].seq, stored[-1].hash)
                return stored
            found = self.last_seq()
            expected = found - 1 if expected_seq is None else expected_seq
            raise StaleWriteError(self.location, expected, found, self.event(expected + 1))

    def restore(self, events: Sequence[Event]) -> list[Event]:
        """Store an exported log into this empty campaign, each event at its own
        ``seq`` and time, chained afresh; every event that carries a ``hash`` must get
        the same one, so a round trip keeps the log and its chain exactly (issue 10 §5;
        docs/rulings.md H211).

        Raises:
            CampaignError: the campaign is not empty, the events are not numbered 1, 2,
                3..., or a hash differs (the export was changed); nothing was stored.
            EventRejectedError: an event cannot be stored as it is.
        """
        with self._lock:
            connection = self._writable()
            if self.last_seq() != 0:
                raise CampaignError(
                    f"{self.location}: not empty: import into a new campaign", self.location
                )
            if [event.seq for event in events] != list(range(1, len(events) + 1)):
                raise CampaignError(
                    f"{self.location}: the events are not numbered 1, 2, 3...", self.location
                )
            rows = self._event_rows(events)
            if not rows:
                return []
            times = [event.at for event in events]
            try:
                stored = self._insert(connection, events, rows, "", 0, times)
            except self._dialect.errors as error:
                self._tail = None
                raise self._failure(error, "importing the events") from error
            self._tail = (stored[-1].seq, stored[-1].hash)
            return stored

    def _insert(
        self,
        connection: Any,
        events: Sequence[Event],
        rows: list[dict[str, Any]],
        at: str,
        expected_seq: int | None,
        times: Sequence[str] | None = None,
    ) -> list[Event]:
        """Insert ``rows``, chained, after ``expected_seq``: one multi-row ``INSERT``,
        atomic on its own (the connection is in autocommit mode), so one round trip to a
        server; a batch of more than :data:`ROWS_PER_STATEMENT` goes in several
        statements inside one write transaction.

        What is read first (the hash of the event to follow, the events undone) never
        changes once stored, the log being append-only, so it is read outside the
        write; the ``(campaign, seq)`` key refuses the insert if another writer took
        the number meanwhile.

        Raises:
            _StaleError: the log does not reach ``expected_seq``.
            EventRejectedError: an event undoes no stored event.
            Exception: the driver's errors (a unique violation: the number was taken).
        """
        last, previous = self._previous(connection, expected_seq)
        stored: list[Event] = []
        values: list[dict[str, Any]] = []
        for seq, (event, row) in enumerate(zip(events, rows, strict=True), last + 1):
            undoes = event.undoes
            if undoes is not None and not (last < undoes < seq or self._has(connection, undoes)):
                raise EventRejectedError(
                    self.location, f"it undoes event #{undoes}, which is not in the log"
                )
            when = at if times is None else times[seq - last - 1]
            value = {**row, "campaign": self.campaign_id, "seq": seq, "at": when}
            value["prev_hash"] = previous
            value["hash"] = previous = link_hash(value["prev_hash"], value)
            if times is not None and event.hash and event.hash != previous:
                raise CampaignError(
                    f"{self.location}: event #{seq}'s hash differs: the export was changed",
                    self.location,
                )
            values.append(value)
            stored.append(
                event.evolve(seq=seq, at=when, prev_hash=value["prev_hash"], hash=previous)
            )
        if len(values) <= ROWS_PER_STATEMENT:
            self._insert_rows(connection, values)
        else:
            with self._dialect.transaction(connection, write=True):
                for start in range(0, len(values), ROWS_PER_STATEMENT):
                    self._insert_rows(connection, values[start : start + ROWS_PER_STATEMENT])
        return stored

    def _insert_rows(self, connection: Any, values: list[dict[str, Any]]) -> None:
        params = {
            f"{name}_{i}": value for i, row in enumerate(values) for name, value in row.items()
        }
        connection.execute(self._dialect.statement(insert_statement(len(values))), params)

    def _previous(self, connection: Any, expected_seq: int | None) -> tuple[int, str]:
        """``(seq, hash)`` of the event to append after: the log's last if
        ``expected_seq`` is ``None``.

        Raises:
            _StaleError: there is no event ``expected_seq``.
        """
        params = {"campaign": self.campaign_id}
        if expected_seq is None:
            row = connection.execute(self._dialect.statement(TAIL), params).fetchone()
            return (0, GENESIS) if row is None else (int(row[0]), str(row[1]))
        if expected_seq == 0:
            return 0, GENESIS
        if self._tail is not None and self._tail[0] == expected_seq:
            return self._tail
        if not 0 < expected_seq <= _NO_LIMIT:
            raise _StaleError
        row = connection.execute(
            self._dialect.statement(HASH_AT), {**params, "seq": expected_seq}
        ).fetchone()
        if row is None:
            raise _StaleError
        return expected_seq, str(row[0])

    def _has(self, connection: Any, seq: int) -> bool:
        if not -_NO_LIMIT <= seq <= _NO_LIMIT:
            return False
        row = connection.execute(
            self._dialect.statement(HASH_AT), {"campaign": self.campaign_id, "seq": seq}
        ).fetchone()
        return row is not None

    def save_snapshot(self, seq: int, state: dict[str, Any]) -> None:
        with self._lock:
            connection = self._writable()
            try:
                if not isinstance(state, dict):
                    raise TypeError(f"a snapshot's state is {type(state).__name__}, not a dict")
                text = dumps(state)
            except (TypeError, ValueError) as error:
                raise EventRejectedError(self.location, one_line(error)) from error
            checksum = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
            try:
                with self._dialect.transaction(connection, write=True):
                    row = None
                    if 0 < seq <= _NO_LIMIT:
                        row = connection.execute(
                            self._dialect.statement(HASH_AT),
                            {"campaign": self.campaign_id, "seq": seq},
                        ).fetchone()
                    if row is None:
                        raise EventRejectedError(
                            self.location, f"no snapshot at #{seq}: there is no such event"
                        )
                    connection.execute(
                        self._dialect.statement(SAVE_SNAPSHOT),
                        {
                            "campaign": self.campaign_id,
                            "seq": seq,
                            "state": text,
                            "checksum": checksum,
                            "event_hash": row[0],
                            "made_at": utc_now(),
                            "made_by": __version__,
                        },
                    )
            except self._dialect.errors as error:
                if self._dialect.is_bad_data(error):
                    raise EventRejectedError(self.location, one_line(error)) from None
                raise self._failure(error, "storing a snapshot") from error

    def warn(self, message: str) -> None:
        if self._warn is not None:
            self._warn(message)
        else:
            import logging  # only here: importing logging costs start-up time

            logging.getLogger("hacktable.store").warning("%s: %s", self.location, message)

    def discard_snapshot(self, seq: int, problem: str) -> None:
        self._discard(seq, problem)

    def _discard(self, seq: int, problem: str) -> None:
        """Warn that the snapshot at ``seq`` is discarded, and delete it if writable."""
        self.warn(f"snapshot at #{seq} discarded: {problem}")
        if self.readonly:
            return
        with self._lock:
            connection = self._live()
            # if it cannot be deleted now, the next open discards it again
            with (
                contextlib.suppress(*self._dialect.errors),
                self._dialect.transaction(connection, write=True),
            ):
                connection.execute(
                    self._dialect.statement(DELETE_SNAPSHOT),
                    {"campaign": self.campaign_id, "seq": seq},
                )

    # -- lifetime ----------------------------------------------------------------------

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            with contextlib.suppress(*self._dialect.errors):
                self._conn.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else "read-only" if self.readonly else "open"
        return f"<{type(self).__name__} {self.location!r} {state}>"

    # -- internals ---------------------------------------------------------------------

    def _live(self) -> Any:
        """The connection, if the store is open.

        Raises:
            CampaignError: the store is closed.
        """
        if self._closed:
            raise CampaignError(f"{self.location} is closed", self.location)
        return self._conn

    def _writable(self) -> Any:
        connection = self._live()
        if self.readonly:
            raise CampaignError(
                f"{self.location} is open read-only: events cannot be appended", self.location
            )
        return connection

    def _rows(self, query: str, params: dict[str, Any]) -> list[Any]:
        with self._lock:
            connection = self._live()
            try:
                cursor = connection.execute(
                    self._dialect.statement(query), {"campaign": self.campaign_id, **params}
                )
                return list(cursor.fetchall())
            except self._dialect.errors as error:
                raise self._failure(error, "reading the log") from error

    def _decode(self, rows: Any) -> list[Event]:
        try:
            return [event_from_row(dict(zip(COLUMNS, row, strict=True))) for row in rows]
        except BadRowError as error:
            raise NotACampaignError(self.location, f"damaged: {error}") from None

    def _failure(self, error: Exception, doing: str) -> CampaignError:
        return self._dialect.failure(self.location, error, doing)
