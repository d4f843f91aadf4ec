"""Where the accounts live (docs/rulings.md H720): a Postgres database (the one that
holds the hosted campaigns: every process on it sees the same accounts, sessions and
sign-in failures), or, for a server of SQLite campaign files, an SQLite file of the
server's own (``accounts.sqlite`` next to the campaigns, or ``--accounts PATH``).

Either is built and upgraded by the store's own Alembic migrations (revision 0004 adds
the accounts tables), so an accounts file is a hacktable database that holds no
campaign. Each call runs in a transaction of its own, on a connection of its own: a
sign-in is rare next to a roll, and no connection is shared between threads.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final, Protocol

from ..errors import CampaignError
from ..store.opening import is_url
from ..store.revision import HEAD_REVISION
from ..store.sql import named_to_pyformat
from ..store.sqlitefile import one_line

__all__ = ["ACCOUNT_CONNECTIONS", "AccountsDatabase", "Run", "gate"]

ACCOUNT_CONNECTIONS: Final = 4
"""The most Postgres connections one process's accounts hold at once (docs/rulings.md
H772): sign-ins and account pages need no cookie, so a flood of them waits its turn
instead of using up the database's connections while the tables starve."""
GATE_SECONDS: Final = 10.0
"""How long a call waits for one of them before it is refused in one line."""

_GATES: dict[str, threading.BoundedSemaphore] = {}
_GATES_GUARD = threading.Lock()


def gate(location: str) -> threading.BoundedSemaphore:
    """The process's :data:`ACCOUNT_CONNECTIONS` turns at the database ``location``."""
    with _GATES_GUARD:
        return _GATES.setdefault(location, threading.BoundedSemaphore(ACCOUNT_CONNECTIONS))


class Run(Protocol):
    """Runs one statement (``:name`` parameters) and returns its rows."""

    def __call__(self, sql: str, params: dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
        """The rows of ``sql`` run with ``params``."""
        ...


class AccountsDatabase:
    """The accounts' database at ``location`` (a Postgres URL or a file path), migrated
    to the newest revision on :meth:`open`."""

    def __init__(self, location: str | Path) -> None:
        self.location = str(location)
        self.postgres = is_url(self.location)

    @property
    def shown(self) -> str:
        """The location for messages (a URL without its password)."""
        if not self.postgres:
            return self.location
        from ..store.postgres import Target

        return Target(self.location).location.split("#", 1)[0]

    def open(self) -> AccountsDatabase:
        """Make or upgrade the database's tables.

        Raises:
            CampaignError: it cannot be reached, read or upgraded (one line).
        """
        if self.postgres:
            from ..store.postgres import Target, _migrate, _revision

            target = Target(self.location)
            connection = target.connect(readonly=False)
            try:
                revision = _revision(connection, target)
            finally:
                connection.close()
            if revision != HEAD_REVISION:
                _migrate(target)
            return self
        path = Path(self.location)
        if path.is_dir():
            raise CampaignError(f"{path} is a directory, not an accounts file", str(path))
        try:
            raw = sqlite3.connect(path)
            try:
                tables = {name for (name,) in raw.execute("SELECT name FROM sqlite_master")}
                version = (
                    raw.execute("SELECT version_num FROM alembic_version").fetchall()
                    if "alembic_version" in tables
                    else []
                )
                if not tables:
                    raw.execute("PRAGMA journal_mode = wal")
            finally:
                raw.close()
        except sqlite3.Error as error:
            raise CampaignError(f"cannot open {path}: {one_line(error)}", str(path)) from None
        if tables and "alembic_version" not in tables:
            raise CampaignError(f"{path} is some other program's database", str(path))
        if version != [(HEAD_REVISION,)]:
            from ..store.sqlite import _migrate as migrate_file

            migrate_file(path)
        return self

    @contextmanager
    def transaction(self) -> Iterator[Run]:
        """A transaction (committed when the block ends, rolled back if it raises).

        Raises:
            CampaignError: the database failed (one line, no password).
        """
        if self.postgres:
            with self._postgres() as run:
                yield run
        else:
            with self._sqlite() as run:
                yield run

    @contextmanager
    def _sqlite(self) -> Iterator[Run]:
        path = self.location
        try:
            connection = sqlite3.connect(path, timeout=5.0, isolation_level=None)
        except sqlite3.Error as error:
            raise CampaignError(f"cannot open {path}: {one_line(error)}", path) from None

        def run(sql: str, params: dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
            return connection.execute(sql, params or {}).fetchall()

        try:
            connection.execute("BEGIN IMMEDIATE")
            yield run
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            connection.rollback()
            raise CampaignError(f"{path}: {one_line(error)}", path) from None
        except BaseException:
            connection.rollback()
            raise
        finally:
            connection.close()

    @contextmanager
    def _postgres(self) -> Iterator[Run]:
        import psycopg

        from ..store.postgres import Target

        target = Target(self.location)
        turn = gate(self.location)
        if not turn.acquire(timeout=GATE_SECONDS):
            raise CampaignError(
                f"{self.shown}: the accounts' database is busy: try again in a moment",
                self.shown,
            )
        try:
            connection = target.connect(readonly=False)
        except BaseException:
            turn.release()
            raise

        def run(sql: str, params: dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
            cursor = connection.execute(named_to_pyformat(sql), params or {})
            return list(cursor.fetchall()) if cursor.description is not None else []

        try:
            with connection.transaction():
                yield run
        except psycopg.Error as error:
            raise CampaignError(
                f"{self.shown}: the accounts' database failed: {target.reason(error)}",
                self.shown,
            ) from None
        finally:
            connection.close()
            turn.release()
