"""Console commands: the cost of one GM-console ``test`` command, saved to its campaign.

Method: a campaign is created in a temporary folder (``--dir`` chooses where: the
SQLite file is synced to disk on every event, so the disk matters), a session is
opened with a fixed seed and a character made with
``character new Aldric --class warrior --kit 1``. One round then times ``n`` runs of
``Console.execute("test Aldric STR difficulty 4")`` - parsing the line, looking the
character up, the odds, the roll, the reply, and the SQLite append of its event (one
transaction) - and, as the baseline, many bare calls of
``resolve(TestRequest("STR", score, difficulty=4), rng)`` (the rules alone). The rounds
alternate; each figure is the median over rounds.

The headline is the command's time over one bare ``resolve``: how many resolved tests
one console command costs. The absolute time per command is printed too (it is what a
GM waits, and what later benchmarks of combat commands compare against), and, to show
where the time goes, the time of ``CampaignStore.append`` alone for a similar event.

``--profile`` runs the command under cProfile afterwards and prints the top costs.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import random
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

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
from hacktable.rules import TestRequest
from hacktable.rulesets.redhack.core_rules import resolve

try:
    from hacktable.console.loop import Console
    from hacktable.console.render import PlainPrinter
    from hacktable.engine.session import Session
    from hacktable.play.events import Event
    from hacktable.store import CampaignStore
except Exception as error:  # the store may still be under construction
    IMPORT_ERROR: Exception | None = error
else:
    IMPORT_ERROR = None

LINE = "test Aldric STR difficulty 4"
CHARACTER = "character new Aldric --class warrior --kit 1"
SEED = 2026
COMMANDS, RESOLVES, REPEATS = 200, 20_000, 15
QUICK_COMMANDS, QUICK_RESOLVES, QUICK_REPEATS = 50, 5_000, 5
PROFILE_COMMANDS, PROFILE_TOP = 500, 25


def command_loop(console: Console) -> Callable[[int], object]:
    """``n`` runs of the ``test`` console command."""

    def run(n: int) -> None:
        execute = console.execute
        for _ in range(n):
            execute(LINE)

    return run


def resolve_loop(request: TestRequest, rng: random.Random) -> Callable[[int], object]:
    """``n`` bare resolved tests."""

    def run(n: int) -> None:
        test = resolve
        for _ in range(n):
            test(request, rng)

    return run


def append_loop(store: CampaignStore, event: Event) -> Callable[[int], object]:
    """``n`` appends of ``event`` to the store, bypassing the session."""

    def run(n: int) -> None:
        append = store.append
        for _ in range(n):
            append(event)

    return run


def profile(console: Console, number: int, top: int) -> str:
    """Run the command ``number`` times under cProfile; the top costs, as text."""
    profiler = cProfile.Profile()
    profiler.runcall(command_loop(console), number)
    report = []
    for order in ("tottime", "cumulative"):
        text = io.StringIO()
        stats = pstats.Stats(profiler, stream=text).strip_dirs().sort_stats(order)
        stats.print_stats(top)
        report.append(f"cProfile of {number:,} `{LINE}` commands, by {order}:")
        report.append(text.getvalue().split("\n", 4)[-1].rstrip())
        report.append("")
    return "\n".join(report)


def main() -> int:
    """Measure, print the figures and the RESULT lines."""
    parser = standard_parser(__doc__ or "")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the campaign file")
    parser.add_argument(
        "--profile", action="store_true", help="then profile the command with cProfile"
    )
    args = parser.parse_args()
    if IMPORT_ERROR is not None:
        print(
            f"{SKIP_PREFIX}the console or campaign store does not import yet: "
            f"{type(IMPORT_ERROR).__name__}: {IMPORT_ERROR}"
        )
        return 0
    commands, resolves, repeats = (
        (QUICK_COMMANDS, QUICK_RESOLVES, QUICK_REPEATS)
        if args.quick
        else (COMMANDS, RESOLVES, REPEATS)
    )
    with tempfile.TemporaryDirectory(prefix="hacktable-bench-", dir=args.dir) as folder:
        path = Path(folder) / "bench.db"
        print_header(
            "Console `test` command, saved to a campaign",
            f"""
            `{LINE}` through Console.execute (SQLite append included)
            vs one bare resolve(TestRequest(...), rng); {commands} commands and
            {resolves:,} resolves per round, {repeats} alternating rounds, medians.
            ratio = time per command / time per bare resolve (lower is better).
            campaign file: {path}
            """,
        )
        # The appends go to a file of their own: the session expects its log to end where
        # its own last event did.
        with (
            CampaignStore.open(path) as store,
            CampaignStore.open(Path(folder) / "appends.db") as appends,
        ):
            session = Session(store, seed=SEED, source="benchmark")
            console = Console(session, PlainPrinter(out=io.StringIO()))
            console.execute(CHARACTER)
            score = session.character("Aldric").score("STR")
            request = TestRequest("STR", score, difficulty=4)
            event = Event(
                "test",
                actor="Aldric",
                summary="Aldric: STR test, difficulty 4: failure",
                detail={"attribute": "STR", "score": score, "difficulty": 4, "faces": [17]},
                command=LINE,
            )
            run_commands = command_loop(console)
            run_resolves = resolve_loop(request, random.Random(SEED))
            run_appends = append_loop(appends, event)
            run_commands(20)  # warm up
            run_resolves(1000)
            run_appends(5)
            samples = rounds(
                {
                    "command": lambda: per_call(run_commands, commands),
                    "resolve": lambda: per_call(run_resolves, resolves),
                    "append": lambda: per_call(run_appends, commands),
                },
                repeats,
            )
            profiled = profile(console, PROFILE_COMMANDS, PROFILE_TOP) if args.profile else ""

    command_time = statistics.median(samples["command"])
    resolve_time = statistics.median(samples["resolve"])
    append_time = statistics.median(samples["append"])
    headline = ratio(samples["command"], samples["resolve"])
    print(f"{'measure':<36} {'median':>10} {'spread':>6} {'x resolve':>10}")
    for label, key, value in (
        (f"`{LINE}`", "command", command_time),
        ("bare resolve(...)", "resolve", resolve_time),
        ("CampaignStore.append alone", "append", append_time),
    ):
        shown = f"{value * 1e3:.3f} ms" if value >= 1e-4 else f"{value * 1e6:.2f} µs"
        print(
            f"{label:<36} {shown:>10} {spread(samples[key]):>6} "
            f"{ratio(samples[key], samples['resolve']):9.0f}x"
        )
    print()
    print(
        f"One console `test` costs {command_time * 1e3:.2f} ms, {headline:,.0f} bare resolves; "
        f"the SQLite append alone\nis {append_time / command_time:.0%} of it "
        "(one transaction, synced to disk: synchronous=FULL)."
    )
    print()
    if profiled:
        print(profiled)
    result("console.test", headline, "x one bare resolve (time per command; lower is better)")
    result("console.test_ms", command_time * 1e3, "ms per console test command (absolute)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
