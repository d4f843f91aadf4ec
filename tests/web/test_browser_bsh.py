"""The web table in a real headless Chromium, black-sword-hack (issue 12 §6): the
players roll every die, so a defence against a monster's attack is the player's roll;
a critical failure rolls the Doom die (RULINGS B2), and entered dice follow the
campaign's ``player-dice`` setting (RULINGS G5). Fixtures: tests/web/conftest.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import Answer, Campaign, Served, item, send

SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Kael --origin barbarian --backgrounds reaver,pit-fighter,sellsword --player Ann",
    "character new Yssa --origin decadent --backgrounds duellist,palace-spy,alley-thief "
    "--player Bea",
    'fight start called "The brawl"',
    "fight add thug",
    "init",
)
BSH = Campaign("brawl", "black-sword-hack", SETUP, until="the opposition's go")
"""A fight at the opposition's go: its thug's attack is for a player to defend."""


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


@pytest.fixture
def served(serve: Callable[..., Served]) -> Served:
    return serve(BSH)


@pytest.fixture
def party(served: Served, person: Callable[..., Any]) -> tuple[Any, Any, Any]:
    """The GM, Ann (Kael) and Bea (Yssa), each signed in in their own context."""
    gm = person(served.join_url(served.gm_token("brawl"), "brawl"))
    ann = person(served.join_url(served.invite("player", "Kael", "brawl"), "brawl"))
    bea = person(served.join_url(served.invite("player", "Yssa", "brawl"), "brawl"))
    return gm, ann, bea


def event_seqs(answer: Answer) -> list[int]:
    """The sequence numbers of the events a command committed, in order."""
    return [int(event["seq"]) for event in answer.body["events"]]


def test_a_player_defends_against_a_monsters_attack_and_everyone_sees_it(
    party: tuple[Any, Any, Any],
):
    """Issue 12 §6 (black-sword-hack 2.1.4; RULINGS B6: opponents never roll): Ann rolls
    Kael's defence against the thug's attack from her page; the GM and Bea see it live
    with its explanation and dice."""
    gm, ann, bea = party
    answer = send(ann, "defend Kael parry against thug-1")
    assert answer.ok, answer.body
    (check,) = answer.body["checks"]
    assert check["attribute"] == "STR"
    assert "Thug attacks Kael" in answer.text
    for page in (gm, bea):
        shown = item(page, answer.seq)
        expect(shown).to_have_count(1)
        expect(shown).to_contain_text("Thug attacks Kael")
        expect(shown).to_contain_text(check["explanation"])
        for face in check["faces"]:
            expect(shown).to_contain_text(str(face))


def test_a_fumble_with_the_players_own_die_rolls_the_doom_die(party: tuple[Any, Any, Any]):
    """Issue 12 §6 and RULINGS B2: a critical failure (Ann enters her natural 20, then
    her Doom die's 1: RULINGS G5) rolls the Doom die, which steps down from ud6 to ud4;
    the GM and Bea see both, the dice marked as entered."""
    gm, ann, bea = party
    answer = send(ann, "test Kael STR roll 20,1")
    assert answer.ok, answer.body
    (check,) = answer.body["checks"]
    assert check["faces"] == [20]
    assert check["critical"] == "critical failure"
    assert "Doom die (a critical failure): ud6 1: steps down to ud4" in answer.text
    test, doom = event_seqs(answer)
    for page in (gm, bea):
        expect(item(page, test)).to_contain_text("critical failure")
        expect(item(page, doom)).to_contain_text("steps down to ud4")
        expect(item(page, doom)).to_contain_text("entered by Ann")
    sheet = send(ann, "character show Kael")
    assert "Doom die ud4 (of ud6)" in sheet.text


def test_entered_dice_are_refused_when_the_campaign_keeps_them_for_the_gm(
    served: Served, party: tuple[Any, Any, Any]
):
    """RULINGS G5: with ``player-dice`` gm-only, Ann's entered die is refused on her
    page with one line and nothing is logged; the GM may still enter it."""
    gm, ann, _bea = party
    assert send(gm, "settings player-dice gm-only").ok
    before = served.last_seq("brawl")
    refused = send(ann, "test Kael STR roll 20,1")
    assert refused.status == 403, refused.body
    assert "player-dice is gm-only" in refused.text
    assert "\n" not in refused.text
    assert served.last_seq("brawl") == before
    entered = send(gm, "test Kael STR roll 20,1")
    assert entered.ok, entered.body
    expect(item(ann, event_seqs(entered)[-1])).to_contain_text("steps down to ud4")


def test_a_fumbled_defence_with_the_players_own_die_rolls_the_doom_die(
    party: tuple[Any, Any, Any],
):
    """Issue 12 §6 and RULINGS B2: a defence's critical failure (Ann's natural 20,
    entered: RULINGS G5) takes the attack's damage ignoring armour and rolls the Doom
    die; everyone sees it."""
    gm, ann, bea = party
    answer = send(ann, "defend Kael parry against thug-1 roll 20,1")
    assert answer.ok, answer.body
    assert "steps down to ud4" in answer.text
    for page in (gm, bea):
        expect(item(page, answer.seq)).to_contain_text("Thug attacks Kael")
        expect(page.locator("#log")).to_contain_text("steps down to ud4")


def test_a_monsters_attack_is_a_prompt_on_the_defenders_page(party: tuple[Any, Any, Any]):
    """Issue 12 §2 and §6: in black-sword-hack the players roll every defence, so the
    thug's attack the GM declares on Kael (``defend Kael parry against thug-1``, typed
    by the GM) becomes a prompt on Ann's page by itself, with the odds, and nothing is
    rolled; she rolls it and it lands in everyone's log."""
    gm, ann, bea = party
    declared = send(gm, "defend Kael parry against thug-1")
    assert declared.ok, declared.body
    assert declared.body["checks"] == []
    prompts = ann.locator("#prompts")
    expect(prompts).to_contain_text("defend Kael parry")
    expect(bea.locator("#prompts")).not_to_contain_text("defend Kael")
    expect(prompts).to_contain_text("%")
    answered = send(ann, f"answer {declared.seq}")
    assert answered.ok, answered.body
    (check,) = answered.body["checks"]
    assert check["attribute"] == "STR"
    for page in (gm, bea):
        expect(item(page, answered.seq)).to_contain_text(check["explanation"])
    expect(prompts).not_to_contain_text("defend Kael parry")


def test_the_gm_asks_for_a_defence_and_the_player_rolls_it(party: tuple[Any, Any, Any]):
    """Issue 12 §2: the GM asks Ann for Kael's defence against the thug; it appears on
    her page as a prompt with the odds and she rolls it with ``answer N``."""
    gm, ann, bea = party
    asked = send(gm, "ask Kael defend Kael dodge against thug-1")
    assert asked.ok, asked.body
    prompt = event_seqs(asked)[-1]
    expect(ann.locator("#prompts")).to_contain_text("defend Kael dodge")
    answered = send(ann, f"answer {prompt}")
    assert answered.ok, answered.body
    (check,) = answered.body["checks"]
    assert check["attribute"] == "DEX"
    expect(item(gm, answered.seq)).to_contain_text(check["explanation"])
    expect(item(bea, answered.seq)).to_contain_text(check["explanation"])
