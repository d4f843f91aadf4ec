"""The tables one server process serves: every campaign it was given, each under its
own name in the URLs (``/t/NAME/``; issue 12 §4: a cookie of one table means nothing
at another), and, given a database, every campaign in it, each opened when first
asked for by name (issue 13 §1; docs/rulings.md H700).

With a database the hub holds the process's one listening connection
(:class:`~.listener.Listener`) and the connections its tables share
(:class:`~hacktable.store.budget.ConnectionBudget`; H702-H705)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final
from urllib.parse import quote, unquote, urlsplit

from ..errors import CommandError
from .table import Table

if TYPE_CHECKING:
    from ..store.budget import ConnectionBudget
    from .config import ServerConfig
    from .listener import Listener

__all__ = ["DELETED", "LIST_SECONDS", "SAFETY_POLL_SECONDS", "Hub", "gm_token", "table_id"]

SAFETY_POLL_SECONDS: Final = 5.0
"""How often a table of a listening hub reads its log anyway (a lost notification's
safety net; docs/rulings.md H703)."""
LIST_SECONDS: Final = 1.0
"""A name the hub does not know makes it list the database's campaigns again at most
this often (a stream of unknown names is not a stream of queries)."""

DELETED: Final = "the GM deleted this campaign"
"""What a deleted campaign's sockets are sent before they close (docs/rulings.md H726),
at every process."""

_UNSAFE = re.compile(r"[^a-z0-9-]+")


def table_id(campaign: str) -> str:
    """A table's name in URLs, from its campaign's file name: ``Lost Mines.db`` ->
    ``lost-mines``; of a database URL, the campaign's name after ``#`` (issue 13 §1:
    H700), else its path's last part, or its host's name, never its user, password or
    query (they would be in every link the GM hands out)."""
    if "://" in campaign:
        try:
            parts = urlsplit(campaign)
            named = unquote(parts.fragment).replace("/", "-")
            stem = named or parts.path.rstrip("/") or (parts.hostname or "")
        except ValueError:  # (a malformed address: the table keeps the plain name)
            stem = ""
    else:
        stem = Path(campaign.split("?", 1)[0]).stem
    name = _UNSAFE.sub("-", stem.rsplit("/", 1)[-1].lower()).strip("-")
    return name or "table"


def gm_token(secret: str, table: str) -> str:
    """The GM's link's secret for ``table``: every process given the same ``secret``
    (``HACKTABLE_GM_SECRET``) gives the same link (docs/rulings.md H701)."""
    digest = hmac.new(secret.encode(), f"gm-link:{table}".encode(), hashlib.sha256)
    return digest.hexdigest()


@dataclass(eq=False)
class Hub:
    """Every table of this server, by name.

    Attributes:
        tables: the tables opened so far.
        database: a database URL (no ``#``) whose every campaign is a table, or ``""``.
        gm_secret: what the GM links derive from (H701); ``""``: each table's own
            random link, good while this process runs (H612).
        budget: the database connections the tables share (H705).
        listener: the listening connection (H702), once :meth:`listen` started it.
        clock: seconds, monotonic (for :data:`LIST_SECONDS`).
        opener: opens a table this process was not given, by name, or ``None`` (a
            hosted server's campaign file made by another process: docs/rulings.md
            H727; a database's campaigns open by themselves).
    """

    tables: dict[str, Table] = field(default_factory=dict)
    database: str = ""
    gm_secret: str = ""
    budget: ConnectionBudget | None = None
    listener: Listener | None = None
    clock: Callable[[], float] = time.monotonic
    opener: Callable[[Hub, str], Table | None] | None = None
    _names: dict[str, str] = field(default_factory=dict)
    _listed: float | None = None
    _keys: dict[str, Table] = field(default_factory=dict)
    _guard: threading.Lock = field(default_factory=threading.Lock)
    _listing: threading.Lock = field(default_factory=threading.Lock)
    _opening: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def serving(cls, config: ServerConfig) -> Hub:
        """The hub of ``config``: its campaigns, and every campaign of its database.

        Raises:
            CommandError: two campaigns would have the same name.
            CampaignError: the database cannot be reached (one line naming the host).
        """
        hub = cls(database=config.database, gm_secret=config.gm_secret)
        for campaign in config.campaigns:
            hub.add(hub.table_for(campaign, table_id(campaign)))
        if config.database:
            from ..store.budget import ConnectionBudget
            from ..store.postgres import Target

            target = Target(config.database)
            hub.budget = ConnectionBudget(
                lambda: target.connect(readonly=False), config.pool, location=target.location
            )
            hub.list_campaigns()
        return hub

    def table_for(self, campaign: str, name: str) -> Table:
        """A new table of ``campaign`` named ``name``, sharing the hub's budget."""
        table = Table(campaign, id=name, budget=self.budget if "://" in campaign else None)
        if self.gm_secret:
            table.gm_token = gm_token(self.gm_secret, name)
        if self.database and "://" in campaign:
            table.poll_seconds = SAFETY_POLL_SECONDS
        return table

    def list_campaigns(self) -> list[str]:
        """Every table's name: those opened, and every campaign of the database (read
        from it now).

        Raises:
            CampaignError: the database cannot be reached.
        """
        if self.database:
            from ..store.postgres import campaign_names

            names = campaign_names(self.database)
            found: dict[str, str] = {}
            for name in names:  # (two names alike in a URL: the first in order, H700)
                found.setdefault(table_id(f"{self.database}#{quote(name, safe='')}"), name)
            with self._guard:
                self._names = found
                self._listed = self.clock()
        return self.names()

    def names(self) -> list[str]:
        """Every table's name as last listed (no query: for the event loop)."""
        return sorted({*self.tables, *self._names})

    def listen(self) -> Listener | None:
        """Start the process's listening connection (with a database; docs/rulings.md
        H702): each committed append wakes its table wherever it was made."""
        if self.database and self.listener is None:
            from .listener import Listener

            self.listener = Listener(self.database, self.wake, self.resumed, self.lost).start()
        return self.listener

    def wake(self, campaign_key: str, seq: int) -> None:
        """A notification: campaign ``campaign_key`` holds events up to ``seq``, or
        (``seq`` :data:`~.listener.GONE`) was deleted, through any process: its table
        is then no longer served here either (from the listener's thread)."""
        from .listener import GONE

        table = self._keys.get(campaign_key)
        if table is None:
            with self._guard:
                self._keys = {
                    t.campaign_key: t for t in list(self.tables.values()) if t.campaign_key
                }
            table = self._keys.get(campaign_key)
        if table is None:
            return
        if seq != GONE:
            table.nudge(seq)
            return
        with self._guard:
            self._keys.pop(campaign_key, None)
        loop = table._loop
        if loop is None:
            self._drop(table)
            return
        with contextlib.suppress(RuntimeError):  # (the loop closed)
            loop.call_soon_threadsafe(self._drop, table)

    def _drop(self, table: Table) -> None:
        """:meth:`remove` ``table``, if its name still names it (not a new campaign's
        table opened since under the same name)."""
        if self.tables.get(table.id) is table:
            self.remove(table.id, DELETED)

    def lost(self) -> None:
        """The listener lost the server: every pooled connection would fail its next
        use, so none is used again."""
        if self.budget is not None:
            self.budget.renew()

    def resumed(self) -> None:
        """The listener is back: every table reads its log (what was committed while
        nobody listened)."""
        for table in list(self.tables.values()):
            table.nudge(-1)

    @classmethod
    def of(cls, campaigns: Iterable[str]) -> Hub:
        """A hub serving ``campaigns`` (files or URLs), each named by :func:`table_id`.

        Raises:
            CommandError: two campaigns would have the same name.
        """
        hub = cls()
        for campaign in campaigns:
            hub.add(Table(campaign, id=table_id(campaign)))
        return hub

    def add(self, table: Table) -> Table:
        """Serve ``table``.

        Raises:
            CommandError: a table of that name is served already.
        """
        if table.id in self.tables:
            raise CommandError(f"two campaigns would both be the table {table.id!r}", "serve")
        self.tables[table.id] = table
        return table

    def get(self, name: str, *, open_missing: bool = True) -> Table | None:
        """The table ``name``: opened now if it is a campaign of the database (listed
        again when the name is new, at most every :data:`LIST_SECONDS`), or one the
        :attr:`opener` opens; with ``open_missing`` false, only one open already."""
        table = self.tables.get(name)
        if table is not None or not open_missing:
            return table
        if self.database:
            table = self._of_database(name)
        if table is None and self.opener is not None:
            with self._opening:  # (one at a time: two threads would both add it)
                table = self.tables.get(name) or self.opener(self, name)
        return table

    async def find(self, name: str) -> Table | None:
        """:meth:`get` for the event loop: a table not open yet is looked up on a
        thread (listing the database, asking the :attr:`opener`: each a query that may
        wait for its connect timeout), so one unknown name never holds up every table."""
        table = self.tables.get(name)
        if table is not None and table.gone():  # (deleted through another process: H779)
            self.remove(name, DELETED)
            table = None
        if table is not None:
            return table
        return await asyncio.to_thread(self.get, name)

    def _of_database(self, name: str) -> Table | None:
        """The table of the database's campaign ``name``, opened now; ``None`` if the
        database has none of that name."""
        if name not in self._names and self._listing.acquire(blocking=False):
            # (one listing at a time, the others answer from the last; an attempt that
            # failed counts too: a database away is not asked at every request)
            try:
                if self._listed is None or self.clock() - self._listed >= LIST_SECONDS:
                    from ..errors import HacktableError

                    self._listed = self.clock()
                    with contextlib.suppress(HacktableError):  # (unreachable: none now)
                        self.list_campaigns()
            finally:
                self._listing.release()
        campaign = self._names.get(name)
        if campaign is None:
            return None
        with self._guard:
            if name not in self.tables:
                location = f"{self.database}#{quote(campaign, safe='')}"
                self.tables[name] = self.table_for(location, name)
            return self.tables[name]

    def remove(self, name: str, why: str) -> None:
        """Stop serving the table ``name`` (its campaign was deleted) and close it; each
        of its sockets is sent ``why`` and closed (on the event loop: the table's poll
        is a task of it)."""
        table = self.tables.pop(name, None)
        with self._guard:
            self._names.pop(name, None)
        if table is not None:
            for principal in {each.principal for each in table.broadcaster.subscribers}:
                table.broadcaster.end(principal, why)
            table.close()

    def __iter__(self) -> Iterator[Table]:
        return iter(list(self.tables.values()))

    def restart(self, why: str) -> None:
        """Tell every connected browser of every table to reconnect (close code 1012:
        docs/rulings.md H742); on the event loop."""
        for table in self.tables.values():
            table.broadcaster.restart(why)

    def connected(self) -> int:
        """How many browsers are connected to this process, over every table."""
        return sum(len(table.broadcaster.subscribers) for table in self.tables.values())

    def close(self) -> None:
        if self.listener is not None:
            self.listener.stop()
        for table in list(self.tables.values()):
            table.close()
        if self.budget is not None:
            self.budget.close()
