"""The web table's verify page (issue 12 §5; docs/rulings.md H650, H652): an ended
session's public rolls replayed for anyone signed in, never a secret roll's dice or an
open session's seed; a tampered log reported by seq; the commitment on the log's
``session.start`` line."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hacktable.engine.execute import CommandLayer
from hacktable.engine.game_session import commitment
from hacktable.engine.session import Session
from hacktable.engine.verify import verify_session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.invites import create_invite
from hacktable.web.table import Table

HEADERS = {"x-hacktable": "1"}
SECRET = 4_815_162_342
SETUP = (
    "player add Ann",
    "character new Aldric --class warrior --kit 1 --player Ann",
)


@pytest.fixture
def campaign(tmp_path: Path) -> str:
    path = tmp_path / "table.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 7, secret_seed=SECRET))
        for line in SETUP:
            layer.run(line)
    return str(path)


def joined(table: Table, token: str) -> TestClient:
    client = TestClient(create_app(table))
    assert client.get(f"/t/table/join?token={token}", follow_redirects=False).status_code == 303
    return client


def player(campaign: str, table: Table) -> TestClient:
    with CampaignStore.open(campaign, create=False) as store:
        token = create_invite(Session(store), "player", character="Aldric").token
    return joined(table, token)


def run(client: TestClient, *lines: str) -> list[int]:
    seqs = []
    for line in lines:
        answer = client.post("/t/table/api/command", json={"line": line}, headers=HEADERS)
        assert answer.status_code == 200, answer.text
        seqs.append(answer.json()["seq"])
    return seqs


def events(campaign: str) -> list:
    with CampaignStore.open(campaign, create=False) as store:
        return store.events()


def test_a_played_session_verifies_for_a_player(campaign: str, table: Table) -> None:
    """Issue 12 §5: the page replays every public roll; a secret roll is listed as not
    revealed, without its dice (H652), and the GM's secret seed is nowhere."""
    ann = player(campaign, table)
    gm = joined(table, table.gm_token)
    (test,) = run(ann, "test Aldric STR")
    (secret,) = run(gm, "roll 2d6 secret")
    run(gm, "roll 1d20", "session end")
    answer = ann.get("/t/table/api/verify?session=1")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["verified"] is True
    assert body["session"] == 1
    assert body["seed"] == 7
    statuses = {f["seq"]: f["status"] for f in body["findings"]}
    assert statuses[test] == "replayed"
    assert statuses[secret] == "not revealed"
    assert next(f["dice"] for f in body["findings"] if f["seq"] == secret) == 0
    assert body["not_revealed"] == 1
    assert str(SECRET) not in answer.text
    everyone = verify_session(events(campaign), 1).to_json()
    assert body["replayed"] == everyone["replayed"]  # the player's view replays the same


def test_the_gms_answer_is_hacktable_verify_json(campaign: str, table: Table) -> None:
    """H652: the same JSON as ``hacktable verify --json`` (its ``table`` for ``campaign``)."""
    gm = joined(table, table.gm_token)
    run(gm, "roll 1d20", "roll 1d6 blind", "session end")
    body = gm.get("/t/table/api/verify").json()
    assert body.pop("table") == "table"
    assert body == verify_session(events(campaign)).to_json()


def test_an_open_session_is_refused_with_409(campaign: str, table: Table) -> None:
    """H602, H652: an open session's seed is secret: one clear line, 409."""
    ann = player(campaign, table)
    run(ann, "test Aldric STR")
    answer = ann.get("/t/table/api/verify")
    assert answer.status_code == 409
    assert answer.json() == {
        "error": "session 1 is still open: its seed is revealed when the GM ends it "
        "('session end'), and only then can it be verified"
    }


def test_not_signed_in_is_refused_with_401(table: Table) -> None:
    """Issue 12 §4: no cookie, no verification and no page (401)."""
    client = TestClient(create_app(table))
    assert client.get("/t/table/api/verify").status_code == 401
    assert client.get("/t/table/verify").status_code == 401
    # a browser opening the link is shown the line as a page (docs/rulings.md H682)
    opened = client.get("/t/table/verify", headers={"accept": "text/html"})
    assert opened.status_code == 401
    assert opened.headers["content-type"].startswith("text/html")
    assert "not signed in at this table" in opened.text


@pytest.mark.parametrize(
    ("query", "error"),
    [
        ("?session=x", "session is a game session's number: ?session=N (1 or more)"),
        ("?session=0", "session is a game session's number: ?session=N (1 or more)"),
        ("?session=9", "the campaign has no session 9 (sessions 1 to 1)"),
        # issue 12 §4: odd input is one line, never a 500 (int() refuses both)
        ("?session=%C2%B2", "session is a game session's number: ?session=N (1 or more)"),
        ("?session=" + "9" * 5000, "session is a game session's number: ?session=N (1 or more)"),
    ],
)
def test_a_bad_session_is_refused_with_400(table: Table, query: str, error: str) -> None:
    gm = joined(table, table.gm_token)
    answer = gm.get(f"/t/table/api/verify{query}")
    assert (answer.status_code, answer.json()) == (400, {"error": error})


def test_a_tampered_log_is_reported_by_seq(campaign: str, table: Table) -> None:
    """Issue 12 §5: "a tampered event ... is reported with its sequence number"."""
    ann = player(campaign, table)
    gm = joined(table, table.gm_token)
    (roll,) = run(ann, "test Aldric STR")
    run(gm, "session end")
    target = next(e for e in events(campaign) if e.seq == roll)
    dice = target.detail["outcome"]["dice"]
    dice[0] = {"sides": 20, "face": dice[0]["face"] % 20 + 1}
    db = sqlite3.connect(campaign)  # as a forger would, beside the server
    db.execute("UPDATE events SET detail = ? WHERE seq = ?", (json.dumps(target.detail), roll))
    db.commit()
    db.close()
    body = ann.get("/t/table/api/verify").json()
    assert body["verified"] is False
    problems = [(f["seq"], f["status"]) for f in body["findings"] if f["status"] != "replayed"]
    assert problems == [(roll, "tampered"), (roll, "mismatch")]


def test_the_verify_page_is_served_without_a_cdn(campaign: str, table: Table) -> None:
    """Issue 12 §5 "and a page": plain HTML and JS, every URL relative."""
    page = player(campaign, table).get("/t/table/verify")
    assert page.status_code == 200
    assert "fetch(`api/verify${query}`" in page.text
    assert "<script src" not in page.text
    assert "://" not in page.text


def test_the_log_shows_the_sessions_commitment(campaign: str, table: Table) -> None:
    """Issue 12 §5 (H650): the server publishes the commitment when a session starts:
    the page's log line of the ``session.start`` carries it, to players too."""
    ann = player(campaign, table)
    with ann.websocket_connect("/t/table/ws?after=0") as socket:
        first = socket.receive_json()
    start = events(campaign)[0]
    assert first["seq"] == start.seq
    expected = commitment(7, start.detail["salt"])
    assert first["summary"] == f"session 1 begins; commitment sha256:{expected}"
    assert "salt" not in first.get("detail", {})
