"""One listening Postgres connection per server process: the fan-out between processes
(issue 13 §1, §2; docs/rulings.md H702, H703).

Every append notifies :data:`~hacktable.store.postgres.NOTIFY_CHANNEL` with its
campaign's id and its new last ``seq`` (in the append's own statement: delivered only
once committed). The listener's thread waits on that channel and hands each
notification to ``wake`` (the hub, which wakes that campaign's table to read its log
by ``seq``: a notification lost or repeated can neither lose nor repeat an event). A
lost connection (Postgres restarted) calls ``lost`` (the hub drops its pooled
connections, each of which would fail its next use) and is made again by itself, every
:data:`RETRY_SECONDS`; once it is back, ``resumed`` is called (every table reads its
log, for what was committed while nobody listened).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from typing import Any, Final

import psycopg

from ..store.postgres import CONNECT_TIMEOUT, NOTIFY_CHANNEL, Target

__all__ = ["GONE", "RETRY_SECONDS", "Listener", "parse"]

GONE: Final = -2
"""The ``seq`` :func:`parse` gives a notification ``CAMPAIGN_ID deleted``: the campaign
was deleted (through any process), so every process stops serving it."""

RETRY_SECONDS: Final = 0.5
"""How long the listener waits before connecting again after losing its connection."""
TICK_SECONDS: Final = 1.0
"""How long one wait for notifications lasts before the thread looks whether to stop."""

_log = logging.getLogger("hacktable.web")


def parse(payload: str) -> tuple[str, int] | None:
    """``(campaign id, seq)`` of a notification's payload, or ``None`` if it is not
    one of ours.

    >>> parse("5b0c 12"), parse("junk"), parse("5b0c deleted")
    (('5b0c', 12), None, ('5b0c', -2))
    """
    campaign, _, seq = payload.partition(" ")
    if campaign and seq == "deleted":
        return campaign, GONE
    if not campaign or not seq.isdecimal() or len(seq) > 19:
        return None
    return campaign, int(seq)


class Listener:
    """The process's listening connection to the database ``url``, on its own thread.

    Attributes:
        connected: set while the connection is listening (tests wait on it).
        reconnects: how many times it connected again after losing its connection.
    """

    def __init__(
        self,
        url: str,
        wake: Callable[[str, int], None],
        resumed: Callable[[], None],
        lost: Callable[[], None] = lambda: None,
    ) -> None:
        self._target = Target(url.split("#", 1)[0])
        self._wake = wake
        self._resumed = resumed
        self._lost = lost
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="listener", daemon=True)
        self._connection: psycopg.Connection[Any] | None = None
        self.connected = threading.Event()
        self.reconnects = 0

    def start(self) -> Listener:
        self._thread.start()
        return self

    def stop(self) -> None:
        """End the thread (within :data:`TICK_SECONDS`) and close the connection."""
        self._stop.set()
        self._thread.join(TICK_SECONDS * 3)

    def _run(self) -> None:
        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(
                    self._target.conninfo, autocommit=True, connect_timeout=CONNECT_TIMEOUT
                ) as connection:
                    connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self.connected.set()
                    if not first:
                        self.reconnects += 1
                        _log.warning("listening to %s again", self._target.host)
                        self._resumed()
                    first = False
                    self._listen(connection)
            except Exception as error:  # (any failure: the thread must go on listening)
                if self.connected.is_set():
                    reason = (
                        self._target.reason(error)
                        if isinstance(error, psycopg.Error)
                        else type(error).__name__
                    )
                    _log.warning(
                        "lost the listening connection to %s (%s): connecting again",
                        self._target.host,
                        reason,
                    )
                    with contextlib.suppress(Exception):
                        self._lost()
                elif not isinstance(error, psycopg.Error):
                    _log.warning("listening to %s failed (%r)", self._target.host, error)
                first = False
            finally:
                self.connected.clear()
            self._stop.wait(RETRY_SECONDS)

    def _listen(self, connection: psycopg.Connection[Any]) -> None:
        """Hand each notification to ``wake`` until told to stop (or the connection
        breaks: psycopg raises)."""
        while not self._stop.is_set():
            for notice in connection.notifies(timeout=TICK_SECONDS):
                found = parse(notice.payload)
                if found is not None:
                    with contextlib.suppress(Exception):  # (a closing loop, say)
                        self._wake(*found)
                if self._stop.is_set():
                    return
