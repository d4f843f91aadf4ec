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
from dataclasses import replace
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
from .store_helpers import integrity, sha256


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
            "campaign",
            "events",
        }
    engine.dispose()
    plain = _engine(declared)
    metadata.create_all(plain)
    plain.dispose()
    # the exact DDL, so AUTOINCREMENT, NOT NULL, constraint and index names agree too
    assert _schema(migrated) == _schema(declared)
    assert (
        "seq INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT"
        in {name: sql for _, name, sql in _schema(migrated)}["events"]
    )


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
    assert [name for _, name, _ in _schema(path)] == [
        "ix_events_action",
        "ix_events_actor",
        "sqlite_autoindex_campaign_1",
        "campaign",
        "events",
    ]
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
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True
    )
    assert result.stdout == "[]\n"


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
        assert [replace(e, seq=0, at="") for e in events] == list(FIXTURE_EVENTS)
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
