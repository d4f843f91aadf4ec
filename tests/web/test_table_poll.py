"""A table's live updates survive a store that fails for a moment (web/table.py;
issue 12 §3: the server polls the log at least once a second, for as long as it runs)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web import table as table_module
from hacktable.web.app import create_app
from hacktable.web.routes.access import COOKIE
from hacktable.web.table import Table


def campaign(tmp_path: Path) -> str:
    path = tmp_path / "c.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        CommandLayer(Session(store, 7)).run("player add Ann")
    return str(path)


def test_the_poll_goes_on_after_a_failing_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A read that fails (a database locked, a connection lost) is logged; the next
    poll still runs (before, the poller task died and nothing another writer stored
    reached the browsers again)."""
    monkeypatch.setattr(table_module, "POLL_SECONDS", 0)
    table = Table(campaign(tmp_path))
    calls: list[int] = []

    async def flaky(_job: Callable[[Any], Any]) -> None:
        calls.append(len(calls))
        if len(calls) == 1:
            raise sqlite3.OperationalError("database is locked")
        if len(calls) == 3:
            raise asyncio.CancelledError  # (the test's end: the server closing)

    table.call = flaky  # type: ignore[method-assign]
    table.broadcaster.subscribers.add(object())  # type: ignore[arg-type]
    with pytest.raises(asyncio.CancelledError):
        asyncio.run(table._poll())
    assert calls == [0, 1, 2]


def test_a_command_answers_when_reading_its_events_back_fails(tmp_path: Path):
    """The command committed: its answer is 200 with its seq, not a 500, when reading
    the new events for the sockets fails; the poll sends them later."""
    table = Table(campaign(tmp_path))
    try:
        app = create_app(table)
        joined = TestClient(app).get(
            f"/t/table/join?token={table.gm_token}", follow_redirects=False
        )
        cookie = joined.headers["set-cookie"].split(";", 1)[0].split("=", 1)[1]

        def failing() -> None:
            raise sqlite3.OperationalError("database is locked")

        table._collect = failing  # type: ignore[method-assign]
        gm = TestClient(app, cookies={COOKIE: cookie}, raise_server_exceptions=False)
        answer = gm.post(
            "/t/table/api/command", json={"line": "roll d6"}, headers={"x-hacktable": "1"}
        )
        assert answer.status_code == 200, answer.text
        assert isinstance(answer.json()["seq"], int)
    finally:
        table.close()


def test_a_join_that_another_writer_beat_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Issue 12 §3-§4: a console stored an event between the join's read and its write
    (the store refuses the stale write): the join reads again and signs in, no 500;
    beaten every time (RETRIES + 1 in a row, docs/rulings.md H707), it is refused in
    one line (409) and nothing is stored."""
    from hacktable.store.errors import StaleWriteError

    table = Table(campaign(tmp_path))
    real = table_module.sign_in
    failures = [1]

    def racing(*args: Any) -> Any:
        if failures[0]:
            failures[0] -= 1
            raise StaleWriteError("c.db", 3, 4)
        return real(*args)

    monkeypatch.setattr(table_module, "sign_in", racing)
    try:
        app = create_app(table)
        browser = TestClient(app, raise_server_exceptions=False)
        joined = browser.get(f"/t/table/join?token={table.gm_token}", follow_redirects=False)
        assert joined.status_code == 303, joined.text
        failures[0] = table_module.RETRIES + 1
        again = browser.get(f"/t/table/join?token={table.gm_token}", follow_redirects=False)
        assert again.status_code == 409, again.text
        assert "\n" not in again.json()["error"]
    finally:
        table.close()


def test_an_unchanged_file_is_not_read_and_another_writers_commit_is(tmp_path: Path):
    """docs/rulings.md H614: the poll looks at the campaign file's (and its WAL's) size
    and time; it reads the log only when they moved, as another writer's commit moves
    them, and the table's own read leaves them as it found them."""
    path = campaign(tmp_path)
    table = Table(path)

    async def read() -> tuple[Any, Any]:
        await table.call(lambda _layer: table._collect())
        return table._file_mark, table._mark()

    try:
        marked, now = asyncio.run(read())
        assert marked is not None
        assert marked == now  # nothing new: the poll skips the read
        with CampaignStore.open(path, create=False) as store:
            CommandLayer(Session(store)).run("roll 1d6")
        assert table._mark() != marked  # another writer: the poll reads
    finally:
        table.close()
