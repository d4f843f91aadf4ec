"""``GET /health``: whether this server and its stores answer, for a load balancer or
a supervisor (issue 13 §1; docs/rulings.md H740). Outside any table, no cookie needed.

200 ``{"status": "ok", "database": "ok", "tables": N, "version": V}`` when every
database behind the served tables answers a trivial query; else 503
``{"status": "down", "database": "down", "error": "one line", ...}`` naming what is
down (a host or a file's name, never a password). Never cached.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ... import __version__
from ..health import databases, probe
from .access import hub_of

__all__ = ["router"]

router = APIRouter()


@router.get("/health")
async def health(request: Request) -> Response:
    hub = hub_of(request)
    tables = list(hub)
    extra = [hub.database] if hub.database else []  # (no table of it opened yet)
    found = databases([*(table.campaign for table in tables), *extra])
    probes = [_probe(request, database) for database in found]
    failures = [line for line in await asyncio.gather(*probes) if line]
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


async def _probe(request: Request, database: str) -> str:
    """Why ``database`` is down, or ``""``: a probe already in flight for it answers
    every check that arrives meanwhile (the endpoint needs no cookie: a flood of
    checks must not open a connection each and spend the database's)."""
    flight: dict[str, asyncio.Future[str]] | None = getattr(request.app.state, "probes", None)
    if flight is None:
        flight = request.app.state.probes = {}
    running = flight.get(database)
    if running is None:
        running = asyncio.ensure_future(asyncio.to_thread(probe, database))
        flight[database] = running
        running.add_done_callback(lambda _done: flight.pop(database, None))
    return await asyncio.shield(running)
