"""Web broadcast: the time from a player's roll to its arrival at every browser of the
table, N tables x 6 players, on one server process with SQLite campaigns (issue 12 §7)
and on Postgres behind several worker processes (issue 13 §3).

Method: for each number of tables (``--tables``; 10 and 100, or 100 and 300 with
``--database``), phases with the same clients and schedule, each against a fresh
server process:

- ``echo`` (without ``--database``, or with ``--echo``): a bare Starlette echo with
  the same URLs (a POST's line is sent to the table's sockets, numbered; no campaign,
  no authorisation), ``_web_server.py echo``;
- ``sqlite``: one :class:`~hacktable.web.hub.Hub` of N fresh redhack campaigns (SQLite
  files in a temporary folder, ``--dir`` chooses it: every commit is synced), each
  with 6 players, a character and an invite per player, ``_web_server.py hacktable``;
  the baseline of the Postgres phase's ratios;
- ``postgres`` (``--database URL``, or ``--database``/``--database auto``: a throwaway
  server for the run, fsync on, ``max_connections`` 1000): the same campaigns in a
  fresh database of that server (``URL#t0001``...), served by ``hacktable serve
  --database DB --workers N`` (``--workers``, default 2). Where ``serve`` has no
  ``--database`` yet, by ``hacktable serve -c DB#t0001 -c ...``, one process, and the
  report says so (``_web_postgres.py``).

This process is the load generator (asyncio, httpx, websockets): every player joins
with their invite (``GET join``, the cookie kept), opens one WebSocket, makes one
unmeasured roll (each worker loads the rules of the tables it serves), and POSTs
``test CHARACTER STR`` at Poisson times, one every 10 s on average (``--mean``), for
``--seconds`` (300; the schedule is drawn from a seeded ``random.Random``, the same for
every phase). A roll's latency, for each of the table's 6 sockets (the roller's too), is
from just before its POST is sent to the arrival of the event with the ``seq`` the POST
answered (a reply that arrives before the answer is matched afterwards). A roll that
has not reached a socket 5 s after the end is lost.

Reported per phase: deliveries, p50, p99 and max latency, lost deliveries, errors (any
refused or failed request), the sockets still open at the end and Postgres' client
connections then (``pg_stat_activity``), the CPU over the phase's wall time, each as a
share of one core, from ``/proc`` (``_web_procs.py``): this process's, every server
process's (uvicorn's supervisor, and each worker apart) and all Postgres processes'
(the postmaster's tree, when it runs on this machine); the server's memory per
connected socket; the bytes of a message and the CPU of a roll and of a delivery.
Headlines: the Postgres phase's p50 and p99 as ratios to SQLite's at each count, the
knee (what saturates first: the load generator's or every core, i.e. the machine; a
worker's or Postgres' CPU; or latency growing with CPU to spare, i.e. the design),
and issue 12's target, p99 under 50 ms at 100 tables x 6 players on SQLite.
``--profile`` runs the SQLite server under cProfile and prints its top functions.

Usage: ``python benchmarks/web_broadcast.py [--quick] [--seconds S] [--tables 100,300]
[--database [URL|auto]] [--workers N] [--echo]``; ``--quick`` is a ~45 s smoke run
(2 and 10 tables, 4 s each phase, a roll every 2 s).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import pstats
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import _web_postgres as pg
import _web_procs as procs
from _bench import print_header, result, standard_parser
from _web_measure import Tally, schedule
from _web_report import Phase, costs, knee, report
from _web_serving import Server, serving, serving_postgres

TARGET_MS = 50.0
"""Issue 12 §7: p99 under 50 ms at 100 tables x 6 players on SQLite, one process."""
GRACE = 5.0
"""Seconds after the schedule ends that a roll may still arrive."""
COOKIE = "hacktable_session"


# -- the load generator ---------------------------------------------------------------
def _labelled(server: Server, shares: dict[int, float]) -> dict[str, float]:
    """The server's processes' shares by name (``_web_procs.labels``)."""
    named = procs.labels(server.pid, shares)
    return {named[pid]: share for pid, share in shares.items() if pid in named}


async def drive(
    server: Server,
    players: int,
    seconds: float,
    mean: float,
    seed: int,
    clock: Callable[[], float] = time.perf_counter,
) -> Phase:
    """Join every player, open their sockets, play the Poisson schedule, wait for the
    last arrivals, and return the phase's figures."""
    import httpx
    from websockets.asyncio.client import connect
    from websockets.protocol import State

    tally = Tally()
    rng = random.Random(seed)
    base = f"http://127.0.0.1:{server.port}"
    limit = asyncio.Semaphore(32)
    seats = [(t["table"], t["last"], p) for t in server.tables for p in t["players"][:players]]
    # uvicorn drops a connection idle for 5 s; a client that kept it longer could send
    # on it as it closes (a ReadError): forget idle connections a second earlier
    keep = httpx.Limits(keepalive_expiry=4.0)
    clients = [httpx.AsyncClient(base_url=base, timeout=60, limits=keep) for _ in seats]

    async def join(client: httpx.AsyncClient, table: str, token: str) -> str:
        for _ in range(5):  # a 409 (another process appended first) is counted, retried
            async with limit:
                answer = await client.get(f"/t/{table}/join", params={"token": token})
            if answer.status_code != 409:
                break
            tally.errors.append(f"join at {table}: 409 {answer.text[:160]}")
        cookie = answer.cookies.get(COOKIE)
        if answer.status_code != 303 or cookie is None:
            raise RuntimeError(f"joining {table} failed: {answer.status_code} {answer.text}")
        return cookie

    cookies = await asyncio.gather(
        *(join(c, t, p["token"]) for c, (t, _, p) in zip(clients, seats, strict=True))
    )
    rss_joined = procs.rss_kib(server.pid)

    async def open_socket(table: str, last: int, cookie: str) -> Any:
        async with limit:
            return await connect(
                f"ws://127.0.0.1:{server.port}/t/{table}/ws?after={last}",
                additional_headers={"Cookie": f"{COOKIE}={cookie}"},
                max_size=None,
            )

    sockets = await asyncio.gather(
        *(open_socket(t, last, c) for (t, last, _), c in zip(seats, cookies, strict=True))
    )

    received = [0, 0]  # messages, bytes

    async def read(websocket: Any, table: str) -> None:
        try:
            async for message in websocket:
                tally.arrived(table, message, clock())
                received[0] += 1
                received[1] += len(message)
        except Exception as error:  # counted, not raised
            tally.errors.append(f"socket of {table}: {error!r}")

    readers = [
        asyncio.create_task(read(ws, t)) for ws, (t, _, _) in zip(sockets, seats, strict=True)
    ]
    await asyncio.sleep(0.5)  # let the connections settle
    rss_connected = procs.rss_kib(server.pid)

    async def warm(client: httpx.AsyncClient, table: str, character: str) -> None:
        async with limit:  # one unmeasured roll a player: each worker its tables' rules
            await client.post(
                f"/t/{table}/api/command",
                json={"line": f"test {character} STR"},
                headers={"x-hacktable": "1"},
            )

    await asyncio.gather(
        *(warm(c, t, p["character"]) for c, (t, _, p) in zip(clients, seats, strict=True))
    )
    await asyncio.sleep(1.0)  # past the rate limit's window (5 a second per browser)
    plans = [schedule(rng, mean, seconds) for _ in seats]

    async def play(
        client: httpx.AsyncClient, table: str, character: str, plan: list[float]
    ) -> None:
        line = {"line": f"test {character} STR"}
        for offset in plan:
            delay = start + offset - clock()
            if delay > 0:
                await asyncio.sleep(delay)
            sent = clock()
            try:
                answer = await client.post(
                    f"/t/{table}/api/command", json=line, headers={"x-hacktable": "1"}
                )
            except httpx.HTTPError as error:
                tally.errors.append(f"POST at {table}: {error!r}")
                continue
            if answer.status_code != 200:
                tally.errors.append(f"POST at {table}: {answer.status_code} {answer.text[:100]}")
                continue
            tally.sends.append((table, int(answer.json()["seq"]), sent))

    cpu, server_cpu = time.process_time(), procs.read(server.pid)
    pg_cpu = procs.read(server.postgres) if server.postgres else None
    whole = procs.machine()
    start = clock()
    await asyncio.gather(
        *(
            play(client, table, p["character"], plan)
            for client, (table, _, p), plan in zip(clients, seats, plans, strict=True)
        )
    )
    until = clock() + GRACE
    while not tally.complete(players) and clock() < until:
        await asyncio.sleep(0.05)
    wall = clock() - start
    cpu = (time.process_time() - cpu) / wall
    shares = procs.cpu_shares(server_cpu, procs.read(server.pid), wall)
    pg_share = None
    if server.postgres and pg_cpu is not None:
        pg_share = procs.total(procs.cpu_shares(pg_cpu, procs.read(server.postgres), wall))
    busy, ran = (now - then for now, then in zip(procs.machine(), whole, strict=True))
    held = sum(1 for ws in sockets if ws.state is State.OPEN)
    conns = pg.connections(server.database) if server.database else None
    for task in readers:
        task.cancel()
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    await asyncio.gather(*(client.aclose() for client in clients))
    latencies, lost = tally.latencies(players)
    return Phase(
        "",
        len(server.tables),
        len(seats),
        len(tally.sends),
        latencies,
        lost,
        tally.errors,
        wall,
        cpu,
        _labelled(server, shares),
        pg_share,
        rss_joined,
        rss_connected,
        held,
        conns,
        server.note,
        received[0],
        received[1],
        busy / max(ran, 1e-9) * (os.cpu_count() or 1),
    )


def run_phase(server: Server, kind: str, args: argparse.Namespace) -> Phase:
    """Drive ``server``: one phase of ``kind``."""
    seconds, mean = _timing(args)
    phase = asyncio.run(drive(server, args.players, seconds, mean, args.seed))
    phase.kind = kind
    return phase


def _timing(args: argparse.Namespace) -> tuple[float, float]:
    """Each phase's seconds and the mean seconds between a player's rolls."""
    return args.seconds or (4.0 if args.quick else 300.0), args.mean or (
        2.0 if args.quick else 10.0
    )


def phases_at(
    count: int, args: argparse.Namespace, folder: Path, url: str | None, postmaster: int | None
) -> list[Phase]:
    """The phases at ``count`` tables: the bare echo (without ``--database``, or with
    ``--echo``), one process on SQLite, then Postgres with workers (``--database``)."""
    kinds = ["sqlite"]
    if url is None or args.echo:
        kinds.insert(0, "echo")
    if url is not None:
        kinds.append("postgres")
    done: list[Phase] = []
    for kind in kinds:
        where = folder / f"{kind}-{count}"
        where.mkdir()
        profile = where / "profile" if args.profile and kind == "sqlite" else None
        if kind == "postgres":
            assert url is not None
            with serving_postgres(url, postmaster, count, args.players, args.workers, where) as s:
                done.append(run_phase(s, kind, args))
        else:
            served = "echo" if kind == "echo" else "hacktable"
            with serving(served, count, args.players, where, profile) as s:
                done.append(run_phase(s, kind, args))
        print(f"  done: {kind} at {count} tables", flush=True)
        if profile is not None and profile.exists():
            print(f"  profile of the hacktable server at {count} tables:")
            pstats.Stats(str(profile)).sort_stats("tottime").print_stats(25)
    return done


# -- the report -----------------------------------------------------------------------
def headlines(phases: list[Phase], counts: list[int], players: int) -> None:
    """The ratio lines, the issue 12 target, the knee, and the RESULT lines."""
    by = {(p.kind, p.tables): p for p in phases}
    largest = max(counts)
    ours = by[("sqlite", largest)]
    for count in counts:
        mine = by[("sqlite", count)]
        line = f"{count} tables: SQLite p50 {mine.ms(50):.1f} ms, p99 {mine.ms(99):.1f} ms"
        if (bare := by.get(("echo", count))) is not None:
            line += f"; p99 {mine.ms(99) / bare.ms(99):.1f}x the bare echo's ({bare.ms(99):.1f} ms)"
        if (pgp := by.get(("postgres", count))) is not None:
            line += (
                f"; Postgres p50 {pgp.ms(50):.1f} ms ({pgp.ms(50) / mine.ms(50):.2f}x), "
                f"p99 {pgp.ms(99):.1f} ms ({pgp.ms(99) / mine.ms(99):.2f}x SQLite's)"
            )
        print(line)
    for p in phases:
        if p.kind != "echo" and p.latencies:
            print(f"{p.kind} at {p.tables} tables: {costs(p)}")
    if 100 in counts and players == 6:
        target = by[("sqlite", 100)]
        met = target.ms(99) < TARGET_MS and not target.errors and not target.lost
        verdict = "PASS" if met else "MISS"
    else:
        verdict = "not measured (run at 100 tables x 6 players)"
    print(f"issue 12 target: p99 under {TARGET_MS:g} ms at 100 tables x 6 players: {verdict}")
    cores = os.cpu_count() or 1
    postgres = [p for p in phases if p.kind == "postgres"]
    if postgres:
        print(f"Postgres + workers, {knee(postgres, cores)}")
        print(f"SQLite, one process, {knee([p for p in phases if p.kind == 'sqlite'], cores)}")
    result(f"web.p99_ms_{largest}", ours.ms(99), f"ms p99 at {largest} tables, SQLite")
    result(f"web.p50_ms_{largest}", ours.ms(50), f"ms p50 at {largest} tables, SQLite")
    if (echo := by.get(("echo", largest))) is not None:
        result(
            f"web.p99_x_echo_{largest}",
            ours.ms(99) / echo.ms(99),
            "x a bare WebSocket echo's p99, same run (lower is better)",
        )
    if (pgp := by.get(("postgres", largest))) is not None:
        for q in (50, 99):
            result(
                f"web.pg_p{q}_x_sqlite_{largest}",
                pgp.ms(q) / ours.ms(q),
                f"x SQLite's p{q} at {largest} tables, Postgres + workers (lower is better)",
            )
        errors = sum(len(p.errors) + p.lost for p in postgres)
        result("web.pg_errors", errors, "errors and lost deliveries, Postgres phases (target 0)")
    result("web.kib_per_socket", ours.memory_per_client, "KiB of server RSS per socket")
    result("web.client_cpu", ours.client_cpu, "of a core: the load generator's CPU")


def main() -> int:
    """Measure, print the figures and the RESULT lines."""
    parser = standard_parser(__doc__ or "")
    parser.add_argument("--seconds", type=float, default=None, help="each phase's schedule")
    parser.add_argument("--tables", default=None, help="table counts, e.g. 100,300")
    parser.add_argument("--players", type=int, default=6, help="players (sockets) per table")
    parser.add_argument("--mean", type=float, default=None, help="seconds between a player's rolls")
    parser.add_argument("--seed", type=int, default=12, help="the schedule's seed")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the campaign files")
    parser.add_argument("--profile", action="store_true", help="cProfile the SQLite server")
    parser.add_argument(
        "--database",
        nargs="?",
        const="auto",
        default=None,
        help="also a Postgres phase: a server's URL (the user may CREATE DATABASE), or auto "
        "(the default with the flag): a throwaway server for the run",
    )
    parser.add_argument("--workers", type=int, default=2, help="uvicorn workers (--database)")
    parser.add_argument("--echo", action="store_true", help="the bare echo too (--database)")
    args = parser.parse_args()
    seconds, mean = _timing(args)
    default = (
        ("2,10" if args.quick else "10,100")
        if args.database is None
        else ("2,10" if args.quick else "100,300")
    )
    counts = [int(n) for n in (args.tables or default).split(",")]
    servers = ["a bare Starlette echo"] if args.echo or not args.database else []
    servers.append("one process on SQLite campaigns")
    if args.database:
        servers.append(
            f"`hacktable serve --database` with {args.workers} workers (or its one-process"
            f" stand-in) on Postgres ({args.database}), the same campaigns in a fresh database"
        )
    print_header(
        "Web broadcast: a roll's request to its arrival at each of the table's browsers",
        f"""
        tables {", ".join(map(str, counts))} x {args.players} players, one WebSocket each;
        each player POSTs `test CHARACTER STR` at Poisson times, mean {mean:g} s, for
        {seconds:g} s; latency from the POST's sending to the event's arrival at each
        socket of the table; phases, each its own server with the same clients and
        schedule:
        """
        + "\n".join(f"- {each}" for each in servers),
    )
    with contextlib.ExitStack() as stack:
        url, postmaster = args.database, None
        if url == "auto":
            url, postmaster = stack.enter_context(pg.throwaway())
        elif url is not None:
            postmaster = pg.postmaster(url)
        folder = Path(
            stack.enter_context(tempfile.TemporaryDirectory(prefix="hacktable-web-", dir=args.dir))
        )
        phases = [p for count in counts for p in phases_at(count, args, folder, url, postmaster)]
    print()
    print("\n".join(report(phases)))
    print()
    headlines(phases, counts, args.players)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
