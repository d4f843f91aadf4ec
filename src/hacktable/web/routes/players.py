"""The GM's controls of who sits at the web table (issue 12 §1), and a browser's own
sign-out (docs/rulings.md H640).

- ``GET /t/{table}/api/players``: the seats, each player's characters, how many of
  their browsers are connected now, their open invites, and the table's address with
  its QR code (SVG).
- ``POST /t/{table}/api/invites`` ``{"role": "player", "character": NAME}`` (or
  ``"player": NAME``, or ``{"role": "observer"}``): a new one-time link, absolute (from
  the request's address), with its QR code.
- ``POST /t/{table}/api/revoke`` ``{"player": NAME}`` (or ``"observers"``): that
  player's sessions end at once and their unused invites die (H642).
- ``POST /t/{table}/api/sign-out``: the caller's own session ends.
- ``GET /t/{table}/players.js``: the script of the GM page's ``<section
  id="players">`` (``web/static/players.js``; it renders nothing for anyone else).

Each GM control is a console command (``invite list``, ``invite``, ``revoke``: H644) run
through the command layer as the caller, so the command layer alone decides who may;
a player or observer gets 403 with its one line and nothing changes. Every POST needs
the CSRF header (H613) and counts against the caller's rate (H643).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from ...engine.execute import CommandLayer
from ...play.players import characters_of, seats
from ...play.principal import Role
from ...store.errors import StaleWriteError
from ..qr import qr_svg
from ..shared import admit
from ..shared import connected as connected_at
from .access import COOKIE, CSRF_HEADER, Visitor, cookie_path, visitor
from .body import BodyTooLargeError, json_body, too_large
from .errors import refused
from .running import run_line

__all__ = ["MAX_NAME", "router"]

MAX_NAME = 100
"""The longest name a GM control takes (docs/rulings.md H615: every input is bounded)."""

router = APIRouter()

SCRIPT = Path(__file__).resolve().parent.parent / "static" / "players.js"
"""The GM's players section (it renders into ``#players``)."""


def _csrf(request: Request) -> Response | None:
    """The refusal of a POST without the CSRF header (docs/rulings.md H613), or None."""
    if request.headers.get(CSRF_HEADER) != "1":
        return refused(f"a form post needs the {CSRF_HEADER} header (CSRF)", 403)
    return None


async def _body(request: Request, shape: str) -> dict[str, Any] | Response:
    """The request's JSON object, or the refusal of a malformed one."""
    try:
        body: Any = await json_body(request)
    except BodyTooLargeError:
        return too_large()
    except ValueError:
        return refused(f"this takes JSON: {shape}", 400)
    if not isinstance(body, dict):
        return refused(f"this takes JSON: {shape}", 400)
    return body


def _name(body: dict[str, Any], key: str) -> str | None:
    """``body[key]`` as a name of at most :data:`MAX_NAME` printable characters."""
    value = body.get(key)
    if not isinstance(value, str) or not value.strip():
        return None
    if len(value) > MAX_NAME or not value.isprintable():
        return None
    return " ".join(value.split())


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


@router.get("/t/{table}/api/players")
async def players(request: Request, who: Annotated[Visitor, Depends(visitor)]) -> Response:
    listed = await run_line(who, "invite list", logged=False)  # (polled: H786)
    if isinstance(listed, Response):
        return listed
    data = dict(listed.data)
    table = who.table
    connected = await connected_at(request.app, table)  # (every process: H743)

    def seated(layer: CommandLayer) -> list[dict[str, Any]]:
        state = layer.session.state
        return [
            {"name": seat.name, "seat": seat.seat, "characters": characters_of(state, seat.name)}
            for seat in seats(state)
        ]

    found = await table.call(seated)
    invites = data.get("invites", [])
    for seat in found:
        seat["connected"] = connected.get((Role.PLAYER, seat["name"]), 0)
        seat["invites"] = [
            i for i in invites if i["role"] == "player" and i["player"] == seat["name"]
        ]
    address = f"{_base(request)}{cookie_path(table)}"
    return JSONResponse(
        {
            "table": table.id,
            "address": address,
            "qr": qr_svg(address),
            "players": found,
            "observers": {
                "connected": connected.get((Role.OBSERVER, "observer"), 0),
                "invites": [i for i in invites if i["role"] == "observer"],
            },
            "gm": {"connected": connected.get((Role.GM, "GM"), 0)},
            "sessions": data.get("sessions", []),
        },
        headers={"cache-control": "no-store"},
    )


@router.post("/t/{table}/api/invites")
async def make_invite(request: Request, who: Annotated[Visitor, Depends(visitor)]) -> Response:
    if (refusal := _csrf(request)) is not None:
        return refusal
    if not await admit(request.app, who.table, who.cookie):  # (H643, H744)
        return refused(f"at most {who.table.rate} commands a second: wait a moment", 429)
    shape = '{"role": "player", "character": NAME} or {"role": "observer"}'
    body = await _body(request, shape)
    if isinstance(body, Response):
        return body
    role = body.get("role")
    if role == "observer":
        line = "invite observer"
    elif role == "player" and (character := _name(body, "character")) is not None:
        line = f"invite {character}"
    elif role == "player" and (player := _name(body, "player")) is not None:
        line = f"invite player {player}"
    else:
        return refused(f"an invite is JSON: {shape} (a name of 1 to {MAX_NAME} characters)", 400)
    made = await run_line(who, line)
    if isinstance(made, Response):
        return made
    invite = dict(dict(made.data)["invite"])
    link = f"{_base(request)}{invite.pop('path')}"
    invite.pop("token")
    return JSONResponse({**invite, "link": link, "qr": qr_svg(link), "text": made.text})


@router.post("/t/{table}/api/revoke")
async def revoke(request: Request, who: Annotated[Visitor, Depends(visitor)]) -> Response:
    if (refusal := _csrf(request)) is not None:
        return refusal
    if not await admit(request.app, who.table, who.cookie):  # (H643, H744)
        return refused(f"at most {who.table.rate} commands a second: wait a moment", 429)
    body = await _body(request, '{"player": NAME}')
    if isinstance(body, Response):
        return body
    player = _name(body, "player")
    if player is None:
        return refused(
            f'a revocation is JSON: {{"player": NAME}} (1 to {MAX_NAME} characters)', 400
        )
    done = await run_line(who, f"revoke {player}")
    if isinstance(done, Response):
        return done
    seqs = [event.seq for event in done.events]
    return JSONResponse({"text": done.text, "seq": max(seqs) if seqs else None})


@router.post("/t/{table}/api/sign-out")
async def sign_out(request: Request, who: Annotated[Visitor, Depends(visitor)]) -> Response:
    if (refusal := _csrf(request)) is not None:
        return refusal
    try:
        await who.table.sign_out(who.cookie)
    except StaleWriteError as error:  # (another writer was first twice: nothing stored)
        return refused(error.message, 409)
    response = JSONResponse({"signed_out": who.principal.name})
    response.delete_cookie(COOKIE, path=cookie_path(who.table))
    return response


@router.get("/t/{table}/players.js")
async def script() -> Response:
    return FileResponse(SCRIPT, media_type="text/javascript")
