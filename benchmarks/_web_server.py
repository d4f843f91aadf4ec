"""The server process of ``web_broadcast.py`` (not a benchmark itself).

``python benchmarks/_web_server.py hacktable --dir D --tables N --players P --port PORT``
makes N fresh redhack campaigns in D (one made with P players, each with a character
and an invite, then copied N times, so each table is its own campaign file with its own
one-time invites), prints one line ``READY {json}`` (each table's name, last ``seq`` and
its players' names, characters and invite tokens), and serves them all from one
:class:`~hacktable.web.hub.Hub` with uvicorn on 127.0.0.1:PORT until SIGINT.

``... echo --tables N --port PORT`` serves the baseline instead: a bare Starlette
application with the same URLs (``join`` sets a cookie, ``ws`` subscribes,
``api/command`` sends the line, numbered, to the table's sockets), no campaign, no
authorisation.

``--profile FILE`` runs the server under cProfile, the event loop's thread and every
table's worker thread, and writes their statistics (added together) to FILE when it
stops.
"""

from __future__ import annotations

import argparse
import cProfile
import itertools
import json
import pstats
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

PLAYERS = ("Ann", "Bea", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")
CHARACTERS = (
    ("Aldric", "warrior"),
    ("Sly", "thief"),
    ("Tomas", "cleric"),
    ("Mirela", "wizard"),
    ("Bran", "warrior"),
    ("Kara", "thief"),
    ("Odo", "cleric"),
    ("Wren", "wizard"),
)
SEED = 2026


def build(folder: Path, tables: int, players: int) -> list[dict[str, Any]]:
    """``tables`` campaign files in ``folder``: one made with ``players`` players (a
    character and an invite each, a game session open), copied; their descriptions."""
    from hacktable.engine.execute import CommandLayer
    from hacktable.engine.session import Session
    from hacktable.store import CampaignStore
    from hacktable.web.invites import create_invite

    template = folder / "template.db"
    seated: list[dict[str, str]] = []
    with CampaignStore.open(template, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, SEED, source="benchmark"))
        for name, (character, kind) in zip(PLAYERS[:players], CHARACTERS, strict=False):
            layer.run(f"player add {name}")
            layer.run(f"character new {character} --class {kind} --kit 1 --player {name}")
            token = create_invite(layer.session, "player", character=character).token
            seated.append({"player": name, "character": character, "token": token})
        last = store.last_seq()
    described = []
    for index in range(1, tables + 1):
        name = f"t{index:03d}"
        shutil.copyfile(template, folder / f"{name}.db")
        described.append(
            {"table": name, "file": str(folder / f"{name}.db"), "last": last, "players": seated}
        )
    template.unlink()
    return described


class ProfiledExecutor(ThreadPoolExecutor):
    """A table's worker thread, profiled (``--profile``)."""

    made: ClassVar[list[ProfiledExecutor]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.profile = cProfile.Profile()
        super().__init__(*args, initializer=self.profile.enable, **kwargs)
        ProfiledExecutor.made.append(self)


def echo_app(tables: int, players: int) -> Starlette:
    """The baseline: the same URLs, a bare fan-out of each line to the table's sockets."""
    sockets: dict[str, set[WebSocket]] = {}
    counter = itertools.count(1)

    async def join(request: Request) -> Response:
        table = request.path_params["table"]
        response = RedirectResponse(f"/t/{table}/", status_code=303)
        response.set_cookie("hacktable_session", "echo", httponly=True, path=f"/t/{table}/")
        return response

    async def command(request: Request) -> Response:
        body = await request.json()
        seq = next(counter)
        text = json.dumps({"seq": seq, "summary": body["line"]}, separators=(",", ":"))
        for socket in list(sockets.get(request.path_params["table"], ())):
            await socket.send_text(text)
        return JSONResponse({"seq": seq, "text": body["line"]})

    async def stream(websocket: WebSocket) -> None:
        await websocket.accept()
        table = sockets.setdefault(websocket.path_params["table"], set())
        table.add(websocket)
        try:
            while (await websocket.receive())["type"] != "websocket.disconnect":
                pass
        except WebSocketDisconnect:
            pass
        finally:
            table.discard(websocket)

    async def home(_request: Request) -> Response:
        return JSONResponse({"tables": tables, "players": players})

    return Starlette(
        routes=[
            Route("/", home),
            Route("/t/{table}/join", join),
            Route("/t/{table}/api/command", command, methods=["POST"]),
            WebSocketRoute("/t/{table}/ws", stream),
        ]
    )


def main() -> int:
    parser = argparse.ArgumentParser(description="the web_broadcast benchmark's server")
    parser.add_argument("kind", choices=("hacktable", "echo"))
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--tables", type=int, required=True)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--profile", type=Path, default=None)
    args = parser.parse_args()
    app: Any
    if args.kind == "echo":
        described = [
            {
                "table": f"t{i:03d}",
                "last": 0,
                "players": [
                    {"player": p, "character": c, "token": "echo"}
                    for p, (c, _) in zip(PLAYERS[: args.players], CHARACTERS, strict=False)
                ],
            }
            for i in range(1, args.tables + 1)
        ]
        app = echo_app(args.tables, args.players)
    else:
        from hacktable.web import table as web_table
        from hacktable.web.app import create_app
        from hacktable.web.hub import Hub

        if args.profile:  # every table's worker thread made from now on is profiled
            setattr(web_table, "ThreadPoolExecutor", ProfiledExecutor)  # noqa: B010
        described = build(args.dir, args.tables, args.players)
        app = create_app(Hub.of([str(table["file"]) for table in described]))
    print("READY " + json.dumps(described), flush=True)
    config = uvicorn.Config(
        app, host="127.0.0.1", port=args.port, log_level="warning", access_log=False
    )
    server = uvicorn.Server(config)
    profile = cProfile.Profile() if args.profile else None
    if profile is not None:
        profile.enable()
    try:
        server.run()  # uvloop where installed, as `hacktable serve`
    except KeyboardInterrupt:  # uvicorn stops on SIGINT, then raises it again
        pass
    finally:
        if profile is not None:
            profile.disable()
            stats = pstats.Stats(profile)
            for worker in ProfiledExecutor.made:
                worker.submit(worker.profile.disable).result()
                stats.add(worker.profile)
            stats.dump_stats(str(args.profile))
        if args.kind == "hacktable":
            app.state.hub.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
