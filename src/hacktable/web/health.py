"""Whether the stores a server reads answer (issue 13 §1: a health endpoint).

:func:`probe` runs one trivial query against a campaign's database: ``SELECT 1`` on a
new Postgres connection (a short connect timeout), or on the SQLite file opened
read-only. It answers ``""`` when the store answers, else one line naming what is down
(the host, never the password: docs/rulings.md H740).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from ..store.opening import is_url
from ..store.sqlitefile import one_line

__all__ = ["PROBE_TIMEOUT", "databases", "probe"]

PROBE_TIMEOUT: Final = 2
"""Seconds a probe waits for the database (a health check must answer quickly)."""


def database_of(campaign: str) -> str:
    """The database behind a campaign location: a Postgres URL without its
    ``#CAMPAIGN`` (many campaigns share one database), or the file."""
    return campaign.split("#", 1)[0] if is_url(campaign) else campaign


def databases(campaigns: Iterable[str]) -> list[str]:
    """The distinct databases behind ``campaigns``, in order."""
    return list(dict.fromkeys(database_of(each) for each in campaigns))


def probe(database: str) -> str:
    """``""`` if ``database`` answers ``SELECT 1``, else why not, in one line
    (docs/rulings.md H740)."""
    if is_url(database):
        return _probe_postgres(database)
    return _probe_sqlite(database)


def _probe_postgres(url: str) -> str:
    import psycopg

    from ..store.postgres import Target

    target = Target(url)
    try:
        with psycopg.connect(target.conninfo, connect_timeout=PROBE_TIMEOUT) as connection:
            connection.execute("SELECT 1").fetchone()
    except psycopg.Error as error:
        return f"database down: the Postgres server at {target.host}: {target.reason(error)}"
    return ""


def _probe_sqlite(path: str) -> str:
    name = Path(path).name
    if not Path(path).is_file():
        return f"database down: the campaign file {name} is missing"
    try:
        connection = sqlite3.connect(
            f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=PROBE_TIMEOUT
        )
        try:
            connection.execute("SELECT 1").fetchone()
        finally:
            connection.close()
    except sqlite3.Error as error:
        return f"database down: the campaign file {name}: {one_line(error)}"
    return ""
