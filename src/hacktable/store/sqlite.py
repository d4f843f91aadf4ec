"""The SQLite backend: one campaign per file, the embedded default.

Runs on the standard library's :mod:`sqlite3` (SQLAlchemy and Alembic are imported only
when a file needs creating or migrating). Files are in WAL mode with
``synchronous=FULL``; locks are taken per transaction, never for the life of a store,
so any number of stores, in this process or others, read and append to one file at
once (:mod:`.sqlitefile`).

Opening an existing file checks it is a campaign before anything is written to it
(:mod:`.checks`); a file from an older hacktable is migrated. A new campaign is built
under a temporary name in the same folder and only then linked into place, so a crash
during creation never leaves a half-made campaign at the path. Each append is one
transaction: a process killed mid-session loses at most the event it was storing, and
the file still opens.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

from .. import __version__
from ..errors import CampaignError, CampaignLockedError, NotACampaignError
from .base import Warn
from .checks import check_contents, check_file, failure, probe, read_revision
from .codec import utc_now
from .revision import APPLICATION_ID, HEAD_REVISION, READ_AS_HEAD
from .sql import Dialect, SqlEventStore
from .sqlitefile import (
    SIDE_FILES,
    SQLITE_CORRUPT,
    SQLITE_NOTADB,
    SQLITE_READONLY_ROLLBACK,
    connect,
    error_code,
    is_busy,
    is_unique_violation,
    one_line,
    prepare_writer,
)

__all__ = ["SQLITE", "SqliteDialect", "SqliteEventStore"]

CAMPAIGN_ROW: Final = "SELECT id, name, ruleset, created_at, created_by FROM campaigns"


class SqliteDialect(Dialect):
    """:mod:`sqlite3`'s ways: ``:name`` parameters, ``BEGIN IMMEDIATE`` for writes."""

    name = "sqlite"
    errors = (sqlite3.Error,)

    @contextlib.contextmanager
    def transaction(self, connection: Any, *, write: bool) -> Iterator[None]:
        """``BEGIN IMMEDIATE`` (a write: the write lock at once, waiting up to the busy
        timeout) or ``BEGIN``; ``COMMIT`` at the end, ``ROLLBACK`` if it raises."""
        connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        try:
            yield
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    connection.execute("ROLLBACK")
            raise

    def is_unique_violation(self, error: Exception) -> bool:
        """Whether ``error`` is SQLite's primary-key or unique-constraint violation."""
        return is_unique_violation(error)

    def failure(self, location: str, error: Exception, doing: str) -> CampaignError:
        """The typed error for an SQLite failure while ``doing`` something."""
        if is_busy(error):
            return CampaignLockedError(location)
        code = error_code(error)
        if code == SQLITE_READONLY_ROLLBACK:
            return CampaignError(
                f"{location} was left half-written by a crashed session and needs recovery: "
                "open it once for play (hacktable play)",
                location,
            )
        if code & 0xFF in (SQLITE_CORRUPT, SQLITE_NOTADB):
            return NotACampaignError(location, f"damaged: {one_line(error)}")
        return CampaignError(f"{location}: {doing} failed: {one_line(error)}", location)


SQLITE: Final = SqliteDialect()


class SqliteEventStore(SqlEventStore):
    """A campaign file, open for reading and appending events.

    Use :func:`hacktable.store.open_store` (or :meth:`open_file`). A store holds one
    SQLite connection; it takes the file's write lock only for each append.
    """

    path: Path

    @classmethod
    def open_file(
        cls,
        path: str | os.PathLike[str],
        *,
        ruleset: str,
        create: bool = True,
        readonly: bool = False,
        warn: Warn | None = None,
    ) -> SqliteEventStore:
        """Open the campaign file at ``path``, creating it if needed and allowed.

        An existing file is checked before anything is written to it: it must be a
        non-empty SQLite database marked as a hacktable campaign (application id
        ``APPLICATION_ID``), with the campaign tables, as long as its header says, at a
        schema revision this hacktable knows (see :func:`~.checks.check_contents`). A
        file from an older hacktable is checked page by page, then migrated (and
        switched to WAL mode).

        Args:
            path: the campaign file, e.g. ``"campaigns/barrowmaze.db"``.
            ruleset: the ruleset id recorded in a new campaign; ignored when the file
                exists (its own ruleset is used).
            create: whether to create the file if it does not exist.
            readonly: open for reading only; appending then raises. Never creates,
                migrates or recovers a file, nor writes to it (SQLite may create the
                empty ``-wal`` and ``-shm`` files WAL mode needs beside it).
            warn: where warnings go (a discarded snapshot).

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
            CampaignLockedError: another connection held a lock on the file past the
                busy timeout (e.g. while it migrated the file).
        """
        where = Path(path)
        try:
            check_file(where)
        except FileNotFoundError:
            if not create:
                raise CampaignError(f"{where} does not exist", str(where)) from None
            if readonly:
                raise CampaignError(
                    f"{where} does not exist (a read-only open does not create it)", str(where)
                ) from None
            return cls._create(where, ruleset, warn)
        return cls._open_existing(where, readonly=readonly, warn=warn)

    @classmethod
    def _wrap(
        cls, path: Path, raw: sqlite3.Connection, *, readonly: bool, warn: Warn | None
    ) -> SqliteEventStore:
        """The store over ``raw``, a checked connection at ``HEAD_REVISION``; closes
        ``raw`` if the campaign row cannot be read."""
        try:
            rows = raw.execute(CAMPAIGN_ROW).fetchall()
            if len(rows) != 1:
                raise NotACampaignError(
                    str(path), f"damaged: it has {len(rows)} campaign rows instead of 1"
                )
            campaign = tuple(str(value) for value in rows[0])
        except sqlite3.Error as error:
            raw.close()
            raise SQLITE.failure(str(path), error, "opening") from None
        except BaseException:
            raw.close()
            raise
        return cls(
            raw,
            SQLITE,
            location=str(path),
            path=path,
            campaign=campaign,  # type: ignore[arg-type]
            readonly=readonly,
            warn=warn,
        )

    @classmethod
    def _open_existing(cls, path: Path, *, readonly: bool, warn: Warn | None) -> SqliteEventStore:
        probed = probe(path)
        if readonly:
            if probed is None:
                raise CampaignError(
                    f"{path} was not closed cleanly and needs recovery: "
                    "open it once for play (hacktable play)",
                    str(path),
                )
            if probed not in READ_AS_HEAD:
                raise CampaignError(
                    f"{path} was written by an older hacktable (schema {probed}): "
                    "open it once for play (hacktable play) to upgrade it",
                    str(path),
                )
            try:
                raw = connect(path, "ro")
            except sqlite3.Error as error:
                raise failure(path, error) from None
            return cls._wrap(path, raw, readonly=True, warn=warn)
        # SQLite would silently open a write-protected file read-only, and needs to
        # create its -wal and -shm next to the file: say so now, not at the first append.
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
            prepare_writer(raw, path)  # rolls back an old-style hot journal, if any
            if probed is None:  # recovered from a crash: check every page
                revision = check_contents(raw, path, thorough=True)
            else:
                revision = read_revision(raw, path)
            if revision != probed and probed is not None:  # changed since the probe
                revision = check_contents(raw, path)
            if revision != HEAD_REVISION:
                _migrate(path)
            # Foreign keys stay unenforced (SQLite's default): the store checks the one
            # a caller gives (an undo's ``undoes``) itself, as on Postgres, and enforcing
            # them costs a quarter of an append (benchmarks/append_cost.py).
        except sqlite3.Error as error:
            raw.close()
            raise failure(path, error) from None
        except BaseException:
            raw.close()
            raise
        return cls._wrap(path, raw, readonly=False, warn=warn)

    @classmethod
    def _create(cls, path: Path, ruleset: str, warn: Warn | None) -> SqliteEventStore:
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
            _build(built, name=path.stem, ruleset=ruleset, for_path=path)
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
            for leftover in (built, *(built.with_name(built.name + s) for s in SIDE_FILES)):
                with contextlib.suppress(OSError):  # the real error is already on its way
                    leftover.unlink(missing_ok=True)
        check_file(path)
        return cls._open_existing(path, readonly=False, warn=warn)


def _migrate(path: Path) -> None:
    """Migrate the file at ``path`` to ``HEAD_REVISION`` in one ``BEGIN IMMEDIATE``
    transaction, on a connection of its own (a second process opening the same old file
    waits, then finds nothing left to do).

    Raises:
        CampaignError: SQLite or a migration failed; the file is as it was.
        CampaignLockedError: another writer held the file past the busy timeout.
    """
    from . import migrate  # only now: importing SQLAlchemy and Alembic is slow

    raw = connect(path, "rw")
    engine = migrate.sqlite_engine(raw, "BEGIN IMMEDIATE")
    try:
        with engine.connect() as connection, connection.begin():
            migrate.upgrade(connection)
    except Exception as error:
        cause = getattr(error, "orig", None) or error
        if isinstance(cause, sqlite3.Error):
            raise SQLITE.failure(str(path), cause, "upgrading the file") from error
        raise CampaignError(
            f"{path}: upgrading the file failed: {one_line(cause)}", str(path)
        ) from error
    finally:
        engine.dispose()
        raw.close()


SCHEMA_SCRIPT = Path(__file__).with_name("sqlite_schema.sql")
"""The tables of a new campaign file at :data:`HEAD_REVISION`, as the Alembic migrations
build them (``tests/store/test_sqlite_schema.py`` checks that the two match): a new file
is built from it without importing SQLAlchemy or Alembic, which would cost more than
the rest of ``play``'s start-up (``benchmarks/play_startup.py``)."""


def schema_statements() -> list[str]:
    """The statements of :data:`SCHEMA_SCRIPT`, in order (its ``--`` comments left out)."""
    text = SCHEMA_SCRIPT.read_text(encoding="utf-8")
    script = "\n".join(line for line in text.splitlines() if not line.startswith("--"))
    return [part.strip().rstrip(";") for part in script.split(";\n") if part.strip()]


def _build(built: Path, *, name: str, ruleset: str, for_path: Path) -> None:
    """Make a complete new campaign file at ``built`` in one transaction, in WAL mode.

    Raises:
        CampaignError: SQLite failed.
    """
    try:
        raw = connect(built, "rwc")
    except sqlite3.Error as error:
        raise CampaignError(f"cannot create {for_path}: {one_line(error)}", str(for_path)) from None
    try:
        raw.execute("BEGIN IMMEDIATE")
        raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        for statement in schema_statements():
            raw.execute(statement)
        raw.execute(
            "INSERT INTO campaigns (id, name, ruleset, created_at, created_by)"
            " VALUES (?, ?, ?, ?, ?)",
            (str(uuid.uuid4()), name, ruleset, utc_now(), __version__),
        )
        raw.execute("COMMIT")
        raw.execute("PRAGMA journal_mode=WAL").fetchone()
    except sqlite3.Error as error:
        raise CampaignError(
            f"cannot create {for_path}: {one_line(error)}", str(for_path)
        ) from error
    finally:
        raw.close()


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
