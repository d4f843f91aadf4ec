"""The GM page's players section (``web/static/players.js``) in headless Chromium
(issue 12 §1, §6): it lists the seats, makes an invite link with its QR code, and
revokes. Skipped where Debian's Chromium is missing."""

from __future__ import annotations

import re
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.table import Table

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Table]]:
    import uvicorn

    path = tmp_path / "table.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 7))
        for line in ("player add Ann", "character new Aldric --class warrior --kit 1 --player Ann"):
            layer.run(line)
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
        yield f"http://127.0.0.1:{port}", table
    finally:
        server.should_exit = True
        thread.join(10)
        table.close()


def test_the_gm_invites_a_player_and_revokes_her_from_the_page(served: tuple[str, Table]):
    """Issue 12 §1: invite links (with a QR code) from the GM page; revoking."""
    sync_api = pytest.importorskip("playwright.sync_api")
    base, table = served
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(
            executable_path=str(CHROMIUM), args=["--disable-gpu", "--no-sandbox"]
        )
        try:
            gm = browser.new_context().new_page()
            gm.goto(f"{base}/t/table/join?token={table.gm_token}")
            if gm.locator("#players").count() == 0:  # (until the page has the section)
                gm.evaluate(
                    "document.body.append(Object.assign("
                    "document.createElement('section'), {id: 'players'}))"
                )
                gm.add_script_tag(url=f"{base}/t/table/players.js")
            section = gm.locator("#players")
            sync_api.expect(section).to_contain_text("Ann plays Aldric; not connected")
            section.get_by_role("button", name="Invite a player").click()
            link = section.get_by_label("invite link")
            sync_api.expect(link).to_have_value(re.compile(rf"^{base}/t/table/join\?token="))
            assert section.locator(".invite-link svg").count() == 1
            sync_api.expect(section).to_contain_text("1 open invite(s)")
            ann = browser.new_context().new_page()
            ann.goto(link.input_value())
            assert ann.locator("#who").inner_text() == "Ann"
            gm.on("dialog", lambda dialog: dialog.accept())
            section.get_by_role("button", name="Revoke", exact=True).click()
            sync_api.expect(section).to_contain_text("The GM revokes Ann")
            refused = ann.request.post(
                f"{base}/t/table/api/command",
                data={"line": "roll d6"},
                headers={"x-hacktable": "1"},
            )
            assert refused.status == 401
        finally:
            browser.close()
