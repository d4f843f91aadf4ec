"""Graceful shutdown (issue 13 §1; docs/rulings.md H742): a real ``hacktable serve``
sent SIGTERM during a burst of commands: every command that got a 200 is in the log,
the socket is closed with 1012 and a reason, and the process exits 0 within seconds."""

from __future__ import annotations

import json
import signal
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from hacktable.store import CampaignStore
from hacktable.web.routes.access import COOKIE
from hacktable.web.shutdown import RESTART

from .served_process import campaign_file, gm_session, start_serve

BURST = 40


def test_sigterm_finishes_what_it_answered_and_tells_sockets_to_reconnect(
    tmp_path: Path,
) -> None:
    path = campaign_file(tmp_path, "table", ("settings web-rate 100",))
    served = start_serve("-c", str(path), "--log-format", "json")
    try:
        gm = gm_session(served, "table")
        cookie = gm.cookies[COOKIE]
        ws_url = served.base.replace("http://", "ws://") + "/t/table/ws?after=0"
        closed: dict[str, object] = {}

        def listen() -> None:
            with connect(ws_url, additional_headers={"Cookie": f"{COOKIE}={cookie}"}) as socket:
                try:
                    while True:
                        socket.recv(timeout=20)
                except ConnectionClosed as error:
                    frame = error.rcvd
                    closed["code"] = None if frame is None else frame.code
                    closed["reason"] = None if frame is None else frame.reason

        listener = threading.Thread(target=listen)
        listener.start()
        answered = threading.Event()
        ok: list[int] = []

        def send(number: int) -> int | None:
            with httpx.Client(base_url=served.base, cookies={COOKIE: cookie}, timeout=10) as one:
                try:
                    response = one.post(
                        "/t/table/api/command",
                        json={"line": f"note burst {number}"},
                        headers={"x-hacktable": "1"},
                    )
                except httpx.TransportError:
                    return None
            if response.status_code != 200:
                return None
            ok.append(response.json()["seq"])
            if len(ok) >= 5:
                answered.set()
            return int(response.json()["seq"])

        with ThreadPoolExecutor(8) as pool:
            futures = [pool.submit(send, number) for number in range(BURST)]
            assert answered.wait(20), "no command answered"
            served.process.send_signal(signal.SIGTERM)
            results = [future.result() for future in futures]
        code, _out, err = served.stop(timeout=10)
        listener.join(10)
        gm.close()
    finally:
        served.kill()
    assert code == 0, err
    assert closed == {"code": 1012, "reason": RESTART}
    stored = {seq for seq in results if seq is not None}
    assert len(stored) >= 5
    with CampaignStore.open(path, create=False) as store:
        notes = {event.seq: event.command for event in store.events() if event.action == "note"}
        assert store.verify() is None
    for seq in stored:
        assert notes[seq].startswith("note burst "), seq  # (every 200 was committed)
    records = [json.loads(line) for line in err.splitlines()]
    messages = [record["msg"] for record in records]
    assert "start" in messages
    assert "stopping" in messages
    assert messages[-1] == "stop"
    assert served.gm_links["table"].split("token=")[1] not in err
