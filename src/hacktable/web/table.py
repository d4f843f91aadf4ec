"""One campaign at the web table: its session and command layer, on one thread.

Every read and write of the campaign runs on the table's single worker thread (the
SQLite connection belongs to the thread that opened it), so two players' commands
arriving together are run one after the other and land in one order everyone sees
(issue 12 §3). Each command first reads what other writers (a console on the same
file) appended (:meth:`~hacktable.engine.session.Session.refresh`).

New events reach the browsers through the table's :class:`~.broadcast.Broadcaster`:
at once when this server commits them (a command-layer listener), and within
:data:`POLL_SECONDS` when another writer does (docs/rulings.md H614).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeVar

from ..engine.execute import CommandLayer
from ..engine.principal import GM, Principal, Role
from ..engine.session import Session
from ..play.events import Event
from ..rulesets.base import WEB_RATE, WEB_SESSION_DAYS
from ..store import CampaignStore
from ..store.opening import is_url
from .broadcast import Broadcaster, Subscriber
from .invites import redeem_invite
from .sessions import (
    RETRIES,
    Sessions,
    expiry,
    grant_record,
    new_token,
    retrying,
    sign_in,
    sign_out,
)

if TYPE_CHECKING:
    from ..store.budget import ConnectionBudget

__all__ = ["GM_REVOKED", "POLL_SECONDS", "REVOKED", "Table"]

T = TypeVar("T")
_log = logging.getLogger("hacktable.web")

POLL_SECONDS = 0.5
"""How often a table reads its log for other writers' events (issue 12 §3: at least
once a second; docs/rulings.md H614)."""
REVOKED = "the GM ended your session at this table: ask them for a new invite link"
"""What a revoked player's socket is sent before it closes (docs/rulings.md H642)."""
GM_REVOKED = "the GM's sessions at this table were ended: sign in again as the GM"
"""What a GM's socket is sent when ``revoke gm`` or a reset of the GM's account's
password ended the GM's sessions (docs/rulings.md H785)."""


@dataclass(eq=False)
class Table:
    """A campaign served to browsers.

    Attributes:
        campaign: the campaign's file or URL.
        id: the table's name in its URLs (``/t/ID/``).
        gm_token: the GM's link's secret, good while this server runs
            (docs/rulings.md H612).
        sessions: the signed-in browsers the log knows (docs/rulings.md H640), a cache
            refreshed before each request (:meth:`refresh`) and by every event read.
        rate: commands a second one browser session may send. Given as 0 (the
            default), it is the campaign's ``web-rate`` setting (issue 12 §4: 5;
            docs/rulings.md H643), read at each refresh; a number given fixes it.
        clock: seconds, monotonic (injected so tests need no wall clock).
        now: the time of day, UTC, for sessions' expiry (injected likewise).
        broadcaster: the connected browsers.
        budget: the process's shared Postgres connections (docs/rulings.md H705): the
            store borrows one for each job and gives it back after.
        poll_seconds: how often the log is read for other writers' events (H614; a
            table woken by notifications only as a safety net, H703).
    """

    campaign: str
    id: str = "table"
    gm_token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    sessions: Sessions = field(default_factory=Sessions)
    rate: int = 0
    clock: Callable[[], float] = time.monotonic
    now: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))
    broadcaster: Broadcaster = field(default_factory=Broadcaster)
    budget: ConnectionBudget | None = None
    poll_seconds: float = POLL_SECONDS
    _sent: dict[str, list[float]] = field(default_factory=dict)
    _worker: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(1, thread_name_prefix="table")
    )
    _store: CampaignStore | None = None
    _layer: CommandLayer | None = None
    _loop: asyncio.AbstractEventLoop | None = None
    _published: int = -1
    _poller: asyncio.Task[None] | None = None
    _file_mark: tuple[int, ...] | None = None
    _revealed_at_open: set[int] = field(default_factory=set)
    _fixed_rate: bool = False
    _pending: bool = False
    _reader: asyncio.Future[None] | None = None
    _opened_as: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        self._fixed_rate = self.rate > 0
        if not self._fixed_rate:
            self.rate = 5

    # -- the worker thread ------------------------------------------------------------
    def _open(self) -> CommandLayer:
        """The command layer, opening the campaign on first use (on the worker)."""
        if self._layer is None:
            self._store = self._open_store()
            self._layer = CommandLayer(
                Session(self._store, source="web"), remote_players=True, retries=RETRIES
            )
            self._layer.subscribe(lambda _outcome: self._collect_or_later())
            self._published = self._store.last_seq()
            if not is_url(self.campaign):
                with contextlib.suppress(OSError):
                    found = os.stat(self.campaign)
                    self._opened_as = (found.st_dev, found.st_ino)
            self._revealed_at_open = set(self._store.reveals())
            self._scan()
        return self._layer

    def _open_store(self) -> CampaignStore:
        """The campaign's store: borrowing from the budget, if the table has one."""
        if self.budget is not None and is_url(self.campaign):
            from .. import DEFAULT_RULESET
            from ..store.postgres import PostgresEventStore

            return PostgresEventStore.open_url(
                self.campaign, ruleset=DEFAULT_RULESET, create=False, budget=self.budget
            )
        return CampaignStore.open(self.campaign, create=False)

    def gone(self) -> bool:
        """Whether the campaign file this table opened was deleted (or replaced by
        another of that name) since: by another process's GM, say (docs/rulings.md
        H779). A stat, no query: for the event loop."""
        if self._opened_as is None:
            return False
        try:
            found = os.stat(self.campaign)
        except OSError:
            return True
        return (found.st_dev, found.st_ino) != self._opened_as

    @property
    def campaign_key(self) -> str:
        """The campaign's id in the database's notifications (``""`` until opened, or
        for a file)."""
        return str(getattr(self._store, "channel_key", ""))

    def nudge(self, seq: int) -> None:
        """Another process committed up to ``seq`` (``-1``: perhaps, read anyway): read
        the log soon, unless this table published that far already (from any thread;
        docs/rulings.md H702)."""
        loop = self._loop
        if loop is None or 0 <= seq <= self._published:
            return
        with contextlib.suppress(RuntimeError):  # (the loop closed)
            loop.call_soon_threadsafe(self._read_soon)

    def _read_soon(self) -> None:
        """One read of new events at a time on the loop, and one more if woken while
        it ran."""
        self._pending = True
        if self._reader is None or self._reader.done():
            self._reader = asyncio.ensure_future(self._read_new())

    async def _read_new(self) -> None:
        while self._pending:
            self._pending = False
            try:
                await self.call(lambda _layer: self._collect())
            except Exception as error:  # (a failing store: the poll tries again)
                _log.warning("table %s: reading new events failed (%s)", self.id, error)

    def _scan(self) -> None:
        """Fold the log's new events into :attr:`sessions` (on the worker)."""
        if self._store is not None:
            self._fold(self._store.events(after=self.sessions.seq))

    def _fold(self, events: list[Event] | tuple[Event, ...]) -> None:
        """Take ``events`` into :attr:`sessions` and read the rate; a revoked player's
        sockets are sent an error and closed (docs/rulings.md H642)."""
        ended = self.sessions.fold(events)
        if self._layer is not None and not self._fixed_rate:
            self.rate = int(self._layer.session.setting(WEB_RATE))
        if ended and self._loop is not None:
            for principal in ended:
                why = GM_REVOKED if principal.role is Role.GM else REVOKED
                self._loop.call_soon_threadsafe(self.broadcaster.end, principal, why)

    def _mark(self) -> tuple[int, ...] | None:
        """What changes when anyone commits to the campaign's SQLite file: the size and
        modification time of the file and of its write-ahead log (``None`` for a
        Postgres campaign, which is read each time)."""
        if is_url(self.campaign):
            return None
        mark: list[int] = []
        for path in (self.campaign, f"{self.campaign}-wal"):
            try:
                found = os.stat(path)
            except OSError:
                mark += [-1, -1]
            else:
                mark += [found.st_size, found.st_mtime_ns]
        return tuple(mark)

    def _collect(self) -> None:
        """Read the events stored since the last published and hand them to the loop
        (on the worker: from the listener after this server's commits, or the poll)."""
        store = self._store
        if store is None or self._loop is None:
            return
        mark = self._mark()  # (before reading: a write after it marks anew)
        if self.sessions.seq < self._published:
            self._scan()
        batch = tuple(store.events(after=self._published))
        if not batch:
            self._file_mark = mark
            return
        targets = [e.detail.get("reveals") for e in batch if e.action == "reveal"]
        revealed = [store.event(t) for t in targets if isinstance(t, int)]
        shown = [event for event in revealed if event is not None]
        # (every read first: a store that fails above leaves the batch to the next look)
        self._published, self._file_mark = batch[-1].seq, mark
        self._fold(batch)
        self._loop.call_soon_threadsafe(self.broadcaster.publish, batch, shown)

    def _collect_or_later(self) -> None:
        """:meth:`_collect`, but a store that fails to read is logged and left to the
        next poll: the command that just committed still answers, and the poll goes on
        (a lost database connection must not end the table's live updates)."""
        try:
            self._collect()
        except Exception as error:  # (any store's failure alike)
            _log.warning("table %s: reading new events failed (%s); retrying", self.id, error)

    async def call(self, job: Callable[[CommandLayer], T]) -> T:
        """Run ``job`` on the table's worker thread with the command layer."""
        self._bind()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._worker, lambda: self._job(job))

    def _job(self, job: Callable[[CommandLayer], T]) -> T:
        """``job`` with the command layer; then the store's connection goes back to
        the budget (docs/rulings.md H705)."""
        try:
            return job(self._ready())
        finally:
            release: Any = getattr(self._store, "release", None)
            if release is not None:
                release()

    def _ready(self) -> CommandLayer:
        """The command layer for a new job: what the table stores by itself (a join, a
        sign-in, an invite) is the GM's, not whoever ran the last command; a command
        names its own asker (docs/rulings.md H670)."""
        layer = self._open()
        layer.session.principal = GM
        return layer

    def _bind(self) -> None:
        """Remember the running loop (the broadcaster lives on it) and start polling."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop = loop
            self._poller = loop.create_task(self._poll())

    async def _poll(self) -> None:
        """Read other writers' events every :data:`POLL_SECONDS` while anyone listens.
        A campaign file is read only when it changed since the last read (its size and
        time, and its write-ahead log's, looked at here on the loop: no query, no hop
        to the worker; docs/rulings.md H614)."""
        while True:
            await asyncio.sleep(self.poll_seconds)
            if self._file_mark is not None and self._mark() == self._file_mark:
                continue
            if self.broadcaster.subscribers:
                try:
                    await self.call(lambda _layer: self._collect())
                except Exception as error:  # (a failing store: try again)
                    _log.warning("table %s: polling the log failed (%s)", self.id, error)

    # -- subscribers ------------------------------------------------------------------
    async def subscribe(self, principal: Principal, after: int) -> Subscriber:
        """A browser resuming after ``after``: it is sent every event after it that
        ``principal`` may see, then each new one, each once (docs/rulings.md H617)."""
        await self.call(lambda _layer: None)
        # (always: a reveal published before the first page connected must not hide
        # the reveals the log held at opening, RULINGS G4)
        self.broadcaster.revealed |= self._revealed_at_open
        subscriber = self.broadcaster.join(principal, after)

        def missed(_layer: CommandLayer) -> tuple[list[Event], list[Event]]:
            """The events after ``after`` published so far, and those their reveals
            made public (as stored, for the page to show whole: RULINGS G4)."""
            store = self._store
            assert store is not None
            events = [e for e in store.events(after=after) if e.seq <= self._published]
            targets = [e.detail.get("reveals") for e in events if e.action == "reveal"]
            found = [store.event(t) for t in targets if isinstance(t, int) and t <= after]
            return events, [event for event in found if event is not None]

        try:
            events, revealed = await self.call(missed)
        except BaseException:
            self.broadcaster.leave(subscriber)
            raise
        self.broadcaster.caught_up(subscriber, events, revealed)
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        self.broadcaster.leave(subscriber)

    # -- signing in -------------------------------------------------------------------
    def principal(self, cookie: str) -> Principal | None:
        """Who the session ``cookie`` signs in now, as far as the cache knows."""
        return self.sessions.get(cookie, self.now())

    async def refresh(self) -> None:
        """Read what the log added since the last look: new sign-ins (another server
        process's), revocations, sign-outs, the rate (docs/rulings.md H640)."""
        await self.call(lambda _layer: self._scan())

    async def sign_out(self, cookie: str) -> None:
        """End the session ``cookie`` (in the log: every process forgets it)."""

        def end(layer: CommandLayer) -> None:
            retrying(lambda: sign_out(layer.session, cookie))
            self._scan()

        await self.call(end)

    def allow(self, cookie: str) -> bool:
        """Whether the session ``cookie`` may send a command now: fewer than
        :attr:`rate` in the last second (docs/rulings.md H616)."""
        now = self.clock()
        recent = [at for at in self._sent.get(cookie, []) if now - at < 1.0]
        allowed = len(recent) < self.rate
        if allowed:
            recent.append(now)
        self._sent[cookie] = recent
        return allowed

    async def join(self, token: str) -> tuple[Principal, str, datetime]:
        """Sign in with ``token``: the GM's link, or an invite used once. Returns who
        it admits, their new session cookie and when it expires; the log keeps the
        cookie's hash until it expires (the ``web-session-days`` setting:
        docs/rulings.md H640, H641).

        Raises:
            InviteError: an unknown, used or revoked token; nothing is stored.
            StaleWriteError: another writer stored an event first, every time it tried (RETRIES).
        """
        cookie = new_token()
        until = self.now()

        def enter(layer: CommandLayer) -> Principal:
            nonlocal until
            until = expiry(self.now(), int(layer.session.setting(WEB_SESSION_DAYS)))
            # (bytes: compare_digest refuses a str that is not ASCII; issue 12 §4)
            if secrets.compare_digest(token.encode(), self.gm_token.encode()):
                retrying(lambda: sign_in(layer.session, GM, cookie, until))
                principal = GM
            else:
                record = lambda who: grant_record(who, cookie, until)  # noqa: E731
                principal = retrying(lambda: redeem_invite(layer.session, token, record))
            self._scan()
            return principal

        principal = await self.call(enter)
        return principal, cookie, until

    async def sign_in_gm(self) -> tuple[str, datetime]:
        """A new GM session, for the campaign's owner signed in to their account
        (docs/rulings.md H726), kept in the log as the GM's link's sign-in is (H640);
        returns its cookie and when it expires.

        Raises:
            StaleWriteError: another writer stored an event first, twice running.
        """
        cookie = new_token()
        until = self.now()

        def enter(layer: CommandLayer) -> None:
            nonlocal until
            until = expiry(self.now(), int(layer.session.setting(WEB_SESSION_DAYS)))
            retrying(lambda: sign_in(layer.session, GM, cookie, until))
            self._scan()

        await self.call(enter)
        return cookie, until

    def close(self) -> None:
        """Stop polling, close the campaign and stop the worker."""
        if self._poller is not None:
            with contextlib.suppress(RuntimeError):  # (its loop may be closed already)
                self._poller.cancel()

        def shut() -> None:
            if self._store is not None:
                self._store.close()

        with contextlib.suppress(RuntimeError):
            self._worker.submit(shut).result()
        self._worker.shutdown()
