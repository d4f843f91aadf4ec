"""The web table's view of the table per role (issue 12 §2; docs/rulings.md H630-H633):
``GET /t/{table}/api/view`` built by the command layer: a player sees only their own
sheet and buttons, an observer no sheet and the fight only, the GM everything; reading
it changes nothing. The pages per role and their static files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.invites import create_invite
from hacktable.web.table import Table

VIEW = "/t/table/api/view"
SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Aldric --class warrior --kit 1 --player Ann",
    "character new Sly --class thief --kit 1 --player Bea",
)


@pytest.fixture
def campaign(tmp_path: Path) -> str:
    path = tmp_path / "table.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 7))
        for line in SETUP:
            layer.run(line)
    return str(path)


def joined(table: Table, campaign: str, role: str, character: str = "") -> TestClient:
    """A browser signed in as ``role`` (the GM by the GM's link, others by an invite)."""
    if role == "gm":
        token = table.gm_token
    else:
        with CampaignStore.open(campaign, create=False) as store:
            token = create_invite(Session(store), role, character=character).token
    client = TestClient(create_app(table))
    response = client.get(f"/t/table/join?token={token}", follow_redirects=False)
    assert response.status_code == 303, response.text
    return client


def last_seq(campaign: str) -> int:
    with CampaignStore.open(campaign, create=False) as store:
        return store.last_seq()


def the_view(client: TestClient) -> dict[str, Any]:
    response = client.get(VIEW)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def titles(view: dict[str, Any]) -> list[str]:
    return [panel["title"] for panel in view["panels"]]


def test_a_player_sees_only_their_own_sheet_and_buttons(campaign: str, table: Table):
    """Issue 12 §2: a player's view: their character's sheet (attributes, HP,
    inventory with usage dice), the fight, time; buttons for their character alone."""
    view = the_view(joined(table, campaign, "player", "Aldric"))
    assert view["principal"] == {"role": "player", "name": "Ann"}
    assert titles(view) == ["Aldric", "Fight", "Time"]
    sheet = "\n".join(line["text"] for line in view["panels"][0]["lines"])
    assert "STR 8 (-1)" in sheet
    assert "HP 6/6" in sheet
    assert "Torch (ud6)" in sheet
    assert "Sly" not in sheet
    assert [c["name"] for c in view["characters"]] == ["Aldric"]
    assert {a["character"] for a in view["actions"]} == {"Aldric"}
    test = next(a for a in view["actions"] if a["label"] == "STR test")
    assert test == {
        "character": "Aldric",
        "label": "STR test",
        "command": "test Aldric STR",
        "odds_command": "odds Aldric STR",
        "asks": [],
    }
    assert any(a["command"] == "usage Aldric Torch" for a in view["actions"])
    assert view["entered_dice"] is True


def test_no_fight_shows_its_one_line_muted(campaign: str, table: Table):
    """docs/rulings.md H630: a panel whose command fails shows its one line, muted."""
    view = the_view(joined(table, campaign, "player", "Aldric"))
    fight = next(p for p in view["panels"] if p["title"] == "Fight")
    assert fight["lines"] == [
        {"text": "there is no fight going on: start one with 'fight start'", "style": "muted"}
    ]


def test_an_observer_sees_the_fight_only(campaign: str, table: Table):
    """Issue 12 §2: an observer: the fight order (and the public log), no sheet, no
    buttons, no command box."""
    client = joined(table, campaign, "observer")
    view = the_view(client)
    assert view["principal"]["role"] == "observer"
    assert titles(view) == ["Fight"]
    assert view["characters"] == []
    assert view["actions"] == []
    assert view["entered_dice"] is False
    page = client.get("/t/table/").text
    assert 'id="log"' in page
    assert 'id="panels"' in page
    assert 'id="line"' not in page
    assert 'id="chat"' not in page
    assert 'id="prompts"' not in page


def test_the_gm_sees_everything(campaign: str, table: Table):
    """Issue 12 §2: the GM: every sheet, the fight tracker with monsters' HP, time;
    buttons for every character."""
    client = joined(table, campaign, "gm")
    for line in ("fight start", "fight add 2 goblin"):
        assert (
            client.post(
                "/t/table/api/command", json={"line": line}, headers={"x-hacktable": "1"}
            ).status_code
            == 200
        )
    view = the_view(client)
    assert titles(view) == ["Aldric", "Sly", "Fight", "Time"]
    fight = "\n".join(line["text"] for line in view["panels"][2]["lines"])
    assert "goblin-1" in fight
    assert "HP" in fight
    assert {a["character"] for a in view["actions"]} == {"Aldric", "Sly"}
    assert "attack Aldric goblin-1" in {a["command"] for a in view["actions"]}
    page = client.get("/t/table/").text
    assert '<section id="players"' in page
    assert 'id="line"' in page


def test_reading_the_view_changes_nothing(campaign: str, table: Table):
    """Issue 12 §2, §4: the view runs read commands only; nothing is stored."""
    clients = [
        joined(table, campaign, role, character)
        for role, character in (("gm", ""), ("player", "Aldric"), ("observer", ""))
    ]
    before = last_seq(campaign)
    for client in clients:
        the_view(client)
        the_view(client)
    assert last_seq(campaign) == before


def test_the_view_needs_signing_in(table: Table):
    """Issue 12 §4: no cookie, no view (401, one line)."""
    response = TestClient(create_app(table)).get(VIEW)
    assert response.status_code == 401
    assert "not signed in" in response.json()["error"]


def test_a_player_page_has_the_stable_ids(campaign: str, table: Table):
    """Issue 12 §2: the ids the browser tests drive, and the script and style sheet
    served from the package (no CDN)."""
    client = joined(table, campaign, "player", "Aldric")
    page = client.get("/t/table/").text
    for marker in (
        'id="who"',
        'id="line"',
        'id="reply"',
        'id="log"',
        'id="prompts"',
        'id="chat"',
        'id="panels"',
    ):
        assert marker in page, marker
    assert 'id="players"' not in page
    assert client.get("/t/table/verify").status_code == 200  # the page's link (§5)
    assert 'href="verify"' in page
    assert "<!--roles" not in page
    assert "http" not in page.split("<body", 1)[1]  # nothing from elsewhere
    script = client.get("/t/table/static/table.js")
    assert script.status_code == 200
    assert script.headers["content-type"].startswith("text/javascript")
    assert "ws?after=" in script.text
    assert client.get("/t/table/static/table.css").headers["content-type"].startswith("text/css")
    assert client.get("/t/table/static/secret.txt").status_code == 404
    assert client.get("/t/table/static/..%2Fpage.py").status_code == 404
