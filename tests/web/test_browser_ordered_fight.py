"""fantasy-hack and skill-die at the web table in a real browser, as found by playing
them from three browsers (issue 12 §2; docs/rulings.md H685, H686): a check with the
DC the player types (a DC that is no number is refused by the page), its odds without
criticals the rules do not have, the ordered fight's attack buttons with their odds
first and their dice shown after. Fixtures: tests/web/conftest.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .conftest import Campaign, Served

OTTVAR = Campaign(
    "ottvar",
    "fantasy-hack",
    (
        "player add Ann",
        "character new Ottvar --race human --class fighter --stats 18,10,9 --player Ann",
        "fight start",
        "fight add Mugger from mugger",
        "init roll 14,9",
    ),
    until="Ottvar's",
)
CREW = Campaign(
    "crew",
    "skill-die",
    (
        "player add Bea",
        "character new Vex --role Soldier --abilities 13,15,14,10,12,8"
        " --skills Stealth=3,Brawn=1 --player Bea",
        "fight start",
        "fight add dock-thug",
        "init",
    ),
    until="Vex's turn",
)


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


def button(page: Any, label: str) -> Any:
    return page.locator("#actions button", has_text=label).first


def test_a_fantasy_hack_check_with_a_typed_dc(serve: Callable[..., Served], person: Callable):
    """Fantasy-hack Part III (d20 + stat + skill meets or beats the DC; no criticals on a
    check): the page asks the DC, refuses one that is no number before sending it, and
    the roll shows no "critical 0.00%" and no "test" (the game's word is check)."""
    served = serve(OTTVAR)
    ann = person(served.join_url(served.invite("player", "Ottvar", "ottvar"), "ottvar"))
    button(ann, "STR+Athletics").click()
    dc = ann.locator("#ask-dc")
    dc.fill("abc")
    dc.press("Enter")
    assert ann.evaluate("document.querySelector('#ask-dc').validity.patternMismatch")
    expect(ann.locator("#pending button.roll")).to_have_count(0)
    dc.fill("15")
    dc.press("Enter")
    expect(ann.locator("#pending")).to_contain_text("success 75.00%")
    ann.locator("#pending button.roll").click()
    reply = ann.locator("#reply")
    expect(reply).to_contain_text("DC 15")
    expect(reply.locator(".odds")).to_have_text("odds: success 75.00%")
    expect(reply).not_to_contain_text("test:")


def test_a_fantasy_hack_attack_button(serve: Callable[..., Served], person: Callable):
    """README's tour (Part III "Combat"; H685): Ottvar's attack on the mugger shows
    70.00% (critical 5.00%) before the Roll; after it the d20 is shown as a die."""
    served = serve(OTTVAR)
    ann = person(served.join_url(served.invite("player", "Ottvar", "ottvar"), "ottvar"))
    button(ann, "attack Mugger").click()
    expect(ann.locator("#pending .line.odds")).to_contain_text("success 70.00% (critical 5.00%)")
    ann.locator("#pending button.roll").click()
    expect(ann.locator("#reply")).to_contain_text("Ottvar attacks Mugger")
    expect(ann.locator("#reply .die").first).to_contain_text("d20")


def test_a_skill_die_attack_button_on_a_phone(serve: Callable[..., Served], person: Callable):
    """RULINGS S5 (H685): Vex's attack on the thug against its defence DC, odds first,
    on a 360-pixel page that does not overflow."""
    served = serve(CREW)
    bea = person(served.join_url(served.invite("player", "Vex", "crew"), "crew"), width=360)
    button(bea, "attack Dock Thug").click()
    expect(bea.locator("#pending .line.odds")).to_contain_text("against defence DC")
    bea.locator("#pending button.roll").click()
    expect(bea.locator("#reply")).to_contain_text("Vex attacks Dock Thug")
    assert bea.evaluate("document.documentElement.scrollWidth") <= 360
