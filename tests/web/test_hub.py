"""A table's name in its URLs (web/hub.py :func:`table_id`): every link the GM hands
out carries it, so it holds nothing of a database URL's secrets (issue 12 §4)."""

from __future__ import annotations

import pytest

from hacktable.web.hub import table_id


@pytest.mark.parametrize(
    ("campaign", "name"),
    [
        ("Lost Mines.db", "lost-mines"),
        ("games/a.db?mode=ro", "a"),
        ("postgresql://db.example/lost-mines", "lost-mines"),
        ("sqlite:///tmp/x.db", "x-db"),
        ("postgresql://ann:hunter2@db.example/mines?password=hunter2", "mines"),
        ("postgresql://ann:hunter2@db.example", "db-example"),
        ("postgresql://ann:hunter2@db.example/", "db-example"),
        ("postgresql://ann:hunter2@[bad/x", "table"),
        # issue 13 §1 (docs/rulings.md H700): a campaign of a database is its name
        ("postgresql://ann:hunter2@db.example/club#Lost%20Mines", "lost-mines"),
        ("postgresql://db.example/club#keep", "keep"),
        ("postgresql://db.example/club#a/b", "a-b"),
    ],
)
def test_a_tables_name(campaign: str, name: str):
    assert table_id(campaign) == name
    assert "hunter2" not in table_id(campaign)


class _Listing:
    """A stand-in for the database's list of campaigns: counts the lookups, notes
    whether each ran on the event loop, and fails as a database away would."""

    def __init__(self, names: list[str] | None = None) -> None:
        self.names = names
        self.calls = 0
        self.on_loop: list[bool] = []

    def __call__(self, _url: str) -> list[str]:
        import asyncio

        from hacktable.errors import CampaignError

        self.calls += 1
        try:
            asyncio.get_running_loop()
            self.on_loop.append(True)
        except RuntimeError:
            self.on_loop.append(False)
        if self.names is None:
            raise CampaignError("db.example: cannot reach the server", "db.example")
        return self.names


def test_a_database_away_is_asked_at_most_once_a_second_for_unknown_names(monkeypatch):
    """issue 13 §2 (Postgres restarted): a stream of unknown names is not a stream of
    connection attempts, also while the database is away (LIST_SECONDS)."""
    from hacktable.store import postgres
    from hacktable.web.hub import LIST_SECONDS, Hub

    listing = _Listing()
    monkeypatch.setattr(postgres, "campaign_names", listing)
    now = [100.0]
    hub = Hub(database="postgresql://db.example/club", clock=lambda: now[0])
    assert hub.get("a") is None
    assert hub.get("b") is None
    assert listing.calls == 1
    now[0] += LIST_SECONDS
    assert hub.get("c") is None
    assert listing.calls == 2


def test_an_unknown_tables_name_is_looked_up_off_the_event_loop(monkeypatch):
    """issue 13 §1: listing the database's campaigns (a new connection, up to its
    connect timeout) never holds up every other table's requests and sockets."""
    from fastapi.testclient import TestClient

    from hacktable.store import postgres
    from hacktable.web.app import create_app
    from hacktable.web.hub import Hub

    listing = _Listing([])
    monkeypatch.setattr(postgres, "campaign_names", listing)
    hub = Hub(database="postgresql://db.example/club")
    response = TestClient(create_app(hub)).get("/t/nowhere/")
    assert response.status_code == 404
    assert listing.on_loop == [False]


def test_a_name_opened_by_two_threads_at_once_is_one_table() -> None:
    """issue 13 §1 (a hosted server's campaign made by another process): lookups of a
    new name run on threads (Hub.find), so two at once must not both add the table
    (the second would fail as a duplicate)."""
    import threading

    from hacktable.web.hub import Hub
    from hacktable.web.table import Table

    inside, release = threading.Event(), threading.Event()
    made: list[Table] = []

    def opener(hub: Hub, name: str) -> Table | None:
        if hub.get(name, open_missing=False) is None:
            inside.set()
            release.wait(5)
            made.append(hub.add(Table(f"{name}.db", id=name)))
        return hub.get(name, open_missing=False)

    hub = Hub(opener=opener)
    found: list[Table | None] = []
    first = threading.Thread(target=lambda: found.append(hub.get("keep")))
    first.start()
    assert inside.wait(5)
    second = threading.Thread(target=lambda: found.append(hub.get("keep")))
    second.start()
    release.set()
    first.join(5)
    second.join(5)
    assert len(made) == 1
    assert found == [made[0], made[0]]
    hub.close()


def test_a_lookup_that_fails_is_one_line_not_a_500() -> None:
    """issue 13 §2: looking a new name up (the accounts' database away) answers 503
    in one line, before any route, never a bare 500."""
    from fastapi.testclient import TestClient

    from hacktable.errors import HacktableError
    from hacktable.web.app import create_app
    from hacktable.web.hub import Hub

    def opener(_hub: Hub, _name: str) -> None:
        raise HacktableError("accounts.example: cannot reach the server")

    client = TestClient(create_app(Hub(opener=opener)), raise_server_exceptions=False)
    answer = client.get("/t/keep/")
    assert answer.status_code == 503
    assert answer.json() == {"error": "accounts.example: cannot reach the server"}


def test_a_campaign_file_deleted_by_another_process_is_no_longer_served(tmp_path) -> None:
    """issue 13 §1 (a GM can delete a campaign; a hosted server's campaign files are
    served by every process, docs/rulings.md H727, H779): a process that still has the
    deleted file open stops serving it at the next request, instead of taking
    commands into a file no one can open again."""
    from fastapi.testclient import TestClient

    from hacktable.engine.session import Session
    from hacktable.store import CampaignStore
    from hacktable.web.app import create_app
    from hacktable.web.table import Table

    path = tmp_path / "keep.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        Session(store, 7)
    table = Table(str(path), id="keep")
    client = TestClient(create_app(table))
    try:
        joined = client.get(f"/t/keep/join?token={table.gm_token}", follow_redirects=False)
        assert joined.status_code == 303
        assert client.get("/t/keep/api/view").status_code == 200
        for suffix in ("", "-wal", "-shm"):  # (as Hosting.delete does)
            (tmp_path / f"keep.db{suffix}").unlink(missing_ok=True)
        answer = client.post(
            "/t/keep/api/command", json={"line": "roll d6"}, headers={"x-hacktable": "1"}
        )
        assert answer.status_code == 404
    finally:
        table.close()
