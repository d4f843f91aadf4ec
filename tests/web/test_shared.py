"""Rate limits and who is connected across processes (issue 13: "rate limits and who
is connected hold across all processes"; docs/rulings.md H743, H744): two app
instances serving one Postgres campaign, as two server processes would, share the
per-session rate and the GM's count of connected players; a dead process's sockets
expire with its heartbeat."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.play.principal import Principal, Role
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.health import database_of
from hacktable.web.invites import create_invite
from hacktable.web.routes.access import COOKIE
from hacktable.web.shared import PostgresShared, attach_shared
from hacktable.web.table import Table

HEADERS = {"x-hacktable": "1"}
NOW = 1_900_000_000.0
"""The tests' clock (seconds): both processes read the same one."""


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def two(postgres: str) -> Iterator[tuple[str, list[Table], list[FastAPI], Clock]]:
    """A campaign on Postgres served by two app instances with a shared clock."""
    location = f"{postgres}#table"
    with CampaignStore.open(location, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 7))
        layer.run("player add Ann")
        layer.run("character new Aldric --class warrior --kit 1 --player Ann")
    clock = Clock()
    tables = [Table(location, id="table"), Table(location, id="table")]
    apps = []
    for table in tables:
        app = create_app(table)
        attach_shared(app, [location])
        app.state.shared[database_of(location)] = PostgresShared(location, clock=clock)
        apps.append(app)
    yield location, tables, apps, clock
    for table, app in zip(tables, apps, strict=True):
        table.close()
        for shared in app.state.shared.values():
            shared.close()


def _client(app: FastAPI, cookie: str) -> TestClient:
    client = TestClient(app)
    client.cookies.set(COOKIE, cookie)
    return client


def _note(client: TestClient, number: int) -> int:
    return client.post(
        "/t/table/api/command", json={"line": f"note n{number}"}, headers=HEADERS
    ).status_code


def test_the_rate_holds_over_both_processes(
    two: tuple[str, list[Table], list[FastAPI], Clock],
) -> None:
    """H743/H744 with issue 12 §4's 5 commands a second (H643): three through one
    process and two through the other use the session's second; the sixth is refused
    by either, though each process alone counted fewer than five."""
    _location, tables, apps, clock = two
    first = TestClient(apps[0])
    assert first.get(f"/t/table/join?token={tables[0].gm_token}").status_code == 200
    cookie = first.cookies[COOKIE]
    a, b = _client(apps[0], cookie), _client(apps[1], cookie)
    assert [_note(a, 1), _note(a, 2), _note(a, 3), _note(b, 4), _note(b, 5)] == [200] * 5
    assert _note(b, 6) == 429
    assert _note(a, 7) == 429
    clock.now += 1  # (the next second of the shared clock)
    assert _note(b, 8) == 200


def test_who_is_connected_counts_every_process_and_drops_a_dead_one(
    two: tuple[str, list[Table], list[FastAPI], Clock],
) -> None:
    location, tables, apps, clock = two
    with CampaignStore.open(location, create=False) as store:
        token = create_invite(Session(store), "player", character="Aldric").token
    gm = TestClient(apps[0])
    assert gm.get(f"/t/table/join?token={tables[0].gm_token}").status_code == 200
    ann = TestClient(apps[1])
    assert ann.get(f"/t/table/join?token={token}").status_code == 200
    gm_b = _client(apps[1], gm.cookies[COOKIE])
    dead = PostgresShared(location, clock=lambda: clock.now - 60)  # (killed a minute ago)
    try:
        asyncio.run(dead.joined("table", Principal(Role.PLAYER, "Ann")))
        with ann.websocket_connect("/t/table/ws?after=0") as ann_socket:
            ann_socket.receive_json()  # (its sender runs: it is counted)
            with gm_b.websocket_connect("/t/table/ws?after=0") as gm_socket:
                gm_socket.receive_json()
                seen = gm.get("/t/table/api/players").json()  # (through the other process)
                assert [(p["name"], p["connected"]) for p in seen["players"]] == [("Ann", 1)]
                assert seen["gm"] == {"connected": 1}
        for app in apps:  # (the test client cancels a socket's handler as it closes, and
            # its leave's write with it if its loop stops first: the leave is counted at
            # once, and a heartbeat writes it; H778)
            asyncio.run(app.state.shared[database_of(location)].beat())
        gone = gm.get("/t/table/api/players").json()
        assert [(p["name"], p["connected"]) for p in gone["players"]] == [("Ann", 0)]
        assert gone["gm"] == {"connected": 0}
        shared = apps[0].state.shared[database_of(location)]
        asyncio.run(shared.beat())  # (a live process's beat deletes the dead one's rows)
        rows = shared._run("SELECT process FROM web_presence", {})
        assert (dead.process,) not in rows
    finally:
        dead.close()


def test_a_leave_whose_write_never_ran_is_written_by_the_next_beat(
    two: tuple[str, list[Table], list[FastAPI], Clock],
) -> None:
    """docs/rulings.md H778 (H743: who is connected): a socket's handler cancelled as its
    loop stops (a closing test client, a stopping worker) may never run its leave's
    write; the leave is counted when the handler calls ``left``, so the process's next
    beat deletes the row instead of renewing a player who has gone."""
    location, _tables, _apps, clock = two
    shared = PostgresShared(location, clock=clock)
    ann = Principal(Role.PLAYER, "Ann")
    try:
        asyncio.run(shared.joined("table", ann))
        assert asyncio.run(shared.connected("table")) == {(Role.PLAYER, "Ann"): 1}
        shared.left("table", ann).close()  # (cancelled before it ran: nothing written)
        assert asyncio.run(shared.connected("table")) == {(Role.PLAYER, "Ann"): 1}
        asyncio.run(shared.beat())
        assert asyncio.run(shared.connected("table")) == {}
    finally:
        shared.close()


def test_a_socket_closed_while_its_join_is_written_still_leaves(
    two: tuple[str, list[Table], list[FastAPI], Clock],
) -> None:
    """docs/rulings.md H778: a socket's handler cancelled while its join's row is being
    written (the connection held elsewhere) still leaves: the join is counted before
    the handler's ``try``, so its ``finally`` takes the socket off again."""
    import threading

    location, _tables, apps, _clock = two
    with CampaignStore.open(location, create=False) as store:
        token = create_invite(Session(store), "player", character="Aldric").token
    ann = TestClient(apps[1])
    assert ann.get(f"/t/table/join?token={token}").status_code == 200
    shared = apps[1].state.shared[database_of(location)]
    shared.busy_seconds = 0.2
    writing = threading.Event()
    write = shared._write

    def write_noted(*args: Any) -> None:
        writing.set()
        write(*args)

    shared._write = write_noted
    # (the connection busy, the join's write waits for it; the socket closes meanwhile,
    # its handler cancelled in that write, or just after it)
    with shared._lock, ann.websocket_connect("/t/table/ws?after=0"):
        assert writing.wait(5)
    asyncio.run(shared.beat())
    assert shared._sockets == {}
    assert asyncio.run(shared.connected("table")) == {}


def test_a_failed_leave_is_written_by_the_next_beat(
    two: tuple[str, list[Table], list[FastAPI], Clock],
) -> None:
    """docs/rulings.md H775 with H778: a leave whose write fails (the shared tables away
    for a moment) is not forgotten: the next beat deletes the row, where before only the
    rows of sockets still open were renewed and the gone player showed connected until
    the row grew stale."""
    location, _tables, _apps, clock = two
    now = [100.0]
    shared = PostgresShared(location, clock=clock, monotonic=lambda: now[0])
    ann = Principal(Role.PLAYER, "Ann")
    try:
        asyncio.run(shared.joined("table", ann))
        shared._failed = now[0]  # (a statement failed just now: the leave's is not sent)
        asyncio.run(shared.left("table", ann))
        now[0] += 2  # (past AWAY_SECONDS: the database is asked again)
        assert asyncio.run(shared.connected("table")) == {(Role.PLAYER, "Ann"): 1}
        asyncio.run(shared.beat())
        assert asyncio.run(shared.connected("table")) == {}
    finally:
        shared.close()


def test_a_campaign_file_keeps_the_in_memory_path(tmp_path: object) -> None:
    app = create_app(Table("campaign.db"))
    attach_shared(app, ["campaign.db"])
    assert app.state.shared == {}


class _Counted:
    """``psycopg.connect`` standing in for a database away: counts the attempts."""

    def __init__(self) -> None:
        self.attempts = 0

    def __call__(self, *_args: object, **_kwargs: object) -> object:
        import psycopg

        self.attempts += 1
        raise psycopg.OperationalError("connection refused")


def test_a_database_away_is_not_asked_again_at_every_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/rulings.md H775 (issue 13 §2, Postgres restarted): once the shared tables
    failed, each process counts alone for AWAY_SECONDS without trying again, so a
    database away (each try up to its connect timeout, one at a time) does not hold up
    every table's commands behind one connection."""
    import psycopg

    from hacktable.web import shared as shared_module

    counted = _Counted()
    monkeypatch.setattr(psycopg, "connect", counted)
    now = [50.0]
    shared = PostgresShared("postgresql://db.example/club", monotonic=lambda: now[0])

    async def three() -> list[bool | None]:
        return [await shared.allow("table", "cookie", 5) for _ in range(3)]

    assert asyncio.run(three()) == [None, None, None]
    assert counted.attempts == 1
    now[0] += shared_module.AWAY_SECONDS
    assert asyncio.run(shared.allow("table", "cookie", 5)) is None
    assert counted.attempts == 2


def test_a_hung_shared_connection_does_not_hold_up_every_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/rulings.md H775: a statement that hangs (the database's host vanished
    mid-query) holds its connection; the commands behind it count alone after
    ``busy_seconds`` instead of waiting for it."""
    import threading

    import psycopg

    entered, release = threading.Event(), threading.Event()

    class Hung:
        closed = broken = False

        def execute(self, *_args: object) -> object:
            entered.set()
            release.wait(5)
            raise psycopg.OperationalError("server closed the connection")

        def close(self) -> None:
            pass

    monkeypatch.setattr(psycopg, "connect", lambda *_a, **_k: Hung())
    shared = PostgresShared("postgresql://db.example/club", busy_seconds=0.05)

    async def behind() -> tuple[bool | None, bool]:
        first = asyncio.ensure_future(shared.allow("table", "a", 5))
        await asyncio.to_thread(entered.wait, 5)  # (the first holds the connection)
        answer = await shared.allow("table", "b", 5)
        hung = not first.done()
        release.set()
        await first
        return answer, hung

    assert asyncio.run(behind()) == (None, True)


def test_presence_writes_run_out_of_order_leave_no_ghost(
    two: tuple[str, list[Table], list[FastAPI], Clock],
) -> None:
    """docs/rulings.md H778 (H743: who is connected): a join's write and the leave's
    right after run on two threads, in either order; the row left is the last count,
    so a player who left is not shown connected until their row grows stale."""
    location, _tables, _apps, clock = two
    shared = PostgresShared(location, clock=clock)
    key = ("table", Role.PLAYER, "Ann")
    now = shared._now()
    try:
        shared._sockets[key] = 1  # (joined: its write waits on a thread)
        del shared._sockets[key]  # (left at once: its write runs first)
        shared._write(key, now)
        shared._write(key, now)  # (the join's, last)
        assert asyncio.run(shared.connected("table")) == {}
        shared._sockets[key] = 2
        shared._write(key, now)
        assert asyncio.run(shared.connected("table")) == {(Role.PLAYER, "Ann"): 2}
    finally:
        shared.close()
