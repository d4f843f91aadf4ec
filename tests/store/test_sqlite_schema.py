"""A new campaign file is built from ``store/sqlite_schema.sql`` (no SQLAlchemy or
Alembic at start-up): it must be exactly the schema the Alembic migrations build."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from hacktable.store import HEAD_REVISION, open_store
from hacktable.store.sqlite import schema_statements


def _schema(path: Path) -> tuple[list[tuple[str, str, str]], list[tuple[str]], int]:
    connection = sqlite3.connect(path)
    try:
        objects = connection.execute(
            "SELECT type, name, sql FROM sqlite_master"
            " WHERE sql IS NOT NULL AND name != 'sqlite_sequence' ORDER BY type, name"
        ).fetchall()
        versions = connection.execute("SELECT version_num FROM alembic_version").fetchall()
        (application_id,) = connection.execute("PRAGMA application_id").fetchone()
        return objects, versions, application_id
    finally:
        connection.close()


def test_a_new_file_has_the_schema_the_migrations_build(tmp_path: Path) -> None:
    from sqlalchemy import create_engine

    from hacktable.store import APPLICATION_ID, migrate

    migrated = tmp_path / "migrated.db"
    engine = create_engine(f"sqlite:///{migrated}")
    with engine.begin() as connection:
        connection.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
        migrate.upgrade(connection)
    engine.dispose()
    built = tmp_path / "built.db"
    open_store(built).close()
    assert _schema(built) == _schema(migrated)
    assert _schema(built)[1] == [(HEAD_REVISION,)]


def test_the_script_is_statements_sqlite_reads() -> None:
    statements = schema_statements()
    assert statements[-1] == f"INSERT INTO alembic_version (version_num) VALUES ('{HEAD_REVISION}')"
    assert all(sqlite3.complete_statement(statement + ";") for statement in statements)


def test_creating_a_campaign_imports_neither_sqlalchemy_nor_alembic(tmp_path: Path) -> None:
    code = (
        "import sys; from hacktable.store import open_store; "
        f"open_store({str(tmp_path / 'new.db')!r}).close(); "
        "print(sorted(m for m in ('sqlalchemy', 'alembic') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
