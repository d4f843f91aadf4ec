"""Shared helpers for the benchmark scripts (not a benchmark itself).

Every benchmark follows the same method, because the machines it runs on are shared
and noisy:

- each figure is a *ratio* against a baseline measured in the same run, so a slow or
  busy machine slows both sides and the ratio stays comparable between runs;
- the subject and its baseline are measured in alternating rounds (:func:`rounds`),
  so a burst of load from elsewhere hits both rather than one;
- each side's figure is the *median* over the rounds, which ignores the odd round
  spoiled by another process;
- the last lines a script prints are ``RESULT name=value description`` lines, which
  ``run_all.py`` collects into its summary table.

Scripts import this module as ``_bench``: running ``python benchmarks/x.py`` puts
``benchmarks/`` first on ``sys.path``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence

__all__ = [
    "SKIP_PREFIX",
    "per_call",
    "print_header",
    "ratio",
    "result",
    "rounds",
    "spread",
    "standard_parser",
]

SKIP_PREFIX = "SKIP "
"""A script that cannot run here prints this, a reason, and exits 0; ``run_all.py``
lists it as skipped."""


def standard_parser(description: str) -> argparse.ArgumentParser:
    """An argument parser with the ``--quick`` option every benchmark takes."""
    parser = argparse.ArgumentParser(
        description=description.strip().splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a ~5 second smoke run with fewer repeats (the figures are rougher)",
    )
    return parser


def print_header(title: str, method: str) -> None:
    """Print the benchmark's title, the interpreter, and a few lines on its method."""
    print(title)
    print("=" * len(title))
    print(f"python {sys.version.split()[0]} at {sys.executable}")
    for line in method.strip().splitlines():
        print(f"  {line.strip()}")
    print()


def per_call(function: Callable[[int], object], number: int) -> float:
    """Seconds per operation: ``function(number)`` performs ``number`` operations."""
    start = time.perf_counter()
    function(number)
    return (time.perf_counter() - start) / number


def rounds(measures: dict[str, Callable[[], float]], repeats: int) -> dict[str, list[float]]:
    """Run each measure ``repeats`` times in alternating rounds and collect the results.

    The order within a round rotates, so no measure always runs first (just after
    another's garbage, or in a fresh time slice).

    Args:
        measures: name -> a function returning one measurement (e.g. seconds per call).
        repeats: how many rounds.

    Returns:
        name -> the ``repeats`` measurements, in the order taken.
    """
    names = list(measures)
    samples: dict[str, list[float]] = {name: [] for name in names}
    for index in range(repeats):
        shift = index % len(names)
        for name in names[shift:] + names[:shift]:
            samples[name].append(measures[name]())
    return samples


def ratio(subject: Sequence[float], baseline: Sequence[float]) -> float:
    """The median of ``subject`` over the median of ``baseline``."""
    return statistics.median(subject) / statistics.median(baseline)


def spread(samples: Sequence[float]) -> str:
    """The samples' relative spread, ``"±x%"``: half the interquartile range over the
    median (a rough noise gauge; large values mean the machine was busy)."""
    if len(samples) < 4:
        return "±?"
    q1, _, q3 = statistics.quantiles(samples, n=4)
    return f"±{(q3 - q1) / 2 / statistics.median(samples) * 100:.0f}%"


def result(name: str, value: float, description: str) -> None:
    """Print one machine-readable headline figure for ``run_all.py``."""
    print(f"RESULT {name}={value:.3g} {description}")
