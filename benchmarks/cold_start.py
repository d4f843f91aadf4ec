"""Cold start: how long a one-shot ``hacktable`` command takes, against a bare Python.

Method: the installed console script (``hacktable``, next to ``sys.executable``) is run
as a fresh process, and so is ``python -c pass`` with the same interpreter; the wall
time of each run (spawn to exit, output discarded) is taken with ``time.perf_counter``.
The commands are run in alternating rounds (the order rotating each round), so load
from elsewhere on the machine falls on all of them, after two unmeasured warm-up runs
each (to write bytecode caches and fill the OS file cache). The warm-up runs leave
``PYTHONDONTWRITEBYTECODE`` out of their environment, so the caches are written even
where it is set (an installed package has them; the standard library that
``python -c pass`` imports has them); the measured runs keep the caller's environment.
Each figure is the median over the rounds divided by the median of ``python -c pass``:
how many bare Python starts one command costs.

Headlines, each served without importing Typer (``hacktable.cli.fast``):
``hacktable roll 1d20`` (target: at most 3x), and one-shot ``test`` and ``odds``, as
text and with ``--json``, redhack's, black-sword-hack's, fantasy-hack's and skill-die's
(target: at most 5x each).
``roll --help`` goes through the Typer application and is shown for contrast.

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

TARGETS = {
    "roll": 3.0,
    "test": 5.0,
    "test_json": 5.0,
    "odds": 5.0,
    "odds_json": 5.0,
    "bsh_test": 5.0,
    "bsh_odds_json": 5.0,
    "fh_test": 5.0,
    "sd_odds_json": 5.0,
}
"""Result name -> the most bare Python starts its command should cost."""

RUNS = 30
QUICK_RUNS = 5
WARMUP = 2


def console_script() -> Path:
    """The ``hacktable`` console script installed beside the running interpreter."""
    return Path(sys.executable).parent / "hacktable"


def warm_up(argv: list[str]) -> None:
    """Run ``argv`` unmeasured, with bytecode writing allowed, so that its modules'
    bytecode caches exist before the measured runs."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)


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
    hacktable = str(script)
    test = ["test", "--attr", "12", "--difficulty", "4", "--seed", "1"]
    odds = ["odds", "--attr", "18", "--bonus", "3", "--difficulty", "5"]
    bsh = ["--ruleset", "black-sword-hack", "--attr", "12", "--threat", "3"]
    fh = ["--ruleset", "fantasy-hack", "--modifier", "6", "--dc", "15"]
    sd = ["--ruleset", "skill-die", "--skill", "3", "--difficulty", "hard"]
    # result name -> (shown as, argv); None for the baseline
    commands: dict[str | None, tuple[str, list[str]]] = {
        None: ("python -c pass", [sys.executable, "-c", "pass"]),
        "roll": ("hacktable roll 1d20", [hacktable, "roll", "1d20"]),
        "roll_help": ("hacktable roll --help", [hacktable, "roll", "--help"]),
        "test": ("hacktable " + " ".join(test), [hacktable, *test]),
        "test_json": ("hacktable " + " ".join(test) + " --json", [hacktable, *test, "--json"]),
        "odds": ("hacktable " + " ".join(odds), [hacktable, *odds]),
        "odds_json": ("hacktable " + " ".join(odds) + " --json", [hacktable, *odds, "--json"]),
        "bsh_test": (
            "hacktable test " + " ".join(bsh) + " --seed 1",
            [hacktable, "test", *bsh, "--seed", "1"],
        ),
        "bsh_odds_json": (
            "hacktable odds " + " ".join(bsh) + " --json",
            [hacktable, "odds", *bsh, "--json"],
        ),
        "fh_test": (
            "hacktable test " + " ".join(fh) + " --seed 1",
            [hacktable, "test", *fh, "--seed", "1"],
        ),
        "sd_odds_json": (
            "hacktable odds " + " ".join(sd) + " --json",
            [hacktable, "odds", *sd, "--json"],
        ),
    }
    print_header(
        "Cold start of one-shot commands",
        f"""
        wall time of a fresh process, {runs} runs of each in alternating rounds, medians;
        ratio = command's median / median of `python -c pass` (same interpreter).
        console script: {script}
        """,
    )
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("PYTHONDONTWRITEBYTECODE is set: the warm-up runs write the bytecode caches anyway.")
        print()
    for _, argv in commands.values():
        for _ in range(WARMUP):
            warm_up(argv)
    samples = rounds({name: partial(wall_time, argv) for name, (_, argv) in commands.items()}, runs)

    baseline = samples[None]
    width = max(len(shown) for shown, _ in commands.values())
    print(f"{'command':<{width}}  {'median ms':>9}  {'spread':>6}  {'ratio':>6}  target")
    figures: dict[str, float] = {}
    for name, times in samples.items():
        shown = commands[name][0]
        figure = ratio(times, baseline)
        target = TARGETS.get(name or "")
        verdict = ""
        if name is not None:
            figures[name] = figure
        if target is not None:
            verdict = f"<= {target:g}x: " + ("met" if figure <= target else "missed")
        print(
            f"{shown:<{width}}  {statistics.median(times) * 1e3:9.1f}  {spread(times):>6}  "
            f"{figure:5.2f}x  {verdict}"
        )
    print()
    for name, target in TARGETS.items():
        verdict = "target met" if figures[name] <= target else "target missed"
        print(
            f"`{commands[name][0]}` costs {figures[name]:.2f} bare Python starts "
            f"(target: at most {target:g}x): {verdict}."
        )
    print(
        "`roll --help` goes through the Typer application (Typer, Click and Rich imported);\n"
        "the difference from the others is what the Typer-free fast path saves."
    )
    print()
    for name, figure in figures.items():
        target = TARGETS.get(name)
        note = f" (target <= {target:g}x)" if target is not None else ""
        result(f"cold_start.{name}", figure, f"x python -c pass{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
