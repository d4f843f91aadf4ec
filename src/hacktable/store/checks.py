"""Checking that an existing file is a usable hacktable campaign, without writing to it.

:func:`probe` runs before the store opens a file for writing: it looks at the file
through a read-only SQLite connection (``mode=ro``) and raises a typed error naming
what is wrong. A file that fails is left byte-for-byte as it was.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from ..errors import CampaignError, CampaignLockedError, NotACampaignError
from .revision import APPLICATION_ID, HEAD_REVISION
from .sqlitefile import (
    SQLITE_CANTOPEN,
    SQLITE_HEADER,
    SQLITE_NOTADB,
    SQLITE_READONLY_ROLLBACK,
    connect,
    error_code,
    is_busy,
    one_line,
    read_header,
)

__all__ = [
    "REQUIRED_TABLES",
    "check_contents",
    "check_file",
    "failure",
    "probe",
    "read_revision",
]

REQUIRED_TABLES = {
    "0001": ("campaign", "events"),
    "0002": ("campaigns", "events", "snapshots"),
    HEAD_REVISION: ("campaigns", "events", "snapshots"),
}
"""The tables each schema revision has (the campaign table first)."""


def check_file(path: Path) -> os.stat_result:
    """Check what the file system says about ``path`` (nothing is opened).

    Returns:
        ``os.stat(path)``.

    Raises:
        FileNotFoundError: ``path`` does not exist.
        NotACampaignError: it is a folder or other non-file, it is empty (0 bytes), or
            it cannot be read.
        CampaignError: it cannot be looked at (e.g. a parent is not a folder).
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        raise
    except OSError as error:
        raise CampaignError(f"cannot open {path}: {error.strerror}", str(path)) from None
    if stat.S_ISDIR(info.st_mode):
        raise NotACampaignError(str(path), "it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise NotACampaignError(str(path), "it is not a regular file")
    if info.st_size == 0:
        raise NotACampaignError(str(path), "empty file")
    if not os.access(path, os.R_OK):
        raise NotACampaignError(str(path), "it cannot be read (permission denied)")
    return info


def failure(path: Path, error: sqlite3.Error) -> CampaignError:
    """The typed error for an SQLite error met reading ``path``.

    Returns:
        :class:`CampaignLockedError` if another connection holds a lock,
        otherwise a :class:`NotACampaignError` saying why the file is unusable.
    """
    code = error_code(error)
    if is_busy(error):
        return CampaignLockedError(str(path))
    if code == SQLITE_CANTOPEN:
        return NotACampaignError(str(path), f"it cannot be opened ({one_line(error)})")
    if code == SQLITE_NOTADB and not read_header(path).startswith(SQLITE_HEADER):
        return NotACampaignError(str(path), "not an SQLite database")
    return NotACampaignError(str(path), f"damaged: {one_line(error)}")


def _damaged(path: Path, detail: str) -> NotACampaignError:
    return NotACampaignError(str(path), f"damaged: {detail}")


def read_revision(connection: sqlite3.Connection, path: Path) -> str:
    """The schema revision the file records (Alembic's ``version_num``), e.g. ``"0001"``.

    Raises:
        NotACampaignError: ``alembic_version`` does not hold exactly one revision.
        sqlite3.Error: it cannot be read.
    """
    query = "SELECT version_num FROM alembic_version"
    versions = [str(version) for (version,) in connection.execute(query)]
    if len(versions) != 1:
        raise _damaged(path, f"it has {len(versions)} schema versions instead of 1")
    return versions[0]


def check_contents(connection: sqlite3.Connection, path: Path, *, thorough: bool = False) -> str:
    """Check that ``connection``'s database is a hacktable campaign this code can open.

    Reads only: the application id, the table names, the schema revision, the campaign
    row count (a file holds one campaign) and the page count against the file's size
    (a file cut short). These cost the same for any size of campaign; ``PRAGMA
    quick_check``, which reads every page, runs only when ``thorough`` or the file is to
    be migrated (an old revision): elsewhere a damaged page is reported by the read that
    meets it (and :meth:`~hacktable.store.base.EventStore.verify` reads them all).

    Args:
        connection: an open connection to the file.
        path: the file's path, for messages.
        thorough: run ``PRAGMA quick_check`` too (after a crash recovery).

    Returns:
        The file's schema revision (Alembic's ``version_num``), e.g. ``"0002"``: either
        ``HEAD_REVISION`` or an older revision the migrations know.

    Raises:
        NotACampaignError: another program's database, a newer hacktable's campaign,
            or a damaged one.
        CampaignLockedError: another connection holds a lock on the file.
    """
    try:
        # one read transaction: one snapshot of the file, even while another process
        # migrates it
        connection.execute("BEGIN")
        try:
            return _check_contents(connection, path, thorough)
        finally:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
    except sqlite3.Error as error:
        raise failure(path, error) from None


def _check_contents(connection: sqlite3.Connection, path: Path, thorough: bool) -> str:
    """:func:`check_contents` inside its read transaction."""
    (application_id,) = connection.execute("PRAGMA application_id").fetchone()
    if application_id != APPLICATION_ID:
        raise NotACampaignError(str(path), "an SQLite database of some other program")
    tables = {
        name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
    }
    if "alembic_version" not in tables:
        raise _damaged(path, "it has no schema version (alembic_version table)")
    revision = read_revision(connection, path)
    if revision != HEAD_REVISION:
        from .migrate import known_revisions  # only now: importing Alembic is slow

        if revision not in known_revisions():
            raise NotACampaignError(
                str(path),
                f"it was written by a newer hacktable (schema {one_line(revision, 40)}); "
                "upgrade hacktable",
            )
    required = REQUIRED_TABLES.get(revision, REQUIRED_TABLES[HEAD_REVISION])
    for table in required:
        if table not in tables:
            raise _damaged(path, f"it has no {table} table")
    _check_size(connection, path)
    if thorough or revision != HEAD_REVISION:
        problems = [str(row[0]) for row in connection.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise _damaged(path, one_line("; ".join(problems)))
    (rows,) = connection.execute(f"SELECT count(*) FROM {required[0]}").fetchone()
    if rows != 1:
        raise _damaged(path, f"it has {rows} campaign rows instead of 1")
    return revision


def _check_size(connection: sqlite3.Connection, path: Path) -> None:
    """Check that the file holds the pages its header counts, when no WAL holds any.

    Raises:
        NotACampaignError: the file is shorter (a copy cut short).
    """
    try:
        wal = path.with_name(path.name + "-wal").stat().st_size
    except OSError:
        wal = 0
    if wal:
        return  # pages past the file's end may be in the WAL
    (pages,) = connection.execute("PRAGMA page_count").fetchone()
    (page_size,) = connection.execute("PRAGMA page_size").fetchone()
    try:
        size = path.stat().st_size
    except OSError:
        return
    if size < pages * page_size:
        raise _damaged(
            path, f"it is cut short ({size} bytes of the {pages * page_size} it should have)"
        )


def probe(path: Path) -> str | None:
    """Check, through a read-only connection, that ``path`` is a usable campaign.

    Args:
        path: an existing file (see :func:`check_file`).

    Returns:
        The file's schema revision (see :func:`check_contents`), or ``None`` if the file
        has a hot journal (a writer died mid-transaction): its header says it is a
        campaign, and its contents can only be checked once a writable connection has
        rolled the journal back.

    Raises:
        NotACampaignError: the file is not a campaign this code can open (the reason
            says why); it is unchanged.
        CampaignLockedError: another process holds a lock on it past the busy timeout.
    """
    try:
        connection = connect(path, "ro")
    except sqlite3.Error as error:
        raise failure(path, error) from None
    try:
        try:
            connection.execute("PRAGMA schema_version").fetchone()
        except sqlite3.Error as error:
            if error_code(error) != SQLITE_READONLY_ROLLBACK:
                raise failure(path, error) from None
        else:
            return check_contents(connection, path)
    finally:
        connection.close()
    # A hot journal: nobody holds the file, so reading its header directly is safe.
    header = read_header(path)
    if not header.startswith(SQLITE_HEADER):
        raise NotACampaignError(str(path), "not an SQLite database")
    if int.from_bytes(header[68:72], "big") != APPLICATION_ID:
        raise NotACampaignError(str(path), "an SQLite database of some other program")
    return None
