"""Structured logs (issue 13 §1; docs/rulings.md H741): one JSON object a line for each
request and command, and never a token, a cookie, a query string or a secret's detail,
over a whole session: a GM's and a player's join (their sign-in), a secret roll and a
whisper."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.invites import create_invite
from hacktable.web.logs import JsonFormatter, TextFormatter, configure, first_word
from hacktable.web.ops_settings import OpsSettings
from hacktable.web.routes.access import COOKIE
from hacktable.web.table import Table

from .conftest import Campaign, make_campaign

HEADERS = {"x-hacktable": "1"}
WHISPER = "the ring lies under the third altar stone"


@pytest.fixture
def logged() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    handler = configure("json", "info", stream)
    yield stream
    for name in ("hacktable", "uvicorn"):
        logging.getLogger(name).removeHandler(handler)


def _campaign(tmp_path: Path) -> str:
    setup = ("player add Ann", "character new Aldric --class warrior --kit 1 --player Ann")
    return str(make_campaign(tmp_path, Campaign("table", "redhack", setup)))


def test_a_whole_session_logs_no_token_cookie_or_secret(
    tmp_path: Path, logged: io.StringIO
) -> None:
    campaign = _campaign(tmp_path)
    with CampaignStore.open(campaign, create=False) as store:
        token = create_invite(Session(store), "player", character="Aldric").token
    table = Table(campaign)
    try:
        app = create_app(table)
        gm, ann = TestClient(app), TestClient(app)
        assert gm.get(f"/t/table/join?token={table.gm_token}").status_code == 200
        assert ann.get(f"/t/table/join?token={token}").status_code == 200
        cookies = [gm.cookies[COOKIE], ann.cookies[COOKIE]]
        secret = gm.post("/t/table/api/command", json={"line": "roll 3d6 secret"}, headers=HEADERS)
        assert secret.status_code == 200, secret.text
        line = f"whisper gm {WHISPER}"
        whisper = ann.post("/t/table/api/command", json={"line": line}, headers=HEADERS)
        assert whisper.status_code == 200, whisper.text
        refused = ann.post("/t/table/api/command", json={"line": "gm hp Aldric 1"}, headers=HEADERS)
        assert refused.status_code in (400, 403)
        with ann.websocket_connect("/t/table/ws?after=0") as socket:
            socket.receive_json()
    finally:
        table.close()
    text = logged.getvalue()
    records = [json.loads(each) for each in text.splitlines()]
    for needle in (token, table.gm_token, *cookies, WHISPER, "3d6", "token=", "after="):
        assert needle not in text, needle
    requests = [r for r in records if r["msg"] == "request"]
    assert {"method": "GET", "path": "/t/table/join", "status": 303} in [
        {k: r[k] for k in ("method", "path", "status")} for r in requests
    ]
    assert all(isinstance(r["ms"], float) for r in requests)
    commands = [r for r in records if r["msg"] == "command"]
    assert [(c["role"], c["principal"], c["command"], c["refused"]) for c in commands] == [
        ("gm", "GM", "roll", False),
        ("player", "Ann", "whisper", False),
        ("player", "Ann", "gm", True),
    ]
    assert commands[0]["seq"] == secret.json()["seq"]
    assert commands[1]["seq"] == whisper.json()["seq"]
    assert commands[2]["seq"] is None
    assert commands[0]["table"] == "table"
    assert [r["path"] for r in records if r["msg"] == "socket"] == ["/t/table/ws"]


def test_the_players_sections_poll_is_a_request_line_not_a_command(
    tmp_path: Path, logged: io.StringIO
) -> None:
    """docs/rulings.md H786: the GM page reads its Players section every 10 s; each read
    is one request line, not also an ``invite`` command, which filled the log with the
    page's polls. An invite the GM makes is still a command."""
    table = Table(_campaign(tmp_path))
    try:
        gm = TestClient(create_app(table))
        assert gm.get(f"/t/table/join?token={table.gm_token}").status_code == 200
        for _ in range(3):
            assert gm.get("/t/table/api/players").status_code == 200
        made = gm.post("/t/table/api/invites", json={"role": "observer"}, headers=HEADERS)
        assert made.status_code == 200, made.text
    finally:
        table.close()
    records = [json.loads(each) for each in logged.getvalue().splitlines()]
    paths = [r["path"] for r in records if r["msg"] == "request"]
    assert paths.count("/t/table/api/players") == 3
    commands = [r["command"] for r in records if r["msg"] == "command"]
    assert commands == ["invite"]


def test_only_a_plain_first_word_is_logged() -> None:
    assert first_word("roll 1d20 secret") == "roll"
    assert first_word("  Whisper gm hello") == "whisper"
    assert first_word("s3cr3t!pass word") == "?"
    assert first_word("") == "?"


def test_the_formats_write_one_line_each() -> None:
    record = logging.LogRecord("hacktable.web", logging.INFO, __file__, 1, "command", (), None)
    record.fields = {"table": "t", "ms": 1.5}
    body = json.loads(JsonFormatter().format(record))
    assert (body["level"], body["logger"], body["msg"], body["table"], body["ms"]) == (
        "info",
        "hacktable.web",
        "command",
        "t",
        1.5,
    )
    assert TextFormatter().format(record).endswith("info    command table=t ms=1.5")


def test_the_log_format_is_an_option_then_a_variable_then_text_on_a_terminal() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert OpsSettings.from_env({}, stream=Terminal()).log_format == "text"
    assert OpsSettings.from_env({}, stream=io.StringIO()).log_format == "json"
    env = {"HACKTABLE_LOG_FORMAT": "json", "HACKTABLE_LOG_LEVEL": "WARNING"}
    found = OpsSettings.from_env(env, stream=Terminal())
    assert (found.log_format, found.log_level) == ("json", "warning")
    assert OpsSettings.from_env(env, log_format="text").log_format == "text"
    with pytest.raises(Exception, match="the log format is json or text, not 'xml'"):
        OpsSettings.from_env({"HACKTABLE_LOG_FORMAT": "xml"})
