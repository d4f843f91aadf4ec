"""NOTIFY's cost to commits: concurrent writers appending one row a transaction to a
Postgres table, with and without ``pg_notify`` (issue 13 §3,
the paper design for 10,000 tables in docs/design-issue13-load.md).

A transaction that notifies takes a lock on the whole instance while it commits (so
that notifications are queued in commit order): its commit, the WAL flush with it, is
serialised with every other notifying commit. This measures how much that costs the
commit rate when many writers commit at once, as every table's roll does.

Method: a throwaway Postgres (as ``web_broadcast.py --database auto``, fsync on), or
``--database URL``; ``--writers`` threads (default 16), each its own connection, each
committing an ``INSERT`` of a ~700-byte row (a roll's event is about that) in a loop
for 5 s a round (1 s with ``--quick``), a fresh table a round. Three ways, in
alternating rounds, 3 each (1 with ``--quick``): *plain*, the insert alone; *inside*,
the insert then ``pg_notify('hacktable', 'tNNNN:SEQ')`` in the same transaction (what
a notification delivered only if committed needs); *after*, the insert committed,
then ``pg_notify`` in a transaction of its own with ``synchronous_commit`` off (it
does not wait for a WAL flush under the lock; a notification lost in a crash is
caught by the tables' slow poll). One connection LISTENs throughout and counts what
it receives. Reported: commits a second of each (median of the rounds), and each
notifying way's ratio to *plain*.

Usage: ``python benchmarks/notify_commits.py [--quick] [--database URL] [--writers N]``.
"""

from __future__ import annotations

import contextlib
import functools
import statistics
import threading
import time
from collections.abc import Iterator
from typing import Any

import _web_postgres as pg
from _bench import print_header, result, rounds, standard_parser

ROW = "x" * 700


def _commits(url: str, writers: int, seconds: float, notify: str, table: str) -> float:
    """Commits a second of ``writers`` threads appending to ``table`` for ``seconds``;
    ``notify``: ``""`` (none), ``"inside"`` (in the same transaction) or ``"after"``
    (its own transaction once the row is committed, ``synchronous_commit`` off)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP TABLE IF EXISTS {table}")
        admin.execute(f"CREATE TABLE {table} (seq bigserial PRIMARY KEY, body text)")
    counts = [0] * writers
    stop = time.perf_counter() + seconds
    start = threading.Barrier(writers)

    def write(index: int) -> None:
        with psycopg.connect(url) as connection:
            start.wait()
            while time.perf_counter() < stop:
                with connection.transaction():
                    row: Any = connection.execute(
                        f"INSERT INTO {table} (body) VALUES (%s) RETURNING seq", (ROW,)
                    ).fetchone()
                    if notify == "inside":
                        payload = f"t{index:04d}:{row[0]}"
                        connection.execute("SELECT pg_notify('hacktable', %s)", (payload,))
                if notify == "after":
                    with connection.transaction():
                        connection.execute("SET LOCAL synchronous_commit = off")
                        payload = f"t{index:04d}:{row[0]}"
                        connection.execute("SELECT pg_notify('hacktable', %s)", (payload,))
                counts[index] += 1

    threads = [threading.Thread(target=write, args=(i,)) for i in range(writers)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(counts) / (time.perf_counter() - began)


@contextlib.contextmanager
def _listening(url: str, heard: list[int]) -> Iterator[None]:
    """A connection LISTENing on the channel all along, counting into ``heard[0]``."""
    import psycopg

    done = threading.Event()

    def listen() -> None:
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute("LISTEN hacktable")
            while not done.is_set():
                for _ in connection.notifies(timeout=0.2):
                    heard[0] += 1

    thread = threading.Thread(target=listen)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


def main() -> int:
    parser = standard_parser(__doc__ or "")
    parser.add_argument("--database", default="auto", help="a server's URL, or auto")
    parser.add_argument("--writers", type=int, default=16, help="concurrent writers")
    args = parser.parse_args()
    seconds, repeats = (1.0, 1) if args.quick else (5.0, 3)
    print_header(
        "NOTIFY's cost to concurrent commits (Postgres)",
        f"""
        {args.writers} writers, one ~700-byte INSERT a transaction, {seconds:g} s a round,
        {repeats} rounds each way, alternating; with NOTIFY: pg_notify in the same
        transaction (one channel, payload table:seq); fsync on.
        """,
    )
    with contextlib.ExitStack() as stack:
        url = args.database
        if url == "auto":
            url, _ = stack.enter_context(pg.throwaway(max_connections=100))
        heard = [0]
        stack.enter_context(_listening(url, heard))
        rounds_done = iter(range(1_000_000))
        samples = rounds(
            {
                name: functools.partial(
                    lambda mode: _commits(
                        url, args.writers, seconds, mode, f"bench_{next(rounds_done)}"
                    ),
                    mode,
                )
                for name, mode in (("plain", ""), ("inside", "inside"), ("after", "after"))
            },
            repeats,
        )
    medians = {name: statistics.median(values) for name, values in samples.items()}
    for name, value in medians.items():
        each = ", ".join(f"{v:.0f}" for v in samples[name])
        print(f"{name + ':':<8}{value:8.0f} commits/s  (rounds: {each})")
    print(f"notifications received by the listener: {heard[0]}")
    plain = medians["plain"]
    result("notify.commits_per_s", medians["inside"], "commits/s, NOTIFY in the transaction")
    result("notify.inside_x_plain", medians["inside"] / plain, "x the rate without NOTIFY")
    result("notify.after_x_plain", medians["after"] / plain, "x, NOTIFY after the commit")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
