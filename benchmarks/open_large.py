"""Opening a large campaign: open + one command, and open + ``undo``, on a campaign of
20,000 events, against the same on an empty one, measured in the same run.

Method: two campaign files are made once per run in a temporary folder (``--dir``
chooses where):

- *empty*: one character (``character new Tomas --class cleric --kit 1``) and one
  ``hp Tomas -1``, so that ``undo`` has the same kind of target as on the large one;
- *large*: the same character, then 20,000 events (``--events``) of alternating HP
  changes (``hp Tomas -1``, ``hp Tomas +1``, ...), which the state replays: the two
  events the real commands stored are read back and appended again and again through
  ``CampaignStore.append_all`` in batches of 1,000 (one transaction each), so their
  shape is whatever the store and the engine make today.

One sample is what a console does when it starts and the GM types one line: open the
store (``CampaignStore.open``), start a ``Session``, ``CommandLayer.run`` the line, close
the store; in-process, so imports and the ruleset's content are warm. Each sample starts
from a fresh copy of its file (the copy is not timed), so every sample opens the same
log. The line is ``hp Tomas -1`` (one command) or ``undo`` (which finds the latest
action that changed something: the last HP change). The four measures run in
alternating rounds (up to 11, fewer once 40 s have passed, at least 3), after a
warm-up run of each on the empty campaign; in a round, a measure is taken up to 7 times
while it has taken under a quarter of a second (an empty campaign's figure is mostly
disk syncs, whose time varies: it gets several samples a round, a slow measure one);
each figure is the median over all its samples.

Headlines: open + one command on the large campaign over the same on the empty one
(target: at most 1.5x, issue 8), and open + ``undo`` on the large one over the same on
the empty one (target: at most 2x). Absolute milliseconds are printed too.

This is a measurement, not a gate: the exit status is 0 whether or not a target is met.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _bench import SKIP_PREFIX, print_header, ratio, result, spread, standard_parser

try:
    from hacktable.engine.execute import CommandLayer
    from hacktable.engine.session import Session
    from hacktable.play.events import Event
    from hacktable.store import CampaignStore
except Exception as error:  # the store may be under construction
    IMPORT_ERROR: Exception | None = error
else:
    IMPORT_ERROR = None

TARGETS = {"command": 1.5, "undo": 2.0}
UNDO = "undo --force"
"""Each sample begins a game session, so its undo reaches back into the one before:
``--force`` says yes, as a script must (docs/rulings.md H214)."""
"""Headline -> the most its large campaign may cost over the empty one."""

SEED = 2026
CHARACTER = "character new Tomas --class cleric --kit 1"
COMMAND = "hp Tomas -1"
EVENTS, BATCH = 20_000, 1_000
REPEATS, QUICK_REPEATS, MIN_REPEATS = 11, 3, 3
PER_ROUND, SLICE = 7, 0.25
"""At most how many samples of one measure a round takes, and for how long (seconds)."""
BUDGET = 40.0
"""Seconds of measuring after which no further round starts (once ``MIN_REPEATS`` are
done): while opening is slow, a round of a large campaign takes many seconds."""
QUICK_EVENTS = 5_000
STORE_FILLS = ("seq", "at", "prev_hash", "hash")
"""Event fields the store fills in: reset to their defaults before appending again."""


def start(path: Path) -> tuple[CampaignStore, CommandLayer]:
    """Open (or create) the campaign at ``path`` and start a session on it."""
    store = CampaignStore.open(path, ruleset="redhack")
    return store, CommandLayer(Session(store, seed=SEED, source="benchmark"))


def unstored(event: Event) -> Event:
    """``event`` without what the store filled in (sequence number, time, hashes)."""
    defaults = {
        field.name: field.default
        for field in dataclasses.fields(event)
        if field.name in STORE_FILLS and field.default is not dataclasses.MISSING
    }
    return dataclasses.replace(event, **defaults)


def make_empty(path: Path) -> None:
    """One character and one HP change."""
    store, layer = start(path)
    with store:
        layer.run(CHARACTER)
        layer.run(COMMAND)


def make_large(path: Path, events: int) -> int:
    """One character, then ``events`` alternating HP changes; returns the log's length."""
    store, layer = start(path)
    with store:
        layer.run(CHARACTER)
        layer.run("hp Tomas -1")
        layer.run("hp Tomas +1")
        down, up = (unstored(event) for event in store.last(2))
        alternating = [down if n % 2 == 0 else up for n in range(events - 2)]
        for first in range(0, len(alternating), BATCH):
            store.append_all(alternating[first : first + BATCH], expected_seq=store.last_seq())
        # A campaign played this long through hacktable has its snapshots (one per
        # SNAPSHOT_EVERY events): opening it once takes the snapshot these appends skipped.
        Session(store, source="benchmark")
        return store.last_seq()


def copy_campaign(source: Path, target: Path) -> None:
    """Copy a closed campaign file (and a write-ahead log beside it, if any)."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        target.with_name(target.name + suffix).unlink(missing_ok=True)
    shutil.copyfile(source, target)
    wal = source.with_name(source.name + "-wal")
    if wal.exists():
        shutil.copyfile(wal, target.with_name(target.name + "-wal"))
    for copied in (target, target.with_name(target.name + "-wal")):
        if copied.exists():  # on disk before the clock starts: the store's first fsync
            with copied.open("rb+") as file:  # would otherwise write the whole copy
                os.fsync(file.fileno())


def open_and_run(template: Path, working: Path, line: str) -> Callable[[], float]:
    """One sample: seconds to open a fresh copy of ``template``, start a session, run
    ``line`` and close the store."""

    def sample() -> float:
        copy_campaign(template, working)
        begin = time.perf_counter()
        store, layer = start(working)
        with store:
            layer.run(line)
        return time.perf_counter() - begin

    return sample


def budgeted_rounds(
    measures: dict[tuple[str, str], Callable[[], float]], repeats: int
) -> tuple[dict[tuple[str, str], list[float]], int]:
    """Up to ``repeats`` alternating rounds (the order rotating each round, as
    :func:`_bench.rounds`), stopping early once :data:`MIN_REPEATS` are done and
    :data:`BUDGET` seconds have passed. In each round a measure is taken up to
    :data:`PER_ROUND` times while it has taken under :data:`SLICE` seconds in that round,
    so a quick one (an empty campaign, whose figure is mostly a disk sync) gives several
    samples a round and a slow one gives one."""
    samples: dict[tuple[str, str], list[float]] = {key: [] for key in measures}
    names = list(measures)
    begin = time.perf_counter()
    done = 0
    for index in range(repeats):
        if index >= MIN_REPEATS and time.perf_counter() - begin > BUDGET:
            break
        done += 1
        shift = index % len(names)
        for key in names[shift:] + names[:shift]:
            spent = 0.0
            for _ in range(PER_ROUND):
                taken = measures[key]()
                samples[key].append(taken)
                spent += taken
                if spent >= SLICE:
                    break
    return samples, done


def main() -> int:
    """Measure, print the figures and the RESULT lines."""
    parser = standard_parser(__doc__ or "")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the campaign files")
    parser.add_argument(
        "--events",
        type=int,
        default=None,
        help=f"events in the large campaign (default {EVENTS:,}; {QUICK_EVENTS:,} with --quick)",
    )
    args = parser.parse_args()
    if IMPORT_ERROR is not None:
        print(
            f"{SKIP_PREFIX}the engine or campaign store does not import: "
            f"{type(IMPORT_ERROR).__name__}: {IMPORT_ERROR}"
        )
        return 0
    repeats = QUICK_REPEATS if args.quick else REPEATS
    events = args.events or (QUICK_EVENTS if args.quick else EVENTS)
    with tempfile.TemporaryDirectory(prefix="hacktable-bench-", dir=args.dir) as name:
        folder = Path(name)
        empty, large = folder / "empty.db", folder / "large.db"
        begin = time.perf_counter()
        make_empty(empty)
        length = make_large(large, events)
        built = time.perf_counter() - begin
        print_header(
            "Open + one command on a large campaign",
            f"""
            open the store, start a session, run one line, close; in-process, a fresh
            copy of the file each sample; up to {repeats} alternating rounds (fewer past
            {BUDGET:g} s of measuring, at least {MIN_REPEATS}), medians.
            large: {length:,} events ({large.stat().st_size / 1e6:.1f} MB), built in
            {built:.1f} s; empty: one character and one HP change.
            ratio = large campaign's median / empty campaign's median (lower is better).
            campaign files: {folder}
            """,
        )
        measures = {
            ("command", "large"): open_and_run(large, folder / "work-large.db", COMMAND),
            ("command", "empty"): open_and_run(empty, folder / "work-empty.db", COMMAND),
            ("undo", "large"): open_and_run(large, folder / "work-large.db", UNDO),
            ("undo", "empty"): open_and_run(empty, folder / "work-empty.db", UNDO),
        }
        for key, measure in measures.items():  # warm up: imports, the ruleset's content
            if key[1] == "empty":
                measure()
        samples, done = budgeted_rounds(measures, repeats)

    taken = ", ".join(f"{size} {line}: {len(samples[line, size])}" for line, size in samples)
    print(f"{done} rounds; samples: {taken}.")
    print(f"{'open + line, close':<32} {'median ms':>9} {'spread':>6} {'ratio':>7}  target")
    figures: dict[str, float] = {}
    for headline, target in TARGETS.items():
        line = COMMAND if headline == "command" else UNDO
        figure = ratio(samples[headline, "large"], samples[headline, "empty"])
        figures[headline] = figure
        for size in ("empty", "large"):
            times = samples[headline, size]
            shown = f"`{line}`, {size} campaign"
            verdict = ""
            if size == "large":
                verdict = f"<= {target:g}x: " + ("met" if figure <= target else "missed")
            print(
                f"{shown:<32} {statistics.median(times) * 1e3:9.1f} {spread(times):>6} "
                f"{ratio(times, samples[headline, 'empty']):6.2f}x  {verdict}"
            )
    print()
    for headline, target in TARGETS.items():
        verdict = "target met" if figures[headline] <= target else "target missed"
        what = "one command" if headline == "command" else "`undo`"
        print(
            f"Open + {what} on {length:,} events costs {figures[headline]:.2f}x the same on an "
            f"empty campaign (target: at most {target:g}x): {verdict}."
        )
    print()
    result("open_large.command", figures["command"], "x empty campaign (target <= 1.5x)")
    result("open_large.undo", figures["undo"], "x empty campaign (target <= 2x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
