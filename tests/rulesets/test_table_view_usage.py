"""A usage die's button shows the exact odds its roll takes, advantages included
(issue 12 §2; RULINGS G2, G3, R31; docs/rulings.md H673, H684)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.invites import create_invite
from hacktable.web.table import Table

HEADERS = {"x-hacktable": "1"}


@pytest.fixture
def ann(tmp_path: Path) -> Iterator[tuple[TestClient, CommandLayer]]:
    path = tmp_path / "table.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 7))
        layer.run("player add Ann")
        layer.run("character new Aldric --class warrior --kit 1 --player Ann")
        token = create_invite(layer.session, "player", character="Aldric").token
    table = Table(str(path))
    client = TestClient(create_app(table))
    assert client.get(f"/t/table/join?token={token}", follow_redirects=False).status_code == 303
    with CampaignStore.open(path, create=False) as store:
        yield client, CommandLayer(Session(store))
    table.close()


def test_redhacks_usage_buttons_carry_the_advantage_their_roll_takes(
    ann: tuple[TestClient, CommandLayer],
):
    """RULINGS R31: a Warrior's Armour Maintenance gives advantage on the Armourer's
    Tools' die, so its button's odds are the higher of two ud8 (1/16 steps down,
    counted face by face) and the torch's are one ud6's (1/3)."""
    client, layer = ann
    session = layer.session
    aldric = session.character("Aldric")
    actions = {a.label: a for a in session.ruleset.table_actions(session.state, aldric)}
    tools, torch = actions["Armourer's Tools ud8"], actions["Torch ud6"]
    odds = [
        client.post("/t/table/api/odds", json={"line": a.command}, headers=HEADERS).json()["odds"]
        for a in (tools, torch)
    ]
    pairs = [(a, b) for a in range(1, 9) for b in range(1, 9)]
    assert Fraction(odds[0]["steps_down"]) == Fraction(
        sum(1 for pair in pairs if max(pair) <= 2), len(pairs)
    )
    assert "advantage" in odds[0]["test"]
    assert Fraction(odds[1]["steps_down"]) == Fraction(1, 3)
