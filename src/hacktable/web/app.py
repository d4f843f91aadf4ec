"""The web table's HTTP and WebSocket endpoints (issue 12 §1, §3, §4).

- ``GET /join?token=T``: an invite (or the GM's link) signs the browser in with an
  HttpOnly, SameSite=Lax session cookie and sends it to ``/``; an unknown token is
  refused with 401, a used one with 403 (docs/rulings.md H610-H612).
- ``GET /``: the table's page (:mod:`hacktable.web.page`).
- ``POST /api/command``: ``{"line": "..."}`` runs one console command as the signed-in
  principal; the command layer alone decides whether they may (docs/rulings.md H106).
  A request without the ``X-Hacktable`` header is refused (CSRF: H613); more than
  ``Table.rate`` a second from one browser session get 429 (H616).
- ``WS /ws?after=SEQ``: the events after ``SEQ`` as the principal sees them (RULINGS
  G4), then each new one as it is committed: at once when this server commits it,
  within ``POLL_SECONDS`` when another writer does (docs/rulings.md H614).
"""

from __future__ import annotations

import asyncio
import html
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from ..engine.execute import CommandLayer
from ..engine.principal import NotAllowedError, Principal
from ..errors import HacktableError
from .invites import InviteError
from .page import PAGE
from .table import Table

__all__ = ["COOKIE", "CSRF_HEADER", "MAX_LINE", "POLL_SECONDS", "create_app"]

COOKIE = "hacktable_session"
CSRF_HEADER = "x-hacktable"
"""The header every POST carries (docs/rulings.md H613): a cross-site form cannot set it,
and a cross-site script cannot without a CORS preflight this server never grants."""
MAX_LINE = 1000
"""The longest command line accepted (the console reads lines of any length; a web
request is bounded: docs/rulings.md H615)."""
POLL_SECONDS = 0.2
"""How often a WebSocket reads the log for new events (docs/rulings.md H614)."""


def _refused(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _until_closed(websocket: WebSocket) -> None:
    """Return when the browser closes ``websocket`` (what it sends is ignored)."""
    while (await websocket.receive())["type"] != "websocket.disconnect":
        pass


def create_app(table: Table) -> FastAPI:
    """The FastAPI application serving ``table``."""
    app = FastAPI(title="hacktable", docs_url=None, redoc_url=None, openapi_url=None)

    def principal_of(cookie: str | None) -> Principal | None:
        return None if cookie is None else table.sessions.get(cookie)

    @app.get("/join")
    async def join(token: str = "") -> Response:
        try:
            principal = await table.join(token)
        except InviteError as error:
            return _refused(error.message, error.status)
        response = RedirectResponse("/", status_code=303)
        response.set_cookie(
            COOKIE, table.sign_in(principal), httponly=True, samesite="lax", path="/"
        )
        return response

    @app.get("/")
    async def page(request: Request) -> Response:
        principal = principal_of(request.cookies.get(COOKIE))
        if principal is None:
            return _refused("not signed in: open the invite link the GM gave you", 401)
        return HTMLResponse(PAGE.replace("{{who}}", html.escape(principal.name)))

    @app.post("/api/command")
    async def command(request: Request) -> Response:
        if request.headers.get(CSRF_HEADER) != "1":
            return _refused(f"a command needs the {CSRF_HEADER} header (CSRF)", 403)
        cookie = request.cookies.get(COOKIE)
        principal = principal_of(cookie)
        if cookie is None or principal is None:
            return _refused("not signed in: open the invite link the GM gave you", 401)
        if not table.allow(cookie):
            return _refused(f"at most {table.rate} commands a second: wait a moment", 429)
        try:
            body: Any = await request.json()
        except ValueError:
            return _refused('a command is JSON: {"line": "..."}', 400)
        line = body.get("line") if isinstance(body, dict) else None
        if not isinstance(line, str):
            return _refused('a command is JSON: {"line": "..."}', 400)
        if len(line) > MAX_LINE or "\n" in line:
            return _refused(f"a command is one line of at most {MAX_LINE} characters", 400)

        def run(layer: CommandLayer) -> dict[str, Any]:
            outcome = layer.run(line, principal)
            seqs = [event.seq for event in outcome.events]
            return {"text": outcome.text, "seq": max(seqs) if seqs else None}

        try:
            return JSONResponse(await table.call(run))
        except NotAllowedError as error:
            return _refused(error.message, 403)
        except HacktableError as error:
            return _refused(error.message, 400)

    @app.websocket("/ws")
    async def stream(websocket: WebSocket) -> None:
        principal = principal_of(websocket.cookies.get(COOKIE))
        origin = websocket.headers.get("origin")
        host = websocket.headers.get("host", "")
        if principal is None or (origin is not None and origin.split("://", 1)[-1] != host):
            await websocket.close(code=1008, reason="not signed in at this table")
            return
        try:
            seq = int(websocket.query_params.get("after", "0"))
        except ValueError:
            seq = 0
        await websocket.accept()
        closed = asyncio.create_task(_until_closed(websocket))
        try:
            while not closed.done():
                for item in await table.events_after(seq, principal):
                    seq = int(item["seq"])
                    if "action" in item:
                        await websocket.send_json(item)
                woken = asyncio.create_task(table.wait(POLL_SECONDS))
                await asyncio.wait({closed, woken}, return_when=asyncio.FIRST_COMPLETED)
                woken.cancel()
        except WebSocketDisconnect:
            return
        finally:
            closed.cancel()

    return app
