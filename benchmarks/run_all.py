"""Run every benchmark and summarise their headline figures.

Each script in :data:`SCRIPTS` runs as a subprocess of the same interpreter (so the
same virtual environment), one after another, with ``--quick`` passed through. Their
output is shown as it comes; the ``RESULT name=value description`` lines they end with
are collected into a summary table, and a script that prints ``SKIP reason`` (e.g. the
campaign store does not import yet) is listed as skipped.

Exit status: 0 unless a script crashed or timed out. Missing a target is not a failure:
these are measurements, not gates.

Usage: ``python benchmarks/run_all.py [--quick]`` (``make bench`` runs it in full).
"""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from _bench import SKIP_PREFIX, standard_parser

HERE = Path(__file__).resolve().parent
SCRIPTS = (
    "cold_start.py",
    "play_startup.py",
    "tests_per_second.py",
    "dice_rolls.py",
    "console_commands.py",
    "fight_round.py",
    "simulate.py",
    "bsh_simulate.py",
    "journey.py",
    "open_large.py",
    "append_cost.py",
)
"""The benchmarks, in the order they run."""

TIMEOUT = 300.0
"""Seconds a script may take before it is stopped (each takes well under a minute)."""

_RESULT = re.compile(r"^RESULT (\S+)=(\S+)(?:\s+(.*))?$")


@dataclass
class Outcome:
    """What one script did."""

    script: str
    seconds: float = 0.0
    status: str = "ok"
    results: list[tuple[str, str, str]] = field(default_factory=list)


def run(script: str, quick: bool) -> Outcome:
    """Run one benchmark script, echoing its output, and collect its RESULT lines."""
    outcome = Outcome(script)
    argv = [sys.executable, str(HERE / script), *(["--quick"] if quick else [])]
    print(f"\n### {script}{' --quick' if quick else ''}\n", flush=True)
    start = time.perf_counter()
    with subprocess.Popen(argv, stdout=subprocess.PIPE, text=True, bufsize=1) as process:
        timed_out = threading.Event()

        def stop(process: subprocess.Popen[str] = process) -> None:
            timed_out.set()
            process.kill()

        watchdog = threading.Timer(TIMEOUT, stop)
        watchdog.start()
        try:
            assert process.stdout is not None
            for line in process.stdout:
                print(line, end="", flush=True)
                text = line.rstrip("\n")
                if text.startswith(SKIP_PREFIX):
                    outcome.status = "skipped: " + text.removeprefix(SKIP_PREFIX)
                elif match := _RESULT.match(text):
                    name, value, description = match.groups()
                    outcome.results.append((name, value, description or ""))
            code = process.wait()
        finally:
            watchdog.cancel()
    if timed_out.is_set():
        outcome.status = f"timed out after {TIMEOUT:g} s"
    elif code != 0:
        outcome.status = f"failed (exit status {code})"
    outcome.seconds = time.perf_counter() - start
    return outcome


def summary(outcomes: list[Outcome]) -> None:
    """Print the table of headline figures, and any script that did not finish."""
    rows = [row for outcome in outcomes for row in outcome.results]
    title = "Summary (ratios against baselines measured in the same run)"
    print(f"\n{title}\n{'=' * len(title)}")
    name_width = max((len(name) for name, _, _ in rows), default=10)
    value_width = max((len(value) for _, value, _ in rows), default=5)
    for name, value, description in rows:
        print(f"{name:<{name_width}}  {value:>{value_width}}  {description}")
    print()
    for outcome in outcomes:
        print(f"{outcome.script:<22} {outcome.seconds:6.1f} s  {outcome.status}")


def main() -> int:
    """Run every benchmark; 0 unless one crashed or timed out."""
    args = standard_parser(__doc__ or "").parse_args()
    outcomes = [run(script, args.quick) for script in SCRIPTS]
    summary(outcomes)
    failed = [o for o in outcomes if o.status.startswith(("failed", "timed out"))]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
