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


def test_behind_the_proxy_a_client_cannot_choose_its_address() -> None:
    """docs/rulings.md H776 (issue 13 §1: sign-in is rate-limited per address): nginx
    appends the client's address to any ``X-Forwarded-For`` the client sent itself, so
    only the proxy's address is trusted (``HACKTABLE_FORWARDED_ALLOW_IPS``, by default
    127.0.0.1) and the address counted is the one the proxy saw, never the first the
    client wrote."""
    import asyncio

    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    from hacktable.cli.web import _uvicorn_options
    from hacktable.web.config import ServerConfig
    from hacktable.web.ops_settings import OpsSettings

    seen: list[str] = []

    async def app(scope: dict[str, object], _receive: object, _send: object) -> None:
        client = scope["client"]
        assert isinstance(client, tuple)
        seen.append(str(client[0]))

    def through(config: ServerConfig, peer: str) -> None:
        options = _uvicorn_options(config, OpsSettings())
        wrapped = ProxyHeadersMiddleware(app, trusted_hosts=options["forwarded_allow_ips"])
        headers = [(b"x-forwarded-for", b"6.6.6.6, 203.0.113.9")]
        scope = {"type": "http", "client": (peer, 5000), "headers": headers, "scheme": "http"}
        asyncio.run(wrapped(scope, None, None))  # type: ignore[arg-type]

    through(ServerConfig(proxy_headers=True), "127.0.0.1")
    through(ServerConfig(proxy_headers=True, forwarded_allow_ips="10.0.0.2"), "10.0.0.2")
    through(ServerConfig(proxy_headers=True), "198.51.100.7")  # (not the proxy)
    assert seen == ["203.0.113.9", "203.0.113.9", "198.51.100.7"]
    env = ServerConfig(forwarded_allow_ips="10.0.0.0/8").to_env()
    assert ServerConfig.from_env(env).forwarded_allow_ips == "10.0.0.0/8"
