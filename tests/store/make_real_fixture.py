"""Regenerate ``tests/store/data/campaign-0.1.0.db``: a real campaign, the three example
sessions as `make run` plays them, written by this version of hacktable.

The file is frozen once released: later versions must open it and keep playing
(``test_real_campaign.py``). Regenerate it only before a release that means to
change it. Usage: ``.venv/bin/python tests/store/make_real_fixture.py``
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from hacktable.console.loop import Console
from hacktable.console.render import PlainPrinter
from hacktable.engine.session import Session
from hacktable.store import CampaignStore

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).with_name("data") / "campaign-0.1.0.db"
SESSIONS = (("first-session", 11), ("goblin-ambush", 10), ("into-the-marsh", 52))


def main() -> int:
    """Write the fixture."""
    FIXTURE.unlink(missing_ok=True)
    for name, seed in SESSIONS:
        with CampaignStore.open(FIXTURE) as store:
            session = Session(store, seed, source=f"examples/{name}.txt")
            Console(session, PlainPrinter(io.StringIO(), io.StringIO())).run_file(
                ROOT / "examples" / f"{name}.txt"
            )
    sys.stdout.write(f"wrote {FIXTURE} ({FIXTURE.stat().st_size} bytes)\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
