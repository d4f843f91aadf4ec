"""Issue 12 §4: authorisation on the server, on every request and message. Each test
tries something it may not do and is refused (HTTP 401/403/400/429 or a WebSocket
error frame) with one clear line, and the log's last seq does not move."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.hub import Hub
from hacktable.web.invites import create_invite
from hacktable.web.routes.access import COOKIE
from hacktable.web.table import GM_REVOKED, REVOKED, Table

from .conftest import ended_socket

HEADERS = {"x-hacktable": "1"}
NOT_SIGNED_IN = "not signed in at this table: open the invite link the GM gave you"
SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Aldric --class warrior --kit 1 --player Ann",
    "character new Sly --class thief --kit 1 --player Bea",
)


def make(path: Path) -> str:
    with CampaignStore.open(path, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 7))
        for line in SETUP:
            layer.run(line)
    return str(path)


@pytest.fixture
def campaign(tmp_path: Path) -> str:
    return make(tmp_path / "a.db")


@pytest.fixture
def other(tmp_path: Path) -> str:
    return make(tmp_path / "b.db")


@pytest.fixture
def hub(campaign: str, other: str) -> Iterator[Hub]:
    served = Hub.of([campaign, other])
    yield served
    served.close()


@pytest.fixture
def app(hub: Hub) -> FastAPI:
    return create_app(hub)


def invite(campaign: str, role: str = "player", character: str = "Aldric") -> str:
    with CampaignStore.open(campaign, create=False) as store:
        return create_invite(Session(store), role, character=character).token


def cookie_of(app: FastAPI, table: str, token: str) -> str:
    response = TestClient(app).get(f"/t/{table}/join?token={token}", follow_redirects=False)
    assert response.status_code == 303, response.text
    header = response.headers["set-cookie"]
    return header.split(";", 1)[0].split("=", 1)[1]


def client(app: FastAPI, cookie: str) -> TestClient:
    return TestClient(app, cookies={COOKIE: cookie})


def last_seq(campaign: str) -> int:
    with CampaignStore.open(campaign, create=False) as store:
        return store.last_seq()


def one_line(response: httpx.Response, status: int) -> str:
    """The refusal's one line, checked to be one line with ``status``."""
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert isinstance(error, str)
    assert error
    assert "\n" not in error
    return error


def refused_socket(browser: TestClient, path: str) -> tuple[str, int]:
    with browser.websocket_connect(path) as socket:
        frame = socket.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert set(frame) == {"error"}
    assert "\n" not in frame["error"]
    return frame["error"], closed.value.code


@pytest.fixture
def ann(app: FastAPI, campaign: str) -> TestClient:
    return client(app, cookie_of(app, "a", invite(campaign)))


def command(browser: TestClient, line: str, table: str = "a") -> httpx.Response:
    return browser.post(f"/t/{table}/api/command", json={"line": line}, headers=HEADERS)


def test_a_player_acting_for_anothers_character(ann: TestClient, campaign: str):
    before = last_seq(campaign)
    error = one_line(command(ann, "test Sly DEX"), 403)
    assert "Sly is played by Bea" in error
    assert last_seq(campaign) == before


@pytest.mark.parametrize(
    "line",
    ["player add Cid", "settings web-rate 100", "invite Sly", "revoke Bea", "reveal 1", "undo"],
)
def test_a_player_using_gm_powers(ann: TestClient, campaign: str, line: str):
    before = last_seq(campaign)
    error = one_line(command(ann, line), 403)
    assert error.startswith("Ann may not ")
    assert last_seq(campaign) == before


def test_a_player_reads_no_secret_roll_whisper_invite_or_sign_in(
    app: FastAPI, campaign: str, hub: Hub
):
    """RULINGS G4: Bea's socket learns of a secret roll only that it happened; of
    Ann's whisper, the GM's invites and everyone's sign-ins nothing at all."""
    table = hub.tables["a"]
    gm = client(app, cookie_of(app, "a", table.gm_token))
    start = last_seq(campaign)
    ann = client(app, cookie_of(app, "a", invite(campaign)))
    bea = client(app, cookie_of(app, "a", invite(campaign, character="Sly")))
    secret = command(gm, "roll 3d6 secret").json()["seq"]
    whispered = command(ann, "whisper gm the ring").json()["seq"]
    public = command(bea, "roll d6").json()["seq"]
    assert start < secret < whispered < public
    with bea.websocket_connect(f"/t/a/ws?after={start}") as socket:
        seen = [socket.receive_json()]
        while seen[-1]["seq"] < public:
            seen.append(socket.receive_json())
    assert [frame["seq"] for frame in seen] == [secret, public]
    stub = seen[0]
    assert "outcome" not in stub
    assert "detail" not in stub
    assert stub["summary"] == "a secret roll by GM"


def test_a_cookie_of_another_table_is_refused_and_sees_nothing(
    app: FastAPI, campaign: str, other: str, hub: Hub
):
    """Issue 12 §4: a player cannot see another campaign: table a's cookie at table b
    (two tables of one hub) is 401 for every request and socket."""
    mine = cookie_of(app, "a", invite(campaign))
    gm_of_a = cookie_of(app, "a", hub.tables["a"].gm_token)
    before = last_seq(other)
    for cookie in (mine, gm_of_a):
        browser = client(app, cookie)
        assert one_line(command(browser, "roll d6", "b"), 401) == NOT_SIGNED_IN
        assert one_line(browser.get("/t/b/"), 401) == NOT_SIGNED_IN
        assert one_line(browser.get("/t/b/api/players"), 401) == NOT_SIGNED_IN
        assert refused_socket(browser, "/t/b/ws?after=0") == (NOT_SIGNED_IN, 1008)
    assert last_seq(other) == before


def test_a_replayed_invite(app: FastAPI, campaign: str):
    token = invite(campaign)
    cookie_of(app, "a", token)
    before = last_seq(campaign)
    again = TestClient(app).get(f"/t/a/join?token={token}", follow_redirects=False)
    assert one_line(again, 403) == "this invite link was used already: ask the GM for a new one"
    assert last_seq(campaign) == before


@pytest.mark.parametrize("token", ["%C3%A9", "%E2%80%AE" * 3, "x" * 4000])
def test_an_odd_token_is_refused_in_one_line(app: FastAPI, campaign: str, token: str):
    """Issue 12 §4: a token no invite made, non-ASCII or long, is 401 with one line
    (never a 500) and stores nothing."""
    before = last_seq(campaign)
    response = TestClient(app, raise_server_exceptions=False).get(f"/t/a/join?token={token}")
    assert one_line(response, 401) == "this invite link is not one of this campaign's"
    assert last_seq(campaign) == before


def test_an_invite_of_one_table_at_another(app: FastAPI, campaign: str, other: str):
    before = last_seq(other)
    response = TestClient(app).get(f"/t/b/join?token={invite(campaign)}", follow_redirects=False)
    assert one_line(response, 401) == "this invite link is not one of this campaign's"
    assert last_seq(other) == before


def test_a_revoked_players_cookie_over_http_and_websocket(app: FastAPI, campaign: str, hub: Hub):
    """Issue 12 §1, §4 (H642): after ``revoke`` the cookie is refused everywhere."""
    cookie = cookie_of(app, "a", invite(campaign))
    ann = client(app, cookie)
    gm = client(app, cookie_of(app, "a", hub.tables["a"].gm_token))
    with ann.websocket_connect(f"/t/a/ws?after={last_seq(campaign)}") as socket:
        assert command(gm, "revoke Ann").status_code == 200
        assert ended_socket(socket) == (REVOKED, 1008)
    before = last_seq(campaign)
    assert one_line(command(ann, "roll d6"), 401) == NOT_SIGNED_IN
    assert one_line(ann.get("/t/a/"), 401) == NOT_SIGNED_IN
    assert refused_socket(ann, "/t/a/ws?after=0") == (NOT_SIGNED_IN, 1008)
    assert last_seq(campaign) == before


def test_revoke_gm_ends_every_gm_session_and_a_new_sign_in_works(
    app: FastAPI, campaign: str, hub: Hub
):
    """docs/rulings.md H785: ``revoke gm`` ends every browser signed in as the GM (the
    one that sent it too), its socket told to sign in again; a player's session stays,
    and the GM's link signs the GM in again."""
    ann = client(app, cookie_of(app, "a", invite(campaign)))
    gm = client(app, cookie_of(app, "a", hub.tables["a"].gm_token))
    other_gm = client(app, cookie_of(app, "a", hub.tables["a"].gm_token))
    with other_gm.websocket_connect(f"/t/a/ws?after={last_seq(campaign)}") as socket:
        done = command(gm, "revoke gm")
        assert done.status_code == 200, done.text
        assert ended_socket(socket) == (GM_REVOKED, 1008)
    assert one_line(command(gm, "roll d6"), 401) == NOT_SIGNED_IN
    assert one_line(command(other_gm, "roll d6"), 401) == NOT_SIGNED_IN
    assert command(ann, "roll d6").status_code == 200
    again = client(app, cookie_of(app, "a", hub.tables["a"].gm_token))
    assert command(again, "roll d6").status_code == 200


def test_only_the_gm_revokes_the_gm(app: FastAPI, campaign: str):
    """H785 with H642: ``revoke`` is the GM's alone, ``revoke gm`` too."""
    ann = client(app, cookie_of(app, "a", invite(campaign)))
    before = last_seq(campaign)
    assert command(ann, "revoke gm").status_code == 403
    assert last_seq(campaign) == before


def test_an_observer_acting(app: FastAPI, campaign: str):
    watcher = client(app, cookie_of(app, "a", invite(campaign, "observer")))
    before = last_seq(campaign)
    assert "observers only watch" in one_line(command(watcher, "roll d6"), 403)
    body = {"role": "observer"}
    assert one_line(watcher.post("/t/a/api/invites", json=body, headers=HEADERS), 403)
    assert last_seq(campaign) == before


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("api/command", {"line": "roll d6"}),
        ("api/invites", {"role": "observer"}),
        ("api/revoke", {"player": "Bea"}),
        ("api/sign-out", {}),
    ],
)
def test_a_cross_site_post_without_the_header(
    app: FastAPI, campaign: str, hub: Hub, path: str, body: dict[str, str]
):
    """Issue 12 §4 (H613): a cross-site form cannot set the header; even the GM's
    cookie does nothing without it."""
    gm = client(app, cookie_of(app, "a", hub.tables["a"].gm_token))
    before = last_seq(campaign)
    assert "CSRF" in one_line(gm.post(f"/t/a/{path}", json=body), 403)
    assert last_seq(campaign) == before


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("api/command", {"line": "note " + "x" * 1000}),
        ("api/command", {"line": "roll d6\nplayer add Cid"}),
        ("api/command", {"line": "roll d6\rplayer add Cid"}),
        ("api/invites", {"role": "player", "character": "S" * 101}),
        ("api/invites", {"role": "player", "character": "Sly\nplayer add Cid"}),
        ("api/invites", {"role": "gm"}),
        ("api/revoke", {"player": "B" * 101}),
        ("api/revoke", {"player": "Bea\nplayer add Cid"}),
    ],
)
def test_over_long_and_multi_line_input(
    app: FastAPI, campaign: str, hub: Hub, path: str, body: dict[str, str]
):
    """Issue 12 §4 (H615): every input has the console's limits."""
    gm = client(app, cookie_of(app, "a", hub.tables["a"].gm_token))
    before = last_seq(campaign)
    one_line(gm.post(f"/t/a/{path}", json=body, headers=HEADERS), 400)
    assert last_seq(campaign) == before


@pytest.mark.parametrize("path", ["api/command", "api/invites", "api/revoke"])
@pytest.mark.parametrize("content", ["{", "not json", "[1, 2]", '"line"', "null"])
def test_malformed_json(app: FastAPI, campaign: str, hub: Hub, path: str, content: str):
    gm = client(app, cookie_of(app, "a", hub.tables["a"].gm_token))
    before = last_seq(campaign)
    response = gm.post(
        f"/t/a/{path}",
        content=content,
        headers={**HEADERS, "content-type": "application/json"},
    )
    assert "JSON" in one_line(response, 400)
    assert last_seq(campaign) == before


def test_the_rate_limit_comes_from_the_setting(tmp_path: Path):
    """Issue 12 §4 (H643): ``settings web-rate 2``: the third command within one second
    is refused with 429 and stores nothing; a second later it runs."""
    campaign = make(tmp_path / "rated.db")
    now = [50.0]
    table = Table(campaign, id="a", clock=lambda: now[0])
    try:
        app = create_app(table)
        gm = client(app, cookie_of(app, "a", table.gm_token))
        assert command(gm, "settings web-rate 2").status_code == 200
        now[0] += 1.0
        ann = client(app, cookie_of(app, "a", invite(campaign)))
        assert [command(ann, "roll d6").status_code for _ in range(2)] == [200, 200]
        before = last_seq(campaign)
        error = one_line(command(ann, "roll d6"), 429)
        assert error == "at most 2 commands a second: wait a moment"
        assert last_seq(campaign) == before
        now[0] += 1.0
        assert command(ann, "roll d6").status_code == 200
    finally:
        table.close()


def test_the_rate_limit_defaults_to_five(tmp_path: Path):
    """Issue 12 §4: "default 5 a second"."""
    campaign = make(tmp_path / "rated.db")
    table = Table(campaign, id="a", clock=lambda: 7.0)
    try:
        app = create_app(table)
        ann = client(app, cookie_of(app, "a", invite(campaign)))
        codes = [command(ann, "roll d6").status_code for _ in range(6)]
        assert codes == [200] * 5 + [429]
        assert table.rate == 5
    finally:
        table.close()


def _cookie_header(app: Any, token: str, base: str, **headers: str) -> str:
    browser = TestClient(app, base_url=base)
    response = browser.get(f"/t/a/join?token={token}", headers=headers, follow_redirects=False)
    assert response.status_code == 303
    return str(response.headers["set-cookie"])


def test_the_cookie_is_secure_over_https_only(app: FastAPI, campaign: str):
    """Issue 12 §1 (H645): Secure when served over HTTPS."""
    assert "Secure" in _cookie_header(app, invite(campaign), "https://testserver")
    assert "Secure" not in _cookie_header(app, invite(campaign), "http://testserver")


def test_a_forwarded_proto_counts_only_behind_a_trusted_proxy(app: FastAPI, campaign: str):
    """H645: ``serve --proxy-headers`` (uvicorn's proxy middleware) makes a proxy's
    ``X-Forwarded-Proto: https`` a Secure cookie; without it the header is ignored."""
    https = {"x-forwarded-proto": "https"}
    proxied = ProxyHeadersMiddleware(app, trusted_hosts="*")
    assert "Secure" in _cookie_header(proxied, invite(campaign), "http://testserver", **https)
    assert "Secure" not in _cookie_header(app, invite(campaign), "http://testserver", **https)


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [("get", "/t/a/nothing", 404), ("get", "/t/a/api/command", 405), ("put", "/t/a/", 405)],
)
def test_a_path_or_method_nobody_serves_is_one_line(
    ann: TestClient, method: str, path: str, status: int
):
    """Issue 12 §4: a refusal is one clear line as JSON, even of a URL nobody serves."""
    one_line(getattr(ann, method)(path), status)


def test_a_player_revoked_while_their_socket_opens_is_closed(
    app: FastAPI, campaign: str, hub: Hub, monkeypatch: pytest.MonkeyPatch
):
    """Issue 12 §4 (H642): the GM's ``revoke`` lands after Ann's socket was checked and
    before it joined the table's subscribers (so the revocation's close missed it):
    the socket is still sent the error frame and closed, and streams nothing."""
    table = hub.tables["a"]
    ann = client(app, cookie_of(app, "a", invite(campaign)))
    subscribe = table.subscribe

    async def racing(principal: Any, after: int) -> Any:
        await table.call(lambda layer: layer.run("revoke Ann"))
        return await subscribe(principal, after)

    monkeypatch.setattr(table, "subscribe", racing)
    gm = client(app, cookie_of(app, "a", table.gm_token))
    start = last_seq(campaign)
    with ann.websocket_connect(f"/t/a/ws?after={start}") as socket:
        assert command(gm, "roll d6").status_code == 200  # (public: a socket left open gets it)
        frame = socket.receive_json()
        assert set(frame) == {"error"}, frame
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 1008


@pytest.mark.parametrize("path", ["api/command", "api/odds", "api/invites", "api/revoke"])
def test_a_body_of_any_size_is_refused_before_it_is_read(
    app: FastAPI, campaign: str, hub: Hub, path: str
):
    """Issue 12 §4: every input has its limit; a signed-in browser's body of a megabyte
    is refused with 413 in one line (declared or streamed), and nothing is stored."""
    gm = client(app, cookie_of(app, "a", hub.tables["a"].gm_token))
    before = last_seq(campaign)
    huge = '{"line": "say ' + "a" * 1_000_000 + '"}'
    declared = gm.post(
        f"/t/a/{path}", content=huge, headers={**HEADERS, "content-type": "application/json"}
    )
    assert one_line(declared, 413) == "a request's body is at most 16,384 bytes"
    streamed = gm.post(
        f"/t/a/{path}",
        content=iter([huge[:10_000].encode(), huge[10_000:].encode()]),
        headers={**HEADERS, "content-type": "application/json"},
    )
    assert one_line(streamed, 413) == "a request's body is at most 16,384 bytes"
    assert last_seq(campaign) == before
