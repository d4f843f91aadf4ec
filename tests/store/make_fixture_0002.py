"""Regenerate ``data/campaign-0002.db``, the forward-compatibility fixture of schema
revision 0002: principals, visibilities, an audience, the hash chain and a snapshot.

Every later hacktable must open it and read these events back exactly
(``test_store_migrations.py``). Run this only with a hacktable whose ``HEAD_REVISION``
is ``"0002"``, and only to replace a lost or broken fixture: for a new schema revision
add a new fixture and keep this one.

Usage: ``.venv/bin/python tests/store/make_fixture_0002.py``
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from hacktable.play.events import Change, Event, Visibility
from hacktable.store import HEAD_REVISION, open_store

FIXTURE = Path(__file__).with_name("data") / "campaign-0002.db"
FIXTURE_RULESET = "redhack"
FIXTURE_SNAPSHOT = (2, {"character": {"sly": {"name": "Sly", "hp": 5}}})

_SLY = {"name": "Sly", "hp": 5}

FIXTURE_EVENTS: tuple[Event, ...] = (
    Event("session.start", summary="session 1 begins", detail={"seed": 7}, session=1),
    Event(
        "character.new",
        summary="Sly the thief joins",
        changes=(Change("character", "sly", None, _SLY),),
        command="character new Sly --class thief --player ana",
        session=1,
    ),
    Event(
        "test",
        actor="Sly",
        principal="ana",
        summary="Sly: DEX test, d20 → 4 under 15: pass",
        detail={"rolls": [4]},
        command="test Sly DEX",
        session=1,
        visibility=Visibility.GM,
    ),
    Event(
        "note",
        summary="the idol is cursed",
        session=1,
        visibility=Visibility.PRIVATE,
        audience="ana",
    ),
    Event("reveal", summary="revealed #3", detail={"reveals": 3}, session=1),
)


def main() -> None:
    """Write the fixture (replacing any old one)."""
    if HEAD_REVISION != "0002":
        sys.exit(f"this hacktable writes schema {HEAD_REVISION}, not 0002: keep the fixture")
    building = FIXTURE.with_name(FIXTURE.name + ".building")
    building.unlink(missing_ok=True)
    with open_store(building, ruleset=FIXTURE_RULESET) as store:
        store.append_all(FIXTURE_EVENTS)
        store.save_snapshot(*FIXTURE_SNAPSHOT)
    connection = sqlite3.connect(building, isolation_level=None)
    connection.execute("UPDATE campaigns SET name = 'campaign-0002'")
    connection.execute("PRAGMA journal_mode=DELETE")  # one file, nothing beside it
    connection.execute("VACUUM")
    connection.close()
    building.replace(FIXTURE)
    print(f"wrote {FIXTURE} ({FIXTURE.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
