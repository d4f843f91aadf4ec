"""``GET /t/{table}/api/verify?session=N``: an ended game session's public rolls
replayed from the seed its end revealed, as ``hacktable verify --json`` answers
(issue 12 §5; docs/rulings.md H652), over what the signed-in principal sees of the
log, so no secret roll's dice are in it; and ``GET /t/{table}/verify``, the page that
shows it.

An open session (its seed still secret), one that ended without revealing its seed,
or one from before commitments is refused with 409 and one line; an unknown session or
a bad number with 400; anyone not signed in at the table with 401.
"""

from __future__ import annotations

from importlib import resources
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ...engine.execute import CommandLayer
from ...engine.verify import NotRevealedError, verify_for
from ...errors import RuleError
from .access import NOT_SIGNED_IN, Visitor, signed_in, visitor
from .errors import refused, refused_page

__all__ = ["router"]

router = APIRouter()


def _number(text: str) -> int | Response | None:
    """The session asked for (``None``: the latest), or the refusal of a bad one."""
    if not text:
        return None
    # ASCII digits only, at most 9 ("²" is a digit int() refuses; a number of
    # thousands of digits int() refuses too): one line, never a 500 (issue 12 §4)
    if not (text.isascii() and text.isdigit()) or len(text) > 9 or int(text) < 1:
        return refused("session is a game session's number: ?session=N (1 or more)", 400)
    return int(text)


@router.get("/t/{table}/api/verify")
async def verify(who: Annotated[Visitor, Depends(visitor)], session: str = "") -> Response:
    number = _number(session)
    if isinstance(number, Response):
        return number

    def check(layer: CommandLayer) -> dict[str, Any]:
        store = layer.session.store
        result = verify_for(store.events(), who.principal, number, store.verify())
        return {"table": who.table.id, **result.to_json()}

    try:
        return JSONResponse(await who.table.call(check))
    except NotRevealedError as error:
        return refused(error.message, 409)
    except RuleError as error:
        return refused(error.message, 400)


@router.get("/t/{table}/verify")
async def page(request: Request, table: str) -> Response:
    if signed_in(request, table) is None:
        return refused_page(request, NOT_SIGNED_IN, 401)
    text = resources.files("hacktable.web").joinpath("static/verify.html").read_text("utf-8")
    return HTMLResponse(text)
