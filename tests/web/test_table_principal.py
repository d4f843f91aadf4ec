"""Events the web table stores by itself (a join, a sign-in, an invite) are the GM's,
whoever ran the last command on the table (docs/rulings.md H670)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from hacktable.engine.session import Session
from hacktable.play.principal import Principal, Role
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.invites import create_invite
from hacktable.web.table import Table

HEADERS = {"x-hacktable": "1"}
BASE = "/t/table/"


def invite(campaign: str, character: str) -> str:
    with CampaignStore.open(campaign, create=False) as store:
        return create_invite(Session(store), "player", character=character).token


def joined(table: Table, token: str) -> TestClient:
    client = TestClient(create_app(table))
    assert client.get(f"{BASE}join?token={token}", follow_redirects=False).status_code == 303
    return client


def test_a_join_after_a_players_command_is_the_gms_not_that_players(
    campaign: str, table: Table
) -> None:
    """H670: Bea's join, stored right after Ann's test, is not Ann's event, so Ann's
    log does not show it (issue 12 §4: a player reads only what is theirs)."""
    ann = joined(table, invite(campaign, "Aldric"))
    assert ann.post(
        f"{BASE}api/command", json={"line": "test Aldric STR"}, headers=HEADERS
    ).is_success
    bea_token = invite(campaign, "Sly")
    joined(table, bea_token)
    with CampaignStore.open(campaign, create=False) as store:
        events = list(store.events())
        session = Session(store)
        anns = [event.summary for event in session.log(principal=Principal(Role.PLAYER, "Ann"))]
    join = events[-1]
    assert (join.action, join.summary) == ("invite.use", "Bea joins the web table")
    assert join.principal == "GM"
    assert "Bea joins the web table" not in anns


def test_a_used_invite_opened_in_a_browser_is_a_page_with_one_line(
    campaign: str, table: Table
) -> None:
    """H671: a used link opened by a person reads as a page (403), not raw JSON; an
    API client still gets ``{"error": ...}`` (issue 12 §4)."""
    token = invite(campaign, "Aldric")
    joined(table, token)
    client = TestClient(create_app(table))
    page = client.get(f"{BASE}join?token={token}", headers={"accept": "text/html,*/*;q=0.8"})
    assert page.status_code == 403
    assert page.headers["content-type"].startswith("text/html")
    assert "this invite link was used already: ask the GM for a new one" in page.text
    assert '{"error"' not in page.text
    unknown = client.get(f"{BASE}join?token=nonsense", headers={"accept": "text/html"})
    assert unknown.status_code == 401
    assert "this invite link is not one of this campaign&#x27;s" in unknown.text
    api = client.get(f"{BASE}join?token={token}")
    assert api.json() == {"error": "this invite link was used already: ask the GM for a new one"}
