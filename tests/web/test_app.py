"""The web table's API (issue 12 §1, §3, §4): joining with an invite, commands as the
signed-in principal, refusals that change nothing, and the live log over a WebSocket
resuming from a sequence number."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import UNAVAILABLE, create_app
from hacktable.web.invites import create_invite
from hacktable.web.routes.access import COOKIE
from hacktable.web.table import Table

HEADERS = {"x-hacktable": "1"}
COMMAND = "/t/table/api/command"
JOIN = "/t/table/join?token="
WS = "/t/table/ws"
SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Aldric --class warrior --kit 1 --player Ann",
    "character new Sly --class thief --kit 1 --player Bea",
)


@pytest.fixture
def campaign(tmp_path: Path) -> str:
    path = tmp_path / "table.db"
    store = CampaignStore.open(path, ruleset="redhack")
    with store:
        layer = CommandLayer(Session(store, 7))
        for line in SETUP:
            layer.run(line)
    return str(path)


def invite(campaign: str, role: str, character: str = "") -> str:
    """A new invite's token, made as ``hacktable invite`` makes it (another writer)."""
    with CampaignStore.open(campaign, create=False) as store:
        return create_invite(Session(store), role, character=character).token


def joined(table: Table, token: str) -> TestClient:
    client = TestClient(create_app(table))
    response = client.get(f"{JOIN}{token}", follow_redirects=False)
    assert response.status_code == 303, response.text
    return client


def last_seq(campaign: str) -> int:
    with CampaignStore.open(campaign, create=False) as store:
        return store.last_seq()


def test_joining_sets_an_httponly_lax_cookie_and_shows_the_page(campaign: str, table: Table):
    """Issue 12 §1: joining sets a session cookie (HttpOnly, SameSite=Lax)."""
    client = TestClient(create_app(table))
    response = client.get(f"{JOIN}{invite(campaign, 'player', 'Aldric')}")
    cookie = response.history[0].headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie
    assert response.status_code == 200
    assert "Ann" in response.text


def test_a_used_invite_is_refused(campaign: str, table: Table):
    """Issue 12 §1, §4: a link carries a one-time token; replaying it is refused."""
    token = invite(campaign, "player", "Aldric")
    joined(table, token)
    again = TestClient(create_app(table)).get(f"{JOIN}{token}", follow_redirects=False)
    assert again.status_code == 403
    assert again.json() == {"error": "this invite link was used already: ask the GM for a new one"}


def test_the_gms_undo_does_not_reopen_a_used_invite(campaign: str, table: Table):
    """Issue 12 §1 (docs/rulings.md H611): joining changes no state, so undo skips it."""
    token = invite(campaign, "player", "Aldric")
    joined(table, token)
    gm = joined(table, table.gm_token)
    undone = gm.post(COMMAND, json={"line": "undo"}, headers=HEADERS)
    assert undone.status_code == 200, undone.text
    assert "invite" not in undone.json()["text"]
    again = TestClient(create_app(table)).get(f"{JOIN}{token}", follow_redirects=False)
    assert again.status_code == 403


def test_an_unknown_token_is_refused(table: Table):
    """Issue 12 §4: a made-up token lets nobody in (401)."""
    response = TestClient(create_app(table)).get(JOIN + "guess", follow_redirects=False)
    assert response.status_code == 401


def test_the_log_keeps_only_the_tokens_hash(campaign: str):
    """Issue 12 §1 (tokens are stored hashed; docs/rulings.md H610, H611)."""
    token = invite(campaign, "observer")
    with CampaignStore.open(campaign, create=False) as store:
        stored = "".join(repr(event) for event in store.events())
    assert token not in stored
    assert "invite" in stored


def test_without_a_session_a_command_is_refused(table: Table):
    """Issue 12 §4: no cookie, no command (401)."""
    client = TestClient(create_app(table))
    response = client.post(COMMAND, json={"line": "roll 3d6"}, headers=HEADERS)
    assert response.status_code == 401


def test_a_command_without_the_csrf_header_is_refused(campaign: str, table: Table):
    """Issue 12 §4 (docs/rulings.md H613): a cross-site post cannot set the header."""
    client = joined(table, invite(campaign, "player", "Aldric"))
    before = last_seq(campaign)
    response = client.post(COMMAND, json={"line": "roll 3d6"})
    assert response.status_code == 403
    assert last_seq(campaign) == before


def test_a_players_gm_only_command_is_refused_and_nothing_changes(campaign: str, table: Table):
    """Issue 12 §4: a player cannot use GM powers; one line, nothing stored."""
    client = joined(table, invite(campaign, "player", "Aldric"))
    before = last_seq(campaign)
    response = client.post(COMMAND, json={"line": "player add Cid"}, headers=HEADERS)
    assert response.status_code == 403
    assert response.json()["error"].startswith("Ann may not ")
    assert "\n" not in response.json()["error"]
    assert last_seq(campaign) == before


def test_a_player_cannot_act_for_anothers_character(campaign: str, table: Table):
    """Issue 12 §4: Ann cannot test Bea's Sly."""
    client = joined(table, invite(campaign, "player", "Aldric"))
    before = last_seq(campaign)
    response = client.post(COMMAND, json={"line": "test Sly DEX"}, headers=HEADERS)
    assert response.status_code == 403
    assert "Sly is played by Bea" in response.json()["error"]
    assert last_seq(campaign) == before


def test_an_observer_cannot_act(campaign: str, table: Table):
    """Issue 12 §4: an observer only watches."""
    client = joined(table, invite(campaign, "observer"))
    response = client.post(COMMAND, json={"line": "roll 3d6"}, headers=HEADERS)
    assert response.status_code == 403
    assert "observers only watch" in response.json()["error"]


def test_commands_are_rate_limited_per_session(campaign: str, tmp_path: Path):
    """Issue 12 §4 (docs/rulings.md H616): 5 commands a second by default; the sixth
    within the second is refused (429) and stores nothing; a second later it is fine."""
    now = [100.0]
    table = Table(campaign, clock=lambda: now[0])
    try:
        client = joined(table, invite(campaign, "player", "Aldric"))
        codes = [
            client.post(COMMAND, json={"line": "roll d6"}, headers=HEADERS).status_code
            for _ in range(5)
        ]
        before = last_seq(campaign)
        sixth = client.post(COMMAND, json={"line": "roll d6"}, headers=HEADERS)
        assert codes == [200] * 5
        assert sixth.status_code == 429
        assert last_seq(campaign) == before
        now[0] += 1.0
        later = client.post(COMMAND, json={"line": "roll d6"}, headers=HEADERS)
        assert later.status_code == 200
    finally:
        table.close()


def test_an_overlong_line_is_refused(campaign: str, table: Table):
    """Issue 12 §4 (docs/rulings.md H615): every input is bounded."""
    client = joined(table, invite(campaign, "player", "Aldric"))
    response = client.post(COMMAND, json={"line": "note " + "x" * 2000}, headers=HEADERS)
    assert response.status_code == 400


def test_a_players_command_lands_and_another_client_sees_it(campaign: str, table: Table):
    """Issue 12 §3: every committed event is pushed to the other connected clients."""
    ann = joined(table, invite(campaign, "player", "Aldric"))
    bea = joined(table, invite(campaign, "player", "Sly"))
    start = last_seq(campaign)
    with bea.websocket_connect(f"{WS}?after={start}") as socket:
        response = ann.post(COMMAND, json={"line": "test Aldric STR"}, headers=HEADERS)
        assert response.status_code == 200, response.text
        seq = response.json()["seq"]
        seen = socket.receive_json()
        while seen["seq"] < seq:
            seen = socket.receive_json()
    assert seen["seq"] == seq
    assert seen["action"] == "test"
    assert seen["principal"] == "Ann"
    assert seen["summary"]


def test_a_whisper_reaches_its_audience_and_the_gm_only(campaign: str, table: Table):
    """Issue 12 §3, RULINGS G4: events are filtered by each principal's visibility."""
    ann = joined(table, invite(campaign, "player", "Aldric"))
    bea = joined(table, invite(campaign, "player", "Sly"))
    gm = joined(table, table.gm_token)
    start = last_seq(campaign)
    whisper = ann.post(COMMAND, json={"line": "whisper gm the ring"}, headers=HEADERS)
    assert whisper.status_code == 200, whisper.text
    public = ann.post(COMMAND, json={"line": "roll 3d6"}, headers=HEADERS)
    public_seq = public.json()["seq"]
    with bea.websocket_connect(f"{WS}?after={start}") as socket:
        first = socket.receive_json()
    with gm.websocket_connect(f"{WS}?after={start}") as socket:
        gm_first = socket.receive_json()
    assert first["seq"] == public_seq  # Bea never learns of the whisper
    assert gm_first["seq"] == whisper.json()["seq"]


def test_resuming_after_a_seq_loses_nothing_and_repeats_nothing(campaign: str, table: Table):
    """Issue 12 §3: a client that reconnects resumes from the last seq it saw."""
    ann = joined(table, invite(campaign, "player", "Aldric"))
    start = last_seq(campaign)
    seqs = []
    for _ in range(3):
        seqs.append(ann.post(COMMAND, json={"line": "roll 3d6"}, headers=HEADERS).json())
    first, second, third = (item["seq"] for item in seqs)
    with ann.websocket_connect(f"{WS}?after={start}") as socket:
        assert socket.receive_json()["seq"] == first
    # (the connection dropped after #first; two more commands land meanwhile)
    with ann.websocket_connect(f"{WS}?after={first}") as socket:
        got = [socket.receive_json()["seq"], socket.receive_json()["seq"]]
    assert got == [second, third]


def refusal(client: TestClient, path: str, **headers: str) -> tuple[str, int]:
    """What a refused WebSocket gets: its one error line and the close code."""
    with client.websocket_connect(path, headers=headers) as socket:
        message = socket.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    return message["error"], closed.value.code


def test_a_websocket_without_a_session_is_refused_with_one_line(table: Table):
    """Issue 12 §4: no cookie, no events: an error frame with one clear line, then 1008."""
    client = TestClient(create_app(table))
    message, code = refusal(client, WS)
    assert code == 1008
    assert message == "not signed in at this table: open the invite link the GM gave you"


def test_a_websocket_from_another_site_is_refused(campaign: str, table: Table):
    """Issue 12 §4: another site's page cannot read the log with the player's cookie."""
    client = joined(table, invite(campaign, "player", "Aldric"))
    message, code = refusal(client, WS, origin="http://evil.example")
    assert code == 1008
    assert "cross-origin" in message


def test_two_players_rolling_at_once_both_land_in_one_order(campaign: str, table: Table):
    """Issue 12 §3: two players rolling at the same moment both land, in one order
    everyone sees."""
    from concurrent.futures import ThreadPoolExecutor

    ann = joined(table, invite(campaign, "player", "Aldric"))
    bea = joined(table, invite(campaign, "player", "Sly"))
    start = last_seq(campaign)
    lines = ((ann, "test Aldric STR"), (bea, "test Sly DEX"))
    with ThreadPoolExecutor(2) as pool:
        replies = list(
            pool.map(
                lambda pair: pair[0].post(COMMAND, json={"line": pair[1]}, headers=HEADERS),
                lines,
            )
        )
    assert [reply.status_code for reply in replies] == [200, 200]
    seqs = sorted(reply.json()["seq"] for reply in replies)
    assert len(set(seqs)) == 2
    seen = {}
    for client in (ann, bea):
        with client.websocket_connect(f"{WS}?after={start}") as socket:
            got = [socket.receive_json() for _ in range(2)]
        seen[id(client)] = [(item["seq"], item["principal"]) for item in got]
    assert seen[id(ann)] == seen[id(bea)]
    assert [seq for seq, _ in seen[id(ann)]] == seqs


def test_a_consoles_command_on_the_same_campaign_reaches_the_browser(campaign: str, table: Table):
    """Issue 12 §3: a console on the same campaign shows up live (the log is polled,
    docs/rulings.md H614)."""
    ann = joined(table, invite(campaign, "player", "Aldric"))
    start = last_seq(campaign)
    with ann.websocket_connect(f"{WS}?after={start}") as socket:
        with CampaignStore.open(campaign, create=False) as store:
            outcome = CommandLayer(Session(store)).run("roll 2d6")
        seen = socket.receive_json()
    assert seen["seq"] == outcome.events[-1].seq
    assert seen["action"] == "roll"
    assert seen["principal"] == "GM"


def test_a_campaign_that_cannot_be_opened_is_one_line_not_a_500(tmp_path: Path):
    """issue 13 §2 (Postgres restarted: "commands in flight fail with one clear line"):
    a join link, a page or an API call at a table whose store cannot be read now (the
    database away, every connection busy) answers 503 with one line, never a bare
    500 and a traceback."""
    table = Table(str(tmp_path / "gone.db"), id="gone")
    client = TestClient(create_app(table), raise_server_exceptions=False)
    try:
        answer = client.get("/t/gone/join?token=x", follow_redirects=False)
        page = client.get("/t/gone/join?token=x", headers={"accept": "text/html"})
    finally:
        table.close()
    assert answer.status_code == 503
    assert answer.json() == {"error": UNAVAILABLE}
    assert page.status_code == 503
    assert UNAVAILABLE.replace("'", "&#x27;") in page.text
    assert str(tmp_path) not in page.text
    assert "Traceback" not in page.text


def test_a_socket_whose_log_cannot_be_read_is_told_to_try_again(
    campaign: str, table: Table, monkeypatch: pytest.MonkeyPatch
):
    """issue 13 §2 (Postgres restarted: clients resume): a socket that cannot catch
    up now is closed with 1013 (try again later) and one line, with no error frame
    (which would stop the page from reconnecting), never a crashed handler."""
    from hacktable.errors import CampaignError

    gm = joined(table, table.gm_token)

    async def away(*_args: object) -> None:
        raise CampaignError("db.example: cannot reach the server", "db.example")

    monkeypatch.setattr(table, "subscribe", away)
    with (
        gm.websocket_connect(f"{WS}?after=0") as socket,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        socket.receive_json()
    assert closed.value.code == 1013
    assert closed.value.reason == UNAVAILABLE[:120]
