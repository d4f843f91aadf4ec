"""Every campaign of a Postgres database served by one process (issue 13 §1, §5;
docs/rulings.md H700-H705): tables opened by name when first asked for, the append's
notification, the shared connection budget, and ``serve --database``.

Needs a Postgres server (``scripts/with-postgres``); skipped without one, failed
under ``CI=true``."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from dataclasses import replace

import psycopg
import pytest
from fastapi.testclient import TestClient

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import open_store
from hacktable.store.postgres import NOTIFY_CHANNEL, PostgresEventStore, campaign_names
from hacktable.web.app import create_app
from hacktable.web.config import ServerConfig
from hacktable.web.hub import Hub, gm_token
from hacktable.web.listener import parse
from tests.cli.test_web_commands import (
    Served,
    _serve,
    served,  # noqa: F401
)
from tests.store.backends import postgres  # noqa: F401

HEADERS = {"x-hacktable": "1"}
SETUP = ("player add Ann", "character new Aldric --class warrior --kit 1 --player Ann")


def seat(location: str) -> None:
    """A redhack campaign at ``location`` with Ann playing Aldric."""
    with open_store(location, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 7))
        for line in SETUP:
            layer.run(line)


@pytest.fixture
def database(postgres: str) -> str:  # noqa: F811
    """A database holding the campaigns ``Lost Mines`` and ``keep``."""
    seat(f"{postgres}#Lost Mines")
    seat(f"{postgres}#keep")
    return postgres


@pytest.fixture
def hub(database: str) -> Iterator[Hub]:
    made = Hub.serving(ServerConfig(database=database, pool=2, gm_secret="s3cret"))
    yield made
    made.close()


def test_every_campaign_of_the_database_is_a_table(hub: Hub, database: str):
    """Issue 13 §1: every campaign in the database, at /t/NAME/ (H700)."""
    assert campaign_names(database) == ["Lost Mines", "keep"]
    assert hub.list_campaigns() == ["keep", "lost-mines"]
    assert hub.tables == {}  # (none opened before it is asked for)
    table = hub.get("lost-mines")
    assert table is not None
    assert table.campaign == f"{database}#Lost%20Mines"
    assert hub.get("lost-mines") is table
    assert hub.get("nowhere") is None


def test_a_campaign_made_after_the_start_is_served_by_its_name(hub: Hub, database: str):
    """Issue 13 §1: tables are opened lazily by name, not only those at the start."""
    assert hub.get("later") is None
    seat(f"{database}#later")
    hub.clock = lambda: 10**6  # (the next unknown name lists the campaigns again)
    table = hub.get("later")
    assert table is not None
    gm = TestClient(create_app(hub))
    joined = gm.get(f"/t/later/join?token={gm_token('s3cret', 'later')}", follow_redirects=False)
    assert joined.status_code == 303, joined.text
    answer = gm.post("/t/later/api/command", json={"line": "roll d6"}, headers=HEADERS)
    assert answer.status_code == 200, answer.text


def test_the_gm_link_is_the_same_at_every_process(database: str):
    """H701: two hubs (two processes) given one secret accept the same GM link."""
    first = Hub.serving(ServerConfig(database=database, gm_secret="one"))
    second = Hub.serving(ServerConfig(database=database, gm_secret="one"))
    other = Hub.serving(ServerConfig(database=database, gm_secret="two"))
    try:
        tokens = [h.get("keep").gm_token for h in (first, second, other)]  # type: ignore[union-attr]
        assert tokens[0] == tokens[1] == gm_token("one", "keep")
        assert tokens[2] != tokens[0]
    finally:
        for each in (first, second, other):
            each.close()


def test_an_append_notifies_its_campaign_and_new_seq_only_once_committed(database: str):
    """Issue 13 §2 (H702): NOTIFY inside the append's statement, with the campaign and
    the new last seq; a transaction rolled back notifies nothing."""
    store = open_store(f"{database}#keep", create=False)
    assert isinstance(store, PostgresEventStore)
    with psycopg.connect(database, autocommit=True) as listening, store:
        listening.execute(f"LISTEN {NOTIFY_CHANNEL}")
        CommandLayer(Session(store, 3)).run("roll d6")
        last, found = store.last_seq(), []
        for notice in listening.notifies(timeout=5):
            found.append(parse(notice.payload))
            if found[-1] == (store.campaign_id, last):
                break
        assert found[-1] == (store.campaign_id, last)  # (one per append, in order)
        assert [seq for _campaign, seq in found] == sorted(seq for _c, seq in found)
        before = store.last_seq()
        connection = store._live()
        rollback = psycopg.Rollback()  # (inside the transaction: rolled back on exit)
        with connection.transaction():
            store.append_all(store.events()[-1:])
            raise rollback
        assert store.last_seq() == before
        assert list(listening.notifies(timeout=0.5)) == []


def test_the_tables_of_a_process_share_a_bounded_budget(hub: Hub, database: str):
    """Issue 13 §5 (H705): three tables at work hold at most the budget's 2
    connections, each given back after its job."""
    seat(f"{database}#third")
    hub.list_campaigns()
    client = TestClient(create_app(hub))
    for name in ("keep", "lost-mines", "third"):
        joined = client.get(f"/t/{name}/join?token={gm_token('s3cret', name)}")
        assert joined.status_code == 200, joined.text
        answer = client.post(f"/t/{name}/api/command", json={"line": "roll d6"}, headers=HEADERS)
        assert answer.status_code == 200, answer.text
    assert hub.budget is not None
    assert hub.budget.size == 2
    assert 1 <= hub.budget.held <= 2
    assert len(hub.tables) == 3


def test_serve_database_prints_every_campaigns_gm_link(
    database: str,
    capsys: pytest.CaptureFixture[str],
    served: Served,  # noqa: F811
):
    """Issue 13 §1: ``serve --database URL`` serves every campaign at /t/NAME/."""
    assert _serve(["--database", database, "--port", "8123"]) == 0
    out = capsys.readouterr().out
    assert "The GM's link for keep: http://127.0.0.1:8123/t/keep/join?token=" in out
    assert "The GM's link for lost-mines: http://127.0.0.1:8123/t/lost-mines/join?token=" in out
    app, _host, port, _proxy = served.calls[0]
    assert port == 8123
    assert app.state.hub.list_campaigns() == ["keep", "lost-mines"]


def test_serve_refused_by_postgres_fails_in_one_line(
    capsys: pytest.CaptureFixture[str],
    served: Served,  # noqa: F811
):
    """Issue 13 §5: a server that refuses the connection: one clear line, no hang."""
    with socket.socket() as probe:  # (a port nobody listens on)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert _serve(["--database", f"postgresql://postgres@127.0.0.1:{port}/club"]) != 0
    err = capsys.readouterr().err
    assert err.startswith(f"error: cannot connect to the Postgres server at 127.0.0.1:{port}")
    assert err.count("\n") == 1
    assert served.calls == []


def test_config_from_the_environment_and_back():
    """H700: one frozen value from HACKTABLE_* variables; to_env gives it back."""
    config = ServerConfig.from_env(
        {
            "HACKTABLE_DATABASE_URL": "postgresql://u@h/db",
            "HACKTABLE_PORT": "9000",
            "HACKTABLE_WORKERS": "2",
            "HACKTABLE_GM_SECRET": "x",
        }
    )
    assert (config.database, config.port, config.workers, config.gm_secret) == (
        "postgresql://u@h/db",
        9000,
        2,
        "x",
    )
    assert ServerConfig.from_env(config.to_env()) == config
    one = ServerConfig.from_env({"HACKTABLE_DATABASE_URL": "postgresql://u@h/db#keep"})
    assert (one.database, one.campaigns) == ("", ("postgresql://u@h/db#keep",))
    with pytest.raises(Exception, match="HACKTABLE_PORT must be a whole number"):
        ServerConfig.from_env({"HACKTABLE_PORT": "eighty"})
    assert replace(config, port=1).port == 1


def test_a_campaign_deleted_through_one_process_is_dropped_by_every_other(database: str):
    """Issue 13 §1 ("a GM can delete a campaign"; every process serves every
    campaign): the deletion notifies, so another process stops serving the table
    (its sockets told why, its cached sessions gone) instead of showing the deleted
    campaign to whoever was signed in there."""
    import threading

    from hacktable.web.hosting import _delete_rows

    other = Hub.serving(ServerConfig(database=database, gm_secret="s3cret"))
    try:
        listening = other.listen()
        assert listening is not None
        assert listening.connected.wait(5)
        with TestClient(create_app(other)) as gm:
            link = f"/t/keep/join?token={gm_token('s3cret', 'keep')}"
            assert gm.get(link, follow_redirects=False).status_code == 303
            assert gm.get("/t/keep/api/view").status_code == 200
            _delete_rows(f"{database}#keep")
            for _ in range(100):  # (at most 5 s)
                if other.get("keep", open_missing=False) is None:
                    break
                threading.Event().wait(0.05)
            assert other.get("keep", open_missing=False) is None
            assert gm.get("/t/keep/api/view").status_code == 404
    finally:
        other.close()
