"""The GM's controls of who sits at the web table (issue 12 §1), and a browser's own
sign-out (docs/rulings.md H640).

``POST /t/{table}/api/sign-out`` ends the caller's own session in the log, so every
server process on the campaign forgets it.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response

from .access import COOKIE, CSRF_HEADER, Visitor, cookie_path, visitor
from .errors import refused

__all__ = ["router"]

router = APIRouter()


def _csrf(request: Request) -> Response | None:
    """The refusal of a POST without the CSRF header (docs/rulings.md H613), or None."""
    if request.headers.get(CSRF_HEADER) != "1":
        return refused(f"a form post needs the {CSRF_HEADER} header (CSRF)", 403)
    return None


@router.post("/t/{table}/api/sign-out")
async def sign_out(request: Request, who: Annotated[Visitor, Depends(visitor)]) -> Response:
    if (refusal := _csrf(request)) is not None:
        return refusal
    await who.table.sign_out(who.cookie)
    response = JSONResponse({"signed_out": who.principal.name})
    response.delete_cookie(COOKIE, path=cookie_path(who.table))
    return response
