"""What a player's buttons and prompts show in a real browser, found by playing a
black-sword-hack fight from three browsers (issue 12 §2; docs/rulings.md H680-H683):
every roll button's odds before its Roll (an attack's, a save's), a refusal before any
die, and the prompts box saying when nothing is asked any more (answered or withdrawn).
Fixtures: tests/web/conftest.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import Campaign, Served, send

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
AT_KAELS_GO = Campaign("stair", "black-sword-hack", SETUP, until="Kael's go")


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


@pytest.fixture
def table(serve: Callable[..., Served], person: Callable[..., Any]) -> tuple[Served, Any, Any]:
    served = serve(AT_KAELS_GO)
    gm = person(served.join_url(served.gm_token("stair"), "stair"))
    ann = person(served.join_url(served.invite("player", "Kael", "stair"), "stair"), width=360)
    return served, gm, ann


def button(page: Any, label: str) -> Any:
    return page.locator("#actions button", has_text=label).first


def test_an_attack_button_shows_its_odds_before_the_roll(table: tuple[Served, Any, Any]):
    """Issue 12 §2 ("each showing the exact odds first, then the dice"; docs/rulings.md
    H681): Ann's attack button shows the attack's test and odds, and nothing is rolled
    until she presses Roll; an attack takes no die box (its damage is ``damage N``)."""
    served, _gm, ann = table
    before = served.last_seq("stair")
    button(ann, "attack Sorcerer's Guard").click()
    pending = ann.locator("#pending")
    expect(pending.locator(".line.odds")).to_contain_text("threat 1")
    expect(pending.locator(".line.odds")).to_contain_text("%")
    expect(pending.locator("#roll-die")).to_have_count(0)
    assert served.last_seq("stair") == before
    pending.locator("button.roll").click()
    expect(ann.locator("#reply")).to_contain_text("Kael attacks Sorcerer's Guard")
    assert served.last_seq("stair") > before
    # the log's odds in the reply's order, whatever order its stored JSON keeps
    logged = ann.locator("#log li .odds").first
    expect(logged).to_contain_text("critical success 5.00% · critical failure 5.00%")


def test_a_save_button_shows_its_odds_and_takes_the_players_die(
    table: tuple[Served, Any, Any],
):
    """RULINGS B1, G5: the save's odds first, and a box for Ann's own die."""
    _served, _gm, ann = table
    button(ann, "STR save").click()
    expect(ann.locator("#pending .line.odds")).to_contain_text("STR saving throw: success")
    expect(ann.locator("#pending #roll-die")).to_have_count(1)


def test_a_parry_at_the_wrong_go_is_refused_before_any_die(table: tuple[Served, Any, Any]):
    """Black-sword-hack 2.1.4: at Kael's own go the parry button says why not, in one
    line, and offers no Roll; nothing is stored."""
    served, _gm, ann = table
    before = served.last_seq("stair")
    button(ann, "parry Sorcerer's Guard").click()
    expect(ann.locator("#pending .line.error")).to_contain_text("on the opposition's go")
    expect(ann.locator("#pending button.roll")).to_have_count(0)
    assert served.last_seq("stair") == before


def test_the_prompts_box_says_nothing_is_asked_once_answered_or_withdrawn(
    table: tuple[Served, Any, Any],
):
    """Issue 12 §2 (docs/rulings.md H683): a prompt answered leaves "Nothing asked of
    you now." again; one the GM withdraws (``ask cancel N``) leaves Ann's page live."""
    _served, gm, ann = table
    prompts = ann.locator("#prompts")
    asked = send(gm, "ask Kael save Kael CON")
    expect(prompts.locator(".prompt")).to_have_count(1)
    prompts.locator("button.roll").click()
    expect(ann.locator("#reply")).to_contain_text(f"answers prompt #{asked.seq}")
    expect(prompts).to_have_text("Nothing asked of you now.")
    withdrawn = send(gm, "ask Kael save Kael DEX")
    expect(prompts.locator(".prompt")).to_have_count(1)
    assert send(gm, f"ask cancel {withdrawn.seq}").ok
    expect(prompts.locator(".prompt")).to_have_count(0)
    expect(prompts).to_have_text("Nothing asked of you now.")


def test_the_page_loads_with_no_console_error(table: tuple[Served, Any, Any]):
    """Issue 12 §2: a player's page loads with no failed request (the browser's own
    ``/favicon.ico`` was a 404 on every page) and says nothing of ``undefined``."""
    _served, _gm, ann = table
    errors: list[str] = []
    ann.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    ann.reload()
    expect(ann.locator("#status")).to_have_text("live")
    expect(ann.locator("#actions button").first).to_be_visible()
    assert errors == []
    for word in ("undefined", "NaN", "[object Object]"):
        assert word not in ann.locator("body").inner_text()
