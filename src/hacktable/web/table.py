"""One campaign at the web table: its session and command layer, on one thread.

Every read and write of the campaign runs on the table's single worker thread (the
SQLite connection belongs to the thread that opened it), so two players' commands
arriving together are run one after the other and land in one order everyone sees
(issue 12 §3). Each command first reads what other writers (a console on the same
file) appended (:meth:`~hacktable.engine.session.Session.refresh`).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..engine.execute import CommandLayer
from ..engine.principal import GM, Principal
from ..engine.session import Session
from ..play.events import Event
from ..play.visibility import seen_by
from ..store import CampaignStore
from .invites import redeem_invite

__all__ = ["Table", "event_json"]

T = TypeVar("T")


def event_json(event: Event) -> dict[str, Any]:
    """What a browser is sent of an event already filtered for its reader."""
    return {
        "seq": event.seq,
        "action": event.action,
        "actor": event.actor,
        "principal": event.principal,
        "summary": event.summary,
        "visibility": event.visibility.value,
    }


@dataclass
class Table:
    """A campaign served to browsers.

    Attributes:
        campaign: the campaign's file or URL.
        gm_token: the GM's link's secret, good while this server runs
            (docs/rulings.md H612).
        sessions: signed-in browsers: session cookie -> principal (in memory).
        rate: commands a second one browser session may send (issue 12 §4: 5).
        clock: seconds, monotonic (injected so tests need no wall clock).
    """

    campaign: str
    gm_token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    sessions: dict[str, Principal] = field(default_factory=dict)
    rate: int = 5
    clock: Callable[[], float] = time.monotonic
    _sent: dict[str, list[float]] = field(default_factory=dict)
    _worker: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(1, thread_name_prefix="table")
    )
    _store: CampaignStore | None = None
    _layer: CommandLayer | None = None
    _loop: asyncio.AbstractEventLoop | None = None
    _committed: asyncio.Event | None = None

    def _open(self) -> CommandLayer:
        """The command layer, opening the campaign on first use (on the worker)."""
        if self._layer is None:
            self._store = CampaignStore.open(self.campaign, create=False)
            self._layer = CommandLayer(Session(self._store, source="web"))
            self._layer.subscribe(lambda _outcome: self._wake())
        return self._layer

    def _wake(self) -> None:
        """Tell the waiting WebSockets that this server committed (from the worker)."""
        if self._loop is not None and self._committed is not None:
            self._loop.call_soon_threadsafe(self._committed.set)

    async def call(self, job: Callable[[CommandLayer], T]) -> T:
        """Run ``job`` on the table's worker thread with the command layer."""
        self._bind()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._worker, lambda: job(self._open()))

    def _bind(self) -> asyncio.Event:
        """The event set when this server commits, on the running loop."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop or self._committed is None:
            self._loop, self._committed = loop, asyncio.Event()
        return self._committed

    async def wait(self, timeout: float) -> None:
        """Wait until this server commits something, or ``timeout`` seconds pass (other
        writers, a console on the same file, are seen by polling: docs/rulings.md
        H614)."""
        committed = self._bind()
        try:
            await asyncio.wait_for(committed.wait(), timeout)
        except TimeoutError:
            return
        finally:
            committed.clear()

    def sign_in(self, principal: Principal) -> str:
        """A new session cookie's value for ``principal``."""
        cookie = secrets.token_urlsafe(32)
        self.sessions[cookie] = principal
        return cookie

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

    async def join(self, token: str) -> Principal:
        """Who ``token`` admits: the GM for the GM's link, else an invite used once.

        Raises:
            InviteError: an unknown or used token; nothing is stored.
        """
        if secrets.compare_digest(token, self.gm_token):
            return GM
        return await self.call(lambda layer: redeem_invite(layer.session, token))

    async def events_after(self, seq: int, principal: Principal) -> list[dict[str, Any]]:
        """The events after ``seq`` as ``principal`` sees them (RULINGS G4), with
        the campaign's latest ``seq`` last read, as ``{"seq": N}`` when none is seen
        (so a client's resume point moves past events hidden from it)."""

        def read(layer: CommandLayer) -> list[dict[str, Any]]:
            session = layer.session
            events = session.store.events(after=seq)
            if not events:
                return []
            revealed = session.revealed()
            shown = [seen_by(event, principal, revealed) for event in events]
            out = [event_json(event) for event in shown if event is not None]
            if not out or out[-1]["seq"] != events[-1].seq:
                out.append({"seq": events[-1].seq})
            return out

        return await self.call(read)

    def close(self) -> None:
        """Close the campaign and stop the worker."""

        def shut() -> None:
            if self._store is not None:
                self._store.close()

        self._worker.submit(shut).result()
        self._worker.shutdown()
