"""Opening SQLite campaign files with :mod:`sqlite3`, and naming SQLite's errors.

Files are kept in WAL mode: readers never wait for the writer, and each write takes
the write lock for its own transaction only (``BEGIN IMMEDIATE``), waiting up to
:data:`BUSY_TIMEOUT` for another writer to finish. ``synchronous=FULL`` makes every
commit durable before it returns. A read-only connection (``mode=ro``) never writes
the database, but SQLite's WAL mode needs the ``-wal`` and ``-shm`` files beside it:
a read-only open creates them (empty) if no writer has.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Final, Literal

from ..errors import CampaignLockedError

__all__ = [
    "BUSY_TIMEOUT",
    "SIDE_FILES",
    "SQLITE_CORRUPT",
    "SQLITE_HEADER",
    "SQLITE_NOTADB",
    "SQLITE_READONLY_ROLLBACK",
    "connect",
    "error_code",
    "is_busy",
    "is_unique_violation",
    "one_line",
    "prepare_writer",
    "read_header",
]

SQLITE_HEADER: Final = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite 3 database file."""

BUSY_TIMEOUT: float = 5.0
"""Seconds SQLite waits for another connection's lock before giving up (then
:class:`~hacktable.errors.CampaignLockedError`). Read at each connect."""

SIDE_FILES: Final = ("-journal", "-wal", "-shm")
"""Suffixes of the files SQLite keeps beside a database."""

SQLITE_BUSY: Final = 5
SQLITE_LOCKED: Final = 6
SQLITE_CORRUPT: Final = 11
SQLITE_CANTOPEN: Final = 14
SQLITE_CONSTRAINT: Final = 19
SQLITE_NOTADB: Final = 26
SQLITE_CONSTRAINT_PRIMARYKEY: Final = 1555
SQLITE_CONSTRAINT_UNIQUE: Final = 2067
SQLITE_READONLY_ROLLBACK: Final = 776
"""A read-only connection met a hot journal: the file needs a crash recovery."""


def error_code(error: BaseException) -> int:
    """SQLite's extended result code carried by ``error`` (-1 if it has none)."""
    code = getattr(error, "sqlite_errorcode", None)
    return code if isinstance(code, int) else -1


def is_busy(error: BaseException) -> bool:
    """Whether ``error`` means another connection holds a lock on the file."""
    return error_code(error) & 0xFF in (SQLITE_BUSY, SQLITE_LOCKED)


def is_unique_violation(error: BaseException) -> bool:
    """Whether ``error`` is a primary-key or unique-constraint violation."""
    return error_code(error) in (SQLITE_CONSTRAINT_PRIMARYKEY, SQLITE_CONSTRAINT_UNIQUE)


def one_line(text: object, limit: int = 200) -> str:
    """``text`` with its whitespace runs (newlines included) collapsed to single
    spaces, cut to ``limit`` characters."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def connect(path: Path, mode: Literal["ro", "rw", "rwc"]) -> sqlite3.Connection:
    """A new connection to ``path``, in autocommit mode (the caller emits ``BEGIN``).

    Args:
        path: the database file.
        mode: ``"ro"`` read-only, ``"rw"`` read-write (the file must exist), ``"rwc"``
            read-write, creating the file if missing.

    Raises:
        sqlite3.Error: SQLite could not open the file (``SQLITE_CANTOPEN``).
    """
    uri = f"{path.absolute().as_uri()}?mode={mode}"
    return sqlite3.connect(
        uri, uri=True, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False
    )


def prepare_writer(connection: sqlite3.Connection, path: Path) -> None:
    """Make ``connection`` a durable writer of a WAL file.

    Sets ``synchronous=FULL``, reads the schema once (if the file has a hot journal, a
    writer of the old rollback-journal kind having died mid-transaction, SQLite rolls it
    back here), then switches the file to WAL mode if it is not yet. Takes no lock
    beyond these statements.

    Raises:
        CampaignLockedError: another connection held a lock past :data:`BUSY_TIMEOUT`.
        sqlite3.Error: anything else SQLite refused (e.g. the file is not a database).
    """
    try:
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        (mode,) = connection.execute("PRAGMA journal_mode").fetchone()
        if str(mode).lower() != "wal":
            connection.execute("PRAGMA journal_mode=WAL").fetchone()
    except sqlite3.Error as error:
        if is_busy(error):
            raise CampaignLockedError(str(path)) from None
        raise


def read_header(path: Path) -> bytes:
    """The first 100 bytes of ``path`` (fewer if it is shorter; ``b""`` if unreadable).

    Only for files no connection of this process has open: closing any descriptor of a
    file drops every POSIX lock the process holds on it.
    """
    try:
        with path.open("rb") as file:
            return file.read(100)
    except OSError:
        return b""
