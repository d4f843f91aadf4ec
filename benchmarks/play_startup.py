"""Play start-up: how long ``hacktable play`` takes to show its first prompt, against a
bare Python.

Method: the installed console script (``hacktable``, next to ``sys.executable``) runs
``play --campaign FILE`` as a fresh process on a pseudo-terminal (``os.openpty``: its
standard input, output and error are the terminal, 80 x 24, so it starts the
interactive console with Rich output and prompt_toolkit, as a GM at a terminal sees
it), and the time from spawning it to ``hacktable>`` appearing on the terminal is taken
with ``time.perf_counter``; the process is then killed (by its id). Two campaigns:

- *fresh*: ``FILE`` does not exist (``play`` creates it); a new name each run;
- *existing*: a small campaign (two characters, a test, a note and an HP change, made
  once per run by ``play --script``), copied afresh before each run, so every run
  opens the same file.

The baseline is ``python -c pass`` with the same interpreter on the same kind of
terminal, timed from spawn to exit. The three run in alternating rounds (the order
rotating each round), after two unmeasured warm-up runs each; the warm-up runs leave
``PYTHONDONTWRITEBYTECODE`` out of their environment so that hacktable's bytecode caches
exist (as they do for the standard library behind ``python -c pass``). Each figure is
the median over the rounds over the baseline's median: how many bare Python starts the
first prompt costs (target: at most 30x, issue 8).

The terminal's environment is the caller's, with ``TERM`` defaulting to ``xterm`` and
``XDG_DATA_HOME`` pointed into the benchmark's temporary folder (the console keeps its
command history there).

``--importtime`` then runs each campaign once more under ``python -X importtime`` and
prints where the imports up to the first prompt go (self time by top-level package,
hacktable's by subpackage); the profile inflates the times, so compare its figures
with each other, not with the timed runs.

This is a measurement, not a gate: the exit status is 0 whether or not the target is
met.
"""

from __future__ import annotations

import collections
import fcntl
import os
import re
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

from _bench import SKIP_PREFIX, print_header, ratio, result, rounds, spread, standard_parser

TARGET = 30.0
"""The most bare Python starts the first prompt should cost (issue 8, section 6)."""

PROMPT = b"hacktable>"
RUNS, QUICK_RUNS, WARMUP = 15, 3, 2
TIMEOUT = 60.0
"""Seconds a run may take to show its prompt before the benchmark gives up."""

SMALL_CAMPAIGN = """\
note A small campaign for the start-up benchmark.
character new Aldric --class warrior --kit 1
character new Tomas --class cleric --kit 1
test Aldric STR difficulty 4
hp Tomas -1
"""
"""The script that makes the *existing* campaign."""


def console_script() -> Path:
    """The ``hacktable`` console script installed beside the running interpreter."""
    return Path(sys.executable).parent / "hacktable"


def on_terminal(
    argv: list[str], env: dict[str, str], prompt: bytes | None, errors: IO[str] | None = None
) -> float:
    """Seconds from spawning ``argv`` on a new pseudo-terminal until ``prompt`` appears
    on it (the process is then killed), or, if ``prompt`` is ``None``, until it exits.
    Its standard error is the terminal too, unless ``errors`` is given.

    Raises:
        RuntimeError: the process exited before its prompt, or took over
            :data:`TIMEOUT` seconds (with the end of what it wrote).
    """
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    process = subprocess.Popen(
        argv,
        stdin=slave,
        stdout=slave,
        stderr=slave if errors is None else errors,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    seen = b""
    try:
        while prompt is None or prompt not in seen:
            left = TIMEOUT - (time.perf_counter() - start)
            ready, _, _ = select.select([master], [], [], max(left, 0))
            if not ready:
                raise RuntimeError(f"{' '.join(argv)}: no prompt after {TIMEOUT:g} s: {seen!r}")
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: every copy of the terminal's other end is closed
                chunk = b""
            if not chunk:
                if prompt is None:
                    process.wait()
                    break
                process.wait()
                raise RuntimeError(
                    f"{' '.join(argv)} exited {process.returncode} before its prompt: "
                    f"{seen[-600:]!r}"
                )
            seen = (seen + chunk)[-4096:]
        elapsed = time.perf_counter() - start
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        os.close(master)
    return elapsed


def remove_campaign(path: Path) -> None:
    """Delete a campaign file and any journal SQLite left beside it."""
    for leftover in (path, *(path.with_name(path.name + s) for s in ("-wal", "-shm", "-journal"))):
        leftover.unlink(missing_ok=True)


def import_profile(log: str, top: int) -> list[str]:
    """Lines summarising a ``-X importtime`` log: the total self time, then the self time
    by top-level package (hacktable's by subpackage), heaviest first."""
    pattern = re.compile(r"import time:\s+(\d+) \|\s+\d+ \|\s*(\S+)")
    own: collections.Counter[str] = collections.Counter()
    count: collections.Counter[str] = collections.Counter()
    for match in pattern.finditer(log):
        parts = match[2].split(".")
        package = ".".join(parts[:2] if parts[0] == "hacktable" else parts[:1])
        own[package] += int(match[1])
        count[package] += 1
    lines = [
        f"  {own.total() / 1e3:.0f} ms of imports in {count.total()} modules; "
        "self time by package (hacktable's by subpackage):"
    ]
    lines += [
        f"    {ms / 1e3:7.1f} ms  {count[package]:4} modules  {package}"
        for package, ms in own.most_common(top)
    ]
    return lines


def main() -> int:
    """Measure, print the figures and the RESULT lines; always returns 0."""
    parser = standard_parser(__doc__ or "")
    parser.add_argument(
        "--importtime",
        action="store_true",
        help="then show the import profile of each start-up (PYTHONIMPORTTIME)",
    )
    parser.add_argument("--top", type=int, default=15, help="rows of the import profile")
    args = parser.parse_args()
    runs = QUICK_RUNS if args.quick else RUNS
    script = console_script()
    if not os.access(script, os.X_OK):
        print(f"{SKIP_PREFIX}no hacktable console script at {script}: install the package first")
        return 0
    hacktable = str(script)
    with tempfile.TemporaryDirectory(prefix="hacktable-bench-") as name:
        folder = Path(name)
        env = {**os.environ, "XDG_DATA_HOME": str(folder / "data")}
        env.setdefault("TERM", "xterm")
        warm_env = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        commands = folder / "small.txt"
        commands.write_text(SMALL_CAMPAIGN, encoding="utf-8")
        template = folder / "small.db"
        made = subprocess.run(
            [
                hacktable,
                "play",
                "--campaign",
                str(template),
                "--seed",
                "1",
                "--script",
                str(commands),
            ],
            capture_output=True,
            text=True,
            env=warm_env,
            check=False,
        )
        if made.returncode != 0:
            print(f"{SKIP_PREFIX}cannot make the small campaign: {made.stderr.strip()}")
            return 0
        fresh = folder / "fresh.db"
        existing = folder / "existing.db"

        def fresh_run(run_env: dict[str, str]) -> float:
            remove_campaign(fresh)
            try:
                return on_terminal([hacktable, "play", "--campaign", str(fresh)], run_env, PROMPT)
            finally:
                remove_campaign(fresh)

        def existing_run(run_env: dict[str, str]) -> float:
            remove_campaign(existing)
            shutil.copyfile(template, existing)
            return on_terminal([hacktable, "play", "--campaign", str(existing)], run_env, PROMPT)

        def bare(run_env: dict[str, str]) -> float:
            return on_terminal([sys.executable, "-c", "pass"], run_env, None)

        measures: dict[str, tuple[str, Callable[[dict[str, str]], float]]] = {
            "pass": ("python -c pass", bare),
            "fresh": ("play, fresh campaign", fresh_run),
            "existing": ("play, existing small campaign", existing_run),
        }
        print_header(
            "`hacktable play` to its first prompt",
            f"""
            wall time from spawn to `hacktable>` on a pseudo-terminal, {runs} runs of
            each in alternating rounds, medians; ratio = median / median of
            `python -c pass` on the same kind of terminal (same interpreter).
            console script: {script}
            """,
        )
        for _, measure in measures.values():
            for _ in range(WARMUP):
                measure(warm_env)
        samples = rounds(
            {key: (lambda m=measure: m(env)) for key, (_, measure) in measures.items()}, runs
        )
        profiles: dict[str, str] = {}
        if args.importtime:
            for key in ("fresh", "existing"):
                log = folder / f"{key}.importtime"
                remove_campaign(fresh)
                remove_campaign(existing)
                shutil.copyfile(template, existing)
                target = fresh if key == "fresh" else existing
                with log.open("w", encoding="utf-8") as sink:  # the profile, off the terminal
                    traced = [sys.executable, "-X", "importtime", hacktable, "play", "--campaign"]
                    on_terminal([*traced, str(target)], env, PROMPT, sink)
                profiles[key] = log.read_text(encoding="utf-8", errors="replace")

    baseline = samples["pass"]
    width = max(len(shown) for shown, _ in measures.values())
    print(f"{'start-up':<{width}}  {'median ms':>9}  {'spread':>6}  {'ratio':>6}  target")
    figures: dict[str, float] = {}
    for key, (shown, _) in measures.items():
        figure = ratio(samples[key], baseline)
        verdict = ""
        if key != "pass":
            figures[key] = figure
            verdict = f"<= {TARGET:g}x: " + ("met" if figure <= TARGET else "missed")
        print(
            f"{shown:<{width}}  {statistics.median(samples[key]) * 1e3:9.1f}  "
            f"{spread(samples[key]):>6}  {figure:5.1f}x  {verdict}"
        )
    print()
    for key, figure in figures.items():
        verdict = "target met" if figure <= TARGET else "target missed"
        print(
            f"{measures[key][0]}: the first prompt costs {figure:.1f} bare Python starts "
            f"(target: at most {TARGET:g}x): {verdict}."
        )
    print()
    for key, log in profiles.items():
        print(f"Import profile up to the first prompt, {measures[key][0]}:")
        print("\n".join(import_profile(log, args.top)))
        print()
    result("play_startup.fresh", figures["fresh"], f"x python -c pass (target <= {TARGET:g}x)")
    result(
        "play_startup.existing", figures["existing"], f"x python -c pass (target <= {TARGET:g}x)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
