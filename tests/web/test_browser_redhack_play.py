"""A redhack fight played at the web table as a group would, in headless Chromium:
what broke or confused while playing it (docs/rulings.md H672, H673). Fixtures:
tests/web/conftest.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import Campaign, Served, item, send

SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Aldric --class warrior --kit 1 --player Ann",
    "character new Sly --class thief --kit 1 --player Bea",
    "fight start",
    "fight add 1 goblin --at close",
    "init",
)
FIGHT = Campaign("table", "redhack", SETUP, until="round 1, monsters")
"""A fight at its monsters' go: a goblin may attack Aldric (RULINGS R6)."""


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


@pytest.fixture
def party(serve: Callable[..., Served], person: Callable[..., Any]) -> tuple[Any, Any]:
    """The GM and Ann (Aldric), each in their own browser context."""
    served = serve(FIGHT)
    gm = person(served.join_url(served.gm_token()))
    ann = person(served.join_url(served.invite("player", "Aldric")))
    return gm, ann


def test_the_asked_of_you_box_says_nothing_is_asked_once_the_last_prompt_is_rolled(
    party: tuple[Any, Any],
):
    """H672: the GM's ``defend`` becomes Ann's prompt (issue 12 §2); she rolls it from
    its card, and the box says "Nothing asked of you now." again, not an empty box."""
    gm, ann = party
    prompts = ann.locator("#prompts")
    expect(prompts).to_contain_text("Nothing asked of you now.")
    asked = send(gm, "defend Aldric goblin-1")
    assert asked.ok, asked.body
    assert "Prompt #" in asked.text, asked.body
    card = ann.locator(f"#prompt-{asked.seq}")
    expect(card).to_contain_text("AC defence against Goblin")
    expect(prompts).not_to_contain_text("Nothing asked of you now.")
    card.locator("button.roll").click()
    expect(ann.locator("#reply")).to_contain_text(f"answers prompt #{asked.seq}")
    expect(card).to_have_count(0)
    expect(prompts).to_contain_text("Nothing asked of you now.")


def test_a_rolls_odds_read_in_one_order_in_the_reply_and_in_the_log(party: tuple[Any, Any]):
    """H672: the odds of a test read success, critical success, critical failure, as
    the console prints them, both in the roller's reply and in everyone's log."""
    gm, ann = party
    ann.locator("#actions button", has_text="STR test").click()
    roll = ann.locator("#pending button.roll")
    expect(roll).to_be_visible()
    roll.click()
    odds = ann.locator("#reply .odds")
    expect(odds).to_contain_text("critical success")
    text = odds.inner_text()
    assert text.index("success") < text.index("critical success") < text.index("critical failure")
    seq = max(int(s) for s in ann.eval_on_selector_all("#log li", "l => l.map(i => i.dataset.seq)"))
    for page in (ann, gm):
        expect(item(page, seq).locator(".odds")).to_have_text(text)


def test_a_usage_die_button_shows_its_odds_before_the_roll(party: tuple[Any, Any]):
    """H673 (issue 12 §2: usage dice show the exact odds first): the torch's button
    shows a ud6's odds (RULINGS G3: a 1 or 2 of 6), then Roll rolls it."""
    _gm, ann = party
    ann.locator("#actions button", has_text="Torch ud6").click()
    pending = ann.locator("#pending")
    expect(pending.locator(".odds")).to_have_text(
        "Aldric's Torch (ud6): steps down on a 1 or 2: 33.33%"
    )
    expect(pending).not_to_contain_text("The roll shows its odds")
    pending.locator("button.roll").click()
    expect(ann.locator("#reply")).to_contain_text("Aldric's Torch: ud6")


@pytest.mark.parametrize(
    ("line", "kept", "dropped"),
    [("roll 4d6kh3", 3, 1), ("roll 1d20 adv", 1, 1), ("usage Aldric Armourer", 1, 1)],
)
def test_a_bare_rolls_dropped_dice_are_struck_through_in_the_log(
    party: tuple[Any, Any], line: str, kept: int, dropped: int
):
    """H675 (issue 12 §2: "dropped dice struck through"): a roll with no test, 4d6
    keeping 3, a d20 with advantage (RULINGS G2), a Warrior's usage die with advantage
    (R31), marks its kept dice and strikes the dropped one in everyone's log."""
    gm, ann = party
    answer = send(ann, line)
    assert answer.ok, answer.body
    for page in (ann, gm):
        dice = item(page, answer.seq).locator(".dice")
        expect(dice.locator("mark.die.kept")).to_have_count(kept)
        expect(dice.locator("s.die.dropped")).to_have_count(dropped)


def test_a_roll_that_drops_nothing_marks_nothing(party: tuple[Any, Any]):
    """H675: 2d6 keeps both dice: plain dice, none marked or struck."""
    _gm, ann = party
    answer = send(ann, "roll 2d6")
    dice = item(ann, answer.seq).locator(".dice")
    expect(dice.locator("span.die")).to_have_count(2)
    expect(dice.locator("mark.die, s.die")).to_have_count(0)


def test_the_gm_pages_invite_link_is_withdrawn_once_the_player_uses_it(
    serve: Callable[..., Served], person: Callable[..., Any]
):
    """H676 (issue 12 §1: the GM invites from the GM page): the Players section shows
    the new link; once the player joins with it, the section says it was used instead
    of offering a dead link, and the player shows as having no open invite."""
    served = serve(FIGHT)
    gm = person(served.join_url(served.gm_token()))
    players = gm.locator("#players")
    players.locator("form.invite select").select_option("Aldric")
    players.locator("form.invite button[type=submit]").click()
    field = players.locator(".invite-link input")
    expect(field).to_be_visible()
    link = field.input_value()
    assert "join?token=" in link
    ann = person(link)
    expect(ann.locator("#who")).to_have_text("Ann")
    expect(players.locator(".invite-link")).to_contain_text("was used or revoked")
    expect(players.locator(".invite-link input")).to_have_count(0)
    expect(players.locator("li", has_text="Ann plays Aldric")).to_contain_text("0 open invite(s)")
