"""Server processes on one Postgres database, for the fault tests (issue 13 §2).

:func:`start` runs ``hacktable serve --database URL`` as a child process on a socket
the test bound and listens on first (``--fd``), so a client's first request waits in
the socket's backlog until the server is up: nothing polls or sleeps. Each process
gets the same ``HACKTABLE_GM_SECRET``, so one GM link works at all (H701).
:class:`Client` is one browser: its cookie jar (httpx) and its sockets (websockets'
sync client, every wait with a timeout).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from hacktable.web.hub import gm_token

__all__ = ["SECRET", "WAIT", "Client", "Worker", "start"]

SECRET = "the-test-secret"
WAIT = 5.0
"""Seconds any one wait may last (issue 13 §2: at most 5 s)."""
HEADERS = {"x-hacktable": "1"}


@dataclass
class Worker:
    """One ``serve`` process and its address."""

    process: subprocess.Popen[bytes]
    port: int

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """kill -9, and reap it."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(WAIT)

    def stop(self) -> str:
        """Stop it (SIGTERM; kill -9 if it lingers) and return what it wrote to stderr."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(WAIT * 2)
            except subprocess.TimeoutExpired:
                self.kill()
        assert self.process.stderr is not None
        with self.process.stderr:
            return self.process.stderr.read().decode(errors="replace")


def start(database: str, *args: str, env: dict[str, str] | None = None) -> Worker:
    """``hacktable serve --database DATABASE --fd N ARGS`` on a fresh loopback port."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen(128)
    listening.set_inheritable(True)
    port = listening.getsockname()[1]
    command = [sys.executable, "-m", "hacktable", "serve", "--database", database]
    command += ["--port", str(port), "--fd", str(listening.fileno()), *args]
    environment = {**os.environ, "HACKTABLE_GM_SECRET": SECRET, **(env or {})}
    environment.pop("HACKTABLE_DATABASE_URL", None)
    try:
        process = subprocess.Popen(
            command,
            pass_fds=(listening.fileno(),),
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
    finally:
        listening.close()  # (the child's now: once it dies, connections are refused)
    return Worker(process, port)


@dataclass
class Client:
    """One browser at table ``table``: signed in at ``worker`` with ``token``."""

    worker: Worker
    table: str
    cookies: httpx.Cookies = field(default_factory=httpx.Cookies)
    sockets: list[ClientConnection] = field(default_factory=list)
    last: int = 0
    """The last ``seq`` its sockets were sent."""

    @classmethod
    def gm(cls, worker: Worker, table: str) -> Client:
        client = cls(worker, table)
        client.join(gm_token(SECRET, table))
        return client

    def join(self, token: str) -> None:
        with httpx.Client(base_url=self.worker.base, timeout=WAIT * 4) as http:
            answer = http.get(
                f"/t/{self.table}/join", params={"token": token}, follow_redirects=False
            )
            assert answer.status_code == 303, answer.text
            self.cookies = http.cookies

    def post(self, line: str, worker: Worker | None = None) -> httpx.Response:
        """``line`` as a command, through ``worker`` (its own by default), on a fresh
        connection."""
        at = worker or self.worker
        with httpx.Client(base_url=at.base, timeout=WAIT * 2, cookies=self.cookies) as http:
            return http.post(f"/t/{self.table}/api/command", json={"line": line}, headers=HEADERS)

    def listen(self, worker: Worker | None = None) -> ClientConnection:
        """A socket at ``worker`` resuming after :attr:`last`."""
        at = worker or self.worker
        cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        opened = connect(
            f"ws://127.0.0.1:{at.port}/t/{self.table}/ws?after={self.last}",
            additional_headers={"Cookie": cookie},
            open_timeout=WAIT * 4,
            legacy=True,
        )
        self.sockets.append(opened)
        return opened

    def events(self, socket_: ClientConnection, until: int) -> Iterator[dict[str, Any]]:
        """Each event ``socket_`` is sent until one at or past ``until`` (each wait at
        most :data:`WAIT`)."""
        while self.last < until:
            body = json.loads(socket_.recv(timeout=WAIT))
            assert "error" not in body, body
            assert body["seq"] > self.last, (body["seq"], self.last)  # (never twice)
            self.last = body["seq"]
            yield body

    def close(self) -> None:
        for each in self.sockets:
            each.close()


@dataclass
class OwnPostgres:
    """A throwaway Postgres server of the test's own, to stop and start under the
    servers (the recipe of scripts/with-postgres: initdb and pg_ctl as ``postgres``)."""

    bin: str
    folder: str
    port: int
    run_as: tuple[str, ...]

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def ctl(self, *args: str) -> None:
        options = f"-k {self.folder} -p {self.port} -c listen_addresses=127.0.0.1 -c fsync=off"
        subprocess.run(
            [
                *self.run_as,
                *(f"{self.bin}/pg_ctl", "-D", f"{self.folder}/data", "-w", "-t", "60"),
                *("-l", f"{self.folder}/server.log", "-o", options, *args),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )


def own_postgres(folder: str) -> OwnPostgres | str:
    """Start a server in ``folder`` (made by the caller); or why it cannot start."""
    import glob
    import shutil

    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    if not found:
        return "no PostgreSQL server binaries in /usr/lib/postgresql/*/bin"
    bin_dir = os.path.dirname(found[0])
    run_as: tuple[str, ...] = ()
    if os.geteuid() == 0:
        runuser = shutil.which("runuser") or "/usr/sbin/runuser"
        run_as = (runuser, "-u", "postgres", "--")
        shutil.chown(folder, "postgres")
    os.chmod(folder, 0o700)
    subprocess.run(
        [
            *run_as,
            f"{bin_dir}/initdb",
            "-D",
            f"{folder}/data",
            "-A",
            "trust",
            "-U",
            "postgres",
            "--no-sync",
        ],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = OwnPostgres(bin_dir, folder, port, run_as)
    server.ctl("start")
    return server
