"""Behind a reverse proxy that rewrites ``Host`` (issue 13 §1; docs/rulings.md H745):
the WebSocket's Origin check compares the Origin with ``X-Forwarded-Host`` only under
``--proxy-headers``; without it the header is ignored, so a forged one opens nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.table import Table

PUBLIC = "table.example.org"
"""The address players use; the proxy passes requests on with ``Host: testserver``."""


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    path = tmp_path / "table.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        Session(store, 7)
    served = Table(str(path))
    yield served
    served.close()


def _gm(table: Table, proxy_headers: bool) -> TestClient:
    app = create_app(table)
    app.state.proxy_headers = proxy_headers
    client = TestClient(app)
    assert client.get(f"/t/table/join?token={table.gm_token}").status_code == 200
    return client


def _opens(client: TestClient, forwarded: str) -> bool | str:
    headers = {"origin": f"https://{PUBLIC}", "x-forwarded-host": forwarded}
    with client.websocket_connect("/t/table/ws?after=0", headers=headers) as socket:
        client.post(
            "/t/table/api/command", json={"line": "note hello"}, headers={"x-hacktable": "1"}
        )
        first = socket.receive_json()
        if "error" in first:
            with pytest.raises(WebSocketDisconnect):
                socket.receive_json()
            return str(first["error"])
        return True


def test_the_forwarded_host_counts_under_proxy_headers(table: Table) -> None:
    assert _opens(_gm(table, proxy_headers=True), PUBLIC) is True


def test_the_forwarded_host_is_ignored_without_proxy_headers(table: Table) -> None:
    refused = _opens(_gm(table, proxy_headers=False), PUBLIC)
    assert refused == "this table's page must open its socket (cross-origin)"


def test_a_forwarded_host_of_another_site_is_refused(table: Table) -> None:
    refused = _opens(_gm(table, proxy_headers=True), f"evil.example, {PUBLIC}")
    assert refused == "this table's page must open its socket (cross-origin)"
