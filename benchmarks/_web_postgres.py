"""Postgres for ``web_broadcast.py --database`` (not a benchmark itself): a throwaway
server for the run (``--database auto``, made as ``scripts/with-postgres`` makes one),
a fresh database per phase holding the phase's campaigns, the ``hacktable serve``
command that serves them, and what the phase reads of Postgres (its connections, its
processes).

Each phase's campaigns live in their own database, ``hacktable_bench_N``, created
for the phase and dropped after it (the user of ``--database URL`` needs CREATEDB):
``URL#t0001`` ... each a copy of one template campaign (6 players, a character and a
one-time invite each), restored event by event with its hash chain
(:meth:`~hacktable.store.base.EventStore.restore`), as the SQLite phase copies its
template file.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

__all__ = [
    "MAX_CONNECTIONS",
    "campaign_urls",
    "connections",
    "fresh_database",
    "postmaster",
    "seed",
    "serve_command",
    "serves_databases",
    "throwaway",
]

MAX_CONNECTIONS = 1000
"""``max_connections`` of the throwaway server: 300 tables x 2 workers, each table's
store holding its connection, are 600 (Postgres' default is 100)."""


NO_SYNC = ("-U", "postgres", "--no-sync")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _binaries() -> Path:
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    raise RuntimeError("no PostgreSQL server binaries in /usr/lib/postgresql/*/bin")


@contextlib.contextmanager
def throwaway(max_connections: int = MAX_CONNECTIONS) -> Iterator[tuple[str, int]]:
    """A Postgres server for the run on a free loopback port; its URL and its
    postmaster's pid. Durable as a real one (fsync on, unlike the tests' server);
    ``max_connections`` raised. Stopped (``pg_ctl -m fast``) and removed afterwards."""
    binaries = _binaries()
    run_as: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="hacktable-bench-pg."))
    folder.chmod(0o700)
    if os.geteuid() == 0:  # initdb refuses root: run the server as postgres
        run_as = [shutil.which("runuser") or "/usr/sbin/runuser", "-u", "postgres", "--"]
        shutil.chown(folder, "postgres", "postgres")
    data, port = folder / "data", _free_port()
    started = False
    try:
        subprocess.run(
            [*run_as, str(binaries / "initdb"), *("-D", str(data), "-A", "trust"), *NO_SYNC],
            check=True,
            capture_output=True,
        )
        options = (
            f"-k {folder} -p {port} -c listen_addresses=127.0.0.1 "
            f"-c max_connections={max_connections}"
        )
        subprocess.run(
            [
                *run_as,
                str(binaries / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(folder / "log"),
                *("-w", "-t", "60", "-o", options, "start"),
            ],
            check=True,
            capture_output=True,
        )
        started = True
        pid = int((data / "postmaster.pid").read_text().split()[0])
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres", pid
    finally:
        if started:
            subprocess.run(
                [*run_as, str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                check=False,
                capture_output=True,
            )
        shutil.rmtree(folder, ignore_errors=True)


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, ""))


def _connect(url: str) -> Any:
    import psycopg

    return psycopg.connect(_with_database(url, urlsplit(url).path.strip("/") or "postgres"))


@contextlib.contextmanager
def fresh_database(url: str, name: str) -> Iterator[str]:
    """A new database ``name`` on ``url``'s server, for one phase; its URL. Dropped
    afterwards (``WITH (FORCE)``: a worker killed mid-phase may leave a connection)."""
    with _connect(url) as admin:
        admin.autocommit = True
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield _with_database(url, name)
    finally:
        with _connect(url) as admin:
            admin.autocommit = True
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def campaign_urls(url: str, tables: int) -> list[str]:
    """``URL#t0001`` ... one campaign per table."""
    return [f"{url}#t{index:04d}" for index in range(1, tables + 1)]


def seed(urls: Sequence[str], template: str) -> int:
    """Copy the campaign file ``template`` into each new campaign of ``urls``; the
    log's last ``seq``."""
    from hacktable.store.opening import open_store

    with contextlib.closing(open_store(template, create=False)) as source:
        events = source.events()
        ruleset = source.ruleset
    for url in urls:
        with contextlib.closing(open_store(url, ruleset=ruleset)) as store:
            store.restore(events)
    return events[-1].seq


def connections(url: str) -> int:
    """The client connections Postgres holds now (``pg_stat_activity``), this one
    left out."""
    with _connect(url) as connection:
        row = connection.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"
        ).fetchone()
    return int(row[0]) if row else 0


def postmaster(url: str) -> int | None:
    """The pid of the postmaster serving ``url`` if it runs on this machine (the
    parent of this connection's backend), else ``None``: its CPU is then not read."""
    from _web_procs import stat

    with _connect(url) as connection:
        row = connection.execute("SELECT pg_backend_pid()").fetchone()
    backend = stat(int(row[0])) if row else None
    if backend is None or backend.name != "postgres":
        return None
    parent = stat(backend.ppid)
    return parent.pid if parent is not None and parent.name == "postgres" else None


@functools.cache
def serves_databases() -> bool:
    """Whether this ``hacktable serve`` takes ``--database`` (issue 13 §1)."""
    shown = subprocess.run(
        [sys.executable, "-m", "hacktable", "serve", "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"},
        check=False,
    ).stdout
    return "--database" in shown and "--workers" in shown


def serve_command(url: str, tables: int, workers: int, port: int) -> tuple[list[str], str]:
    """The command serving the phase's campaigns, and a note on it: ``hacktable serve
    --database URL --workers N``; where ``serve`` has no ``--database`` yet, the
    stand-in ``hacktable serve -c URL#t0001 -c ...``, one process (no workers). Logs
    at ``warning``, as the SQLite phase's server (whose ``hacktable.web`` logger is
    not configured) effectively does, so the two do the same work a request."""
    command = [sys.executable, "-m", "hacktable", "serve", "--port", str(port)]
    command += ["--log-level", "warning"]
    if serves_databases():
        return [*command, "--database", url, "--workers", str(workers)], ""
    for campaign in campaign_urls(url, tables):
        command += ["-c", campaign]
    note = f"stand-in: serve has no --database, one process (--workers {workers} not run)"
    return command, note
