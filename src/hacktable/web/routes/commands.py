"""``POST /t/{table}/api/command``: ``{"line": "..."}`` runs one console command as the
signed-in principal; the command layer alone decides whether they may (docs/rulings.md
H106), and a refusal stores nothing. A request without the ``X-Hacktable`` header is
refused (CSRF: H613); more than the table's rate a second from one browser session get
429 (H616); a line is at most :data:`MAX_LINE` characters (H615).

The answer is the command's outcome as ``play --json`` prints it
(:func:`~hacktable.play.outcome_codec.outcome_to_json`) with its ``text``; a refusal is
``{"error": "one line"}`` with 400 (bad input), 401, 403 (not allowed), 409 (another
writer was first) or 429.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response

from ...play.outcome_codec import outcome_to_json
from .access import CSRF_HEADER, Visitor, visitor
from .errors import refused
from .running import run_line

__all__ = ["MAX_LINE", "router"]

MAX_LINE = 1000
"""The longest command line accepted (the console reads lines of any length; a web
request is bounded: docs/rulings.md H615)."""

router = APIRouter()


async def line_of(request: Request) -> str | Response:
    """The request's command line, or the refusal of a malformed body."""
    try:
        body: Any = await request.json()
    except ValueError:
        return refused('a command is JSON: {"line": "..."}', 400)
    line = body.get("line") if isinstance(body, dict) else None
    if not isinstance(line, str):
        return refused('a command is JSON: {"line": "..."}', 400)
    if len(line) > MAX_LINE or "\n" in line or "\r" in line:
        return refused(f"a command is one line of at most {MAX_LINE} characters", 400)
    return line


@router.post("/t/{table}/api/command")
async def command(request: Request, who: Annotated[Visitor, Depends(visitor)]) -> Response:
    if request.headers.get(CSRF_HEADER) != "1":
        return refused(f"a command needs the {CSRF_HEADER} header (CSRF)", 403)
    if not who.table.allow(who.cookie):
        return refused(f"at most {who.table.rate} commands a second: wait a moment", 429)
    line = await line_of(request)
    if isinstance(line, Response):
        return line

    outcome = await run_line(who, line)
    if isinstance(outcome, Response):
        return outcome
    body = outcome_to_json(outcome)
    body["text"] = outcome.text
    seqs = [event.seq for event in outcome.events]
    body["seq"] = max(seqs) if seqs else None
    return JSONResponse(body)
