"""Starting and stopping the servers of ``web_broadcast.py`` (not a benchmark itself):
``_web_server.py`` (the bare echo, or one process on SQLite campaigns), and the
Postgres phase's ``hacktable serve`` (``_web_postgres.py`` makes its campaigns). Each
runs in its own session (process group), stopped with SIGINT, killed by its group if
it has not stopped within 30 s."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import _web_postgres as pg
import _web_procs as procs
import _web_server

__all__ = ["Server", "serving", "serving_postgres"]

HERE = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Server:
    """A running server subprocess and what it serves.

    Attributes:
        process: the server (uvicorn's supervisor when it has workers).
        port: its loopback port.
        tables: each table's name, last ``seq`` and players (see ``_web_server.py``).
        postgres: the postmaster's pid, when the campaigns are in Postgres here.
        database: the database's URL, when the campaigns are in Postgres.
        note: what differs from the plan, printed with the figures.
    """

    process: subprocess.Popen[str]
    port: int
    tables: list[dict[str, Any]]
    postgres: int | None = None
    database: str | None = None
    note: str = ""

    @property
    def pid(self) -> int:
        return self.process.pid


def _stop(process: subprocess.Popen[str]) -> None:
    """SIGINT (uvicorn shuts down cleanly, its supervisor stops its workers), then
    SIGKILL to the process's own group if it has not stopped in 30 s."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _listening(port: int, process: subprocess.Popen[str], what: str, within: float) -> None:
    deadline = time.monotonic() + within
    while True:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        if time.monotonic() > deadline or process.poll() is not None:
            raise RuntimeError(f"the {what} server does not listen on {port}")
        time.sleep(0.05)


@contextlib.contextmanager
def serving(
    kind: str, tables: int, players: int, folder: Path, profile: Path | None = None
) -> Iterator[Server]:
    """Start ``_web_server.py KIND`` and wait until it answers; stop it (SIGINT to its
    pid) afterwards."""
    port = free_port()
    command = [sys.executable, str(HERE / "_web_server.py"), kind, "--tables", str(tables)]
    command += ["--players", str(players), "--port", str(port), "--dir", str(folder)]
    if profile is not None:
        command += ["--profile", str(profile)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line.startswith("READY "):
            raise RuntimeError(f"the {kind} server did not start: {line!r}")
        described = json.loads(line[len("READY ") :])
        _listening(port, process, kind, 60)
        yield Server(process, port, described)
    finally:
        _stop(process)


def _names(root: int) -> list[str]:
    return list(procs.labels(root, [s.pid for s in procs.descendants(root)]).values())


@contextlib.contextmanager
def serving_postgres(
    url: str, postmaster: int | None, tables: int, players: int, workers: int, folder: Path
) -> Iterator[Server]:
    """A fresh database of ``tables`` campaigns on ``url``'s server, served by
    ``hacktable serve --database DB --workers N`` (or its one-process stand-in,
    ``_web_postgres.serve_command``); stopped, and the database dropped, afterwards."""
    import httpx

    template = _web_server.build(folder, 1, players)[0]
    with pg.fresh_database(url, f"hacktable_bench_{tables}") as database:
        last = pg.seed(pg.campaign_urls(database, tables), template["file"])
        described = [
            {"table": f"t{index:04d}", "last": last, "players": template["players"]}
            for index in range(1, tables + 1)
        ]
        port = free_port()
        command, note = pg.serve_command(database, tables, workers, port)
        log = (folder / "serve.log").open("w")
        process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, text=True, start_new_session=True
        )
        try:
            _listening(port, process, "postgres", 300)
            deadline = time.monotonic() + 120  # every worker up, the first table served
            while True:
                try:
                    httpx.get(f"http://127.0.0.1:{port}/t/t0001/", timeout=30)
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline or process.poll() is not None:
                        raise
                time.sleep(0.1)
            if not note:
                while sum(name.startswith("w") for name in _names(process.pid)) < workers:
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"fewer than {workers} workers started")
                    time.sleep(0.1)
            yield Server(process, port, described, postmaster, database, note)
        except BaseException:
            log.flush()
            tail = (folder / "serve.log").read_text().splitlines()[-5:]
            print("  the server's last lines:", *tail, sep="\n    ", file=sys.stderr)
            raise
        finally:
            _stop(process)
            log.close()
            _worker_deaths(folder / "serve.log")


def _worker_deaths(path: Path) -> None:
    """Say whether uvicorn's supervisor restarted a worker during the phase (it kills
    one that does not answer its health check within 5 s, and all that worker's
    connections drop with it)."""
    died = [line for line in path.read_text().splitlines() if "died" in line]
    if died:
        print(f"  {len(died)} worker restart(s): {died[0][:160]}", file=sys.stderr)
