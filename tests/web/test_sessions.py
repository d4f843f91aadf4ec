"""Sign-ins that survive a restart and hold across server processes (issue 12 §1;
docs/rulings.md H640, H641): the log keeps a session's hash, the cookie its token."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.invites import create_invite, token_hash
from hacktable.web.routes.access import COOKIE
from hacktable.web.sessions import SESSION
from hacktable.web.table import Table

HEADERS = {"x-hacktable": "1"}
COMMAND = "/t/table/api/command"
JOIN = "/t/table/join?token="
START = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def campaign(tmp_path: Path) -> str:
    path = tmp_path / "table.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 7))
        for line in ("player add Ann", "character new Aldric --class warrior --kit 1 --player Ann"):
            layer.run(line)
    return str(path)


def invite(campaign: str, role: str = "player", character: str = "Aldric") -> str:
    with CampaignStore.open(campaign, create=False) as store:
        return create_invite(Session(store), role, character=character).token


class Clock:
    """The time of day, moved by hand."""

    def __init__(self) -> None:
        self.at = START

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def tables(campaign: str, clock: Clock) -> Iterator[list[Table]]:
    made: list[Table] = []
    yield made
    for table in made:
        table.close()


def serve(campaign: str, clock: Clock, tables: list[Table]) -> Table:
    """A server process on ``campaign`` (each has its own cache and GM link)."""
    table = Table(campaign, now=clock)
    tables.append(table)
    return table


def cookie_of(table: Table, token: str) -> str:
    response = TestClient(create_app(table)).get(JOIN + token, follow_redirects=False)
    assert response.status_code == 303, response.text
    header = response.headers["set-cookie"]
    assert header.startswith(f"{COOKIE}=")
    return header.split(";", 1)[0].split("=", 1)[1]


def command(table: Table, cookie: str, line: str = "roll d6") -> tuple[int, str]:
    client = TestClient(create_app(table), cookies={COOKIE: cookie})
    response = client.post(COMMAND, json={"line": line}, headers=HEADERS)
    return response.status_code, response.json().get("error", "")


def test_a_players_cookie_survives_a_restart(campaign: str, clock: Clock, tables: list[Table]):
    """Issue 12 §1 (docs/rulings.md H640): the log knows the session, not the memory."""
    first = serve(campaign, clock, tables)
    cookie = cookie_of(first, invite(campaign))
    first.close()
    tables.remove(first)
    again = serve(campaign, clock, tables)
    assert command(again, cookie) == (200, "")


def test_a_sign_in_at_one_process_holds_at_another(
    campaign: str, clock: Clock, tables: list[Table]
):
    """Issue 12 §1, issue 13 (H640): two servers on one campaign share sign-ins; the
    other learns of it on its cache's miss."""
    one, two = serve(campaign, clock, tables), serve(campaign, clock, tables)
    assert command(two, "nobody-yet")[0] == 401  # (two has read the log already)
    cookie = cookie_of(one, invite(campaign))
    assert command(two, cookie) == (200, "")


def test_the_gms_sign_in_is_durable_but_the_gm_link_is_per_server(
    campaign: str, clock: Clock, tables: list[Table]
):
    """docs/rulings.md H612, H640: the GM's cookie holds at a restarted server; the
    link is good only at the server that printed it."""
    one = serve(campaign, clock, tables)
    cookie = cookie_of(one, one.gm_token)
    two = serve(campaign, clock, tables)
    assert command(two, cookie, "player add Cid") == (200, "")
    response = TestClient(create_app(two)).get(JOIN + one.gm_token, follow_redirects=False)
    assert response.status_code == 401


def test_the_log_keeps_the_sessions_hash_and_never_its_token(
    campaign: str, clock: Clock, tables: list[Table]
):
    """docs/rulings.md H610, H640: the cookie's token is stored nowhere."""
    table = serve(campaign, clock, tables)
    cookie = cookie_of(table, table.gm_token)
    table.close()
    tables.remove(table)
    with CampaignStore.open(campaign, create=False) as store:
        events = store.events()
    assert cookie not in repr(events)
    signed = [event for event in events if event.action == SESSION]
    assert len(signed) == 1
    assert signed[0].detail["session"]["hash"] == token_hash(cookie)
    assert signed[0].visibility.value == "private"
    assert signed[0].audience == ""


def test_a_session_expires_after_the_settings_days(
    campaign: str, clock: Clock, tables: list[Table]
):
    """docs/rulings.md H641: 30 days by default; then the browser joins again."""
    table = serve(campaign, clock, tables)
    cookie = cookie_of(table, invite(campaign))
    clock.at = START + timedelta(days=30) - timedelta(seconds=1)
    assert command(table, cookie)[0] == 200
    clock.at = START + timedelta(days=30)
    status, error = command(table, cookie)
    assert status == 401
    assert error == "not signed in at this table: open the invite link the GM gave you"


def test_the_session_days_are_a_setting(campaign: str, clock: Clock, tables: list[Table]):
    """docs/rulings.md H641: ``settings web-session-days 1``."""
    table = serve(campaign, clock, tables)
    gm = cookie_of(table, table.gm_token)
    assert command(table, gm, "settings web-session-days 1") == (200, "")
    cookie = cookie_of(table, invite(campaign))
    clock.at = START + timedelta(days=1)
    assert command(table, cookie)[0] == 401
    assert command(table, gm)[0] == 200  # (made under the default: 30 days)


def test_the_cookie_expires_with_its_session(campaign: str, clock: Clock, tables: list[Table]):
    """docs/rulings.md H641: the browser keeps the cookie as long as the log does."""
    table = serve(campaign, clock, tables)
    response = TestClient(create_app(table)).get(JOIN + invite(campaign), follow_redirects=False)
    header = response.headers["set-cookie"]
    assert "expires=Sun, 31 May 2026 12:00:00 GMT" in header


def test_sign_out_ends_the_session_everywhere(campaign: str, clock: Clock, tables: list[Table]):
    """docs/rulings.md H640: a sign-out is in the log, so every process forgets it."""
    one, two = serve(campaign, clock, tables), serve(campaign, clock, tables)
    cookie = cookie_of(one, invite(campaign))
    assert command(two, cookie)[0] == 200
    client = TestClient(create_app(one), cookies={COOKIE: cookie})
    out = client.post("/t/table/api/sign-out", headers=HEADERS)
    assert out.status_code == 200, out.text
    assert command(one, cookie)[0] == 401
    assert command(two, cookie)[0] == 401


def test_ending_the_gms_sessions_writes_again_after_another_writer(
    campaign: str, clock: Clock, tables: list[Table]
):
    """docs/rulings.md H785 with H707: the admin's end of the GM's sessions, beaten to
    the log's end by another writer (a table in play), is written again, not lost."""
    from hacktable.web.sessions import end_gm_sessions

    table = serve(campaign, clock, tables)
    cookie = cookie_of(table, table.gm_token)
    raced: list[int] = []
    with (
        CampaignStore.open(campaign, create=False) as store,
        CampaignStore.open(campaign, create=False) as other,
    ):
        session = Session(store)
        read = session.refresh

        def read_then_another_writes() -> None:
            read()
            if not raced:  # (the first try only: between its read and its write)
                raced.append(CommandLayer(Session(other, 3)).run("note in play").events[-1].seq)

        session.refresh = read_then_another_writes  # type: ignore[method-assign]
        ended = end_gm_sessions(session, "a test")
    assert raced
    assert ended.seq == raced[0] + 1
    assert command(table, cookie)[0] == 401
