"""``POST /t/{table}/api/odds`` (issue 12 §2; docs/rulings.md H680, H681): a button's
exact odds before its Roll, nothing rolled or stored, refused as the command would be;
and a browser opening a refused link reads one line, not JSON (H682)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
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
SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Kael --origin barbarian --backgrounds reaver,pit-fighter,sellsword --player Ann",
    "character new Yssa --origin decadent --backgrounds duellist,palace-spy,alley-thief "
    "--player Bea",
    "fight start",
    "fight add sorcerers-guard",
    "init",
)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A black-sword-hack fight at Kael's go, against a level-2 guard (threat 1)."""
    return make_campaign(tmp_path, Campaign("table", "black-sword-hack", SETUP, until="Kael's go"))


@pytest.fixture
def table(path: Path) -> Iterator[Table]:
    served = Table(str(path))
    yield served
    served.close()


def joined(table: Table, path: Path, character: str) -> TestClient:
    with CampaignStore.open(path, create=False) as store:
        token = create_invite(Session(store), "player", character=character).token
    client = TestClient(create_app(table))
    assert client.get(f"/t/table/join?token={token}", follow_redirects=False).status_code == 303
    return client


def last_seq(path: Path) -> int:
    with CampaignStore.open(path, create=False) as store:
        return store.last_seq()


def strength(path: Path, name: str) -> int:
    with CampaignStore.open(path, create=False) as store:
        return int(Session(store).character(name).score("STR"))


def brute_force(score: int, threat: int) -> tuple[Fraction, Fraction, Fraction]:
    """success, critical success, critical failure of d20 + threat strictly under the
    score, a natural 1 a critical success and a natural 20 a critical failure (RULINGS
    B1; black-sword-hack 2.1.5), counted face by face."""
    wins = sum(1 for face in range(1, 21) if face == 1 or (face != 20 and face + threat < score))
    return Fraction(wins, 20), Fraction(1, 20), Fraction(1, 20)


def test_an_attack_buttons_odds_are_exact_and_nothing_is_stored(table: Table, path: Path):
    """Issue 12 §2 ("each showing the exact odds first"), docs/rulings.md H681: Kael's
    attack on the level-2 guard, threat 1, has the odds counted face by face; nothing
    is rolled or stored; an attack takes no ``roll N`` (its damage is entered as
    ``damage N``)."""
    ann = joined(table, path, "Kael")
    before = last_seq(path)
    response = ann.post(ODDS, json={"line": "attack Kael sorcerers-guard-1"}, headers=HEADERS)
    assert response.status_code == 200, response.text
    odds = response.json()["odds"]
    success, critical, fumble = brute_force(strength(path, "Kael"), 1)
    assert Fraction(odds["success"]) == success
    assert Fraction(odds["critical_success"]) == critical
    assert Fraction(odds["critical_failure"]) == fumble
    assert "threat 1" in odds["test"]
    assert response.json()["enters"] is False
    assert last_seq(path) == before


def test_a_save_buttons_odds_and_its_own_dice(table: Table, path: Path):
    """RULINGS B1 and G5: a save's odds (no threat) and that it takes the player's die."""
    ann = joined(table, path, "Kael")
    body = ann.post(ODDS, json={"line": "save Kael STR"}, headers=HEADERS).json()
    assert Fraction(body["odds"]["success"]) == brute_force(strength(path, "Kael"), 0)[0]
    assert body["enters"] is True


@pytest.mark.parametrize(("words", "kept"), [("", None), (" adv", max), (" dis", min)])
def test_a_usage_dies_chance_to_step_down(table: Table, path: Path, words: str, kept):
    """RULINGS G3 (a 1 or 2 steps the die down) and G2 (advantage keeps the higher of
    two): the torch's ud6, counted face by face (docs/rulings.md H684)."""
    ann = joined(table, path, "Kael")
    before = last_seq(path)
    body = ann.post(ODDS, json={"line": f"usage Kael torch{words}"}, headers=HEADERS).json()
    if kept is None:
        brute = Fraction(sum(1 for face in range(1, 7) if face <= 2), 6)
    else:
        pairs = [(a, b) for a in range(1, 7) for b in range(1, 7)]
        brute = Fraction(sum(1 for pair in pairs if kept(pair) <= 2), len(pairs))
    assert Fraction(body["odds"]["steps_down"]) == brute
    assert body["odds"]["test"].startswith("Kael's Torch (ud6")
    assert f"{float(brute) * 100:.2f}%" in body["odds"]["text"]
    assert body["enters"] is True
    assert last_seq(path) == before


def test_a_line_with_no_test_has_no_odds(table: Table, path: Path):
    """The Doom die asked for (black-sword-hack RULINGS B2) is a roll, not a test."""
    ann = joined(table, path, "Kael")
    body = ann.post(ODDS, json={"line": "doom Kael"}, headers=HEADERS).json()
    assert body["odds"] is None


def test_a_defence_off_the_oppositions_go_is_refused_before_the_roll(table: Table, path: Path):
    """Black-sword-hack 2.1.4: the parry button at Kael's own go is refused with the
    command's one line, before any die, and nothing is stored."""
    ann = joined(table, path, "Kael")
    before = last_seq(path)
    response = ann.post(
        ODDS, json={"line": "defend Kael parry against sorcerers-guard-1"}, headers=HEADERS
    )
    assert response.status_code == 400
    assert "on the opposition's go" in response.json()["error"]
    assert last_seq(path) == before


def test_odds_are_authorised_as_the_command_is(table: Table, path: Path):
    """Issue 12 §4: Ann may not ask the odds of Yssa's roll (403, the command layer's
    line), nor without the CSRF header."""
    ann = joined(table, path, "Kael")
    other = ann.post(ODDS, json={"line": "save Yssa STR"}, headers=HEADERS)
    assert other.status_code == 403
    assert "Yssa is played by Bea" in other.json()["error"]
    assert ann.post(ODDS, json={"line": "save Kael STR"}).status_code == 403


def test_a_used_link_opened_in_a_browser_is_one_line_on_a_page(table: Table, path: Path):
    """docs/rulings.md H682: a used invite opened by a browser (Accept: text/html) is a
    small page with the one line and the same 403; asked as an API it stays JSON."""
    with CampaignStore.open(path, create=False) as store:
        token = create_invite(Session(store), "player", character="Kael").token
    client = TestClient(create_app(table))
    assert client.get(f"/t/table/join?token={token}", follow_redirects=False).status_code == 303
    browser = TestClient(create_app(table))
    again = browser.get(f"/t/table/join?token={token}", headers={"accept": "text/html"})
    assert again.status_code == 403
    assert again.headers["content-type"].startswith("text/html")
    assert "used already" in again.text
    assert "{" not in again.text.split("<body>")[1]
    page = browser.get("/t/table/", headers={"accept": "text/html"})
    assert page.status_code == 401
    assert "open the invite link the GM gave you" in page.text
    assert browser.get(f"/t/table/join?token={token}").json()["error"].startswith("this invite")
