"""What only the Postgres backend does: many campaigns in one database, migrating on
open under a lock, URLs and their passwords, an unreachable server."""

from __future__ import annotations

import socket
import subprocess
import sys

import psycopg
import pytest

from hacktable.errors import CampaignError, NotACampaignError
from hacktable.play.events import Event
from hacktable.store import HEAD_REVISION, open_store
from hacktable.store.postgres import PostgresEventStore, Target


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_unreachable_server_is_one_line_naming_the_host() -> None:
    port = _free_port()  # nobody listens there
    url = f"postgresql://gm:s3cret-pw@127.0.0.1:{port}/tables#barrowmaze"
    with pytest.raises(CampaignError) as caught:
        open_store(url)
    message = str(caught.value)
    assert message.startswith(f"cannot connect to the Postgres server at 127.0.0.1:{port} ")
    assert f"postgresql://gm@127.0.0.1:{port}/tables#barrowmaze" in message
    assert "s3cret" not in message
    assert "\n" not in message
    assert caught.value.path == f"postgresql://gm@127.0.0.1:{port}/tables#barrowmaze"


def test_a_url_is_parsed_and_its_password_never_shown() -> None:
    target = Target("postgresql://gm:pw@db.example:6543/tables?sslmode=disable#Barrow%20Maze")
    assert target.host == "db.example:6543"
    assert target.campaign == "Barrow Maze"
    assert target.location == "postgresql://gm@db.example:6543/tables#Barrow Maze"
    assert target.conninfo == "postgresql://gm:pw@db.example:6543/tables?sslmode=disable"
    assert Target("postgres://h/db").campaign == "campaign"
    assert Target("postgres://h/db").location == "postgres://h/db#campaign"
    with pytest.raises(CampaignError, match="bad Postgres URL") as caught:
        Target("postgresql://gm:pw@h:notaport/db")
    assert "pw" not in str(caught.value)


def test_many_campaigns_share_one_database(postgres: str) -> None:
    with open_store(f"{postgres}#one") as one, open_store(f"{postgres}#two", ruleset="x") as two:
        assert isinstance(one, PostgresEventStore)
        assert one.path is None
        assert (one.name, two.name, two.ruleset) == ("one", "two", "x")
        assert one.campaign_id != two.campaign_id
        one.append(Event("a"))
        two.append(Event("b"))
        two.append(Event("c"))
        one.save_snapshot(1, {"n": 1})
        assert [e.action for e in one.events()] == ["a"]
        assert [(e.seq, e.action) for e in two.events()] == [(1, "b"), (2, "c")]
        assert two.snapshot() is None
        assert one.verify() is None
        assert two.verify() is None
    with open_store(postgres) as default:
        assert default.name == "campaign"
        assert default.events() == []


def test_a_readonly_open_of_an_empty_database_creates_nothing(postgres: str) -> None:
    with pytest.raises(CampaignError, match="has no hacktable tables"):
        open_store(postgres, readonly=True)
    with pytest.raises(CampaignError, match="has no hacktable tables"):
        open_store(postgres, create=False)
    with psycopg.connect(postgres) as connection:
        tables = connection.execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"
        ).fetchone()
    assert tables == (0,)


def test_another_programs_database_is_refused(postgres: str) -> None:
    with psycopg.connect(postgres, autocommit=True) as connection:
        connection.execute("CREATE TABLE events (id serial primary key, what text)")
    with pytest.raises(NotACampaignError, match="some other program"):
        open_store(postgres)


def test_a_newer_schema_is_refused(postgres: str) -> None:
    open_store(postgres).close()
    with psycopg.connect(postgres, autocommit=True) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(NotACampaignError, match=r"newer hacktable \(schema 9999\)"):
        open_store(postgres)


MIGRATE = """
import sys
from hacktable.store import open_store
with open_store(sys.argv[1]) as store:
    store.append_all([], expected_seq=0)
    print(store.campaign_id)
"""


def test_two_processes_migrating_at_once_both_open_the_one_campaign(postgres: str) -> None:
    children = [
        subprocess.Popen(
            [sys.executable, "-c", MIGRATE, f"{postgres}#same"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    results = [child.communicate(timeout=120) for child in children]
    assert [child.returncode for child in children] == [0, 0], [err for _, err in results]
    assert results[0][0] == results[1][0]  # the same campaign row
    with psycopg.connect(postgres) as connection:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [
            (HEAD_REVISION,)
        ]
        assert connection.execute("SELECT count(*) FROM campaigns").fetchone() == (1,)


def test_text_postgres_cannot_hold_is_refused_not_fatal(postgres: str) -> None:
    from hacktable.store import EventRejectedError

    with open_store(postgres) as store:
        with pytest.raises(EventRejectedError, match="NUL"):
            store.append(Event("note", summary="a\x00b"))
        assert store.append(Event("fine")).seq == 1
        # in the last statement of a batch too big for one: none of it is stored
        from hacktable.store.sql import ROWS_PER_STATEMENT

        batch = [Event("note") for _ in range(2 * ROWS_PER_STATEMENT)]
        with pytest.raises(EventRejectedError, match="NUL"):
            store.append_all([*batch, Event("note", actor="\x00")], expected_seq=1)
        assert store.last_seq() == 1


def test_a_lost_connection_fails_one_call_and_the_next_reconnects(postgres: str) -> None:
    with open_store(postgres) as store:
        store.append(Event("a"))
        with psycopg.connect(postgres, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        with pytest.raises(CampaignError) as caught:
            store.append(Event("b"))
        assert "lost the connection to the Postgres server at" in str(caught.value)
        assert "\n" not in str(caught.value)
        assert [e.action for e in store.events()] == ["a"]  # connected again
        assert store.append_all([Event("b")], expected_seq=1)[0].seq == 2
        assert store.verify() is None
