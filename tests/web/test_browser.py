"""The web table in a real headless Chromium, redhack (issue 12 §6): the GM and two
players, each in their own browser context, driving the pages through the command box
(``#line``, ``#reply``, ``#log``) as a person would. Fixtures: tests/web/conftest.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import Campaign, Served, item, send, seqs_shown

SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Aldric --class warrior --kit 1 --player Ann",
    "character new Sly --class thief --kit 1 --player Bea",
)
REDHACK = Campaign("table", "redhack", SETUP)
RECONNECT_MS = 30_000
"""How long a page may take to reconnect (pages back off between attempts)."""


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


@pytest.fixture
def served(serve: Callable[..., Served]) -> Served:
    return serve(REDHACK)


@pytest.fixture
def party(served: Served, person: Callable[..., Any]) -> tuple[Any, Any, Any]:
    """The GM, Ann (Aldric) and Bea (Sly), each signed in in their own context."""
    gm = person(served.join_url(served.gm_token()))
    ann = person(served.join_url(served.invite("player", "Aldric")))
    bea = person(served.join_url(served.invite("player", "Sly")))
    return gm, ann, bea


def test_the_gm_invites_two_players_and_each_joins_in_their_own_context(
    served: Served, person: Callable[..., Any]
):
    """Issue 12 §6: the GM invites two players (as ``hacktable invite`` does); each
    joins in their own browser context, with their own session cookie; a used link
    lets nobody in again (issue 12 §4)."""
    gm = person(served.join_url(served.gm_token()))
    ann_link = served.join_url(served.invite("player", "Aldric"))
    ann = person(ann_link)
    bea = person(served.join_url(served.invite("player", "Sly")))
    expect(gm.locator("#who")).to_have_text("GM")
    expect(ann.locator("#who")).to_have_text("Ann")
    expect(bea.locator("#who")).to_have_text("Bea")
    cookies = [
        {c["value"] for c in page.context.cookies() if c["name"] == "hacktable_session"}
        for page in (gm, ann, bea)
    ]
    assert all(len(found) == 1 for found in cookies)
    assert len(set().union(*cookies)) == 3
    expect(gm.locator("#log")).to_contain_text("Ann joins the web table")
    expect(gm.locator("#log")).to_contain_text("Bea joins the web table")
    replay = ann.context.browser.new_context()
    try:
        again = replay.new_page()
        response = again.goto(ann_link)
        assert response is not None
        assert response.status == 403
        assert again.locator("#who").count() == 0
    finally:
        replay.close()


def test_the_gm_invites_a_player_from_the_gm_page(served: Served, person: Callable[..., Any]):
    """Issue 12 §1: the GM creates an invite link from the GM page; the player joins."""
    gm = person(served.join_url(served.gm_token()))
    made = gm.evaluate(
        """async () => {
          const response = await fetch("api/invites", {method: "POST",
            headers: {"content-type": "application/json", "x-hacktable": "1"},
            body: JSON.stringify({role: "player", character: "Aldric"})});
          return {status: response.status, body: await response.json()};
        }"""
    )
    assert made["status"] == 200, made
    link = next(v for v in made["body"].values() if isinstance(v, str) and "token=" in v)
    ann = person(link)
    expect(ann.locator("#who")).to_have_text("Ann")


def test_a_players_test_reaches_the_gm_and_the_other_player_live(party: tuple[Any, Any, Any]):
    """Issue 12 §6: a player makes a test and both the GM and the other player see it
    live, with its explanation and its dice (§2: no page reload)."""
    gm, ann, bea = party
    answer = send(ann, "test Aldric STR")
    assert answer.ok, answer.body
    (check,) = answer.body["checks"]
    assert check["who"] == "Aldric"
    for page in (gm, bea, ann):
        shown = item(page, answer.seq)
        expect(shown).to_have_count(1)
        expect(shown).to_contain_text(check["explanation"])
        for face in check["faces"]:
            expect(shown).to_contain_text(str(face))
    assert gm.url.endswith("/t/table/")  # the same page all along: nothing reloaded


def test_a_secret_roll_reaches_the_gm_whole_and_the_other_player_as_a_stub(
    party: tuple[Any, Any, Any],
):
    """Issue 12 §6: a secret roll reaches the GM only; the other player sees that it was
    made (RULINGS G4: "a secret roll by Bea"), not its result."""
    gm, ann, bea = party
    answer = send(bea, "roll d20 secret")
    assert answer.ok, answer.body
    result = answer.text.splitlines()[0]
    assert result.startswith("d20: ")
    expect(item(gm, answer.seq)).to_contain_text(result)
    stub = item(ann, answer.seq)
    expect(stub).to_contain_text("a secret roll by Bea")
    expect(stub).not_to_contain_text("d20: ")
    expect(item(bea, answer.seq)).to_have_count(1)


def test_the_gm_reveals_a_secret_roll_and_the_stub_becomes_the_roll(
    party: tuple[Any, Any, Any],
):
    """Issue 12 §2: the GM's controls reveal a secret roll; the page replaces the stub
    with the roll (a ``revealed`` message), no reload."""
    gm, ann, bea = party
    secret = send(bea, "roll d20 secret")
    result = secret.text.splitlines()[0]
    expect(item(ann, secret.seq)).to_contain_text("a secret roll by Bea")
    revealed = send(gm, f"reveal {secret.seq}")
    assert revealed.ok, revealed.body
    expect(item(ann, secret.seq)).to_contain_text(result)
    expect(item(ann, secret.seq)).to_have_count(1)


def test_a_players_gm_only_command_is_refused_on_their_page(
    served: Served, party: tuple[Any, Any, Any]
):
    """Issue 12 §6 and §4: a player's GM-only command (and a test for another's
    character) is refused on their page with one line, and nothing is logged."""
    gm, ann, bea = party
    before = served.last_seq()
    for line, status in (("player add Cid", 403), ("test Sly DEX", 403)):
        refused = send(ann, line)
        assert refused.status == status, refused.body
        assert refused.text.startswith("Ann may not "), refused.text
        assert "\n" not in refused.text
        expect(ann.locator("#reply")).to_have_class("error")
    assert served.last_seq() == before
    after = send(bea, "roll d6")
    assert after.seq == before + 1
    expect(item(gm, after.seq)).to_have_count(1)
    assert [seq for seq in seqs_shown(gm) if seq > before] == [after.seq]


def test_a_reconnect_resumes_without_loss_or_repeats(party: tuple[Any, Any, Any]):
    """Issue 12 §6 and §3: Ann's socket goes down while Bea rolls twice; when it comes
    back, Ann's page shows both rolls, each once, and stays live."""
    gm, ann, bea = party
    first = send(bea, "roll d6")
    expect(item(ann, first.seq)).to_have_count(1)
    ann.evaluate("window.__offline = true; window.__sockets.forEach(s => s.close())")
    ann.wait_for_function("window.__sockets.every(s => s.readyState === WebSocket.CLOSED)")
    missed = [send(bea, "roll d8"), send(bea, "roll d10")]
    for answer in missed:
        expect(item(gm, answer.seq)).to_have_count(1)
        expect(item(ann, answer.seq)).to_have_count(0)
    ann.evaluate("window.__offline = false")
    for answer in missed:
        expect(item(ann, answer.seq)).to_have_count(1, timeout=RECONNECT_MS)
        expect(item(ann, answer.seq)).to_contain_text(answer.text.splitlines()[0])
    live = "window.__sockets.filter(s => s.readyState === WebSocket.OPEN).length"
    assert ann.evaluate(live) == 1
    assert ann.evaluate("window.__sockets.length") >= 2
    later = send(bea, "roll d12")
    expect(item(ann, later.seq)).to_have_count(1)
    shown = seqs_shown(ann)
    assert len(shown) == len(set(shown)), shown
    assert {first.seq, missed[0].seq, missed[1].seq, later.seq} <= set(shown)


def test_the_gm_asks_a_player_for_a_roll_and_it_appears_on_their_page(
    party: tuple[Any, Any, Any],
):
    """Issue 12 §6 and §2: the GM asks for a roll; it appears on that player's page as a
    prompt (with the odds), the player rolls it (``answer N``), and it lands in the log."""
    gm, ann, bea = party
    asked = send(gm, "ask Aldric test Aldric STR")
    assert asked.ok, asked.body
    prompts = ann.locator("#prompts")
    expect(prompts).to_contain_text("test Aldric STR")
    expect(prompts).to_contain_text("%")
    expect(bea.locator("#prompts")).not_to_contain_text("test Aldric STR")
    answered = send(ann, f"answer {asked.seq}")
    assert answered.ok, answered.body
    (check,) = answered.body["checks"]
    expect(item(gm, answered.seq)).to_contain_text(check["explanation"])
    expect(item(bea, answered.seq)).to_contain_text(check["explanation"])
    expect(prompts).not_to_contain_text("test Aldric STR")


def test_an_observer_sees_the_public_log_and_cannot_act(
    served: Served, party: tuple[Any, Any, Any], person: Callable[..., Any]
):
    """Issue 12 §2 and §4: an observer sees the public log (not a secret roll's result)
    and cannot act: a command from their page is refused and changes nothing."""
    _gm, ann, bea = party
    watcher = person(served.join_url(served.invite("observer")))
    expect(watcher.locator("#who")).to_have_text("observer")
    public = send(ann, "test Aldric STR")
    secret = send(bea, "roll d20 secret")
    expect(item(watcher, public.seq)).to_contain_text(public.body["checks"][0]["explanation"])
    expect(item(watcher, secret.seq)).to_contain_text("a secret roll by Bea")
    expect(item(watcher, secret.seq)).not_to_contain_text("d20: ")
    before = served.last_seq()
    tried = watcher.evaluate(
        """async () => {
          const response = await fetch("api/command", {method: "POST",
            headers: {"content-type": "application/json", "x-hacktable": "1"},
            body: JSON.stringify({line: "test Aldric STR"})});
          return {status: response.status, body: await response.json()};
        }"""
    )
    assert tried["status"] == 403, tried
    assert "observer may not" in tried["body"]["error"]
    if watcher.locator("#line").count():
        refused = send(watcher, "roll d6")
        assert refused.status == 403, refused.body
    assert served.last_seq() == before


def test_two_tables_on_one_server_keep_their_people_apart(
    serve: Callable[..., Served], person: Callable[..., Any]
):
    """Issue 12 §4: one server, two campaigns; a player of one table is not signed in
    at the other (her cookie is for her table's URLs only), and sees nothing of it."""
    from .test_browser_bsh import BSH

    served = serve(REDHACK, BSH)
    ann = person(served.join_url(served.invite("player", "Aldric")))
    expect(ann.locator("#who")).to_have_text("Ann")
    (cookie,) = ann.context.cookies()
    assert cookie["path"] == "/t/table/"
    elsewhere = ann.goto(served.url("brawl"))
    assert elsewhere is not None
    assert elsewhere.status == 401
    assert "not signed in at this table" in ann.content()
