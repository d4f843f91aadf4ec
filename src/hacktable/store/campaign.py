"""The campaign store: one SQLite file per campaign, holding its append-only event log.

Opening a file checks it is a campaign before anything is written to it, then locks it
for the store's whole life (SQLite's exclusive lock, which the OS drops if the process
dies), so no other process can use it meanwhile. Each :meth:`CampaignStore.append` is
one SQLite transaction: a process killed mid-session loses at most the event it was
storing, and the file still opens.

A new campaign is built under a temporary name in the same folder and only then linked
into place, so a crash during creation never leaves a half-made campaign at the path.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import uuid
import weakref
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from sqlalchemy import Connection, Engine, Row, Select, create_engine, event, func, insert, select
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.pool import StaticPool

from .. import DEFAULT_RULESET, __version__
from ..errors import CampaignError, CampaignLockedError, NotACampaignError
from ..play.events import Event
from .checks import check_contents, check_file, failure, probe, read_revision
from .codec import BadRowError, event_from_row, event_to_row, utc_now
from .schema import APPLICATION_ID, HEAD_REVISION, campaign_table, events_table
from .sqlitefile import (
    SQLITE_CORRUPT,
    SQLITE_NOTADB,
    SQLITE_READONLY_ROLLBACK,
    connect,
    error_code,
    is_busy,
    lock,
    one_line,
)

__all__ = ["CampaignStore", "EventRejectedError", "StaleWriteError"]

_INSERT_EVENT = insert(events_table)
"""One compiled statement for every append (its parameters vary, not its form)."""


class StaleWriteError(CampaignError):
    """An append that expected the log to end at one event, when another writer had
    appended since; nothing was stored.

    Attributes:
        path: the campaign file's path.
        expected: the ``seq`` the writer expected last.
        found: the ``seq`` that is last.
    """

    def __init__(self, path: str, expected: int, found: int) -> None:
        super().__init__(
            f"{path}: the log moved on (expected event #{expected} last, found #{found}): "
            "nothing was stored",
            path,
        )
        self.expected = expected
        self.found = found


class EventRejectedError(CampaignError):
    """An event the store refuses to append; nothing was stored.

    Raised for an event whose fields have the wrong types, whose ``detail`` or
    ``changes`` hold values that are not JSON, or whose ``undoes`` names no stored event.

    Attributes:
        path: the campaign file's path.
        reason: what is wrong with the event.
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: event not stored: {reason}", path)
        self.reason = reason


# Writable stores open in this process, by (device, inode). Closing any descriptor of a
# file drops every POSIX lock the process holds on it, so the store must never poke at a
# file this process already holds: a second open is refused before anything is opened.
_writers: weakref.WeakValueDictionary[tuple[int, int], CampaignStore] = (
    weakref.WeakValueDictionary()
)
_writers_lock = threading.Lock()


def _engine(raw: sqlite3.Connection, begin: str) -> Engine:
    """An engine over the single connection ``raw``, beginning transactions with
    ``begin`` (SQLAlchemy's recipe for pysqlite: the driver's own transaction handling
    is off, ``isolation_level=None``, and the listener emits ``BEGIN`` itself)."""
    engine = create_engine("sqlite+pysqlite://", creator=lambda: raw, poolclass=StaticPool)

    def emit_begin(connection: Connection) -> None:
        connection.exec_driver_sql(begin)

    event.listen(engine, "begin", emit_begin)
    return engine


def _sync_folder(folder: Path) -> None:
    """Flush ``folder``'s entries to disk, where the OS allows (best effort)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _publish(built: Path, path: Path) -> None:
    """Give the finished file ``built`` the name ``path``, atomically.

    Raises:
        FileExistsError: ``path`` exists (made meanwhile by someone else).
        OSError: the folder refused.
    """
    try:
        os.link(built, path)
    except FileExistsError:
        raise
    except OSError:  # no hard links on this file system: claim the name, then replace
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        os.replace(built, path)
    _sync_folder(path.parent)


class CampaignStore:
    """A campaign file, open for reading and appending events.

    Use :meth:`open`; close with :meth:`close` or a ``with`` block. A store holds one
    SQLite connection; its methods may be called from any thread, one at a time.

    Attributes:
        path: the campaign file, as given to :meth:`open`.
        ruleset: the id of the ruleset the campaign was created with, e.g. ``"redhack"``.
        campaign_id: a uuid4 string made at creation.
        created_at: when the campaign was created, ISO 8601 UTC.
        created_by: the hacktable version that created it, e.g. ``"0.1.0"``.
        readonly: whether the store was opened read-only.
    """

    path: Path
    ruleset: str
    campaign_id: str
    created_at: str
    created_by: str
    readonly: bool

    def __init__(
        self, path: Path, raw: sqlite3.Connection, *, readonly: bool, revision: str
    ) -> None:
        """Wrap ``raw``, an open connection to the checked file (locked unless
        ``readonly``), migrating it from ``revision`` if that is not the newest. Takes
        ownership of ``raw``. Use :meth:`open` instead.

        Raises:
            CampaignError: migrating or reading the campaign row failed; ``raw`` is
                closed.
        """
        self.path = path
        self.readonly = readonly
        self._lock = threading.RLock()
        self._closed = False
        self._key: tuple[int, int] | None = None
        self._raw = raw
        self._engine = _engine(raw, "BEGIN" if readonly else "BEGIN IMMEDIATE")
        try:
            self._conn = self._engine.connect()
            if revision != HEAD_REVISION and not readonly:
                from .migrate import upgrade  # only now: importing Alembic is slow

                with self._conn.begin():
                    upgrade(self._conn)
            if not readonly:
                # Not during migrations (Alembic's batch mode copies tables); and the
                # pragma does nothing inside a transaction, so it goes to the driver.
                raw.execute("PRAGMA foreign_keys=ON")
            with self._conn.begin():
                row = self._conn.execute(select(campaign_table)).one()
        except DBAPIError as error:
            self._dispose()
            raise self._error(error, "opening") from error
        except BaseException:
            self._dispose()
            raise
        self.campaign_id = row.id
        self.ruleset = row.ruleset
        self.created_at = row.created_at
        self.created_by = row.created_by

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        ruleset: str = DEFAULT_RULESET,
        create: bool = True,
        readonly: bool = False,
    ) -> CampaignStore:
        """Open the campaign file at ``path``, creating it if needed and allowed.

        An existing file is checked before anything is written to it: it must be a
        non-empty SQLite database marked as a hacktable campaign (application id
        ``APPLICATION_ID``), with the campaign tables, passing ``PRAGMA quick_check``, at a
        schema revision this hacktable knows. A file from an older hacktable is
        migrated. Unless ``readonly``, the file stays locked until :meth:`close`.

        Args:
            path: the campaign file, e.g. ``"campaigns/barrowmaze.db"``.
            ruleset: the ruleset id recorded in a new campaign; ignored when the file
                exists (its own ruleset is used).
            create: whether to create the file if it does not exist.
            readonly: open without locking the file for writing; :meth:`append` then
                raises. Never creates, migrates or recovers a file.

        Returns:
            The open store.

        Raises:
            CampaignError: the file does not exist and ``create`` is false (or
                ``readonly`` is true); the folder to create it in does not exist or
                refuses; a read-only open of a file that needs recovery after a crash or
                an upgrade from an older hacktable; or SQLite failed otherwise.
            NotACampaignError: the file exists but is not a usable campaign (empty, not
                an SQLite database, another program's database, written by a newer
                hacktable, or damaged); it is left unchanged.
            CampaignLockedError: another process (or another store in this one) has the
                file open; it is left unchanged.
        """
        where = Path(path)
        try:
            info = check_file(where)
        except FileNotFoundError:
            if not create:
                raise CampaignError(f"{where} does not exist", str(where)) from None
            if readonly:
                raise CampaignError(
                    f"{where} does not exist (a read-only open does not create it)", str(where)
                ) from None
            return cls._create(where, ruleset)
        return cls._open_existing(where, info, readonly=readonly)

    @classmethod
    def _open_existing(cls, path: Path, info: os.stat_result, *, readonly: bool) -> Self:
        key = (info.st_dev, info.st_ino)
        with _writers_lock:
            if key in _writers:
                raise CampaignLockedError(str(path))
        probed = probe(path)
        if readonly:
            if probed is None:
                raise CampaignError(
                    f"{path} was not closed cleanly and needs recovery: "
                    "open it once without read-only",
                    str(path),
                )
            if probed != HEAD_REVISION:
                raise CampaignError(
                    f"{path} was written by an older hacktable (schema {probed}): "
                    "open it once without read-only to upgrade it",
                    str(path),
                )
            try:
                raw = connect(path, "ro")
            except sqlite3.Error as error:
                raise failure(path, error) from None
            return cls(path, raw, readonly=True, revision=probed)
        # SQLite would silently open a write-protected file read-only, and needs to
        # create its journal next to the file: say so now, not at the first append.
        for needed, what in ((path, "the file"), (path.parent, "its folder")):
            if not os.access(needed, os.W_OK):
                raise CampaignError(
                    f"{path} cannot be written ({what} is write-protected): "
                    "open it read-only, or change its permissions",
                    str(path),
                )
        try:
            raw = connect(path, "rw")
        except sqlite3.Error as error:
            raise failure(path, error) from None
        try:
            lock(raw, path)  # rolls back a hot journal, if there is one
            revision = check_contents(raw, path) if probed is None else read_revision(raw, path)
            if revision != probed and probed is not None:  # changed since the probe
                revision = check_contents(raw, path)
        except sqlite3.Error as error:
            raw.close()
            raise failure(path, error) from None
        except BaseException:
            raw.close()
            raise
        with _writers_lock:
            if key in _writers:  # another thread of this process won the race
                raw.close()
                raise CampaignLockedError(str(path))
            store = cls(path, raw, readonly=False, revision=revision)
            store._key = key
            _writers[key] = store
        return store

    @classmethod
    def _create(cls, path: Path, ruleset: str) -> Self:
        folder = path.parent
        if not folder.is_dir():
            raise CampaignError(
                f"cannot create {path}: the folder {folder} does not exist", str(path)
            )
        if not os.access(folder, os.W_OK):
            raise CampaignError(
                f"cannot create {path}: the folder {folder} is not writable "
                "(read-only or no permission)",
                str(path),
            )
        built = folder / f".{path.name}.{uuid.uuid4().hex[:12]}.new"
        try:
            cls._build(built, name=path.stem, ruleset=ruleset, for_path=path)
            _publish(built, path)
        except FileExistsError:
            pass  # someone else made it meanwhile: open theirs below
        except OSError as error:
            if isinstance(error, CampaignError):
                raise
            raise CampaignError(
                f"cannot create {path}: {error.strerror or one_line(error)}", str(path)
            ) from None
        finally:
            for leftover in (built, built.with_name(built.name + "-journal")):
                with contextlib.suppress(OSError):  # the real error is already on its way
                    leftover.unlink(missing_ok=True)
        return cls._open_existing(path, check_file(path), readonly=False)

    @staticmethod
    def _build(built: Path, *, name: str, ruleset: str, for_path: Path) -> None:
        """Make a complete new campaign file at ``built`` in one transaction.

        Raises:
            CampaignError: SQLite failed.
        """
        try:
            raw = connect(built, "rwc")
        except sqlite3.Error as error:
            raise CampaignError(
                f"cannot create {for_path}: {one_line(error)}", str(for_path)
            ) from None
        engine = _engine(raw, "BEGIN IMMEDIATE")
        try:
            lock(raw, for_path)
            with engine.connect() as connection, connection.begin():
                connection.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
                from .migrate import upgrade

                upgrade(connection)
                connection.execute(
                    insert(campaign_table).values(
                        id=str(uuid.uuid4()),
                        name=name,
                        ruleset=ruleset,
                        created_at=utc_now(),
                        created_by=__version__,
                    )
                )
        except (sqlite3.Error, DBAPIError) as error:
            raise CampaignError(
                f"cannot create {for_path}: {one_line(getattr(error, 'orig', error))}",
                str(for_path),
            ) from error
        finally:
            engine.dispose()
            raw.close()

    # -- reading -----------------------------------------------------------------

    def events(self, after: int = 0, limit: int | None = None) -> list[Event]:
        """Stored events with ``seq > after``, in ascending ``seq`` order.

        Args:
            after: return only events after this ``seq`` (0: from the start).
            limit: return at most this many (``None``: all; 0 or less: none).

        Returns:
            The events, ``seq`` and ``at`` filled in.

        Raises:
            CampaignError: the store is closed, or SQLite failed.
            CampaignLockedError: (read-only stores) another process holds the file.
            NotACampaignError: a stored event cannot be decoded (the file is damaged).
        """
        query = select(events_table).where(events_table.c.seq > after)
        query = query.order_by(events_table.c.seq)
        if limit is not None:
            query = query.limit(max(limit, 0))
        return self._decode(self._fetch(query))

    def last(self, n: int) -> list[Event]:
        """The last ``n`` stored events (fewer if the log is shorter), ascending.

        Raises:
            CampaignError, CampaignLockedError, NotACampaignError: as :meth:`events`.
        """
        if n <= 0:
            self._live()
            return []
        query = select(events_table).order_by(events_table.c.seq.desc()).limit(n)
        return self._decode(reversed(self._fetch(query)))

    def last_seq(self) -> int:
        """The ``seq`` of the last stored event (0 if the log is empty).

        Raises:
            CampaignError, CampaignLockedError: as :meth:`events`.
        """
        (row,) = self._fetch(select(func.coalesce(func.max(events_table.c.seq), 0)))
        return int(row[0])

    def next_session(self) -> int:
        """The number for a new session: 1 + the highest ``session`` stored (1 if none).

        Raises:
            CampaignError, CampaignLockedError: as :meth:`events`.
            NotACampaignError: a stored session number is not a number (damaged).
        """
        (row,) = self._fetch(select(func.coalesce(func.max(events_table.c.session), 0)))
        try:
            return int(row[0]) + 1
        except (TypeError, ValueError):
            raise NotACampaignError(
                str(self.path), f"damaged: an event's session number is {row[0]!r}"
            ) from None

    # -- writing -----------------------------------------------------------------

    def append(self, event: Event) -> Event:
        """Store ``event`` at the end of the log, in one transaction.

        Args:
            event: the event; its ``seq`` and ``at`` are ignored.

        Returns:
            ``event`` with ``seq`` (the next number: 1, 2, 3, ... without gaps) and
            ``at`` (now, ISO 8601 UTC with microseconds) filled in.

        Raises:
            EventRejectedError: the event cannot be stored as it is (a field of the
                wrong type, a value that is not JSON, ``undoes`` naming no stored
                event); nothing was stored.
            CampaignError: the store is read-only or closed, or SQLite failed (e.g. the
                disk is full); nothing was stored.
        """
        (stored,) = self.append_all((event,))
        return stored

    def append_all(self, events: Sequence[Event], expected_seq: int | None = None) -> list[Event]:
        """Store ``events`` at the end of the log, in order, in one transaction: all of
        them or none.

        Args:
            events: the events; their ``seq`` and ``at`` are ignored.
            expected_seq: the ``seq`` the writer believes is the log's last; if the log
                has moved on (another writer appended), nothing is stored.

        Returns:
            The events with ``seq`` and ``at`` filled in.

        Raises:
            StaleWriteError: the log's last ``seq`` is not ``expected_seq``.
            EventRejectedError: an event cannot be stored as it is; nothing was stored.
            CampaignError: the store is read-only or closed, or SQLite failed.
        """
        with self._lock:
            connection = self._live()
            if self.readonly:
                raise CampaignError(
                    f"{self.path} is open read-only: events cannot be appended", str(self.path)
                )
            try:
                rows = [event_to_row(event) for event in events]
            except (TypeError, ValueError) as error:
                raise EventRejectedError(str(self.path), one_line(error)) from error
            at = utc_now()
            stored: list[Event] = []
            try:
                with connection.begin():
                    for number, (event, row) in enumerate(zip(events, rows, strict=True), 1):
                        if (
                            event.undoes is not None
                            and not connection.execute(
                                select(events_table.c.seq).where(events_table.c.seq == event.undoes)
                            ).first()
                        ):
                            raise EventRejectedError(
                                str(self.path),
                                f"it undoes event #{event.undoes}, which is not in the log",
                            )
                        values = {**row, "at": at}
                        if expected_seq is not None:
                            # the next number or nothing: the key refuses a stale write
                            values["seq"] = expected_seq + number
                        result = connection.execute(_INSERT_EVENT, values)
                        stored.append(replace(event, seq=int(result.lastrowid), at=at))
            except IntegrityError as error:
                if expected_seq is None:
                    raise self._error(error, "storing the event") from error
                raise StaleWriteError(str(self.path), expected_seq, self.last_seq()) from None
            except DBAPIError as error:
                raise self._error(error, "storing the event") from error
            return stored

    # -- lifetime ----------------------------------------------------------------

    def close(self) -> None:
        """Close the file and release its lock. Calling it again does nothing."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else "read-only" if self.readonly else "open"
        return f"<CampaignStore {str(self.path)!r} {state}>"

    # -- internals ---------------------------------------------------------------

    def _dispose(self) -> None:
        """Release the connection, the engine and this store's place in the registry."""
        self._closed = True
        if self._key is not None:
            with _writers_lock:
                if _writers.get(self._key) is self:
                    del _writers[self._key]
        conn: Connection | None = getattr(self, "_conn", None)
        if conn is not None:
            conn.close()
        self._engine.dispose()
        self._raw.close()

    def _live(self) -> Connection:
        if self._closed:
            raise CampaignError(f"{self.path} is closed", str(self.path))
        return self._conn

    def _fetch(self, query: Select[Any]) -> Sequence[Row[Any]]:
        with self._lock:
            connection = self._live()
            try:
                with connection.begin():
                    return connection.execute(query).all()
            except DBAPIError as error:
                raise self._error(error, "reading the log") from error

    def _decode(self, rows: Any) -> list[Event]:
        try:
            return [event_from_row(row._mapping) for row in rows]
        except BadRowError as error:
            raise NotACampaignError(str(self.path), f"damaged: {error}") from None

    def _error(self, error: DBAPIError, doing: str) -> CampaignError:
        """The typed error for an SQLite failure while ``doing`` something."""
        cause = error.orig if isinstance(error.orig, sqlite3.Error) else error
        if is_busy(cause):
            return CampaignLockedError(str(self.path))
        if error_code(cause) == SQLITE_READONLY_ROLLBACK:
            return CampaignError(
                f"{self.path} was left half-written by a crashed session and needs recovery: "
                "reopen it without read-only",
                str(self.path),
            )
        if error_code(cause) & 0xFF in (SQLITE_CORRUPT, SQLITE_NOTADB):
            return NotACampaignError(str(self.path), f"damaged: {one_line(cause)}")
        return CampaignError(f"{self.path}: {doing} failed: {one_line(cause)}", str(self.path))
