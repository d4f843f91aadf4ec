"""The table's fan-out of events to its sockets (web/broadcast.py, web/table.py):
RULINGS G4, a revealed event is whole for everyone, however the server came to know
of the reveal (issue 12 §3)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.invites import create_invite
from hacktable.web.routes.access import COOKIE
from hacktable.web.table import Table

HEADERS = {"x-hacktable": "1"}


def joined(app: object, token: str) -> TestClient:
    browser = TestClient(app)  # type: ignore[arg-type]
    response = browser.get(f"/t/table/join?token={token}", follow_redirects=False)
    assert response.status_code == 303, response.text
    cookie = response.headers["set-cookie"].split(";", 1)[0].split("=", 1)[1]
    return TestClient(app, cookies={COOKIE: cookie})  # type: ignore[arg-type]


def test_a_reveal_stored_before_the_server_opened_holds_after_another(tmp_path: Path):
    """RULINGS G4: #secret was revealed before this server opened the campaign; the GM
    reveals another secret roll before any page connects; a player's socket then sends
    both whole, not the first as a stub (the reveals the log held at opening are
    always known, not only while nothing else was revealed)."""
    path = tmp_path / "c.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 7))
        layer.run("player add Ann")
        layer.run("character new Aldric --class warrior --kit 1 --player Ann")
        first = layer.run("roll 3d6 secret").events[-1].seq
        layer.run(f"reveal {first}")
        token = create_invite(Session(store), "player", character="Aldric").token
    table = Table(str(path))
    try:
        app = create_app(table)
        gm = joined(app, table.gm_token)
        second = gm.post("/t/table/api/command", json={"line": "roll 2d6 secret"}, headers=HEADERS)
        second_seq = second.json()["seq"]
        shown = gm.post(
            "/t/table/api/command", json={"line": f"reveal {second_seq}"}, headers=HEADERS
        )
        assert shown.status_code == 200, shown.text
        ann = joined(app, token)
        seen: dict[int, dict[str, object]] = {}
        with ann.websocket_connect("/t/table/ws?after=0") as socket:
            while second_seq not in seen:
                frame = socket.receive_json()
                seen[frame["seq"]] = frame
        assert seen[first]["summary"] != "a secret roll by GM"
        assert "outcome" in seen[first]
        assert seen[first].get("revealed") is True
        assert "outcome" in seen[second_seq]
    finally:
        table.close()


def test_a_reveal_made_while_a_page_was_away_reaches_it_on_reconnect(tmp_path: Path):
    """Issue 12 §3, RULINGS G4: Ann's page saw #secret as a stub and went away; the GM
    revealed it; her page resumes after #secret and is sent the reveal and #secret
    whole (marked ``revealed``), as a page connected throughout was."""
    path = tmp_path / "c.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 7))
        layer.run("player add Ann")
        layer.run("character new Aldric --class warrior --kit 1 --player Ann")
        token = create_invite(Session(store), "player", character="Aldric").token
    table = Table(str(path))
    try:
        app = create_app(table)
        gm = joined(app, table.gm_token)
        ann = joined(app, token)
        secret = gm.post(
            "/t/table/api/command", json={"line": "roll 3d6 secret"}, headers=HEADERS
        ).json()["seq"]
        with ann.websocket_connect(f"/t/table/ws?after={secret - 1}") as socket:
            stub = socket.receive_json()
        assert (stub["seq"], "outcome" in stub) == (secret, False)
        reveal = gm.post(
            "/t/table/api/command", json={"line": f"reveal {secret}"}, headers=HEADERS
        ).json()["seq"]
        frames = []
        with ann.websocket_connect(f"/t/table/ws?after={secret}") as socket:
            frames.append(socket.receive_json())
            marker = gm.post("/t/table/api/command", json={"line": "roll d6"}, headers=HEADERS)
            while frames[-1]["seq"] != marker.json()["seq"]:
                frames.append(socket.receive_json())
        by_seq = {frame["seq"]: frame for frame in frames}
        assert set(by_seq) == {secret, reveal, marker.json()["seq"]}
        assert by_seq[secret].get("revealed") is True
        assert "outcome" in by_seq[secret]
    finally:
        table.close()
