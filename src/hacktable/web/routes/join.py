"""``GET /t/{table}/join?token=T``: an invite (or the GM's link) signs the browser in
with an HttpOnly, SameSite=Lax session cookie for that table's URLs and sends it to
the table's page; an unknown token is refused with 401, a used or revoked one with 403
(docs/rulings.md H610-H612, H640-H642); a browser is shown the refusal as a page
(H671). The cookie is Secure when the page was asked
for over HTTPS: the request's scheme, which ``serve --proxy-headers`` takes from a
proxy's ``X-Forwarded-Proto`` (docs/rulings.md H645)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from ...store.errors import StaleWriteError
from ..invites import InviteError
from .access import seated, table_of
from .errors import refused_page

__all__ = ["router"]

router = APIRouter()

TOO_MANY_JOINS = "too many unknown invite links from your address: wait a minute"
"""A join refused by the per-address limit (docs/rulings.md H723)."""


@router.get("/t/{table}/join")
async def join(request: Request, table: str, token: str = "") -> Response:
    served = table_of(request, table)
    limiter = request.app.state.limiter
    address = request.client.host if request.client is not None else "unknown"
    if await run_in_threadpool(limiter.limited, f"address:{address}"):
        return refused_page(request, TOO_MANY_JOINS, 429)
    try:
        _principal, cookie, until = await served.join(token)
    except InviteError as error:
        if error.status == 401:  # (a made-up token, not a used one)
            await run_in_threadpool(limiter.fail, f"address:{address}")
        return refused_page(request, error.message, error.status)
    except StaleWriteError as error:  # (another writer was first twice: nothing stored)
        return refused_page(request, error.message, 409)
    return seated(request, served, cookie, until)
