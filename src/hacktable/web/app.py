"""The web table's application: the endpoints of :mod:`hacktable.web.routes`, serving
every table of a :class:`~hacktable.web.hub.Hub` (issue 12 §1, §3, §4)."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import Response
from starlette.exceptions import HTTPException

from .hosting import Hosting, MemoryLimiter
from .hub import Hub
from .logs import RequestLog
from .routes import commands, health, join, live, pages, players, view
from .routes import verify as verify_route
from .routes.access import FreshSessions
from .routes.errors import refused_page
from .table import Table

__all__ = ["create_app"]


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

    for module in (join, commands, live, pages, view, players, verify_route):
        app.include_router(module.router)
    app.include_router(health.router)  # (issue 13 §1: GET /health)
    app.add_middleware(FreshSessions)
    app.add_middleware(RequestLog)  # (outermost: issue 13 §1, docs/rulings.md H741)
    return app
