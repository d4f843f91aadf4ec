"""The web table's application: the endpoints of :mod:`hacktable.web.routes`, serving
every table of a :class:`~hacktable.web.hub.Hub` (issue 12 §1, §3, §4)."""

from __future__ import annotations

import contextlib
import logging
from typing import Final

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import Response
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection

from ..errors import CampaignError, HacktableError
from ..store.errors import StaleWriteError
from .hosting import Hosting, MemoryLimiter
from .hub import Hub
from .logs import RequestLog
from .routes import commands, health, join, live, pages, players, view
from .routes import verify as verify_route
from .routes.access import FreshSessions
from .routes.errors import refused_page
from .table import Table

__all__ = ["DATABASE_AWAY", "UNAVAILABLE", "create_app"]

UNAVAILABLE: Final = "this table's campaign cannot be read just now: try again in a moment"
"""What a request is told when its table's store fails (the database away, every
connection busy; issue 13 §2): the cause, which may name a server's folder, is
logged, not shown."""
DATABASE_AWAY: Final = "the server's database cannot be reached just now: try again in a moment"
"""What a failing store outside a table (the GMs' accounts) answers, likewise."""

_log = logging.getLogger("hacktable.web")


def create_app(served: Hub | Table, hosting: Hosting | None = None) -> FastAPI:
    """The FastAPI application serving ``served`` (a hub, or one table); with
    ``hosting``, GMs' accounts and their campaigns too (issue 13 §1)."""
    hub = served if isinstance(served, Hub) else Hub()
    if isinstance(served, Table):
        hub.add(served)
    app = FastAPI(title="hacktable", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub
    app.state.hosting = hosting
    # (made-up invite tokens count against the address: docs/rulings.md H723)
    app.state.limiter = MemoryLimiter() if hosting is None else hosting.accounts
    if hosting is not None:  # (first: its "/" is the GM's home)
        from .routes import accounts, owned

        hub.opener = hosting.opener
        app.include_router(accounts.router)
        app.include_router(owned.router)

    # (Starlette's class: FastAPI's is a subclass, and the router's own 404 and 405
    # are Starlette's; every refusal is one line as JSON, issue 12 §4)
    @app.exception_handler(HTTPException)
    async def one_line(request: Request, error: HTTPException) -> Response:
        # (a browser opening a deleted or made-up table's address gets the line as a
        # page, H682, H783)
        return refused_page(request, str(error.detail), error.status_code)

    # (a store failing under any route: one line, never a bare 500; a socket is
    # closed with 1013, try again later, so the page reconnects; issue 13 §2)
    @app.exception_handler(HacktableError)
    async def failed(request: HTTPConnection, error: HacktableError) -> Response | None:
        gone = isinstance(error, CampaignError) and not isinstance(error, StaleWriteError)
        at_table = request.url.path.startswith("/t/")
        line = (UNAVAILABLE if at_table else DATABASE_AWAY) if gone else error.message
        _log.warning("%s: %s", request.url.path, error.message)
        if isinstance(request, WebSocket):
            with contextlib.suppress(RuntimeError):  # (closed already)
                await request.close(code=1013, reason=line[:120])
            return None
        assert isinstance(request, Request)
        status = 409 if isinstance(error, StaleWriteError) else 503 if gone else 400
        return refused_page(request, line, status)

    for module in (join, commands, live, pages, view, players, verify_route):
        app.include_router(module.router)
    app.include_router(health.router)  # (issue 13 §1: GET /health)
    app.add_middleware(FreshSessions)
    app.add_middleware(RequestLog)  # (outermost: issue 13 §1, docs/rulings.md H741)
    return app
