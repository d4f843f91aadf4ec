"""A GM signs up and creates a campaign in headless Chromium (issue 13 §1: a GM signs
up, signs in, owns campaigns; docs/rulings.md H726)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hacktable.accounts import Accounts, AccountSettings
from hacktable.web.app import create_app
from hacktable.web.hosting import Hosting
from hacktable.web.hub import Hub

from .conftest import CHROMIUM, LAUNCH_ARGS, WAIT_MS, free_port, need_browser

GOOD = "correct horse battery"


@pytest.fixture
def hosted(tmp_path: Path) -> Iterator[str]:
    """A server with open sign-up on SQLite, on a free loopback port; its base URL."""
    import uvicorn

    accounts = Accounts.at(str(tmp_path / "accounts.sqlite"), AccountSettings(signup="open"))
    hub = Hub()
    app = create_app(hub, Hosting(accounts, str(tmp_path)))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started and thread.is_alive():
        thread.join(0.05)
    assert server.started
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
    hub.close()


@pytest.fixture
def page() -> Iterator[Any]:
    need_browser()
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=list(LAUNCH_ARGS))
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.set_default_timeout(WAIT_MS)
        errors: list[str] = []
        made = context.new_page()
        made.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        yield made
        browser.close()
        assert errors == []


def test_a_gm_signs_up_creates_a_campaign_and_comes_back_to_it(hosted: str, page: Any) -> None:
    from playwright.sync_api import expect

    page.goto(f"{hosted}/")
    expect(page).to_have_url(f"{hosted}/signin")
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Name").fill("Ann")
    page.get_by_label("Password", exact=True).fill(GOOD)
    page.get_by_label("Password again").fill(GOOD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_text("Signed in as")).to_contain_text("ann")
    page.get_by_label("Name").fill("Lost Mines")
    page.get_by_label("Ruleset").select_option("black-sword-hack")
    page.get_by_role("button", name="Create").click()
    expect(page).to_have_url(f"{hosted}/t/lost-mines/")
    expect(page.locator("#who")).to_contain_text("GM")
    page.goto(f"{hosted}/")
    link = page.get_by_role("link", name="lost-mines")
    expect(page.locator("#campaigns")).to_contain_text("black-sword-hack")
    link.click()
    expect(page).to_have_url(f"{hosted}/t/lost-mines/")
    expect(page.locator("#who")).to_contain_text("GM")
