"""Several server processes starting at once on an empty Postgres database
(issue 13 §1: migrations applied on start; docs/deployment.md "Upgrades"): each opens
its campaigns, so each may find the database unmigrated at the same instant; the
advisory lock lets one migrate while the others wait, then find nothing to do. None
fails, and a campaign both create is one row."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from hacktable.store import HEAD_REVISION, open_store

STARTS = 4


def test_processes_migrating_an_empty_database_at_once_all_succeed(postgres: str) -> None:
    barrier = threading.Barrier(STARTS)

    def start(number: int) -> tuple[str, str]:
        barrier.wait(timeout=30)  # (all at the same instant)
        with open_store(f"{postgres}#shared") as shared, open_store(f"{postgres}#own{number}"):
            return shared.campaign_id, shared.name

    with ThreadPoolExecutor(STARTS) as pool:
        opened = list(pool.map(start, range(STARTS)))
    assert len(set(opened)) == 1  # (one campaign row, whoever made it)
    import psycopg

    with psycopg.connect(postgres, autocommit=True) as connection:
        versions = connection.execute("SELECT version_num FROM alembic_version").fetchall()
        names = connection.execute("SELECT name FROM campaigns ORDER BY name").fetchall()
    assert versions == [(HEAD_REVISION,)]
    assert [name for (name,) in names] == sorted(["shared", *(f"own{n}" for n in range(STARTS))])
