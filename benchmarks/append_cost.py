"""Append cost: one console command that stores one event, against a bare
insert-and-commit of the same event row, measured in the same run.

Method (SQLite): a campaign is created in a temporary folder (``--dir`` chooses where:
every commit is synced to disk, so the disk matters) and a session started on it; the
subject is ``CommandLayer.run("note x")`` in-process (the line read, the intent
authorised and resolved, its event checked, applied and appended in one transaction),
and, for contrast, ``roll 1d6`` (which also rolls and records its dice). The baseline
is a bare ``sqlite3`` ``INSERT`` of the very row the store wrote for ``note x``,
followed by ``COMMIT``, into a fresh file in the same folder opened with
``journal_mode=WAL`` and ``synchronous=FULL``, whose tables and indexes are the
campaign file's own (its ``CREATE`` statements copied, the other tables' rows too), so
the row, the table's shape and its indexes are the store's whatever they become. Each
bare insert takes the next number in every unique key (the sequence number). The
measures run in many short alternating rounds (5 of each per round, 201 rounds: a disk
sync's time varies from moment to moment, and short rounds put both sides under the
same conditions), after a warm-up; each figure is the median over rounds of the time
per command or per insert.

Headline: ``note x`` over the bare insert-and-commit (target: at most 1.5x, issue 8).

Postgres: with ``--database postgresql://USER@HOST/DB`` (or ``HACKTABLE_TEST_POSTGRES``
set to such a URL; ``scripts/with-postgres`` starts a throwaway server and sets it) the
same is measured on a campaign in that database (``URL#bench-...``, a new campaign
each run, left there), against a bare psycopg ``INSERT`` and ``COMMIT`` of the same row
into a copy of the store's ``events`` table (``CREATE TABLE ... (LIKE events INCLUDING
ALL)`` in a schema of its own, dropped afterwards), on one connection with the server's
settings; ``fsync`` and ``synchronous_commit`` are printed, since a throwaway server
often turns them off (then neither side waits for the disk). Without a URL, or without
psycopg installed, or while the store cannot open a URL, the Postgres part prints why it
is skipped and the SQLite figures stand.

This is a measurement, not a gate: the exit status is 0 whether or not the target is
met.
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import sys
import tempfile
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from _bench import (
    SKIP_PREFIX,
    per_call,
    print_header,
    ratio,
    result,
    rounds,
    spread,
    standard_parser,
)

try:
    from hacktable.engine.execute import CommandLayer
    from hacktable.engine.session import Session
    from hacktable.store import CampaignStore
except Exception as error:  # the store may be under construction
    IMPORT_ERROR: Exception | None = error
else:
    IMPORT_ERROR = None

TARGET = 1.5
"""The most one stored console command should cost over a bare insert-and-commit."""

SEED = 2026
NOTE, ROLL = "note x", "roll 1d6"
COMMANDS, REPEATS = 5, 201
QUICK_COMMANDS, QUICK_REPEATS = 5, 21
"""Short rounds, many of them: a disk sync's time varies a lot from one moment to the
next, and the median of many short alternating rounds puts both sides under the same
conditions."""
POSTGRES_ENV = "HACKTABLE_TEST_POSTGRES"


def command_loop(layer: CommandLayer, line: str) -> Callable[[int], object]:
    """``n`` runs of ``line`` through the command layer."""

    def run(n: int) -> None:
        for _ in range(n):
            layer.run(line)

    return run


def vary(row: dict[str, Any], keys: Sequence[Sequence[str]]) -> Callable[[], dict[str, Any]]:
    """A function giving ``row`` again with the next number in one column of each
    unique key (an integer column, else a text one gets a suffix), so that repeated
    inserts of it are accepted."""
    varied: list[str] = []
    for key in keys:
        if any(column in varied for column in key):
            continue
        whole = [c for c in key if isinstance(row.get(c), int) and not isinstance(row[c], bool)]
        text = [c for c in key if isinstance(row.get(c), str)]
        if whole or text:
            varied.append((whole or text)[0])
    counter = iter(range(1, sys.maxsize))

    def next_row() -> dict[str, Any]:
        number = next(counter)
        fresh = dict(row)
        for column in varied:
            fresh[column] = number if isinstance(row[column], int) else f"{row[column]}~{number}"
        return fresh

    return next_row


# -- SQLite --------------------------------------------------------------------------------


def sqlite_shape(path: Path) -> tuple[list[str], dict[str, list[tuple[Any, ...]]], dict[str, Any]]:
    """The campaign file's ``CREATE`` statements, the rows of its tables other than
    ``events``, and its latest ``note x`` event row (read with a connection of its own,
    while no store has the file open)."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        statements = [
            sql
            for (sql,) in connection.execute(
                "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL "
                "AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
            )
        ]
        tables = [
            name
            for (name,) in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' AND name != 'events'"
            )
        ]
        others = {name: connection.execute(f'SELECT * FROM "{name}"').fetchall() for name in tables}
        connection.row_factory = sqlite3.Row
        found = connection.execute(
            "SELECT * FROM events WHERE command = ? ORDER BY rowid DESC LIMIT 1", (NOTE,)
        ).fetchone()
        if found is None:
            raise RuntimeError(f"no {NOTE!r} event in {path}")
        return statements, others, dict(found)
    finally:
        connection.close()


def sqlite_unique_keys(connection: sqlite3.Connection, table: str) -> list[list[str]]:
    """The columns of each unique key of ``table`` (its primary key first)."""
    info = connection.execute(f'PRAGMA table_info("{table}")').fetchall()
    primary = [name for _, name, _, _, _, pk in sorted(info, key=lambda c: c[5]) if pk]
    keys = [primary] if primary else []
    for _, name, unique, *_ in connection.execute(f'PRAGMA index_list("{table}")'):
        if unique:
            keys.append(
                [column for _, _, column in connection.execute(f'PRAGMA index_info("{name}")')]
            )
    return keys


@contextmanager
def bare_sqlite(
    path: Path, statements: list[str], others: dict[str, list[tuple[Any, ...]]], row: dict[str, Any]
) -> Iterator[Callable[[int], object]]:
    """A fresh SQLite file shaped like the campaign's; yields ``n`` bare inserts-and-commits
    of ``row`` (the next sequence number each time)."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        for statement in statements:
            connection.execute(statement)
        for table, rows in others.items():
            if rows:
                marks = ", ".join("?" * len(rows[0]))
                connection.executemany(f'INSERT INTO "{table}" VALUES ({marks})', rows)
        connection.commit()
        columns = list(row)
        insert = (
            f"INSERT INTO events ({', '.join(columns)}) "
            f"VALUES ({', '.join(':' + c for c in columns)})"
        )
        next_row = vary(row, sqlite_unique_keys(connection, "events"))

        def run(n: int) -> None:
            for _ in range(n):
                connection.execute(insert, next_row())
                connection.commit()

        yield run
    finally:
        connection.close()


def journal_mode(path: Path) -> str:
    """The journal mode a campaign file is in (WAL is kept in the file; others are not)."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return str(connection.execute("PRAGMA journal_mode").fetchone()[0])
    finally:
        connection.close()


def measure(
    subjects: dict[str, Callable[[int], object]],
    bare: Callable[[int], object],
    commands: int,
    repeats: int,
) -> dict[str, list[float]]:
    """Warm up, then time ``commands`` of each subject and of ``bare`` per round."""
    for run in (*subjects.values(), bare):
        run(3)
    measures = {name: (lambda r=run: per_call(r, commands)) for name, run in subjects.items()}
    measures["bare"] = lambda: per_call(bare, commands)
    return rounds(measures, repeats)


def report(
    backend: str, samples: dict[str, list[float]], lines: dict[str, str], baseline: str
) -> float:
    """Print one backend's table; returns the headline (``note x`` over the bare insert)."""
    print(f"{backend}: {'measure':<44} {'median':>9} {'spread':>6} {'x bare':>7}")
    shown = {**lines, "bare": baseline}
    for name, times in samples.items():
        print(
            f"{backend}: {shown[name]:<44} {statistics.median(times) * 1e3:6.3f} ms "
            f"{spread(times):>6} {ratio(times, samples['bare']):6.2f}x"
        )
    headline = ratio(samples["note"], samples["bare"])
    verdict = "target met" if headline <= TARGET else "target missed"
    print(
        f"{backend}: one `{NOTE}` costs {headline:.2f} bare inserts-and-commits "
        f"(target: at most {TARGET:g}x): {verdict}."
    )
    print()
    return headline


def run_sqlite(folder: Path, commands: int, repeats: int) -> dict[str, list[float]]:
    """The SQLite measures (see the module)."""
    path = folder / "campaign.db"
    store = CampaignStore.open(path, ruleset="redhack")
    with store:
        CommandLayer(Session(store, seed=SEED, source="benchmark")).run(NOTE)
    statements, others, row = sqlite_shape(path)
    mode = journal_mode(path)
    print(f"SQLite: campaign file {path} (journal mode {mode}); bare file in the same folder")
    print(f"SQLite: the row: {len(row)} columns, {sum(len(str(v)) for v in row.values())} chars")
    store = CampaignStore.open(path, ruleset="redhack")
    with store, bare_sqlite(folder / "bare.db", statements, others, row) as bare:
        layer = CommandLayer(Session(store, seed=SEED, source="benchmark"))
        subjects = {"note": command_loop(layer, NOTE), "roll": command_loop(layer, ROLL)}
        return measure(subjects, bare, commands, repeats)


# -- Postgres ------------------------------------------------------------------------------


def run_postgres(url: str, commands: int, repeats: int) -> dict[str, list[float]] | str:
    """The Postgres measures, or why they cannot be taken here."""
    try:
        import psycopg
        from psycopg.types.json import Json, Jsonb
    except ImportError:
        return "psycopg is not installed (pip install 'psycopg[binary]')"
    base = url.split("#", 1)[0]
    campaign = f"bench-{uuid.uuid4().hex[:12]}"
    try:
        store = CampaignStore.open(f"{base}#{campaign}", ruleset="redhack")
    except Exception as error:
        return f"the store cannot open {base}#{campaign}: {type(error).__name__}: {error}"
    schema = f"hacktable_bench_{uuid.uuid4().hex[:12]}"
    with store, psycopg.connect(base) as connection:
        layer = CommandLayer(Session(store, seed=SEED, source="benchmark"))
        layer.run(NOTE)
        settings = {
            name: connection.execute(f"SHOW {name}").fetchone()[0]  # type: ignore[index]
            for name in ("fsync", "synchronous_commit")
        }
        print(f"Postgres: campaign {campaign} in {base.rpartition('@')[2]}; server settings:")
        print("Postgres:   " + ", ".join(f"{k}={v}" for k, v in settings.items()))
        if "off" in settings.values():
            print("Postgres:   (durability is off: neither side waits for the disk)")
        cursor = connection.execute(
            "SELECT * FROM events WHERE command = %s ORDER BY seq DESC LIMIT 1", (NOTE,)
        )
        found = cursor.fetchone()
        if found is None or cursor.description is None:
            return f"no {NOTE!r} event found in the events table"
        row = dict(zip([c.name for c in cursor.description], found, strict=True))
        connection.execute(f"CREATE SCHEMA {schema}")
        connection.execute(f"CREATE TABLE {schema}.events (LIKE events INCLUDING ALL)")
        connection.commit()
        try:
            types = dict(
                connection.execute(
                    "SELECT column_name, data_type FROM information_schema.columns "
                    "WHERE table_schema = %s AND table_name = 'events'",
                    (schema,),
                ).fetchall()
            )
            keys: dict[str, list[str]] = {}
            for index, column in connection.execute(
                "SELECT i.indexrelid::regclass::text, a.attname FROM pg_index i "
                "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) "
                "WHERE i.indrelid = %s::regclass AND i.indisunique ORDER BY i.indisprimary DESC",
                (f"{schema}.events",),
            ):
                keys.setdefault(index, []).append(column)
            connection.commit()
            wrap = {"json": Json, "jsonb": Jsonb}
            columns = list(row)
            insert = (
                f"INSERT INTO {schema}.events ({', '.join(columns)}) OVERRIDING SYSTEM VALUE "
                f"VALUES ({', '.join('%s' for _ in columns)})"
            )
            next_row = vary(row, list(keys.values()))

            def bare(n: int) -> None:
                for _ in range(n):
                    fresh = next_row()
                    values = [
                        wrap[types[c]](fresh[c]) if types.get(c) in wrap else fresh[c]
                        for c in columns
                    ]
                    connection.execute(insert, values)  # type: ignore[arg-type]
                    connection.commit()

            subjects = {"note": command_loop(layer, NOTE), "roll": command_loop(layer, ROLL)}
            return measure(subjects, bare, commands, repeats)
        finally:
            connection.rollback()
            connection.execute(f"DROP SCHEMA {schema} CASCADE")
            connection.commit()


def main() -> int:
    """Measure, print the figures and the RESULT lines."""
    parser = standard_parser(__doc__ or "")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the SQLite files")
    parser.add_argument(
        "--database",
        default=os.environ.get(POSTGRES_ENV, ""),
        help=f"a postgresql:// URL for the Postgres figures (default: ${POSTGRES_ENV})",
    )
    args = parser.parse_args()
    if IMPORT_ERROR is not None:
        print(
            f"{SKIP_PREFIX}the engine or campaign store does not import: "
            f"{type(IMPORT_ERROR).__name__}: {IMPORT_ERROR}"
        )
        return 0
    commands, repeats = (QUICK_COMMANDS, QUICK_REPEATS) if args.quick else (COMMANDS, REPEATS)
    print_header(
        "One stored console command vs a bare insert-and-commit",
        f"""
        `{NOTE}` and `{ROLL}` through CommandLayer.run, in-process, vs a bare INSERT + COMMIT
        of the same event row into a table of the same shape; {commands} of each per
        round, {repeats} alternating rounds, medians of the time per command.
        ratio = time per command / time per bare insert-and-commit (lower is better).
        """,
    )
    lines = {"note": f"`{NOTE}` (CommandLayer.run)", "roll": f"`{ROLL}` (CommandLayer.run)"}
    with tempfile.TemporaryDirectory(prefix="hacktable-bench-", dir=args.dir) as name:
        sqlite_samples = run_sqlite(Path(name), commands, repeats)
    sqlite_headline = report("SQLite", sqlite_samples, lines, "bare sqlite3 INSERT + COMMIT")
    postgres: dict[str, list[float]] | str = (
        f"no --database URL and no ${POSTGRES_ENV}"
        if not args.database
        else run_postgres(args.database, commands, repeats)
    )
    results = [
        (
            "append_cost.sqlite",
            sqlite_headline,
            f"x bare sqlite3 insert+commit (target <= {TARGET:g}x)",
        ),
        (
            "append_cost.sqlite_ms",
            statistics.median(sqlite_samples["note"]) * 1e3,
            "ms per `note x` on SQLite (absolute)",
        ),
    ]
    if isinstance(postgres, str):
        print(f"Postgres: skipped: {postgres}.")
        print()
    else:
        headline = report("Postgres", postgres, lines, "bare psycopg INSERT + COMMIT")
        results.append(
            (
                "append_cost.postgres",
                headline,
                f"x bare psycopg insert+commit (target <= {TARGET:g}x)",
            )
        )
    for name, value, description in results:
        result(name, value, description)
    return 0


if __name__ == "__main__":
    sys.exit(main())
