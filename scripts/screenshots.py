#!/usr/bin/env python3
"""Screenshots of the web table for the README (issue 12 §6).

Serves a seeded redhack example table on a free loopback port, signs in the GM and two
players in headless Chromium (each in their own browser context), plays a short scene
through the pages' command box (a fight with goblins, a test, a secret roll) and saves

    docs/screenshots/gm.png            the GM's page, desktop width
    docs/screenshots/player.png        Ann's page, desktop width
    docs/screenshots/player-phone.png  Ann's page, 360 px wide

Run it from the repository with the project's environment (Chromium at
/usr/bin/chromium: scripts/ensure-chromium installs it):

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots]

The same seed deals the same dice, so the pictures change only when the pages do.
"""

from __future__ import annotations

import argparse
import socket
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.hub import Hub
from hacktable.web.invites import create_invite
from hacktable.web.table import Table

CHROMIUM = "/usr/bin/chromium"
SEED = 11
SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Aldric --class warrior --kit 1 --swap STR,CON --player Ann",
    "character new Sly --class thief --kit 1 --swap INT,WIS --player Bea",
    "note The party reaches the ford at dusk. Something moves in the reeds.",
)
"""Played by the GM before the server starts."""
SCENE = (
    ("ann", "test Aldric WIS for perception"),
    ("gm", 'fight start --name "Goblins at the ford"'),
    ("gm", "fight add 3 goblin --at close"),
    ("gm", "init"),
    ("ann", "attack Aldric goblin-1"),
    ("bea", "attack Sly goblin-2"),
    ("gm", "next"),
    ("ann", "defend Aldric goblin-1"),
    ("bea", "defend Sly goblin-2"),
    ("bea", "roll d20 secret"),
    ("gm", "next"),
    ("gm", "fight status"),
)
"""Who types what, in order, on their own page. An attack refused because its
character acts in the other phase of the round (initiative decides) is typed again
after the monsters' phase."""
WAIT_MS = 10_000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def make_table(folder: Path) -> tuple[Path, str, str]:
    """The example campaign, and Ann's and Bea's invite tokens."""
    path = folder / "table.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        session = Session(store, SEED, secret_seed=SEED)
        layer = CommandLayer(session)
        for line in SETUP:
            layer.run(line)
        ann = create_invite(session, "player", character="Aldric").token
        bea = create_invite(session, "player", character="Sly").token
    return path, ann, bea


def send(page: Any, line: str) -> bool:
    """Type ``line`` in the page's box and wait for the server's answer to show (a
    command the table's rate limit turns away is sent again a moment later); whether
    it was done."""
    for _attempt in range(20):
        page.fill("#line", line)
        with page.expect_response(
            lambda r: r.url.endswith("/api/command"), timeout=WAIT_MS
        ) as info:
            page.press("#line", "Enter")
        response = info.value
        if response.status != 429:
            break
        page.wait_for_timeout(250)
    page.wait_for_function(
        "document.getElementById('reply').textContent.trim().length > 0", timeout=WAIT_MS
    )
    if response.status != 200:
        print(f"screenshots: {line!r}: {response.json()['error']}", file=sys.stderr)
    return bool(response.status == 200)


def shoot(base: str, table: Table, ann_token: str, bea_token: str, out: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(
            executable_path=CHROMIUM, args=["--disable-gpu", "--no-sandbox"]
        )
        try:
            pages: dict[str, Any] = {}
            for who, token in (("gm", table.gm_token), ("ann", ann_token), ("bea", bea_token)):
                context = browser.new_context(viewport={"width": 1280, "height": 1200})
                context.set_default_timeout(WAIT_MS)
                page = context.new_page()
                page.goto(f"{base}/t/{table.id}/join?token={token}")
                expect(page.locator("#who")).not_to_be_empty()
                pages[who] = page
            later: list[tuple[str, str]] = []
            for who, line in SCENE:
                if line == "fight status":
                    for again in later:
                        send(pages[again[0]], again[1])
                if not send(pages[who], line) and line.startswith("attack"):
                    later.append((who, line))
            last = table_last_seq(table)
            for page in pages.values():
                expect(page.locator(f'#log li[data-seq="{last}"]')).to_have_count(1)
                expect(page.locator("#panels")).to_contain_text("Fight 1")
            out.mkdir(parents=True, exist_ok=True)
            pages["gm"].fill("#line", "")
            pages["gm"].screenshot(path=str(out / "gm.png"))
            pages["ann"].screenshot(path=str(out / "player.png"))
            pages["ann"].set_viewport_size({"width": 360, "height": 780})
            pages["ann"].screenshot(path=str(out / "player-phone.png"))
        finally:
            browser.close()


def table_last_seq(table: Table) -> int:
    with CampaignStore.open(table.campaign, create=False) as store:
        return store.last_seq()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    args = parser.parse_args(argv)
    import uvicorn

    with tempfile.TemporaryDirectory(prefix="hacktable-screenshots-") as folder:
        path, ann, bea = make_table(Path(folder))
        table = Table(str(path))
        hub = Hub()
        hub.add(table)
        port = free_port()
        server = uvicorn.Server(
            uvicorn.Config(create_app(hub), host="127.0.0.1", port=port, log_level="warning")
        )
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started and thread.is_alive():
            thread.join(0.05)
        try:
            shoot(f"http://127.0.0.1:{port}", table, ann, bea, args.out)
        finally:
            server.should_exit = True
            thread.join(10)
            hub.close()
    for name in ("gm.png", "player.png", "player-phone.png"):
        shot = args.out / name
        print(f"{shot}: {shot.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
