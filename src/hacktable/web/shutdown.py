"""Stopping the web server gracefully (issue 13 §1; docs/rulings.md H742).

On SIGTERM or SIGINT, :class:`GracefulServer` stops accepting connections, tells every
connected browser to reconnect (close code 1012 "service restart" with a reason: the
page comes back with ``?after=SEQ`` to this or another process), lets the requests in
flight finish (a command on a table's worker thread commits and answers), and only
then returns; the caller closes the tables (each worker drains its queue, then the
store closes). :func:`quiet_signals` makes the process exit 0 afterwards rather than
die of the signal uvicorn re-raises.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import socket
from typing import Final

import uvicorn

from .hub import Hub
from .logs import FIELDS

__all__ = ["RESTART", "GracefulServer", "quiet_signals"]

RESTART: Final = "the server is restarting: reconnecting"
"""The reason a stopping server's sockets are closed with (code 1012)."""

SOCKETS_SECONDS: Final = 2.0
"""How long a stopping server waits for its sockets to close after telling them to."""

_log = logging.getLogger("hacktable.web")


class GracefulServer(uvicorn.Server):
    """uvicorn's server, telling every socket of ``hub`` to reconnect before it shuts
    down the connections (uvicorn's own close would carry no reason)."""

    def __init__(self, config: uvicorn.Config, hub: Hub) -> None:
        super().__init__(config)
        self.hub = hub

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """Stop accepting, close every socket with 1012, then uvicorn's shutdown (it
        waits up to ``timeout_graceful_shutdown`` for requests in flight)."""
        connected = self.hub.connected()
        _log.info("stopping", extra={FIELDS: {"sockets": connected}})
        for server in self.servers:
            server.close()
        self.hub.restart(RESTART)
        loop = asyncio.get_running_loop()
        until = loop.time() + SOCKETS_SECONDS
        while self.hub.connected() and loop.time() < until:
            await asyncio.sleep(0.02)
        await super().shutdown(sockets)


def quiet_signals() -> None:
    """Let SIGTERM and SIGINT, re-raised by uvicorn once it has stopped, end the
    process normally (exit 0) instead of killing it (main thread only)."""
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda _number, _frame: None)
