"""Rate limits and who is connected, shared by every process serving a Postgres
database (issue 13: "rate limits and who is connected hold across all processes").

A campaign file is served by one process: its limits stay in memory
(:meth:`~hacktable.web.table.Table.allow`, the broadcaster's subscribers). For a
Postgres database, one :class:`PostgresShared` per process keeps, in the database's
``web_presence`` and ``web_rate`` tables (migration 0003):

- presence (docs/rulings.md H743): a row a (process, campaign, role, name) with how
  many sockets this process holds, written when one opens or closes, and a heartbeat
  every ``presence_seconds``; a row counts while its heartbeat is under three beats
  old, so a killed process's sockets drop out by themselves, and its rows are deleted
  by the next beat of any process (and by its own close when it stops cleanly);
- the rate (docs/rulings.md H744): commands a browser session sent to a campaign in the
  current second of the database's clock, counted by one atomic
  ``INSERT ... ON CONFLICT ... DO UPDATE ... RETURNING``; a session is known by its
  cookie's SHA-256, never the cookie.

Each call runs on a thread (one connection, one at a time). If the database fails,
the process falls back to its own counts (a warning in the log), so an outage of the
shared tables neither refuses every command nor hides every player; after a failure it
does not ask again for :data:`AWAY_SECONDS`, and a call that finds the connection held
longer than ``busy_seconds`` (a statement hung on a vanished host) counts alone too
(docs/rulings.md H775): every table's commands pass through these tables, so none may
wait on them for long.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
import uuid
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Final

from ..play.principal import Principal, Role
from ..store.opening import is_url
from .health import database_of
from .invites import token_hash
from .logs import FIELDS
from .table import Table

__all__ = [
    "AWAY_SECONDS",
    "BUSY_SECONDS",
    "STALE_BEATS",
    "PostgresShared",
    "admit",
    "attach_shared",
    "campaign_key",
    "connected",
    "shared_for",
]

STALE_BEATS: Final = 3
"""How many missed heartbeats make a process's presence rows stale."""

AWAY_SECONDS: Final = 1.0
"""After the shared tables failed, how long a process counts alone before asking the
database again (docs/rulings.md H775)."""
BUSY_SECONDS: Final = 1.0
"""How long a call waits for the process's one shared connection before counting alone
(docs/rulings.md H775)."""

_NOW_MS: Final = "(extract(epoch from clock_timestamp()) * 1000)::bigint"
_NOW: Final = f"COALESCE(%(now_ms)s::bigint, {_NOW_MS})"
"""The clock in SQL: the one a test gives, else the database's (every process alike)."""
_log = logging.getLogger("hacktable.web")

Count = dict[tuple[Role, str], int]
_Key = tuple[str, Role, str]
"""A presence row of this process: (campaign, role, name)."""


def campaign_key(location: str) -> str:
    """The campaign a Postgres location names (its ``#NAME``, ``campaign`` if none)."""
    from ..store.postgres import Target

    return Target(location).campaign


@dataclass(eq=False)
class PostgresShared:
    """One process's view of a database's shared presence and rate tables.

    Attributes:
        url: the database (a ``postgresql://`` URL; its ``#CAMPAIGN`` is ignored).
        presence_seconds: the heartbeat.
        clock: seconds since the epoch, for tests; ``None``: the database's clock.
        process: this process's random id.
        busy_seconds: how long a call waits for the connection (H775).
        monotonic: seconds, monotonic, for :data:`AWAY_SECONDS` (tests).
    """

    url: str
    presence_seconds: float = 5.0
    clock: Callable[[], float] | None = None
    process: str = field(default_factory=lambda: uuid.uuid4().hex)
    busy_seconds: float = BUSY_SECONDS
    monotonic: Callable[[], float] = time.monotonic
    _failed: float | None = None
    _sockets: dict[_Key, int] = field(default_factory=dict)
    _unwritten: set[_Key] = field(default_factory=set)
    _connection: Any = None
    _lock: threading.RLock = field(default_factory=threading.RLock)
    _beating: asyncio.Task[None] | None = None

    # -- the connection (on a thread) ---------------------------------------------------
    def _run(self, statement: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        import psycopg

        from ..store.postgres import Target

        failed = self._failed
        if failed is not None and self.monotonic() - failed < AWAY_SECONDS:
            raise _AwayError("the shared tables failed just now")
        if not self._lock.acquire(timeout=self.busy_seconds):
            raise _AwayError("the shared tables' connection is busy")
        try:
            if self._connection is None or self._connection.closed or self._connection.broken:
                target = Target(database_of(self.url))
                self._connection = psycopg.connect(
                    target.conninfo, autocommit=True, connect_timeout=5
                )
            cursor = self._connection.execute(statement, params)
            found = list(cursor.fetchall()) if cursor.description else []
        except Exception:
            self._failed = self.monotonic()
            raise
        finally:
            self._lock.release()
        self._failed = None
        return found

    def _now(self) -> dict[str, Any]:
        """The clock as SQL parameters: ``now_ms`` (``None``: the database's)."""
        return {"now_ms": None if self.clock is None else int(self.clock() * 1000)}

    async def _call(self, statement: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        return await asyncio.to_thread(self._run, statement, {**self._now(), **params})

    # -- the rate -----------------------------------------------------------------------
    async def allow(self, campaign: str, cookie: str, rate: int) -> bool | None:
        """Whether the session ``cookie`` may send one more command to ``campaign``
        this second (fewer than ``rate`` so far, over every process); ``None`` if the
        database could not say (the caller counts alone; docs/rulings.md H744)."""
        statement = (
            "INSERT INTO web_rate (campaign, session, second, sent)"
            f" VALUES (%(campaign)s, %(session)s, {_NOW} / 1000, 1)"
            " ON CONFLICT (campaign, session, second)"
            " DO UPDATE SET sent = web_rate.sent + 1 RETURNING sent"
        )
        try:
            params = {"campaign": campaign, "session": token_hash(cookie)}
            rows = await self._call(statement, params)
        except Exception as error:  # (any database failure: count alone)
            _warn("the shared rate", error)
            return None
        return int(rows[0][0]) <= rate

    # -- presence -----------------------------------------------------------------------
    def joined(self, campaign: str, principal: Principal) -> Coroutine[Any, Any, None]:
        """One more socket of ``principal`` at ``campaign`` through this process:
        counted at once, written by the coroutine returned."""
        return self._written(self._count(campaign, principal, 1))

    def left(self, campaign: str, principal: Principal) -> Coroutine[Any, Any, None]:
        """One socket fewer: counted at once, so a handler cancelled before the write
        runs (its loop stopping) has still left, and the next beat writes it
        (docs/rulings.md H778)."""
        return self._written(self._count(campaign, principal, -1))

    def _count(self, campaign: str, principal: Principal, by: int) -> _Key:
        key = (campaign, principal.role, principal.name)
        sockets = max(0, self._sockets.get(key, 0) + by)
        if sockets:
            self._sockets[key] = sockets
        else:
            self._sockets.pop(key, None)
        self._unwritten.add(key)
        return key

    async def _written(self, key: _Key) -> None:
        self._start_beating()
        try:
            await asyncio.to_thread(self._write, key, self._now())
        except Exception as error:  # (the next beat writes it again)
            _warn("the shared presence", error)

    def _write(self, key: _Key, params: dict[str, Any]) -> None:
        """Write the row of ``key`` as :attr:`_sockets` holds it when the write runs
        (on a thread, holding the connection): writes that threads run out of order
        leave the last count, never a socket that left since (docs/rulings.md H778).
        A write that fails leaves ``key`` in :attr:`_unwritten` for the next beat."""
        if not self._lock.acquire(timeout=self.busy_seconds):
            raise _AwayError("the shared tables' connection is busy")
        try:
            self._unwritten.discard(key)  # (a change from now on marks it again)
            campaign, role, name = key
            sockets = self._sockets.get(key, 0)
            row: dict[str, Any] = {"process": self.process, "campaign": campaign}
            row |= {"role": role.value, "name": name, "sockets": sockets}
            if sockets:
                statement = (
                    "INSERT INTO web_presence (process, campaign, role, name, sockets, beat_ms)"
                    f" VALUES (%(process)s, %(campaign)s, %(role)s, %(name)s, %(sockets)s,"
                    f" {_NOW})"
                    " ON CONFLICT (process, campaign, role, name)"
                    " DO UPDATE SET sockets = EXCLUDED.sockets, beat_ms = EXCLUDED.beat_ms"
                )
            else:
                statement = (
                    "DELETE FROM web_presence WHERE process = %(process)s"
                    " AND campaign = %(campaign)s AND role = %(role)s AND name = %(name)s"
                )
            try:
                self._run(statement, {**params, **row})
            except Exception:
                self._unwritten.add(key)
                raise
        finally:
            self._lock.release()

    async def connected(self, campaign: str) -> Count | None:
        """How many sockets each principal holds at ``campaign``, over every live
        process; ``None`` if the database could not say."""
        statement = (
            "SELECT role, name, SUM(sockets) FROM web_presence WHERE campaign = %(campaign)s"
            f" AND beat_ms >= {_NOW} - %(stale_ms)s"
            " GROUP BY role, name"
        )
        try:
            rows = await self._call(statement, {"campaign": campaign, "stale_ms": self._stale_ms()})
        except Exception as error:
            _warn("the shared presence", error)
            return None
        return {(Role(role), str(name)): int(total) for role, name, total in rows}

    def _stale_ms(self) -> int:
        return int(STALE_BEATS * self.presence_seconds * 1000)

    async def beat(self) -> None:
        """Renew this process's rows (all of them again, and a leave not yet written:
        a failed write heals), and delete stale rows of dead processes and old rate
        counts."""
        keys = list(self._sockets.copy())  # (copies: writes on threads change them)
        keys += [key for key in self._unwritten.copy() if key not in keys]
        params = {"process": self.process, "stale_ms": self._stale_ms()}
        try:
            await asyncio.to_thread(self._beat_rows, keys, {**self._now(), **params})
        except Exception as error:
            _warn("the presence heartbeat", error)

    def _beat_rows(self, keys: list[_Key], params: dict[str, Any]) -> None:
        now = _NOW
        for key in keys:
            self._write(key, params)
        self._run(f"DELETE FROM web_presence WHERE beat_ms < {now} - %(stale_ms)s", params)
        self._run(f"DELETE FROM web_rate WHERE second < {now} / 1000 - 60", params)

    def _start_beating(self) -> None:
        if self._beating is None or self._beating.done():
            self._beating = asyncio.get_running_loop().create_task(self._beat_forever())

    async def _beat_forever(self) -> None:
        while True:
            await asyncio.sleep(self.presence_seconds)
            await self.beat()

    def close(self) -> None:
        """Forget this process's sockets in the database and close the connection."""
        if self._beating is not None:
            with contextlib.suppress(RuntimeError):
                self._beating.cancel()
        with contextlib.suppress(Exception):
            mine = "DELETE FROM web_presence WHERE process = %(process)s"
            self._run(mine, {"process": self.process})
        if self._lock.acquire(timeout=self.busy_seconds):  # (a hung one: left to exit)
            try:
                with contextlib.suppress(Exception):
                    if self._connection is not None:
                        self._connection.close()
            finally:
                self._lock.release()


class _AwayError(Exception):
    """The shared tables were not asked (failed just now, or their connection busy)."""


def _warn(what: str, error: BaseException) -> None:
    if isinstance(error, _AwayError):  # (said once already, when it failed)
        return
    reason = str(error).splitlines()[0][:200] if str(error) else type(error).__name__
    _log.warning(f"{what} failed; counting in this process", extra={FIELDS: {"error": reason}})


def shared_for(app: Any, campaign: str) -> PostgresShared | None:
    """The shared tables of the database behind ``campaign``, if the app has them."""
    found: dict[str, PostgresShared] = getattr(app.state, "shared", {})
    return found.get(database_of(campaign)) if is_url(campaign) else None


def attach_shared(app: Any, campaigns: list[str], presence_seconds: float = 5.0) -> None:
    """Give ``app`` one :class:`PostgresShared` per Postgres database behind
    ``campaigns`` (a campaign file keeps the in-memory path)."""
    found: dict[str, PostgresShared] = getattr(app.state, "shared", {})
    for campaign in campaigns:
        if is_url(campaign) and database_of(campaign) not in found:
            found[database_of(campaign)] = PostgresShared(
                database_of(campaign), presence_seconds=presence_seconds
            )
    app.state.shared = found


async def admit(app: Any, table: Table, cookie: str) -> bool:
    """Whether the session ``cookie`` may send a command to ``table`` now: over every
    process for a Postgres campaign (docs/rulings.md H744), else this process's count
    (docs/rulings.md H616)."""
    shared = shared_for(app, table.campaign)
    if shared is not None:
        verdict = await shared.allow(campaign_key(table.campaign), cookie, table.rate)
        if verdict is not None:
            return verdict
    return table.allow(cookie)


async def connected(app: Any, table: Table) -> Count:
    """How many sockets each principal holds at ``table``: over every live process for
    a Postgres campaign (docs/rulings.md H743), else this process's subscribers."""
    shared = shared_for(app, table.campaign)
    if shared is not None:
        found = await shared.connected(campaign_key(table.campaign))
        if found is not None:
            return found
    counted: Count = {}
    for subscriber in table.broadcaster.subscribers:
        key = (subscriber.principal.role, subscriber.principal.name)
        counted[key] = counted.get(key, 0) + 1
    return counted
