"""``WS /t/{table}/ws?after=SEQ``: the events after ``SEQ`` as the principal sees them
(RULINGS G4), then each new one as it is committed, each once (issue 12 §3;
docs/rulings.md H617). A refused socket is accepted, sent one error frame
``{"error": "one line"}`` and closed with 1008 (issue 12 §4); a page from another
origin is refused the same way (cross-site WebSocket hijacking)."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, HTTPException, WebSocket, WebSocketDisconnect

from ..shared import campaign_key, shared_for
from .access import NOT_SIGNED_IN, signed_in

__all__ = ["router"]

router = APIRouter()


async def _refuse(websocket: WebSocket, message: str) -> None:
    await websocket.accept()
    await websocket.send_json({"error": message})
    await websocket.close(code=1008, reason=message[:120])


async def _until_closed(websocket: WebSocket) -> None:
    """Return when the browser closes ``websocket`` (what it sends is ignored)."""
    with contextlib.suppress(WebSocketDisconnect):
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass


def _host(websocket: WebSocket) -> str:
    """The host the browser asked for: ``Host``, or behind a proxy that rewrites it,
    the first ``X-Forwarded-Host``, trusted only under ``--proxy-headers``
    (docs/rulings.md H745)."""
    forwarded = websocket.headers.get("x-forwarded-host", "")
    if forwarded and getattr(websocket.app.state, "proxy_headers", False):
        return forwarded.split(",", 1)[0].strip()
    return websocket.headers.get("host", "")


@router.websocket("/t/{table}/ws")
async def stream(websocket: WebSocket, table: str) -> None:
    try:
        who = signed_in(websocket, table)
    except HTTPException as error:
        await _refuse(websocket, str(error.detail))
        return
    origin = websocket.headers.get("origin")
    host = _host(websocket)
    if origin is not None and origin.split("://", 1)[-1] != host:
        await _refuse(websocket, "this table's page must open its socket (cross-origin)")
        return
    if who is None:
        await _refuse(websocket, NOT_SIGNED_IN)
        return
    try:
        after = max(0, int(websocket.query_params.get("after", "0")))
    except ValueError:
        await _refuse(websocket, "after is the last event number the page saw: ?after=SEQ")
        return
    await websocket.accept()
    subscriber = await who.table.subscribe(who.principal, after)
    if who.table.principal(who.cookie) is None:
        # (revoked, or signed out, while it joined: the close sent to the principal's
        # sockets came before this one was among them; docs/rulings.md H642)
        who.table.unsubscribe(subscriber)
        await websocket.send_json({"error": NOT_SIGNED_IN})
        await websocket.close(code=1008, reason=NOT_SIGNED_IN[:120])
        return
    shared = shared_for(websocket.app, who.table.campaign)
    key = campaign_key(who.table.campaign) if shared is not None else ""
    # (who is connected, everywhere: H743; counted at once, so that a handler cancelled
    # while the row is written still leaves in its finally: H778)
    joining = shared.joined(key, who.principal) if shared is not None else None
    closed = asyncio.create_task(_until_closed(websocket))
    try:
        if joining is not None:
            await joining
        while True:
            text = asyncio.create_task(subscriber.queue.get())
            await asyncio.wait({closed, text}, return_when=asyncio.FIRST_COMPLETED)
            if closed.done():
                text.cancel()
                return
            message = text.result()
            if message is None and subscriber.code == 1012:  # (stopping: H742)
                await websocket.close(code=1012, reason=subscriber.ended[:120])
                return
            if message is None and subscriber.ended:
                await websocket.send_json({"error": subscriber.ended})
                await websocket.close(code=1008, reason=subscriber.ended[:120])
                return
            if message is None:
                await websocket.close(code=1013, reason="too far behind: reconnect")
                return
            await websocket.send_text(message)
    except (WebSocketDisconnect, RuntimeError):
        return
    finally:
        closed.cancel()
        who.table.unsubscribe(subscriber)
        if shared is not None:  # (shielded: a cancelled handler still says it left)
            await asyncio.shield(shared.left(key, who.principal))
