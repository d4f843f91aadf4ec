"""A bounded budget of Postgres connections that many stores of one process share
(issue 13 §5; docs/rulings.md H705).

A store opened with a budget takes a connection when it first needs one and gives it
back when its owner calls :meth:`~hacktable.store.postgres.PostgresEventStore.release`
(the web table does after each job), so a process serving 300 tables holds at most
:attr:`ConnectionBudget.size` connections however many tables it serves. A store that
finds the budget spent waits up to :attr:`ConnectionBudget.wait` seconds, then fails
with one line. A connection found broken (the server restarted) is dropped and the
next taker connects afresh.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any, Final

import psycopg

from ..errors import CampaignError

__all__ = ["WAIT_SECONDS", "ConnectionBudget"]

WAIT_SECONDS: Final = 10.0
"""How long a store waits for a connection of a spent budget."""


class ConnectionBudget:
    """At most ``size`` connections, made by ``connect``, lent out one at a time.

    Attributes:
        size: how many connections may be open at once.
        wait: seconds a taker waits when all are lent.
        location: what messages name (a URL without its password).
    """

    def __init__(
        self,
        connect: Callable[[], psycopg.Connection[Any]],
        size: int,
        *,
        location: str,
        wait: float = WAIT_SECONDS,
    ) -> None:
        self._connect = connect
        self._slots = threading.BoundedSemaphore(size)
        self._idle: list[psycopg.Connection[Any]] = []
        self._guard = threading.Lock()
        self._lent = 0
        self._closed = False
        self._generation = 0
        self._born: dict[int, int] = {}
        """Each lent connection's :meth:`renew` generation, by ``id``."""
        self.size = size
        self.wait = wait
        self.location = location

    @property
    def held(self) -> int:
        """How many connections are open now (lent and idle)."""
        with self._guard:
            return self._lent + len(self._idle)

    def take(self) -> psycopg.Connection[Any]:
        """A live connection, the caller's until :meth:`give`.

        Raises:
            CampaignError: every connection stayed lent for :attr:`wait` seconds, or a
                new one could not be made (one line naming the host).
        """
        if not self._slots.acquire(timeout=self.wait):
            raise CampaignError(
                f"{self.location}: all {self.size} database connections of this server "
                f"stayed busy for {self.wait:g} s: try again",
                self.location,
            )
        try:
            with self._guard:
                if self._closed:
                    raise CampaignError(f"{self.location} is closed", self.location)
                while self._idle:
                    connection = self._idle.pop()
                    if not (connection.broken or connection.closed):
                        self._lent += 1
                        self._born[id(connection)] = self._generation
                        return connection
                    with contextlib.suppress(psycopg.Error):
                        connection.close()
            connection = self._connect()
            with self._guard:
                self._lent += 1
                self._born[id(connection)] = self._generation
            return connection
        except BaseException:
            self._slots.release()
            raise

    def give(self, connection: psycopg.Connection[Any]) -> None:
        """Take ``connection`` back (closed if it is broken, in a transaction, or the
        budget is closed)."""
        with self._guard:
            self._lent -= 1
            born = self._born.pop(id(connection), -1)
            keep = not (
                self._closed
                or born != self._generation
                or connection.broken
                or connection.closed
                or connection.info.transaction_status != psycopg.pq.TransactionStatus.IDLE
            )
            if keep:
                self._idle.append(connection)
        if not keep:
            with contextlib.suppress(psycopg.Error):
                connection.close()
        self._slots.release()

    def renew(self) -> None:
        """Forget every connection made so far (the server restarted: each would fail
        its next use): the idle are closed now, the lent when given back."""
        with self._guard:
            self._generation += 1
            idle, self._idle = self._idle, []
        for connection in idle:
            with contextlib.suppress(psycopg.Error):
                connection.close()

    def close(self) -> None:
        """Close the idle connections; those lent are closed when given back."""
        with self._guard:
            self._closed = True
            idle, self._idle = self._idle, []
        for connection in idle:
            with contextlib.suppress(psycopg.Error):
                connection.close()
