"""The web table in a real headless Chromium (issue 12 §6): the GM and a player, each in
their own browser context; the player's test reaches the GM's page live; a player's
GM-only command is refused on their page. Skipped where Debian's Chromium is missing
(``scripts/ensure-chromium`` installs it)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.invites import create_invite
from hacktable.web.table import Table

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Table, str]]:
    """A served redhack campaign where Ann plays Aldric: (base URL, table, Ann's token)."""
    import uvicorn

    path = tmp_path / "table.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 7))
        for line in ("player add Ann", "character new Aldric --class warrior --kit 1 --player Ann"):
            layer.run(line)
        token = create_invite(layer.session, "player", character="Aldric").token
    table = Table(str(path))
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(table), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started and thread.is_alive():
        thread.join(0.05)
    try:
        yield f"http://127.0.0.1:{port}", table, token
    finally:
        server.should_exit = True
        thread.join(10)
        table.close()


def test_a_players_test_reaches_the_gms_page_live(served: tuple[str, Table, str]):
    """Issue 12 §6: a player makes a test and the GM sees it live; a player's GM-only
    command is refused with one line."""
    sync_api = pytest.importorskip("playwright.sync_api")
    base, table, token = served
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(
            executable_path=str(CHROMIUM), args=["--disable-gpu", "--no-sandbox"]
        )
        try:
            gm = browser.new_context().new_page()
            gm.goto(f"{base}/t/table/join?token={table.gm_token}")
            ann = browser.new_context().new_page()
            ann.goto(f"{base}/t/table/join?token={token}")
            assert ann.locator("#who").inner_text() == "Ann"
            ann.fill("#line", "test Aldric STR")
            ann.press("#line", "Enter")
            sync_api.expect(ann.locator("#reply")).to_contain_text("Aldric: STR test")
            sync_api.expect(gm.locator("#log")).to_contain_text("Aldric: STR test")
            ann.fill("#line", "player add Cid")
            ann.press("#line", "Enter")
            sync_api.expect(ann.locator("#reply.error")).to_contain_text("Ann may not ")
        finally:
            browser.close()
