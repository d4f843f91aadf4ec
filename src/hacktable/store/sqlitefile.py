"""Opening campaign files with :mod:`sqlite3`, locking them, and naming SQLite's errors.

The store holds one DBAPI connection for its whole life. A writable store's connection
uses ``PRAGMA locking_mode=EXCLUSIVE`` and takes SQLite's exclusive lock at once, so
SQLite keeps the file locked until the connection closes (the OS drops the lock if the
process dies): no other process can read or write it meanwhile.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Final, Literal

from ..errors import CampaignLockedError

__all__ = [
    "BUSY_TIMEOUT",
    "SQLITE_CORRUPT",
    "SQLITE_HEADER",
    "SQLITE_NOTADB",
    "SQLITE_READONLY_ROLLBACK",
    "connect",
    "error_code",
    "is_busy",
    "lock",
    "one_line",
    "read_header",
]

SQLITE_HEADER: Final = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite 3 database file."""

BUSY_TIMEOUT: Final = 0.25
"""Seconds SQLite waits for another connection's lock before giving up."""

SQLITE_BUSY: Final = 5
SQLITE_LOCKED: Final = 6
SQLITE_CORRUPT: Final = 11
SQLITE_CANTOPEN: Final = 14
SQLITE_NOTADB: Final = 26
SQLITE_READONLY_ROLLBACK: Final = 776
"""A read-only connection met a hot journal: the file needs a crash recovery."""


def error_code(error: BaseException) -> int:
    """SQLite's extended result code carried by ``error`` (-1 if it has none)."""
    code = getattr(error, "sqlite_errorcode", None)
    return code if isinstance(code, int) else -1


def is_busy(error: BaseException) -> bool:
    """Whether ``error`` means another connection holds a lock on the file."""
    return error_code(error) & 0xFF in (SQLITE_BUSY, SQLITE_LOCKED)


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


def lock(connection: sqlite3.Connection, path: Path) -> None:
    """Take the exclusive lock on ``connection``'s file and keep it until it closes.

    Sets ``locking_mode=EXCLUSIVE`` and ``synchronous=FULL``, then runs an empty
    ``BEGIN EXCLUSIVE``/``COMMIT``. If the file has a hot journal (a writer died
    mid-transaction) SQLite rolls it back here. Nothing else is written.

    Raises:
        CampaignLockedError: another connection holds a lock on the file.
        sqlite3.Error: anything else SQLite refused (e.g. the file is not a database).
    """
    connection.execute("PRAGMA locking_mode=EXCLUSIVE")
    connection.execute("PRAGMA synchronous=FULL")
    try:
        connection.execute("BEGIN EXCLUSIVE")
    except sqlite3.Error as error:
        if is_busy(error):
            raise CampaignLockedError(str(path)) from None
        raise
    connection.execute("COMMIT")


def read_header(path: Path) -> bytes:
    """The first 100 bytes of ``path`` (fewer if it is shorter; ``b""`` if unreadable).

    Only for files no connection of this process has locked: closing any descriptor of
    a file drops every POSIX lock the process holds on it.
    """
    try:
        with path.open("rb") as file:
            return file.read(100)
    except OSError:
        return b""
