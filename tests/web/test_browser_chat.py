"""Chat at the web table in a real headless Chromium (issue 12 §2: whispers private to
one player and the GM). Fixtures: tests/web/conftest.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .conftest import Campaign, Served, item, send, seqs_shown

SETUP = (
    "player add Ann",
    'player add "Ann Lee"',
    "character new Aldric --class warrior --kit 1 --player Ann",
    'character new Bors --class warrior --kit 1 --player "Ann Lee"',
)


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


def test_the_gms_whisper_to_a_player_of_two_words_reaches_that_player(
    serve: Callable[..., Served], person: Callable[..., Any]
):
    """Issue 12 §2, RULINGS G4: the GM whispers to "Ann Lee" from the chat box; it is
    Ann Lee's, not Ann's with the text "Lee ..." (the page now quotes the name)."""
    served = serve(Campaign("table", "redhack", SETUP))
    gm = person(served.join_url(served.gm_token()))
    ann_lee = person(served.join_url(served.invite("player", "Bors")))
    expect(gm.locator("#chat-to option[value='Ann Lee']")).to_have_count(1)
    gm.select_option("#chat-to", "Ann Lee")
    gm.fill("#chat-line", "the door is false")
    gm.press("#chat-line", "Enter")
    expect(gm.locator("#reply")).to_contain_text("(to Ann Lee) the door is false")
    expect(ann_lee.locator("#chat-log")).to_contain_text("the door is false")


def test_a_revealed_whisper_is_in_the_chat_of_a_page_opened_after(
    serve: Callable[..., Served], person: Callable[..., Any]
):
    """RULINGS G4, issue 12 §2-§3: the GM whispered to Ann and revealed it; a page
    opened afterwards (its log sent from the start, that event marked ``revealed``)
    shows it in the log once and in the chat, as any new event (it was drawn only in
    the log, as if it replaced one already shown)."""
    served = serve(Campaign("table", "redhack", SETUP))
    gm = person(served.join_url(served.gm_token()))
    whispered = send(gm, "whisper Ann the ring is cursed").seq
    assert send(gm, f"reveal {whispered}").ok
    ann_lee = person(served.join_url(served.invite("player", "Bors")))
    expect(item(ann_lee, whispered)).to_have_count(1)
    expect(ann_lee.locator("#chat-log")).to_contain_text("the ring is cursed")
    shown = send(ann_lee, "roll d6").seq
    expect(item(ann_lee, shown)).to_have_count(1)
    assert seqs_shown(ann_lee).count(whispered) == 1
