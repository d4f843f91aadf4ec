"""Regenerate ``data/campaign-0001.db``, the forward-compatibility fixture.

The fixture is a campaign file as written by schema revision 0001; every later
hacktable must open it and read these events back exactly
(``test_store_migrations.py``). Run this only with a hacktable whose
``HEAD_REVISION`` is ``"0001"``, and only to replace a lost or broken fixture: for a
new schema revision add a new fixture (``campaign-0002.db``) and keep this one.

Usage: ``.venv/bin/python tests/store/make_fixture.py``
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from hacktable.play.events import Change, Event
from hacktable.store import HEAD_REVISION, CampaignStore

FIXTURE = Path(__file__).with_name("data") / "campaign-0001.db"
FIXTURE_RULESET = "redhack"

_ALFWYNN = {"name": "Ælfwynn", "class": "cleric", "hp": 6, "max_hp": 6, "items": ["mace"]}

FIXTURE_EVENTS: tuple[Event, ...] = (
    Event(
        "character.new",
        actor="GM",
        summary="Ælfwynn the cleric joins the party",
        detail={"class": "cleric", "stats": {"STR": 9, "DEX": 11, "WIS": 17}, "notes": None},
        changes=(Change("character", "ælfwynn", None, _ALFWYNN),),
        command="new cleric Ælfwynn",
        session=1,
    ),
    Event(
        "test",
        actor="Ælfwynn",
        summary="WIS test: d20 → 7 under 17: pass 🎲",
        detail={"dice": "d20", "rolls": [7], "target": 17, "odds": 0.8, "advantage": False},
        command="test wis",
        session=1,
    ),
    Event(
        "damage",
        actor="GM",
        summary="Ælfwynn takes 4 damage",
        detail={"amount": 4, "nested": [[1, 2.5], {"deep": [None, True, "“quoted”"]}]},
        changes=(Change("character", "ælfwynn", _ALFWYNN, {**_ALFWYNN, "hp": 2}),),
        command="damage Ælfwynn 4",
        session=2,
    ),
    Event(
        "undo",
        actor="GM",
        summary="undo #3: Ælfwynn takes 4 damage",
        changes=(Change("character", "ælfwynn", {**_ALFWYNN, "hp": 2}, _ALFWYNN),),
        command="undo",
        session=2,
        undoes=3,
    ),
)


def main() -> None:
    """Write the fixture (replacing any old one)."""
    if HEAD_REVISION != "0001":
        sys.exit(f"this hacktable writes schema {HEAD_REVISION}, not 0001: keep the fixture")
    building = FIXTURE.with_name(FIXTURE.name + ".building")
    building.unlink(missing_ok=True)
    with CampaignStore.open(building, ruleset=FIXTURE_RULESET) as store:
        for event in FIXTURE_EVENTS:
            store.append(event)
    connection = sqlite3.connect(building, isolation_level=None)
    connection.execute("UPDATE campaign SET name = 'campaign-0001'")
    connection.execute("VACUUM")
    connection.close()
    building.replace(FIXTURE)
    print(f"wrote {FIXTURE} ({FIXTURE.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
