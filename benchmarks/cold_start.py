"""Cold start: how long a one-shot ``hacktable`` command takes, against a bare Python.

Method: the installed console script (``hacktable``, next to ``sys.executable``) is run
as a fresh process, and so is ``python -c pass`` with the same interpreter; the wall
time of each run (spawn to exit, output discarded) is taken with ``time.perf_counter``.
The commands are run in alternating rounds (the order rotating each round), so load
from elsewhere on the machine falls on all of them, after two unmeasured warm-up runs
each (to write bytecode caches and fill the OS file cache). Each figure is the median
over the rounds divided by the median of ``python -c pass``: how many bare Python
starts one command costs.

Headline: ``hacktable roll 1d20``, served without importing Typer
(``hacktable.cli.fast``); the target is at most 3x. ``roll --help`` (through the Typer
application) and ``test`` (Typer too) are shown for contrast.

This is a measurement, not a gate: the exit status is 0 whether or not the target is
met.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

from _bench import print_header, ratio, result, rounds, spread, standard_parser

TARGET = 3.0
"""``hacktable roll 1d20`` should start in at most this many bare Python starts."""

RUNS = 30
QUICK_RUNS = 5
WARMUP = 2


def console_script() -> Path:
    """The ``hacktable`` console script installed beside the running interpreter."""
    return Path(sys.executable).parent / "hacktable"


def wall_time(argv: list[str]) -> float:
    """Seconds from spawning ``argv`` to its exit; its output is discarded.

    Raises:
        RuntimeError: the command failed (a failing command measures nothing useful).
    """
    start = time.perf_counter()
    completed = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - start
    if completed.returncode != 0:
        message = completed.stderr.decode(errors="replace").strip()
        raise RuntimeError(f"{' '.join(argv)} exited {completed.returncode}: {message}")
    return elapsed


def main() -> int:
    """Measure, print the figures and the RESULT lines; always returns 0."""
    args = standard_parser(__doc__ or "").parse_args()
    runs = QUICK_RUNS if args.quick else RUNS
    script = console_script()
    if not os.access(script, os.X_OK):
        print(f"no hacktable console script at {script}: install the package first")
        return 0
    commands: dict[str, list[str]] = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "hacktable roll 1d20": [str(script), "roll", "1d20"],
        "hacktable roll --help": [str(script), "roll", "--help"],
        "hacktable test --attr 12 --difficulty 4 --seed 1": [
            str(script),
            *["test", "--attr", "12", "--difficulty", "4", "--seed", "1"],
        ],
    }
    print_header(
        "Cold start of one-shot commands",
        f"""
        wall time of a fresh process, {runs} runs of each in alternating rounds, medians;
        ratio = command's median / median of `python -c pass` (same interpreter).
        console script: {script}
        """,
    )
    for argv in commands.values():
        for _ in range(WARMUP):
            wall_time(argv)
    samples = rounds({name: partial(wall_time, argv) for name, argv in commands.items()}, runs)

    baseline = samples["python -c pass"]
    width = max(map(len, commands))
    print(f"{'command':<{width}}  {'median ms':>9}  {'spread':>6}  {'ratio':>6}")
    for name, times in samples.items():
        print(
            f"{name:<{width}}  {statistics.median(times) * 1e3:9.1f}  {spread(times):>6}  "
            f"{ratio(times, baseline):5.2f}x"
        )
    headline = ratio(samples["hacktable roll 1d20"], baseline)
    verdict = "target met" if headline <= TARGET else "target missed"
    print()
    print(
        f"`hacktable roll 1d20` costs {headline:.2f} bare Python starts "
        f"(target: at most {TARGET:g}x): {verdict}."
    )
    print(
        "`roll --help` and `test` go through the Typer application (Typer, Click and Rich "
        "imported);\nthe difference from `roll 1d20` is what the Typer-free fast path saves."
    )
    print()
    result("cold_start.roll", headline, f"x python -c pass (target <= {TARGET:g}x)")
    result(
        "cold_start.roll_help",
        ratio(samples["hacktable roll --help"], baseline),
        "x python -c pass",
    )
    result(
        "cold_start.test",
        ratio(samples["hacktable test --attr 12 --difficulty 4 --seed 1"], baseline),
        "x python -c pass",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
