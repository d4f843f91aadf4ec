"""Who is asking, for every endpoint: the table named in the URL and the principal its
session cookie signs in (issue 12 §4). This decides only *who*; what they may do is
the command layer's (docs/rulings.md H106).

A cookie is good when the campaign's log knows its hash (docs/rulings.md H640-H642).
:class:`FreshSessions` has the table read what its log added before each request and
socket that carries a cookie (one read on the table's thread), so a sign-in made by
another server process is known, and a revoked player is refused at once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from fastapi import HTTPException, Request, WebSocket
from fastapi.responses import RedirectResponse, Response
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from ...errors import HacktableError
from ...play.principal import Principal
from ..hub import Hub
from ..table import Table
from .errors import refused

__all__ = [
    "COOKIE",
    "CSRF_HEADER",
    "NOT_SIGNED_IN",
    "FreshSessions",
    "Visitor",
    "hub_of",
    "table_of",
    "visitor",
]

COOKIE = "hacktable_session"
CSRF_HEADER = "x-hacktable"
"""The header every POST carries (docs/rulings.md H613): a cross-site form cannot set it,
and a cross-site script cannot without a CORS preflight this server never grants."""
NOT_SIGNED_IN = "not signed in at this table: open the invite link the GM gave you"


@dataclass(frozen=True, slots=True)
class Visitor:
    """A signed-in browser at one table.

    Attributes:
        table: the table.
        principal: who they are.
        cookie: their session cookie's value (rate limits are per session).
    """

    table: Table
    principal: Principal
    cookie: str


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def table_of(request: Request | WebSocket, name: str) -> Table:
    """The table ``name``.

    Raises:
        HTTPException: 404, no such table here.
    """
    table = hub_of(request).get(name, open_missing=False)  # (opened by FreshSessions)
    if table is None:
        raise HTTPException(404, f"no table {name!r} here")
    return table


def signed_in(request: Request | WebSocket, name: str) -> Visitor | None:
    """The visitor the request's cookie signs in at table ``name``, or ``None``."""
    table = table_of(request, name)
    cookie = request.cookies.get(COOKIE)
    principal = None if cookie is None else table.principal(cookie)
    return None if cookie is None or principal is None else Visitor(table, principal, cookie)


def visitor(request: Request, table: str) -> Visitor:
    """The signed-in visitor (a FastAPI dependency).

    Raises:
        HTTPException: 401, not signed in at this table; 404, no such table.
    """
    found = signed_in(request, table)
    if found is None:
        raise HTTPException(401, NOT_SIGNED_IN)
    return found


def cookie_path(table: Table) -> str:
    """The path a table's session cookie is sent to (its own URLs only)."""
    return f"/t/{table.id}/"


def seated(request: Request, table: Table, cookie: str, until: datetime) -> Response:
    """To ``table``'s page, signed in with the session ``cookie`` until ``until``:
    HttpOnly, SameSite=Lax, Secure over HTTPS, sent to the table's own URLs only
    (issue 12 §1, issue 13 §1; docs/rulings.md H640, H645)."""
    response = RedirectResponse(cookie_path(table), status_code=303)
    response.set_cookie(
        COOKIE,
        cookie,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path=cookie_path(table),
        expires=until,
    )
    return response


class FreshSessions:
    """ASGI middleware: before a request or socket at ``/t/NAME/`` that carries a session
    cookie, table NAME reads its log's new events (sign-ins, revocations, sign-outs:
    docs/rulings.md H640, H642), so :func:`signed_in` answers from a fresh cache."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            parts = str(scope.get("path", "")).split("/", 3)
            hub = getattr(getattr(scope.get("app"), "state", None), "hub", None)
            if len(parts) > 2 and parts[1] == "t" and isinstance(hub, Hub):
                try:
                    table = await hub.find(parts[2])
                    if table is not None and COOKIE in HTTPConnection(scope).cookies:
                        await table.refresh()
                except HacktableError as error:  # (the database is away: one line)
                    await _unavailable(scope, receive, send, error.message)
                    return
        await self.app(scope, receive, send)


async def _unavailable(scope: Scope, receive: Receive, send: Send, message: str) -> None:
    """Answer 503 with ``message`` as one line (a socket: closed with 1013, try again
    later), for a table whose log cannot be read now (issue 13 §2; docs/rulings.md
    H706)."""
    if scope["type"] == "http":
        await refused(message, 503)(scope, receive, send)
    else:
        await send({"type": "websocket.close", "code": 1013, "reason": message[:120]})
