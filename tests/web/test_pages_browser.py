"""The table's pages in a real headless Chromium (issue 12 §2, §6): a roll arrives with
its odds first, the kept die marked and the dropped one struck through, entered dice
marked; a button shows the exact odds before its Roll; a secret roll reaches the GM
with a Reveal button and the player as a muted stub, replaced when revealed; the page
fits a 360 px phone without scrolling sideways. Skipped where Debian's Chromium is
missing (``scripts/ensure-chromium`` installs it)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.play.events import Event
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
    """A served redhack campaign where Ann plays Aldric (STR 13): (base URL, table,
    Ann's token)."""
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


@pytest.fixture
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as driver:
        launched = driver.chromium.launch(
            executable_path=str(CHROMIUM), args=["--disable-gpu", "--no-sandbox"]
        )
        try:
            yield launched
        finally:
            launched.close()


def test_a_roll_shows_odds_then_kept_and_struck_dice(served: tuple[str, Table, str], browser: Any):
    """Issue 12 §2: the odds first, then the dice with the kept face highlighted and
    the dropped one struck through, the explanation and the result; entered dice are
    marked (RULINGS G5). Advantage (RULINGS R3): 15 fails STR 13, so 5 is rolled and
    kept."""
    from playwright.sync_api import expect

    base, table, token = served
    gm = browser.new_context().new_page()
    gm.goto(f"{base}/t/table/join?token={table.gm_token}")
    ann = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    ann.goto(f"{base}/t/table/join?token={token}")
    ann.fill("#line", "test Aldric STR adv roll 15,5")
    ann.press("#line", "Enter")
    for page in (ann, gm):
        item = page.locator("#log li[data-seq]").first
        expect(item).to_contain_text("Aldric: STR test")
        odds = item.locator(".odds")
        expect(odds).to_contain_text("success")
        expect(item.locator("mark.die.kept")).to_have_text("5")
        expect(item.locator("s.die")).to_have_text("15")
        expect(item.locator(".result.success")).to_have_text("success")
        expect(item.locator(".entered")).to_contain_text("entered by Ann")
        first = item.evaluate(
            "li => li.querySelector('.odds').compareDocumentPosition(li.querySelector('.die'))"
        )
        assert first & 4  # DOCUMENT_POSITION_FOLLOWING: the odds come before the dice
    expect(ann.locator("#reply mark.die.kept")).to_have_text("5")
    expect(ann.locator("#reply s.die")).to_have_text("15")
    expect(ann.locator("#reply")).to_contain_text("=> success")
    assert ann.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_button_shows_the_odds_before_its_roll(served: tuple[str, Table, str], browser: Any):
    """Issue 12 §2: clicking a button shows the exact odds (the odds command), then Roll
    sends the command; the sheet is on the player's page. STR 13 at difficulty 1
    (RULINGS R1): 2..13 and a natural 20, 13 faces of 20, 65%."""
    from playwright.sync_api import expect

    base, _table, token = served
    ann = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    ann.goto(f"{base}/t/table/join?token={token}")
    expect(ann.locator("#panels")).to_contain_text("Aldric - Warrior")
    ann.get_by_role("button", name="Aldric: STR test").click()
    expect(ann.locator("#pending")).to_contain_text("success 65.00%")
    expect(ann.locator("#log li", has_text="STR test")).to_have_count(0)  # not rolled yet
    ann.locator("#pending button.roll").click()
    expect(ann.locator("#log li[data-seq]").first).to_contain_text("Aldric: STR test")
    expect(ann.locator("#reply .odds")).to_contain_text("success 65.00%")
    assert ann.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_secret_roll_is_a_stub_until_revealed(served: tuple[str, Table, str], browser: Any):
    """RULINGS G4 at the table: the GM sees a secret roll whole with a Reveal button; a
    player sees a muted stub; revealing replaces it on the player's page."""
    from playwright.sync_api import expect

    base, table, token = served
    gm = browser.new_context().new_page()
    gm.goto(f"{base}/t/table/join?token={table.gm_token}")
    ann = browser.new_context().new_page()
    ann.goto(f"{base}/t/table/join?token={token}")
    expect(ann.locator("#status")).to_have_text("live")
    gm.fill("#line", "test Aldric WIS secret")
    gm.press("#line", "Enter")
    stub = ann.locator("#log li.stub")
    expect(stub).to_contain_text("a secret")
    expect(stub.locator(".die")).to_have_count(0)
    secret = gm.locator("#log li.secret").first
    expect(secret.locator(".die")).not_to_have_count(0)
    secret.get_by_role("button", name="Reveal").click()
    expect(ann.locator("#log li.stub")).to_have_count(0)
    seq = secret.get_attribute("data-seq")
    expect(ann.locator(f'#log li[data-seq="{seq}"] .die')).not_to_have_count(0)
    expect(gm.locator(f'#log li[data-seq="{seq}"] button.reveal')).to_have_count(0)


def asked(table: Table, detail: dict[str, Any], summary: str) -> int:
    """An event another writer stores (as the ``ask``/``answer`` commands will): its seq."""
    with CampaignStore.open(table.campaign, create=False) as store:
        return Session(store).commit(Event("prompt", summary=summary, detail=detail)).seq


def test_a_prompt_shows_its_odds_and_goes_when_answered(
    served: tuple[str, Table, str], browser: Any
):
    """Issue 12 §2: the GM's request for a roll appears on the player's page as a card
    with the odds and a Roll button (and a labelled box for an entered die, RULINGS
    G5); it goes once an event answers it."""
    from playwright.sync_api import expect

    base, table, token = served
    ann = browser.new_context().new_page()
    ann.goto(f"{base}/t/table/join?token={token}")
    expect(ann.locator("#status")).to_have_text("live")
    prompt = {
        "command": "test Aldric STR",
        "character": "Aldric",
        "player": "Ann",
        "odds": {"success": "13/20", "percent": {"success": 65.0}},
    }
    seq = asked(table, {"prompt": prompt}, "The GM asks Ann: test Aldric STR")
    card = ann.locator(f"#prompts .prompt[data-seq='{seq}']")
    expect(card).to_contain_text("test Aldric STR")
    expect(card.locator(".odds")).to_contain_text("success 65.00%")
    expect(card.get_by_role("button", name="Roll")).to_be_visible()
    expect(card.get_by_label("Your die")).to_be_visible()
    asked(table, {"answers": seq}, "Ann answers")
    expect(card).to_have_count(0)


def test_every_control_is_labelled_and_reachable(served: tuple[str, Table, str], browser: Any):
    """Issue 12 §2: keyboard use: every input has a label, the log and the reply are
    live regions, and Tab reaches the command box."""
    from playwright.sync_api import expect

    base, _table, token = served
    ann = browser.new_context().new_page()
    ann.goto(f"{base}/t/table/join?token={token}")
    expect(ann.locator("#actions button").first).to_be_visible()
    unlabelled = ann.evaluate(
        """() => [...document.querySelectorAll('input, select')]
             .filter(c => !c.labels || !c.labels.length).map(c => c.id)"""
    )
    assert unlabelled == []
    assert ann.locator("#log").get_attribute("aria-live") == "polite"
    assert ann.locator("#reply").get_attribute("aria-live") == "polite"
    for _ in range(60):
        ann.keyboard.press("Tab")
        if ann.evaluate("document.activeElement.id") == "line":
            break
    assert ann.evaluate("document.activeElement.id") == "line"


def test_a_whisper_from_the_chat_box_reaches_the_gm(served: tuple[str, Table, str], browser: Any):
    """Issue 12 §2: chat: a player's whisper to the GM ('whisper gm TEXT') is in the
    GM's chat and nobody else's (RULINGS G4)."""
    from playwright.sync_api import expect

    base, table, token = served
    gm = browser.new_context().new_page()
    gm.goto(f"{base}/t/table/join?token={table.gm_token}")
    ann = browser.new_context().new_page()
    ann.goto(f"{base}/t/table/join?token={token}")
    expect(gm.locator("#status")).to_have_text("live")
    ann.select_option("#chat-to", "gm")
    ann.fill("#chat-line", "I pocket the ring")
    ann.press("#chat-line", "Enter")
    expect(gm.locator("#chat-log")).to_contain_text("Ann whispers to GM: I pocket the ring")
    expect(ann.locator("#chat-line")).to_have_value("")
