"""``POST /t/{table}/api/command``: ``{"line": "..."}`` runs one console command as the
signed-in principal; the command layer alone decides whether they may (docs/rulings.md
H106), and a refusal stores nothing. A request without the ``X-Hacktable`` header is
refused (CSRF: H613); more than the table's rate a second from one browser session get
429 (H616); a line is at most :data:`MAX_LINE` characters (H615).

The answer is the command's outcome as ``play --json`` prints it
(:func:`~hacktable.play.outcome_codec.outcome_to_json`) with its ``text``; a refusal is
``{"error": "one line"}`` with 400 (bad input), 401, 403 (not allowed), 409 (another
writer was first) or 429.

``POST /t/{table}/api/odds``: the same body and checks; the exact odds of the test the
line would roll, as a prompt shows them (``{"odds": {"test", "text", ...}}``, or
``{"odds": null}`` for a line that rolls no test) and ``"enters"``, whether it takes
the player's own dice; nothing rolled nor stored: what a
button shows before its Roll (issue 12 §2; docs/rulings.md H680). The principal must be
allowed to run the line, so a refusal comes before the Roll.
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response

from ...engine.commands.usage import UsageIntent, usage_odds
from ...engine.execute import CommandLayer
from ...engine.prompts import odds_json
from ...errors import CommandError, HacktableError
from ...play.outcome_codec import outcome_to_json
from ...play.principal import NotAllowedError, Principal
from ...rulesets.context import Context
from ...rulesets.grammar import Intent
from ...store.errors import StaleWriteError
from ..logs import log_command
from ..shared import admit
from .access import CSRF_HEADER, Visitor, visitor
from .body import BodyTooLargeError, json_body, too_large
from .errors import refused

__all__ = ["MAX_LINE", "router"]

MAX_LINE = 1000
"""The longest command line accepted (the console reads lines of any length; a web
request is bounded: docs/rulings.md H615)."""

router = APIRouter()


async def line_of(request: Request) -> str | Response:
    """The request's command line, or the refusal of a malformed body."""
    try:
        body: Any = await json_body(request)
    except BodyTooLargeError:
        return too_large()
    except ValueError:
        return refused('a command is JSON: {"line": "..."}', 400)
    line = body.get("line") if isinstance(body, dict) else None
    if not isinstance(line, str):
        return refused('a command is JSON: {"line": "..."}', 400)
    if len(line) > MAX_LINE or "\n" in line or "\r" in line:
        return refused(f"a command is one line of at most {MAX_LINE} characters", 400)
    return line


async def checked_line(request: Request, who: Visitor) -> str | Response:
    """The request's line, or its refusal: no CSRF header, over the rate, malformed."""
    if request.headers.get(CSRF_HEADER) != "1":
        return refused(f"a command needs the {CSRF_HEADER} header (CSRF)", 403)
    if not await admit(request.app, who.table, who.cookie):  # (H616, H744)
        return refused(f"at most {who.table.rate} commands a second: wait a moment", 429)
    return await line_of(request)


def odds_of(layer: CommandLayer, principal: Principal, line: str) -> dict[str, Any]:
    """``{"odds", "enters"}``: the exact odds of the test ``line`` rolls, as the
    ruleset shows a prompt's (:meth:`~hacktable.rulesets.base.Ruleset.prompt_odds`),
    or ``None``; and whether its command takes the player's own dice (``roll N``,
    RULINGS G5). Nothing is rolled or stored (docs/rulings.md H680).

    Raises:
        NotAllowedError: ``principal`` may not run ``line`` (the command layer says).
        HacktableError: the line does not read, or the rules refuse it as they would.
    """
    session = layer.session
    session.refresh()
    intent = layer.parse(line)
    if intent is None:
        raise CommandError("missing COMMAND")
    layer.authorise(principal, intent)
    ctx = Context(session, line, None, None, principal)
    session.begin(principal)
    try:
        if isinstance(intent, UsageIntent):
            return {"odds": _usage_json(*usage_odds(ctx, intent)), "enters": True}
        found = session.ruleset.prompt_odds(ctx, intent)
    finally:
        session.abandon()
    enters = type(intent).entered is not Intent.entered
    return {"odds": None if found is None else odds_json(found), "enters": enters}


def _usage_json(die: str, chance: Fraction) -> dict[str, Any]:
    """A usage die's odds as a button shows them (RULINGS G3; docs/rulings.md H684)."""
    return {
        "test": die,
        "text": f"steps down on a 1 or 2: {float(chance) * 100:.2f}%",
        "steps_down": f"{chance.numerator}/{chance.denominator}",
    }


async def answer(who: Visitor, job: Any) -> Response:
    """Run ``job`` on the table's worker; its JSON, or the refusal in one line."""
    try:
        return JSONResponse(await who.table.call(job))
    except NotAllowedError as error:
        return refused(error.message, 403)
    except StaleWriteError as error:
        return refused(error.message, 409)
    except HacktableError as error:
        return refused(error.message, 400)


@router.post("/t/{table}/api/odds")
async def odds(request: Request, who: Annotated[Visitor, Depends(visitor)]) -> Response:
    line = await checked_line(request, who)
    if isinstance(line, Response):
        return line
    return await answer(who, lambda layer: odds_of(layer, who.principal, line))


@router.post("/t/{table}/api/command")
async def command(request: Request, who: Annotated[Visitor, Depends(visitor)]) -> Response:
    line = await checked_line(request, who)
    if isinstance(line, Response):
        return line

    started = time.perf_counter()
    stored: list[int] = []

    def run(layer: CommandLayer) -> dict[str, Any]:
        outcome = layer.run(line, who.principal)
        body = outcome_to_json(outcome)
        body["text"] = outcome.text
        seqs = [event.seq for event in outcome.events]
        body["seq"] = max(seqs) if seqs else None
        stored.extend(seqs)
        return body

    response = await answer(who, run)
    role, name = who.principal.role.value, who.principal.name
    seq = max(stored) if stored else None
    log_command(who.table.id, role, name, line, seq, started, response.status_code != 200)
    return response
