"""What every ruleset's fight simulator shares: each figure with its 95% interval
(Wilson's for proportions, the normal one for means, cut to what the figure can be),
and the histogram a ``--plot`` writes.

A ruleset's simulator (``Ruleset.simulator_module``: redhack's, black-sword-hack's)
plays its own fights and keeps its own totals; the figures it reports go through here,
so every simulator's intervals mean the same.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import CommandError

__all__ = [
    "Z95",
    "Estimate",
    "add_moments",
    "histogram",
    "mean_interval",
    "moment_interval",
    "number_text",
    "percent_text",
    "wilson",
]

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class Estimate:
    """A figure and its 95% interval."""

    mean: float
    low: float
    high: float

    def to_json(self) -> dict[str, float]:
        """The figure and its interval as JSON: ``{"mean", "low", "high"}``."""
        return {"mean": self.mean, "low": self.low, "high": self.high}


def percent_text(estimate: Estimate) -> str:
    """A rate and its interval as a summary line shows it: ``" 78.0%  (76.1% to 79.7%)"``."""
    e = estimate
    return f"{e.mean:6.1%}  ({e.low:.1%} to {e.high:.1%})"


def number_text(estimate: Estimate) -> str:
    """A mean and its interval as a summary line shows it: ``"  2.09  (2.05 to 2.14)"``."""
    e = estimate
    return f"{e.mean:6.2f}  ({e.low:.2f} to {e.high:.2f})"


def wilson(successes: int, n: int) -> Estimate:
    """A proportion with its Wilson score interval (95%).

    >>> e = wilson(80, 100)
    >>> round(e.mean, 3), round(e.low, 3), round(e.high, 3)
    (0.8, 0.711, 0.867)
    """
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(
    total: float, total_sq: float, n: int, *, lowest: float = 0.0, highest: float = math.inf
) -> Estimate:
    """A mean with mean +- 1.96 s / sqrt(n) (s: the sample standard deviation), cut to
    ``lowest`` to ``highest``, the range every value lies in (by default 0 and up: the
    simulators' figures are counts). The mean of such values lies in that range too, so
    the cut interval covers the true mean whenever the uncut one does; without the cut a
    small or skewed sample could report, say, fewer than 0 PCs dead.

    >>> e = mean_interval(10, 30, 4)  # values 1, 2, 3, 4
    >>> e.mean, round(e.low, 3), round(e.high, 3)
    (2.5, 1.235, 3.765)
    >>> e = mean_interval(1, 1, 4)  # values 0, 0, 0, 1: uncut, -0.24 to 0.74
    >>> e.mean, e.low, round(e.high, 3)
    (0.25, 0.0, 0.74)
    >>> e = mean_interval(13, 103, 4, lowest=1, highest=50)  # rounds 1, 1, 1, 10
    >>> e.mean, e.low, round(e.high, 3)
    (3.25, 1, 7.66)
    """
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = total / n
    variance = max(0.0, (total_sq - total * total / n) / (n - 1)) if n > 1 else 0.0
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, max(lowest, mean - half), min(highest, mean + half))


def add_moments(sums: dict[str, int], squares: dict[str, int], values: Mapping[str, int]) -> None:
    """Count one fight's figures: each value into ``sums`` and its square into
    ``squares``, by name (a simulator's running totals, for :func:`moment_interval`)."""
    for name, value in values.items():
        sums[name] = sums.get(name, 0) + value
        squares[name] = squares.get(name, 0) + value * value


def moment_interval(
    sums: Mapping[str, int],
    squares: Mapping[str, int],
    name: str,
    n: int,
    *,
    lowest: float = 0.0,
    highest: float = math.inf,
) -> Estimate:
    """The figure ``name``'s mean over ``n`` fights with its 95% interval
    (:func:`mean_interval`) from the running totals :func:`add_moments` keeps."""
    return mean_interval(sums.get(name, 0), squares.get(name, 0), n, lowest=lowest, highest=highest)


def histogram(
    path: str | Path,
    counts: Sequence[int],
    won: Sequence[int],
    *,
    title: str,
    xlabel: str = "rounds",
) -> None:
    """Write a histogram of fights by their length to ``path`` (the format from its
    extension: ``.png``, ``.svg``, ``.pdf``): index ``i`` of ``counts`` is the fights
    that ended after ``i + 1`` rounds (or turns), ``won`` those of them the party won,
    stacked under the others. Matplotlib's Agg canvas, imported only here; no global
    state (pyplot) is touched.

    Raises:
        CommandError: the file cannot be written, or the format is unknown.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    lengths = list(range(1, len(counts) + 1))
    wins = list(won) or [0] * len(lengths)
    lost = [total - w for total, w in zip(counts, wins, strict=True)]
    figure = Figure(figsize=(8, 4.5), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    axes.bar(lengths, wins, color="#2e7d32", label="party won")
    axes.bar(lengths, lost, bottom=wins, color="#c62828", label="lost or drawn")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel(xlabel)
    axes.set_ylabel("fights")
    axes.set_title(title, fontsize="medium")
    axes.legend()
    try:
        figure.savefig(path)
    except (OSError, ValueError) as error:
        raise CommandError(f"cannot write the plot {path}: {error}", "simulate") from error
