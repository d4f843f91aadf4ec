"""Web broadcast: the time from a player's roll to its arrival at every browser of the
table, N tables x 6 players on one server process, as a ratio to a bare WebSocket
echo measured in the same run (issue 12 §7).

Method: for each number of tables (``--tables``, default 10 and 100), two phases, each
with a fresh server process (``_web_server.py``, uvicorn on a loopback port, access log
off): the baseline, a bare Starlette echo with the same URLs (a POST's line is sent to
the table's sockets, numbered; no campaign, no authorisation), then hacktable: one
:class:`~hacktable.web.hub.Hub` of N fresh redhack campaigns (SQLite files in a
temporary folder, ``--dir`` chooses it: every commit is synced), each with 6 players,
a character each and an invite per player. This process is the load generator (asyncio,
httpx, websockets): every player joins with their invite (``GET join``, the cookie
kept), opens one WebSocket, and POSTs ``test CHARACTER STR`` at Poisson times, one every
10 s on average (``--mean``), for ``--seconds`` (300; the schedule is drawn from a
seeded ``random.Random``, the same for both phases). A roll's latency, for each of the
table's 6 sockets (the roller's too), is from just before its POST is sent to the
arrival of the event with the ``seq`` the POST answered (a reply that arrives before
the answer is matched afterwards). A roll that has not reached a socket 5 s after the
end is lost.

Reported per phase: rolls, deliveries, p50, p99 and max latency, lost deliveries,
errors (any refused or failed request), the server's CPU (``/proc/PID/stat``) and this
process's (``time.process_time``), each over the phase's wall time; the server's memory
per connected client: its RSS once every player has joined (tables open) and again once
all their sockets are connected, the difference over the number of sockets. Headlines:
p99 at the largest table count, its ratio to the echo's p99 at the same count, and the
target, p99 under 50 ms at 100 tables x 6 players (PASS or MISS). ``--profile`` runs
the hacktable server under cProfile and prints its top functions. On 2 shared cores
the load generator itself takes a good part of one: its CPU is printed beside the
figures.

Usage: ``python benchmarks/web_broadcast.py [--quick] [--seconds S] [--tables 10,100]``;
``--quick`` is a ~30 s smoke run (2 and 10 tables, 4 s each phase, a roll every 2 s).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import pstats
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _bench import print_header, result, standard_parser
from _web_measure import Tally, percentile, schedule

HERE = Path(__file__).resolve().parent
TARGET_MS = 50.0
"""Issue 12 §7: p99 under 50 ms at 100 tables x 6 players on SQLite, one process."""
GRACE = 5.0
"""Seconds after the schedule ends that a roll may still arrive."""
COOKIE = "hacktable_session"


# -- the server process --------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _ticks(pid: int) -> float:
    """The CPU seconds (user + system) process ``pid`` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    """Process ``pid``'s resident memory (``VmRSS``), in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


@dataclass
class Server:
    """A running server subprocess and what it serves."""

    process: subprocess.Popen[str]
    port: int
    tables: list[dict[str, Any]]

    @property
    def pid(self) -> int:
        return self.process.pid


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
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line.startswith("READY "):
            raise RuntimeError(f"the {kind} server did not start: {line!r}")
        described = json.loads(line[len("READY ") :])
        deadline = time.monotonic() + 60
        while True:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError(f"the {kind} server does not listen on {port}")
            time.sleep(0.05)
        yield Server(process, port, described)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# -- the load generator ---------------------------------------------------------------
@dataclass
class Phase:
    """One phase's figures."""

    kind: str
    tables: int
    sockets: int
    rolls: int
    latencies: list[float]
    lost: int
    errors: list[str]
    wall: float
    client_cpu: float
    server_cpu: float
    rss_joined: int
    rss_connected: int

    @property
    def memory_per_client(self) -> float:
        """KiB of server memory per connected socket."""
        return (self.rss_connected - self.rss_joined) / max(1, self.sockets)

    def ms(self, q: float) -> float:
        return percentile(self.latencies, q) * 1e3


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
        async with limit:
            answer = await client.get(f"/t/{table}/join", params={"token": token})
        cookie = answer.cookies.get(COOKIE)
        if answer.status_code != 303 or cookie is None:
            raise RuntimeError(f"joining {table} failed: {answer.status_code} {answer.text}")
        return cookie

    cookies = await asyncio.gather(
        *(join(c, t, p["token"]) for c, (t, _, p) in zip(clients, seats, strict=True))
    )
    rss_joined = rss_kib(server.pid)

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

    async def read(websocket: Any, table: str) -> None:
        try:
            async for message in websocket:
                tally.arrived(table, message, clock())
        except Exception as error:  # counted, not raised
            tally.errors.append(f"socket of {table}: {error!r}")

    readers = [
        asyncio.create_task(read(ws, t)) for ws, (t, _, _) in zip(sockets, seats, strict=True)
    ]
    await asyncio.sleep(0.5)  # let the connections settle
    rss_connected = rss_kib(server.pid)
    warm: dict[str, tuple[httpx.AsyncClient, str]] = {}  # one unmeasured roll a table:
    for client, (table, _, seat) in zip(clients, seats, strict=True):  # warm caches
        warm.setdefault(table, (client, seat["character"]))
    for table, (client, character) in warm.items():
        await client.post(
            f"/t/{table}/api/command",
            json={"line": f"test {character} STR"},
            headers={"x-hacktable": "1"},
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

    cpu, server_cpu, start = time.process_time(), _ticks(server.pid), clock()
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
    cpu, server_cpu = time.process_time() - cpu, _ticks(server.pid) - server_cpu
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
        cpu / wall,
        server_cpu / wall,
        rss_joined,
        rss_connected,
    )


def run_phase(
    kind: str,
    tables: int,
    players: int,
    seconds: float,
    mean: float,
    seed: int,
    folder: Path,
    profile: Path | None = None,
) -> Phase:
    """One phase against a fresh ``kind`` server (``"echo"`` or ``"hacktable"``)."""
    with serving(kind, tables, players, folder, profile) as server:
        phase = asyncio.run(drive(server, players, seconds, mean, seed))
    phase.kind = kind
    return phase


# -- the report -----------------------------------------------------------------------
def report(phases: list[Phase]) -> None:
    head = (
        f"{'tables':>6} {'sockets':>7} {'server':<10} {'rolls':>6} {'deliveries':>10} "
        f"{'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'lost':>5} {'errors':>6} "
        f"{'server CPU':>10} {'client CPU':>10} {'KiB/socket':>10}"
    )
    print(head)
    print("-" * len(head))
    for p in phases:
        print(
            f"{p.tables:>6} {p.sockets:>7} {p.kind:<10} {p.rolls:>6} {len(p.latencies):>10} "
            f"{p.ms(50):>7.1f} {p.ms(99):>7.1f} {p.ms(100):>7.1f} {p.lost:>5} "
            f"{len(p.errors):>6} {p.server_cpu:>9.0%} {p.client_cpu:>9.0%} "
            f"{p.memory_per_client:>10.0f}"
        )
    for p in phases:
        for error in p.errors[:3]:
            print(f"  {p.kind} at {p.tables} tables: {error}")
    print()


def main() -> int:
    """Measure, print the figures and the RESULT lines."""
    parser = standard_parser(__doc__ or "")
    parser.add_argument("--seconds", type=float, default=None, help="each phase's schedule")
    parser.add_argument("--tables", default=None, help="table counts, e.g. 10,100")
    parser.add_argument("--players", type=int, default=6, help="players (sockets) per table")
    parser.add_argument("--mean", type=float, default=None, help="seconds between a player's rolls")
    parser.add_argument("--seed", type=int, default=12, help="the schedule's seed")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the campaign files")
    parser.add_argument("--profile", action="store_true", help="cProfile the hacktable server")
    args = parser.parse_args()
    seconds = args.seconds or (4.0 if args.quick else 300.0)
    mean = args.mean or (2.0 if args.quick else 10.0)
    counts = [int(n) for n in (args.tables or ("2,10" if args.quick else "10,100")).split(",")]
    print_header(
        "Web broadcast: a roll's request to its arrival at each of the table's browsers",
        f"""
        tables {", ".join(map(str, counts))} x {args.players} players, one WebSocket each;
        each player POSTs `test CHARACTER STR` at Poisson times, mean {mean:g} s, for
        {seconds:g} s; latency from the POST's sending to the event's arrival at each
        socket of the table; baseline: a bare Starlette echo with the same URLs and
        clients, same schedule; one server process per phase, SQLite campaigns.
        """,
    )
    phases: list[Phase] = []
    with tempfile.TemporaryDirectory(prefix="hacktable-web-", dir=args.dir) as folder:
        for count in counts:
            for kind in ("echo", "hacktable"):
                where = Path(folder) / f"{kind}-{count}"
                where.mkdir()
                profile = where / "profile" if args.profile and kind == "hacktable" else None
                phases.append(
                    run_phase(kind, count, args.players, seconds, mean, args.seed, where, profile)
                )
                print(f"  done: {kind} at {count} tables", flush=True)
                if profile is not None and profile.exists():
                    print(f"  profile of the hacktable server at {count} tables:")
                    pstats.Stats(str(profile)).sort_stats("tottime").print_stats(25)
        print()
        report(phases)
    by = {(p.kind, p.tables): p for p in phases}
    largest = max(counts)
    ours, echo = by[("hacktable", largest)], by[("echo", largest)]
    for count in counts:
        mine, bare = by[("hacktable", count)], by[("echo", count)]
        print(
            f"{count} tables: hacktable p50 {mine.ms(50):.1f} ms, p99 {mine.ms(99):.1f} ms; "
            f"p99 {mine.ms(99) / bare.ms(99):.1f}x the bare echo's ({bare.ms(99):.1f} ms)"
        )
    if 100 in counts and args.players == 6:
        target = by[("hacktable", 100)]
        met = target.ms(99) < TARGET_MS and not target.errors and not target.lost
        verdict = "PASS" if met else "MISS"
    else:
        verdict = "not measured (run at 100 tables x 6 players)"
    print(f"target: p99 under {TARGET_MS:g} ms at 100 tables x 6 players: {verdict}")
    print(
        f"memory per connected socket: {ours.memory_per_client:.0f} KiB (hacktable), "
        f"{echo.memory_per_client:.0f} KiB (echo); load generator CPU "
        f"{ours.client_cpu:.0%} of a core (hacktable phase)"
    )
    result(f"web.p99_ms_{largest}", ours.ms(99), f"ms p99 at {largest} tables (target < 50)")
    result(f"web.p50_ms_{largest}", ours.ms(50), f"ms p50 at {largest} tables")
    result(
        f"web.p99_x_echo_{largest}",
        ours.ms(99) / echo.ms(99),
        "x a bare WebSocket echo's p99, same run (lower is better)",
    )
    result("web.kib_per_socket", ours.memory_per_client, "KiB of server RSS per socket")
    result("web.client_cpu", ours.client_cpu, "of a core: the load generator's CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
