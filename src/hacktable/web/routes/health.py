"""``GET /health``: whether this server and its stores answer, for a load balancer or
a supervisor (issue 13 §1; docs/rulings.md H740). Outside any table, no cookie needed.

200 ``{"status": "ok", "database": "ok", "tables": N, "version": V}`` when every
database behind the served tables answers a trivial query; else 503
``{"status": "down", "database": "down", "error": "one line", ...}`` naming what is
down (a host or a file's name, never a password). Never cached.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Final

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ... import __version__
from ..health import databases, probe
from .access import hub_of

__all__ = ["router"]

router = APIRouter()

PROBE_SECONDS: Final = 1.0
"""How long a probe's answer serves every ``/health`` after it (docs/rulings.md H772)."""


@router.get("/health")
async def health(request: Request) -> Response:
    hub = hub_of(request)
    tables = list(hub)
    extra = [hub.database] if hub.database else []  # (no table of it opened yet)
    found = databases([*(table.campaign for table in tables), *extra])
    probes = _probes_of(request)
    lines = await asyncio.gather(*(asyncio.to_thread(probes.answer, each) for each in found))
    failures = [line for line in lines if line]
    body: dict[str, object] = {
        "status": "down" if failures else "ok",
        "database": "down" if failures else "ok",
        "tables": len(tables),
        "version": __version__,
    }
    if failures:
        body["error"] = failures[0]
    return JSONResponse(
        body, status_code=503 if failures else 200, headers={"cache-control": "no-store"}
    )


class _Probes:
    """One app's probes (docs/rulings.md H772): at most one at a time a database, its
    answer kept :data:`PROBE_SECONDS` by the hub's clock (a flood of ``/health`` is
    not a flood of connections; the others wait for the one in flight)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.answers: dict[str, tuple[float, str]] = {}
        self.locks: dict[str, threading.Lock] = {}
        self.guard = threading.Lock()

    def answer(self, database: str) -> str:
        """:func:`probe`'s line for ``database``, probed now only if the last is old."""
        with self.guard:
            lock = self.locks.setdefault(database, threading.Lock())
        with lock:
            kept = self.answers.get(database)
            if kept is not None and self.clock() - kept[0] < PROBE_SECONDS:
                return kept[1]
            line = probe(database)
            self.answers[database] = (self.clock(), line)
            return line


def _probes_of(request: Request) -> _Probes:
    found = getattr(request.app.state, "health_probes", None)
    if not isinstance(found, _Probes):
        found = _Probes(hub_of(request).clock)
        request.app.state.health_probes = found
    return found
