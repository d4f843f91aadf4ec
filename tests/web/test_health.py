"""``GET /health`` (issue 13 §1: a health endpoint; docs/rulings.md H740): 200 with the
table count and version while the stores answer, 503 with one line naming what is
down (never a password) when not."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hacktable import __version__
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.hub import Hub
from hacktable.web.table import Table

from .conftest import free_port


def _hub(*campaigns: str) -> Hub:
    hub = Hub()
    for number, campaign in enumerate(campaigns):
        hub.add(Table(campaign, id=f"t{number}"))
    return hub


def _sqlite(tmp_path: Path, name: str) -> str:
    path = tmp_path / f"{name}.db"
    with CampaignStore.open(path, ruleset="redhack"):
        pass
    return str(path)


def test_health_is_ok_while_every_campaign_file_answers(tmp_path: Path) -> None:
    hub = _hub(_sqlite(tmp_path, "a"), _sqlite(tmp_path, "b"))
    try:
        response = TestClient(create_app(hub)).get("/health")
    finally:
        hub.close()
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "database": "ok",
        "tables": 2,
        "version": __version__,
    }
    assert response.headers["cache-control"] == "no-store"


def test_health_is_503_naming_a_missing_campaign_file(tmp_path: Path) -> None:
    path = _sqlite(tmp_path, "gone")
    hub = _hub(path)
    Path(path).unlink()
    try:
        response = TestClient(create_app(hub)).get("/health")
    finally:
        hub.close()
    assert response.status_code == 503
    body = response.json()
    assert (body["status"], body["database"], body["tables"]) == ("down", "down", 1)
    assert body["error"] == "database down: the campaign file gone.db is missing"
    assert str(tmp_path) not in body["error"]  # (the file's name, not where it lives)


def test_health_is_ok_on_a_postgres_database(postgres: str) -> None:
    with CampaignStore.open(f"{postgres}#one", ruleset="redhack"):
        pass
    hub = _hub(f"{postgres}#one", f"{postgres}#two")
    try:
        response = TestClient(create_app(hub)).get("/health")
    finally:
        hub.close()
    assert response.status_code == 200
    assert response.json()["database"] == "ok"
    assert response.json()["tables"] == 2


def test_health_is_503_when_postgres_is_down_and_never_shows_the_password() -> None:
    port = free_port()  # (nothing listens there)
    url = f"postgresql://hack:s3cret-pw@127.0.0.1:{port}/db#c"
    hub = _hub(url)
    try:
        response = TestClient(create_app(hub)).get("/health")
    finally:
        hub.close()
    assert response.status_code == 503
    error = response.json()["error"]
    assert error.startswith(f"database down: the Postgres server at 127.0.0.1:{port}: ")
    assert "\n" not in error
    assert "s3cret-pw" not in response.text


def test_health_probes_each_database_at_most_once_a_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """H740, review (H772): ``/health`` needs no cookie, so a flood of it must not be a
    flood of new database connections: one probe a database a second, the others
    answered from it."""
    from hacktable.web.routes import health as route

    probed: list[str] = []
    monkeypatch.setattr(route, "probe", lambda database: probed.append(database) or "")
    at = [100.0]
    hub = _hub(_sqlite(tmp_path, "a"))
    hub.clock = lambda: at[0]
    try:
        client = TestClient(create_app(hub))
        assert [client.get("/health").status_code for _ in range(5)] == [200] * 5
        assert len(probed) == 1
        at[0] += 1.0
        assert client.get("/health").status_code == 200
        assert len(probed) == 2
    finally:
        hub.close()


def test_health_checks_asked_together_share_one_probe(monkeypatch) -> None:
    """issue 13 §1 (a health endpoint outside any table, no cookie needed): however
    many ask at once, each database is probed once at a time, so a flood of checks
    cannot open a connection each and spend the database's connections."""
    import asyncio
    import threading

    import httpx

    from hacktable.web.routes import health

    started, release = threading.Event(), threading.Event()
    calls: list[str] = []

    def slow_probe(database: str) -> str:
        calls.append(database)
        started.set()
        release.wait(5)
        return ""

    monkeypatch.setattr(health, "probe", slow_probe)
    hub = Hub(database="postgresql://db.example/club")
    app = create_app(hub)

    async def ask_together() -> list[int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            first = asyncio.ensure_future(client.get("/health"))
            await asyncio.to_thread(started.wait, 5)
            others = [asyncio.ensure_future(client.get("/health")) for _ in range(4)]
            for _ in range(200):  # (each request runs on this loop up to the probe)
                await asyncio.sleep(0)
            release.set()
            answers = await asyncio.gather(first, *others)
        return [answer.status_code for answer in answers]

    assert asyncio.run(ask_together()) == [200] * 5
    assert calls == ["postgresql://db.example/club"]
