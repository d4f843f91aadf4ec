"""The command box sends the lines typed one at a time, in the order typed (issue 12
§1 the web table, found hosting issue 13's server; docs/rulings.md H781): a GM who
types ``player add Cid`` then, before its answer, the character Cid plays, gets both
(the second is not refused for racing the first), and what is typed next stays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .conftest import Campaign, Served

TABLE = Campaign("table", "redhack", ())
FIRST = "player add Cid"
SECOND = "character new Cora --class warrior --kit 1 --player Cid"
NEXT = "note typed ahead"


def test_a_line_typed_before_the_last_is_answered_waits_for_it(
    serve: Callable[..., Served], person: Callable[..., Any]
) -> None:
    from playwright.sync_api import expect

    served = serve(TABLE)
    gm = person(served.join_url(served.gm_token()))
    held: list[Any] = []
    arrived: list[str] = []

    def hold_the_first(route: Any) -> None:
        arrived.append(route.request.post_data_json["line"])
        if len(arrived) == 1:
            held.append(route)  # (the first line's answer is slow)
        else:
            route.continue_()

    gm.route("**/api/command", hold_the_first)
    box = gm.locator("#line")
    box.fill(FIRST)
    box.press("Enter")
    gm.wait_for_function("true")  # (the first request reached the route)
    expect(box).to_have_value(FIRST)
    box.fill(SECOND)
    box.press("Enter")
    box.fill(NEXT)
    gm.evaluate("() => new Promise((done) => setTimeout(done, 0))")
    assert len(held) == 1, arrived
    held[0].continue_()
    log = gm.locator("#log")
    expect(log).to_contain_text("Cid joins the table")
    expect(log).to_contain_text("Cora joins")
    assert arrived == [FIRST, SECOND]
    expect(gm.locator("#reply")).not_to_contain_text("no player")
    expect(box).to_have_value(NEXT)  # (the answers did not wipe what is typed next)


def test_a_line_the_server_never_answers_is_one_plain_line_and_stays_in_the_box(
    serve: Callable[..., Served], person: Callable[..., Any]
) -> None:
    """docs/rulings.md H784: a request with no answer (the server down) gets a line that
    says so and what to do, not the browser's ``TypeError: Failed to fetch``; the line
    typed stays, to be sent again."""
    from playwright.sync_api import expect

    served = serve(TABLE)
    gm = person(served.join_url(served.gm_token()))
    gm.route("**/api/command", lambda route: route.abort("connectionrefused"))
    box = gm.locator("#line")
    box.fill(NEXT)
    box.press("Enter")
    reply = gm.locator("#reply")
    expect(reply).to_have_text(
        "the server did not answer: if it was done, the log shows it once the table is back;"
        " if not, try again"
    )
    expect(reply).not_to_contain_text("TypeError")
    expect(box).to_have_value(NEXT)
