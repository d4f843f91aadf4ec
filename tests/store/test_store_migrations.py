"""The Alembic migrations, the table definitions and ``HEAD_REVISION`` agree; old files
keep opening; opening a current file does not load Alembic."""

from __future__ import annotations

import io
import re
import shutil
import sqlite3
import subprocess
import sys
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, inspect

from hacktable.play.events import Event
from hacktable.store import HEAD_REVISION, CampaignStore
from hacktable.store.migrate import MIGRATIONS_DIR, alembic_config, known_revisions, upgrade
from hacktable.store.schema import metadata

from .make_fixture import FIXTURE, FIXTURE_EVENTS, FIXTURE_RULESET
from .store_helpers import as_given, integrity, sha256


def _engine(path: Path) -> Engine:
    """A plain engine on ``path`` using SQLAlchemy's pysqlite transaction recipe."""
    engine = create_engine(f"sqlite:///{path}")

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: sqlite3.Connection, record: object) -> None:
        dbapi_connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin(connection: object) -> None:
        connection.exec_driver_sql("BEGIN")  # type: ignore[attr-defined]

    return engine


def _schema(path: Path) -> list[tuple[str, str, str]]:
    """Every table and index in ``path`` but Alembic's: (type, name, SQL, whitespace
    collapsed)."""
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        rows = connection.execute(
            "SELECT type, name, sql FROM sqlite_master"
            " WHERE tbl_name NOT IN ('alembic_version', 'sqlite_sequence')"
            " ORDER BY type, name"
        ).fetchall()
    finally:
        connection.close()
    return [(kind, name, " ".join(str(sql).split())) for kind, name, sql in rows]


def test_head_revision_is_alembics_head() -> None:
    script = ScriptDirectory.from_config(alembic_config())
    assert script.get_heads() == [HEAD_REVISION]
    assert script.get_current_head() == HEAD_REVISION
    assert HEAD_REVISION in known_revisions()
    assert (MIGRATIONS_DIR / "env.py").is_file()
    assert (MIGRATIONS_DIR / "script.py.mako").is_file()


ACCOUNT_TABLES = ("account_sessions", "campaign_owners", "sign_in_failures", "users")
"""Revision 0004's tables (issue 13 §1; docs/rulings.md H720)."""
ACCOUNT_OBJECTS = [
    "ix_account_sessions_username",
    "ix_campaign_owners_owner",
    "ix_sign_in_failures_key",
    "sqlite_autoindex_account_sessions_1",
    "sqlite_autoindex_campaign_owners_1",
    "sqlite_autoindex_users_1",
    *ACCOUNT_TABLES,
]


def test_migrated_file_matches_the_table_definitions(tmp_path: Path) -> None:
    migrated, declared = tmp_path / "migrated.db", tmp_path / "declared.db"
    engine = _engine(migrated)
    with engine.connect() as connection, connection.begin():
        upgrade(connection)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
        assert differences == []
        assert set(inspect(connection).get_table_names()) == {
            "alembic_version",
            "campaigns",
            "events",
            "snapshots",
            "web_presence",
            "web_rate",
            *ACCOUNT_TABLES,
        }
    engine.dispose()
    plain = _engine(declared)
    metadata.create_all(plain)
    plain.dispose()
    # the exact DDL, so keys, NOT NULL, defaults, constraint and index names agree too
    assert _schema(migrated) == _schema(declared)
    events = {name: sql for _, name, sql in _schema(migrated)}["events"]
    assert "CONSTRAINT pk_events PRIMARY KEY (campaign, seq)" in events
    assert "AUTOINCREMENT" not in events  # the store gives every number


def test_store_creates_the_declared_schema(tmp_path: Path) -> None:
    created, declared = tmp_path / "created.db", tmp_path / "declared.db"
    CampaignStore.open(created).close()
    plain = _engine(declared)
    metadata.create_all(plain)
    plain.dispose()
    assert _schema(created) == _schema(declared)


def test_downgrade_removes_everything(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    engine = _engine(path)
    config = alembic_config()
    with engine.connect() as connection, connection.begin():
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
        command.downgrade(config, "base")
    engine.dispose()
    assert _schema(path) == []


def test_env_supports_a_url_and_offline_sql(tmp_path: Path) -> None:
    path = tmp_path / "dev.db"
    config = alembic_config()
    config.set_main_option("sqlalchemy.url", f"sqlite:///{path}")
    command.upgrade(config, "head")
    assert sorted(name for _, name, _ in _schema(path)) == sorted(
        [
            "ix_events_campaign_action",
            "ix_events_campaign_session",
            "ix_events_campaign_undoes",
            "ix_web_presence_campaign",
            "sqlite_autoindex_campaigns_1",
            "sqlite_autoindex_campaigns_2",
            "sqlite_autoindex_events_1",
            "sqlite_autoindex_snapshots_1",
            "sqlite_autoindex_web_presence_1",
            "sqlite_autoindex_web_rate_1",
            "campaigns",
            "events",
            "snapshots",
            "web_presence",
            "web_rate",
            *ACCOUNT_OBJECTS,
        ]
    )
    output = io.StringIO()
    offline = alembic_config()
    offline.output_buffer = output
    command.upgrade(offline, "head", sql=True)
    assert re.search(r"CREATE TABLE events", output.getvalue())


def test_opening_a_current_file_does_not_import_alembic(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    CampaignStore.open(path).close()
    code = (
        "import sys\n"
        "from hacktable.store import CampaignStore\n"
        "with CampaignStore.open(sys.argv[1]) as store:\n"
        "    store.append(__import__('hacktable.play.events').play.events.Event('x'))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('alembic', 'sqlalchemy')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True
    )
    assert result.stdout == "[]\n"  # nor SQLAlchemy: the store runs on sqlite3


def test_a_newer_schema_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    CampaignStore.open(path).close()
    connection = sqlite3.connect(path)
    connection.execute("UPDATE alembic_version SET version_num = '9999'")
    connection.commit()
    connection.close()
    before = sha256(path)
    from hacktable.errors import NotACampaignError

    with pytest.raises(NotACampaignError) as caught:
        CampaignStore.open(path)
    assert str(caught.value) == (
        f"{path} is not a hacktable campaign: it was written by a newer hacktable "
        "(schema 9999); upgrade hacktable"
    )
    assert sha256(path) == before


# -- the committed 0001 fixture: every later hacktable must keep passing these ---------


def test_fixture_is_a_revision_0001_file() -> None:
    connection = sqlite3.connect(f"{FIXTURE.as_uri()}?mode=ro", uri=True)
    try:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [
            ("0001",)
        ]
        assert connection.execute("PRAGMA application_id").fetchone() == (0x484B5454,)
    finally:
        connection.close()
    assert FIXTURE.stat().st_size < 64 * 1024


def test_todays_code_reads_the_0001_fixture_exactly(tmp_path: Path) -> None:
    original = sha256(FIXTURE)
    copy = tmp_path / "old.db"
    shutil.copyfile(FIXTURE, copy)
    with CampaignStore.open(copy, create=False) as store:
        events = store.events()
        assert as_given(events) == list(FIXTURE_EVENTS)
        assert store.verify() is None  # the migration chained the old events
        assert [e.seq for e in events] == [1, 2, 3, 4]
        for e in events:
            assert datetime.fromisoformat(e.at).tzinfo == UTC
        assert store.ruleset == FIXTURE_RULESET
        assert uuid.UUID(store.campaign_id).version == 4
        assert store.created_by == "0.1.0"
        assert store.next_session() == 3
        assert store.append(Event("test", session=3)).seq == 5
    with CampaignStore.open(copy, readonly=True) as store:
        assert store.events()[:4] == events
    assert integrity(copy) == ["ok"]
    assert sha256(FIXTURE) == original


# -- old files are migrated to 0002, their events chained ------------------------------

REAL_FIXTURE = FIXTURE.with_name("campaign-0.1.0.db")

OLD_ROWS = (
    "SELECT seq, at, session, actor, action, summary, detail, changes, command, undoes"
    " FROM events ORDER BY seq"
)


@pytest.mark.parametrize("fixture", [FIXTURE, REAL_FIXTURE], ids=["0001", "0.1.0"])
def test_an_old_file_is_migrated_with_a_verifying_chain(tmp_path: Path, fixture: Path) -> None:
    copy = tmp_path / "old.db"
    shutil.copyfile(fixture, copy)
    old = sqlite3.connect(copy)
    try:
        rows = old.execute(OLD_ROWS).fetchall()
        (campaign,) = old.execute("SELECT id, name, ruleset, created_at, created_by FROM campaign")
    finally:
        old.close()
    assert len(rows) >= 4
    with CampaignStore.open(copy, create=False) as store:
        assert store.verify() is None
        assert (
            store.campaign_id,
            store.name,
            store.ruleset,
            store.created_at,
            store.created_by,
        ) == campaign
        events = store.events()
        assert all(e.principal == "GM" and e.visibility.value == "public" for e in events)
        assert all(e.audience == "" for e in events)
        assert store.append(Event("after", session=9)).seq == len(rows) + 1
        assert store.verify() is None
    new = sqlite3.connect(copy)
    try:
        assert new.execute(OLD_ROWS + " LIMIT ?", (len(rows),)).fetchall() == rows  # kept as is
        assert new.execute("SELECT version_num FROM alembic_version").fetchall() == [
            (HEAD_REVISION,)
        ]
        assert new.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        tables = {name for (name,) in new.execute("SELECT name FROM sqlite_master")}
        assert "campaign" not in tables
    finally:
        new.close()
    assert integrity(copy) == ["ok"]


OPEN_OLD = """
import sys
from hacktable.store import open_store
with open_store(sys.argv[1], create=False) as store:
    print(store.last_seq(), store.verify())
"""


def test_two_processes_opening_an_old_file_at_once_migrate_it_once(tmp_path: Path) -> None:
    copy = tmp_path / "old.db"
    shutil.copyfile(REAL_FIXTURE, copy)
    children = [
        subprocess.Popen(
            [sys.executable, "-c", OPEN_OLD, str(copy)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    results = [child.communicate(timeout=120) for child in children]
    assert [child.returncode for child in children] == [0, 0], [err for _, err in results]
    assert results[0][0] == results[1][0]
    assert results[0][0].endswith(" None\n")
    assert integrity(copy) == ["ok"]


def test_a_readonly_open_of_an_old_file_asks_for_an_upgrade(tmp_path: Path) -> None:
    copy = tmp_path / "old.db"
    shutil.copyfile(FIXTURE, copy)
    before = sha256(copy)
    from hacktable.errors import CampaignError

    with pytest.raises(CampaignError, match=r"older hacktable \(schema 0001\)"):
        CampaignStore.open(copy, readonly=True)
    assert sha256(copy) == before


# -- the committed 0002 fixture ----------------------------------------------------------


def test_todays_code_reads_the_0002_fixture_exactly(tmp_path: Path) -> None:
    from . import make_fixture_0002 as fixture

    original = sha256(fixture.FIXTURE)
    copy = tmp_path / "old.db"
    shutil.copyfile(fixture.FIXTURE, copy)
    # (0003 and 0004 add only the web and accounts tables: a read-only open reads a
    # 0002 file as it is, docs/rulings.md H731)
    with CampaignStore.open(copy, readonly=True) as viewer:
        events = viewer.events()
    with CampaignStore.open(copy, create=False) as store:
        assert store.events() == events
        assert as_given(events) == list(fixture.FIXTURE_EVENTS)
        assert store.verify() is None
        assert store.reveals() == {3: 5}
        assert (store.ruleset, store.name) == (fixture.FIXTURE_RULESET, "campaign-0002")
        snapshot = store.snapshot()
        assert snapshot is not None
        assert (snapshot.seq, snapshot.state) == fixture.FIXTURE_SNAPSHOT
        assert store.append(Event("test", session=2)).seq == 6
        assert store.verify() is None
    assert integrity(copy) == ["ok"]
    assert sha256(fixture.FIXTURE) == original
