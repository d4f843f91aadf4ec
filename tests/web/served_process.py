"""A real ``hacktable serve`` process for tests (issue 13 §1): started on a free
loopback port, its GM link read from its output, waited for until ``/health`` answers,
and stopped by a signal. Every wait is on the process or the network, with a limit."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import httpx

from .conftest import free_port

__all__ = ["ServedProcess", "start_serve"]

_LINK = re.compile(r"The GM's link for (\S+): (\S+)")


@dataclass
class ServedProcess:
    """A running ``hacktable serve``.

    Attributes:
        process: the child.
        base: ``http://127.0.0.1:PORT``.
        gm_links: each table's GM link, by table name.
    """

    process: subprocess.Popen[str]
    base: str
    gm_links: dict[str, str]

    def kill(self) -> None:
        """End the process if it still runs, and close its pipes."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate(timeout=10)

    def stop(self, timeout: float = 10) -> tuple[int, str, str]:
        """Wait for the process to end (after a signal); its code, stdout, stderr."""
        out, err = self.process.communicate(timeout=timeout)
        return self.process.returncode, out, err


def start_serve(*args: str, tables: int = 1, env: dict[str, str] | None = None) -> ServedProcess:
    """``hacktable serve ARGS --port P``, once it answers ``/health``."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "hacktable", "serve", *args, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )
    assert process.stdout is not None
    links: dict[str, str] = {}
    while len(links) < tables:
        line = process.stdout.readline()
        if not line:
            _out, err = process.communicate(timeout=10)
            raise AssertionError(f"serve ended: {err}")
        if found := _LINK.search(line):
            links[found.group(1)] = found.group(2)
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if httpx.get(f"{base}/health", timeout=2).status_code in (200, 503):
                break
        except httpx.TransportError:
            try:
                process.wait(timeout=0.05)  # (waiting for it to listen; it must not end)
            except subprocess.TimeoutExpired:
                continue
            raise AssertionError("serve ended before it answered") from None
    else:
        raise AssertionError("serve never answered /health")
    return ServedProcess(process, base, links)


def gm_session(served: ServedProcess, table: str) -> httpx.Client:
    """A client signed in with the GM's link of ``table``."""
    client = httpx.Client(base_url=served.base, timeout=10, follow_redirects=True)
    response = client.get(served.gm_links[table].replace(served.base, ""))
    assert response.status_code == 200, response.text
    return client


def campaign_file(folder: Path, name: str, lines: tuple[str, ...]) -> Path:
    """A new redhack campaign file with ``lines`` played by the GM."""
    from hacktable.engine.execute import CommandLayer
    from hacktable.engine.session import Session
    from hacktable.store import CampaignStore

    path = folder / f"{name}.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 7))
        for line in lines:
            layer.run(line)
    return path
