"""``GET /t/{table}/api/view``: the signed-in principal's view of the table (their
sheets, the fight, time and light, their buttons: issue 12 §2), built by the command
layer as :func:`~hacktable.web.table_view.view_json` says; ``GET
/t/{table}/static/NAME``: the page's own script and style sheet (no CDN)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response

from ..page import STATIC, static_file
from ..table_view import view_json
from .access import Visitor, table_of, visitor
from .errors import refused

__all__ = ["router"]

router = APIRouter()


@router.get("/t/{table}/api/view")
async def view(who: Annotated[Visitor, Depends(visitor)]) -> Response:
    body = await who.table.call(lambda layer: view_json(layer, who.principal))
    return JSONResponse(body, headers={"cache-control": "no-store"})


@router.get("/t/{table}/static/{name}")
async def static(request: Request, table: str, name: str) -> Response:
    table_of(request, table)  # 404 for a table not served here
    if name not in STATIC:
        return refused(f"no file {name!r} here", 404)
    text, media = static_file(name)
    return Response(text, media_type=media, headers={"cache-control": "no-cache"})
