"""The connections one process's stores share (issue 13 §5; docs/rulings.md H705,
H706): at most ``size`` open, a spent budget refused in one line after its wait, a
broken or renewed connection never lent again, and stores that give theirs back."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.errors import CampaignError
from hacktable.store import open_store
from hacktable.store.budget import ConnectionBudget
from hacktable.store.postgres import PostgresEventStore, Target
from tests.store.backends import postgres  # noqa: F401


def budget_of(url: str, size: int, wait: float = 0.2) -> ConnectionBudget:
    target = Target(url)
    return ConnectionBudget(
        lambda: target.connect(readonly=False), size, location=target.location, wait=wait
    )


def test_at_most_size_connections_then_one_line(postgres: str):  # noqa: F811
    budget = budget_of(postgres, 2, wait=0.05)
    first, second = budget.take(), budget.take()
    assert budget.held == 2
    with pytest.raises(CampaignError) as refused:
        budget.take()
    assert "all 2 database connections of this server stayed busy" in str(refused.value)
    assert "\n" not in str(refused.value)
    budget.give(first)
    assert budget.take() is first  # (an idle one is lent again, not a new one)
    budget.give(first)
    budget.give(second)
    budget.close()
    assert budget.held == 0


def test_a_broken_or_renewed_connection_is_not_lent_again(postgres: str):  # noqa: F811
    budget = budget_of(postgres, 1)
    connection = budget.take()
    connection.close()  # (as a restarted server leaves it)
    budget.give(connection)
    fresh = budget.take()
    assert fresh is not connection
    assert not fresh.closed
    budget.renew()  # (the listener lost the server: H706)
    budget.give(fresh)
    assert fresh.closed
    other = budget.take()
    assert other is not fresh
    assert other.execute("SELECT 1").fetchone() == (1,)
    budget.give(other)
    budget.close()


def test_stores_borrow_for_each_use_and_give_back(postgres: str):  # noqa: F811
    """Three stores on one budget of 1: each works, one connection in all."""
    budget = budget_of(postgres, 1)
    stores: list[Any] = []
    for name in ("a", "b", "c"):
        open_store(f"{postgres}#{name}", ruleset="redhack").close()
        store = PostgresEventStore.open_url(
            f"{postgres}#{name}", ruleset="redhack", create=False, budget=budget
        )
        store.release()
        stores.append(store)
    for store in stores:
        CommandLayer(Session(store, 1)).run("roll d6")
        store.release()
        assert budget.held == 1
    with psycopg.connect(postgres, autocommit=True) as admin:
        (count,) = admin.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()"
        ).fetchone() or (0,)
    assert count == 1
    for store in stores:
        assert store.last_seq() >= 1
        store.close()
    budget.close()
