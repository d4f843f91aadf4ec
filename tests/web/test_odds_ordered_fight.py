"""The ordered fight's attack buttons (fantasy-hack, skill-die) at the web table (issue
12 §2; docs/rulings.md H685): an attack on each living foe once the fight has begun,
its to-hit odds before the d20 (``api/odds``), refused out of turn before any die."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.invites import create_invite
from hacktable.web.table import Table

from .conftest import Campaign, make_campaign

HEADERS = {"x-hacktable": "1"}
ODDS = "/t/table/api/odds"
OTTVAR = (
    "player add Ann",
    "character new Ottvar --race human --class fighter --stats 18,10,9 --player Ann",
    "fight start",
    "fight add Mugger from mugger",
    "init roll 14,9",
)
CREW = (
    "player add Bea",
    "character new Vex --role Soldier --abilities 13,15,14,10,12,8 --skills Stealth=3,Brawn=1"
    " --player Bea",
    "fight start",
    "fight add dock-thug x2",
    "init",
)


def serve(path: Path, character: str) -> Iterator[TestClient]:
    table = Table(str(path))
    with CampaignStore.open(path, create=False) as store:
        token = create_invite(Session(store), "player", character=character).token
    client = TestClient(create_app(table))
    assert client.get(f"/t/table/join?token={token}", follow_redirects=False).status_code == 303
    yield client
    table.close()


@pytest.fixture
def ann(tmp_path: Path) -> Iterator[TestClient]:
    """Ann (Ottvar) at Ottvar's turn, against the text's mugger."""
    path = make_campaign(tmp_path, Campaign("table", "fantasy-hack", OTTVAR, until="Ottvar's"))
    yield from serve(path, "Ottvar")


@pytest.fixture
def bea(tmp_path: Path) -> Iterator[TestClient]:
    """Bea (Vex) at Vex's turn, against two dock thugs."""
    path = make_campaign(tmp_path, Campaign("table", "skill-die", CREW, until="Vex's turn"))
    yield from serve(path, "Vex")


def view_actions(client: TestClient) -> dict[str, str]:
    return {a["label"]: a["command"] for a in client.get("/t/table/api/view").json()["actions"]}


def test_fantasy_hack_attack_button_and_its_odds(ann: TestClient):
    """README's fantasy-hack tour and Part III "Combat" (RULINGS F3): Ottvar's sword,
    to-hit +6 (STR +4, level +1, Fighter +1) against the mugger's AC 13: a d20 of 7 or
    more hits, 14 faces of 20 = 70.00%, a natural 20 critical 5.00%, no fumble."""
    assert view_actions(ann)["attack Mugger"] == "attack Ottvar mugger"
    body = ann.post(ODDS, json={"line": "attack Ottvar mugger"}, headers=HEADERS).json()
    odds = body["odds"]
    assert odds["success"] == "7/10"
    assert odds["critical_success"] == "1/20"
    assert odds["critical_failure"] == "0/1"
    assert odds["text"] == "success 70.00% (critical 5.00%)"
    assert "to-hit +6 against AC 13" in odds["test"]
    assert body["enters"] is True


def test_skill_die_attack_odds_are_the_rolls_own(bea: TestClient):
    """RULINGS S5: Vex's attack on a thug, against the defence DC: the odds the button
    shows first are those the attack itself shows before its d20."""
    assert view_actions(bea)["attack Dock Thug 1"] == "attack Vex dock-thug-1"
    shown = bea.post(ODDS, json={"line": "attack Vex dock-thug-1"}, headers=HEADERS).json()
    rolled = bea.post(
        "/t/table/api/command", json={"line": "attack Vex dock-thug-1"}, headers=HEADERS
    )
    first = [line["text"] for line in rolled.json()["lines"] if line["style"] == "odds"]
    assert first == [f"  odds: {shown['odds']['text']}"]
    assert "against defence DC" in shown["odds"]["test"]


def test_an_attack_out_of_turn_is_refused_before_the_d20(tmp_path: Path):
    """docs/rulings.md H372: at a thug's turn Vex's button says whose turn it is, in one
    line, and nothing is stored."""
    path = make_campaign(tmp_path, Campaign("table", "skill-die", CREW, until="Thug 1's turn"))
    for client in serve(path, "Vex"):
        with CampaignStore.open(path, create=False) as store:
            before = store.last_seq()
        refused = client.post(ODDS, json={"line": "attack Vex dock-thug-2"}, headers=HEADERS)
        assert refused.status_code == 403
        assert "it is Dock Thug 1's turn" in refused.json()["error"]
        with CampaignStore.open(path, create=False) as store:
            assert store.last_seq() == before


def test_no_attack_buttons_before_initiative(tmp_path: Path):
    """A fight not begun ('init' not rolled): no attack buttons yet."""
    path = make_campaign(tmp_path, Campaign("table", "fantasy-hack", OTTVAR[:-1]))
    for client in serve(path, "Ottvar"):
        assert not [label for label in view_actions(client) if label.startswith("attack")]
