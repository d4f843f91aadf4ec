"""The GM's controls at the web table (issue 12 §1): who is seated and connected,
invite links with QR codes, revoking (docs/rulings.md H642, H644)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.invites import create_invite
from hacktable.web.table import REVOKED, Table

from .conftest import ended_socket

HEADERS = {"x-hacktable": "1"}
BASE = "/t/table/"


def invite(campaign: str, role: str = "player", character: str = "Aldric") -> str:
    with CampaignStore.open(campaign, create=False) as store:
        return create_invite(Session(store), role, character=character).token


def joined(table: Table, token: str) -> TestClient:
    client = TestClient(create_app(table))
    assert client.get(f"{BASE}join?token={token}", follow_redirects=False).status_code == 303
    return client


def last_seq(campaign: str) -> int:
    with CampaignStore.open(campaign, create=False) as store:
        return store.last_seq()


def test_the_gm_sees_the_seats_characters_connections_and_open_invites(campaign: str, table: Table):
    """Issue 12 §1: the GM can see who is connected."""
    gm = joined(table, table.gm_token)
    ann = joined(table, invite(campaign))
    invite(campaign, character="Sly")
    with ann.websocket_connect(f"{BASE}ws?after={last_seq(campaign)}"):
        listed = gm.get(f"{BASE}api/players")
    assert listed.status_code == 200, listed.text
    body = listed.json()
    seats = {seat["name"]: seat for seat in body["players"]}
    assert seats["Ann"]["characters"] == ["Aldric"]
    assert seats["Ann"]["connected"] == 1
    assert seats["Ann"]["invites"] == []
    assert seats["Bea"]["connected"] == 0
    assert [i["player"] for i in seats["Bea"]["invites"]] == ["Bea"]
    assert body["address"] == "http://testserver/t/table/"
    assert body["qr"].startswith("<svg")
    assert {s["player"] for s in body["sessions"]} == {"GM", "Ann"}


def test_the_gm_makes_an_absolute_one_time_link_with_its_qr_code(campaign: str, table: Table):
    """Issue 12 §1: invite links from the GM page; the link works once."""
    gm = joined(table, table.gm_token)
    made = gm.post(
        f"{BASE}api/invites", json={"role": "player", "character": "Sly"}, headers=HEADERS
    )
    assert made.status_code == 200, made.text
    body = made.json()
    assert body["link"].startswith("http://testserver/t/table/join?token=")
    assert body["qr"].startswith("<svg")
    assert (body["role"], body["player"]) == ("player", "Bea")
    token = body["link"].rsplit("=", 1)[1]
    first = joined(table, token)
    assert first.get(BASE).status_code == 200
    again = TestClient(create_app(table)).get(f"{BASE}join?token={token}", follow_redirects=False)
    assert again.status_code == 403


def test_an_observer_invite_from_the_page(table: Table):
    gm = joined(table, table.gm_token)
    made = gm.post(f"{BASE}api/invites", json={"role": "observer"}, headers=HEADERS)
    assert made.status_code == 200, made.text
    assert made.json()["role"] == "observer"


def test_revoking_a_player_ends_their_sessions_their_socket_and_their_invites(
    campaign: str, table: Table
):
    """Issue 12 §1 (H642): revoked: the next request is 401, the socket gets an error
    frame and closes, the unused invite dies; a new invite lets them back."""
    gm = joined(table, table.gm_token)
    ann = joined(table, invite(campaign))
    unused = invite(campaign)
    with ann.websocket_connect(f"{BASE}ws?after={last_seq(campaign)}") as socket:
        done = gm.post(f"{BASE}api/revoke", json={"player": "Ann"}, headers=HEADERS)
        assert done.status_code == 200, done.text
        assert ended_socket(socket) == (REVOKED, 1008)
    after = ann.post(f"{BASE}api/command", json={"line": "roll d6"}, headers=HEADERS)
    assert after.status_code == 401
    late = TestClient(create_app(table)).get(f"{BASE}join?token={unused}", follow_redirects=False)
    assert late.status_code == 403
    assert late.json() == {"error": "this invite link was revoked: ask the GM for a new one"}
    again = joined(table, invite(campaign))
    assert (
        again.post(f"{BASE}api/command", json={"line": "roll d6"}, headers=HEADERS).status_code
        == 200
    )


def test_a_revocation_at_the_console_holds_at_the_server(campaign: str, table: Table):
    """H640, H642: another writer's ``revoke`` ends the session at the next request."""
    ann = joined(table, invite(campaign))
    assert (
        ann.post(f"{BASE}api/command", json={"line": "roll d6"}, headers=HEADERS).status_code == 200
    )
    with CampaignStore.open(campaign, create=False) as store:
        CommandLayer(Session(store)).run("revoke Ann")
    refused = ann.post(f"{BASE}api/command", json={"line": "roll d6"}, headers=HEADERS)
    assert refused.status_code == 401


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("api/invites", {"role": "player", "character": "Sly"}),
        ("api/invites", {"role": "observer"}),
        ("api/revoke", {"player": "Bea"}),
    ],
)
def test_a_player_using_the_gms_controls_is_refused_and_nothing_changes(
    campaign: str, table: Table, path: str, body: dict[str, str]
):
    """Issue 12 §4: a player cannot use GM powers (decided by the command layer)."""
    ann = joined(table, invite(campaign))
    before = last_seq(campaign)
    refused = ann.post(BASE + path, json=body, headers=HEADERS)
    assert refused.status_code == 403
    assert refused.json() == {"error": refused.json()["error"].split("\n")[0]}
    assert "inviting and revoking at the web table is the GM's" in refused.json()["error"]
    assert last_seq(campaign) == before
    listed = ann.get(f"{BASE}api/players")
    assert listed.status_code == 403
    assert last_seq(campaign) == before


def test_the_players_script_is_served(table: Table):
    """The GM page's players section (``web/static/players.js``)."""
    script = TestClient(create_app(table)).get(f"{BASE}players.js")
    assert script.status_code == 200
    assert 'getElementById("players")' in script.text
    assert "x-hacktable" in script.text
