"""The store's backends, for tests: SQLite always; Postgres when a server is given.

``HACKTABLE_TEST_POSTGRES`` names a Postgres server the tests may make databases on
(``postgresql://postgres@127.0.0.1:PORT/postgres``); ``scripts/with-postgres`` starts a
throwaway one and sets it, and ``make test`` runs pytest through it. Without it the
Postgres cases skip, except under ``CI=true``, where a missing Postgres is a failure.

The ``backend`` fixture (``conftest.py``) gives each test a :class:`Backend`: a
location to open (a file in the test's folder, or a fresh database made for the test
and dropped after it) and raw SQL on it, to damage what the store wrote. Other test
folders may use it too: ``from tests.store.backends import backend  # noqa: F401``.
"""

from __future__ import annotations

import os
import sqlite3
import uuid
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from hacktable.store import EventStore, open_store

__all__ = ["POSTGRES_ENV", "Backend", "PostgresBackend", "SqliteBackend", "backend", "postgres"]

POSTGRES_ENV = "HACKTABLE_TEST_POSTGRES"


class Backend(ABC):
    """One campaign location on one backend.

    Attributes:
        name: ``"sqlite"`` or ``"postgres"``.
        location: what :func:`~hacktable.store.open_store` takes.
    """

    name: str
    location: str

    def open(self, **options: Any) -> EventStore:
        """``open_store(self.location, **options)``."""
        return open_store(self.location, **options)

    @abstractmethod
    def sql(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run ``statement`` (``?`` placeholders) outside the store, committed; its rows."""


class SqliteBackend(Backend):
    """A campaign file."""

    name = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.location = str(path)

    def sql(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run ``statement`` on the file through a plain :mod:`sqlite3` connection."""
        connection = sqlite3.connect(self.path, isolation_level=None, timeout=10)
        try:
            return connection.execute(statement, tuple(params)).fetchall()
        finally:
            connection.close()


class PostgresBackend(Backend):
    """A campaign in a database of its own."""

    name = "postgres"

    def __init__(self, url: str, campaign: str = "test") -> None:
        self.url = url
        self.location = f"{url}#{campaign}"

    def sql(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run ``statement`` on the database through a plain psycopg connection."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as connection:
            cursor = connection.execute(statement.replace("?", "%s"), tuple(params))  # type: ignore[arg-type]
            return cursor.fetchall() if cursor.description else []


def postgres_server() -> str:
    """The server the tests may use; skips the test if there is none (fails it under
    ``CI=true``)."""
    url = os.environ.get(POSTGRES_ENV, "")
    if not url:
        message = (
            f"no Postgres for the store's tests ({POSTGRES_ENV} is not set: "
            "see scripts/with-postgres)"
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + "; under CI=true that is a failure")
        pytest.skip(message)
    return url


@pytest.fixture
def postgres() -> Iterator[str]:
    """The URL of a fresh, empty database on the test server, dropped after the test."""
    import psycopg

    server = postgres_server()
    name = f"hacktable_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
    base, _, _ = server.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    """Each backend in turn: a campaign file in the test's folder, or a campaign in a
    fresh Postgres database."""
    if request.param == "sqlite":
        return SqliteBackend(tmp_path / "campaign.db")
    return PostgresBackend(request.getfixturevalue("postgres"))
