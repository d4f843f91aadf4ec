"""The load benchmark's accounting on Postgres with workers (issue 13 §3;
``benchmarks/_web_procs.py``, ``_web_report.py``, ``_web_postgres.py``): the CPU of
process trees read from ``/proc`` stat lines, the report's figures, the knee of the
curve, and the Postgres set-up (skipped without ``HACKTABLE_TEST_POSTGRES``)."""

from __future__ import annotations

import contextlib
import os
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import _web_postgres as pg
import _web_procs as procs
from _web_report import Phase, costs, knee, report
from tests.store.backends import postgres_server

TICK = os.sysconf("SC_CLK_TCK")


def _stat_line(pid: int, name: str, ppid: int, utime: int, stime: int, cu: int, cs: int) -> str:
    fields = ["S", str(ppid), *(["0"] * 9), str(utime), str(stime), str(cu), str(cs)]
    return f"{pid} ({name}) " + " ".join([*fields, *(["0"] * 30)])


def test_a_stat_line_with_a_strange_command_name() -> None:
    """The command name runs to the last ``)``: spaces and parentheses in it are kept."""
    line = _stat_line(42, "post (gres) x", 7, 3 * TICK, TICK, 2 * TICK, 0)
    parsed = procs.parse_stat(line)
    assert (parsed.pid, parsed.name, parsed.ppid) == (42, "post (gres) x", 7)
    assert parsed.own == pytest.approx(4.0)
    assert parsed.reaped == pytest.approx(2.0)


def test_the_tree_of_this_process_holds_it() -> None:
    found = procs.descendants(os.getpid())
    assert found[0].pid == os.getpid()
    assert procs.rss_kib(os.getpid()) > 0


def test_cpu_shares_count_a_process_that_went_once() -> None:
    """Issue 13 §3 "CPU of Postgres (all postgres processes)": a backend that used 3 s
    before the phase and 1 s in it, then exited, is reaped by the postmaster (whose
    reaped time then holds all 4 s): the phase counts 1 s of it, not 4; a backend born
    in the phase counts from zero."""
    before = {1: ("postgres", 0, 10.0), 2: ("postgres", 1, 3.0)}
    after = {1: ("postgres", 0, 10.0 + 0.5 + 4.0), 3: ("postgres", 1, 2.0)}
    shares = procs.cpu_shares(before, after, wall=10.0)
    assert shares == {1: pytest.approx(0.15), 3: pytest.approx(0.2)}
    assert procs.total(shares) == pytest.approx(0.35)  # 0.5 + 1 + 2 s over 10 s


def test_a_servers_processes_are_named_workers_but_for_its_resource_tracker() -> None:
    """uvicorn's ``--workers``: a supervisor, multiprocessing's resource tracker, and the
    workers; each worker's CPU is reported on its own (issue 13 §3)."""
    import subprocess

    waiting = "import sys; sys.stdin.read()"
    started = [
        subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE)
        for code in (f"{waiting} # resource_tracker", waiting, waiting)
    ]
    try:
        pids = [child.pid for child in started]
        named = procs.labels(os.getpid(), [os.getpid(), *pids])
        assert [named[pid] for pid in (os.getpid(), *pids)] == ["main", "tracker", "w1", "w2"]
        assert procs.labels(os.getpid(), [os.getpid()]) == {os.getpid(): "server"}
        assert {s.pid for s in procs.descendants(os.getpid())} >= set(pids)
    finally:
        for child in started:
            child.communicate(b"")


def _phase(kind: str, tables: int, p99: float, **cpu: float) -> Phase:
    latencies = [0.010] * 98 + [p99, p99]
    workers = {k: v for k, v in cpu.items() if k not in ("gen", "pg")}
    return Phase(
        kind,
        tables,
        tables * 6,
        100,
        latencies,
        0,
        [],
        10.0,
        cpu.get("gen", 0.1),
        workers,
        cpu.get("pg"),
        pg_connections=tables * 2,
        open_sockets=tables * 6,
    )


def test_the_report_shows_every_process_and_the_connections_held() -> None:
    phase = _phase("postgres", 100, 0.030, gen=0.25, main=0.01, w1=0.4, w2=0.38, pg=0.3)
    phase.note = "stand-in"
    lines = report([phase])
    row = lines[2].split()
    assert row[:3] == ["100", "600", "postgres"]
    assert row[4:6] == ["10.0", "30.0"]  # p50, p99 in ms
    assert row[8:12] == ["0", "600", "200", "25%"]  # errors, sockets open, pg conns, generator
    assert row[12:14] == ["79%", "30%"]  # the server's processes together, Postgres
    assert lines[2].endswith("main 1% w1 40% w2 38%")
    assert row[14] == "0%"  # no other process busy (the machine's CPU is ours)
    assert lines[3] == "  postgres at 100 tables: stand-in"
    assert phase.workers == {"w1": 0.4, "w2": 0.38}


def test_the_cost_of_a_roll_and_of_a_delivery() -> None:
    """The figures the paper design for 10,000 tables scales (issue 13 §3): 100 rolls
    in 10 s at 100 tables, 600 deliveries; the server at 80% of a core is 8 s of CPU,
    80 ms a roll and 13.3 ms a delivery; Postgres at 30% 3 s, 30 ms a roll."""
    phase = _phase("postgres", 100, 0.030, w1=0.4, w2=0.4, pg=0.3)
    phase.latencies = phase.latencies * 6
    phase.messages, phase.bytes_received = 600, 600 * 1500
    assert costs(phase) == (
        "0.100 rolls/s a table, 1500 B a message; server CPU 80.00 ms a roll, "
        "13333 µs a delivery; Postgres CPU 30.00 ms a roll"
    )


@pytest.mark.parametrize(
    ("cpu", "said"),
    [
        ({"gen": 0.95, "w1": 0.3, "w2": 0.3, "pg": 0.1}, "the load generator's CPU (95%)"),
        ({"gen": 0.5, "w1": 0.5, "w2": 0.4, "pg": 0.4}, "every core busy (180% of 2 cores"),
        ({"gen": 0.3, "w1": 0.9, "w2": 0.2, "pg": 0.1}, "worker w1's CPU (90% of a core)"),
        ({"gen": 0.2, "w1": 0.2, "w2": 0.2, "pg": 0.9}, "Postgres' CPU (90% of a core)"),
    ],
)
def test_the_knee_names_what_saturates_first(cpu: dict[str, float], said: str) -> None:
    """Issue 13 §3: "so that the knee of the curve can be read as the machine's or the
    design's"."""
    low = _phase("postgres", 100, 0.020, gen=0.1, w1=0.1, w2=0.1, pg=0.05)
    high = _phase("postgres", 300, 0.025, **cpu)
    assert said in knee([high, low], cores=2)
    assert "at 300 tables" in knee([low, high], cores=2)


def test_a_machine_busy_with_other_work_is_the_machines_knee() -> None:
    """Latency that grows because other processes took the cores is not the
    design's: /proc/stat's busy time counts them."""
    low = _phase("postgres", 100, 0.020, gen=0.1, w1=0.1, w2=0.1, pg=0.05)
    high = _phase("postgres", 300, 0.200, gen=0.2, w1=0.2, w2=0.2, pg=0.1)
    high.machine_cpu = 1.9
    assert high.others_cpu == pytest.approx(1.2)
    said = knee([low, high], cores=2)
    assert said.startswith("knee at 300 tables: every core busy (190% of 2 cores")
    assert "most in other processes" in said


def test_the_machines_busy_time_from_proc_stat() -> None:
    busy, total = procs.parse_machine(f"cpu  {4 * TICK} 0 {TICK} {5 * TICK} {TICK} 0 0 0 0 0\n")
    assert (busy, total) == (pytest.approx(5.0), pytest.approx(11.0))
    now = procs.machine()
    assert 0 < now[0] <= now[1]


def test_latency_growing_with_idle_cpu_is_the_designs_knee() -> None:
    low = _phase("postgres", 100, 0.020, gen=0.1, w1=0.1, w2=0.1, pg=0.05)
    high = _phase("postgres", 300, 0.200, gen=0.2, w1=0.2, w2=0.2, pg=0.1)
    assert knee([low, high], cores=2).endswith("the design's")
    steady = _phase("postgres", 300, 0.030, gen=0.2, w1=0.2, w2=0.2, pg=0.1)
    assert knee([low, steady], cores=2).startswith("knee: none up to 300 tables")


def test_the_stand_in_serves_every_campaign_in_one_process(monkeypatch) -> None:
    """Until ``serve --database`` exists, the Postgres phase runs ``serve -c URL#t0001
    -c ...`` and says that it has no workers."""
    url = "postgresql://postgres@127.0.0.1:5/hacktable_bench_3"
    monkeypatch.setattr(pg, "serves_databases", lambda: False)
    command, note = pg.serve_command(url, 3, 2, 8123)
    assert command[-6:] == ["-c", f"{url}#t0001", "-c", f"{url}#t0002", "-c", f"{url}#t0003"]
    assert "--workers 2 not run" in note
    monkeypatch.setattr(pg, "serves_databases", lambda: True)
    command, note = pg.serve_command(url, 3, 2, 8123)
    assert command[-4:] == ["--database", url, "--workers", "2"]
    assert note == ""


def test_the_campaigns_are_copies_of_the_template_in_a_fresh_database(tmp_path: Path) -> None:
    """Issue 13 §3 "100 and 300 tables x 6 players": each table a campaign of its own
    (``URL#t0001``...) with the template's players, invites and hash chain."""
    import _web_server
    from hacktable.store import open_store

    server = postgres_server()
    template = _web_server.build(tmp_path, 1, 2)[0]
    name = f"hacktable_bench_test_{uuid.uuid4().hex[:8]}"
    with fresh_and_seeded(server, name, template["file"]) as (database, last):
        with contextlib.closing(open_store(template["file"], create=False)) as source:
            expected = [(e.seq, e.hash) for e in source.events()]
        for url in pg.campaign_urls(database, 3):
            with contextlib.closing(open_store(url, create=False)) as copy:
                assert [(e.seq, e.hash) for e in copy.events()] == expected
        assert last == expected[-1][0]
        held = pg.connections(database)
        with contextlib.closing(open_store(f"{database}#t0001", create=False)):
            assert pg.connections(database) == held + 1
        postmaster = pg.postmaster(database)
        assert postmaster is None or procs.stat(postmaster) is not None
    import psycopg

    with psycopg.connect(server) as admin:
        gone = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchall()
    assert gone == []  # the phase's database is dropped afterwards


@contextlib.contextmanager
def fresh_and_seeded(server: str, name: str, template: str) -> Iterator[tuple[str, int]]:
    """A fresh database of 3 campaigns copied from ``template``; its URL, last seq."""
    with pg.fresh_database(server, name) as database:
        yield database, pg.seed(pg.campaign_urls(database, 3), template)
