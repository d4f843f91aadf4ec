"""``GET /t/{table}/``: the table's page for the signed-in principal, the one for their
role (:func:`hacktable.web.page.page_for`); ``GET /``: where a single table's server
sends a browser."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..page import page_for
from .access import NOT_SIGNED_IN, hub_of, signed_in
from .errors import refused_page

__all__ = ["router"]

router = APIRouter()


@router.get("/t/{table}/")
async def page(request: Request, table: str) -> Response:
    who = signed_in(request, table)
    if who is None:
        return refused_page(request, NOT_SIGNED_IN, 401)
    return HTMLResponse(page_for(who.principal), headers={"cache-control": "no-store"})


@router.get("/")
async def home(request: Request) -> Response:
    tables = hub_of(request).names()  # (a database's campaigns too: H700)
    if len(tables) == 1:
        return RedirectResponse(f"/t/{tables[0]}/", status_code=303)
    return refused_page(
        request, "open the link the GM gave you (this server has several tables)", 404
    )
