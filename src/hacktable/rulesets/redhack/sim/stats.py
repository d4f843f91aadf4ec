"""The simulator's statistics: running totals of fights, and each figure with its 95%
interval (Wilson's for proportions, the normal one for means, cut to what the figure
can be)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from .model import MAX_ROUNDS, Encounter, FightOutcome
from .notation import describe_foes

__all__ = ["Z95", "Estimate", "Summary", "Tally", "mean_interval", "wilson"]

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class Estimate:
    """A figure and its 95% interval."""

    mean: float
    low: float
    high: float


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
    simulator's figures are counts). The mean of such values lies in that range too, so
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


@dataclass
class Tally:
    """Running totals of fights (mutable; both engines add to one, then
    :meth:`summary`).

    Attributes:
        party_size: PCs per fight.
        runs: fights counted.
        wins, draws: fights won, and fights still going after :data:`MAX_ROUNDS`.
        sums, squares: per figure (``rounds``, ``out``, ``dead``, ``injured``,
            ``captured``), the sum and the sum of squares over fights.
        rounds_all, rounds_won: per round number (index 0: round 1), how many fights
            ended in it, and how many of those were won.
    """

    party_size: int
    runs: int = 0
    wins: int = 0
    draws: int = 0
    sums: dict[str, int] = field(default_factory=dict)
    squares: dict[str, int] = field(default_factory=dict)
    rounds_all: list[int] = field(default_factory=lambda: [0] * MAX_ROUNDS)
    rounds_won: list[int] = field(default_factory=lambda: [0] * MAX_ROUNDS)

    FIGURES: ClassVar[tuple[str, ...]] = ("rounds", "out", "dead", "injured", "captured")

    def add(self, outcome: FightOutcome) -> None:
        """Count one fight."""
        lost = not outcome.won and outcome.out >= self.party_size
        values = {
            "rounds": outcome.rounds,
            "out": outcome.out,
            "dead": outcome.dead,
            "injured": outcome.injured,
            "captured": self.party_size if lost else 0,
        }
        for name, value in values.items():
            self.sums[name] = self.sums.get(name, 0) + value
            self.squares[name] = self.squares.get(name, 0) + value * value
        self.runs += 1
        self.wins += outcome.won
        self.draws += not outcome.won and not lost
        self.rounds_all[outcome.rounds - 1] += 1
        if outcome.won:
            self.rounds_won[outcome.rounds - 1] += 1

    def add_totals(
        self,
        *,
        runs: int,
        wins: int,
        draws: int,
        sums: dict[str, int],
        squares: dict[str, int],
        rounds_all: Sequence[int],
        rounds_won: Sequence[int],
    ) -> None:
        """Count a batch of fights from its totals (the vector engine)."""
        self.runs += runs
        self.wins += wins
        self.draws += draws
        for name in self.FIGURES:
            self.sums[name] = self.sums.get(name, 0) + sums[name]
            self.squares[name] = self.squares.get(name, 0) + squares[name]
        for index in range(MAX_ROUNDS):
            self.rounds_all[index] += rounds_all[index]
            self.rounds_won[index] += rounds_won[index]

    def summary(self, encounter: Encounter, engine: str, seed: int) -> Summary:
        """The figures with their 95% intervals."""

        def figure(name: str, lowest: int = 0, highest: int = self.party_size) -> Estimate:
            # each figure's range: 0 to the party's size PCs, 1 to MAX_ROUNDS rounds
            return mean_interval(
                self.sums.get(name, 0),
                self.squares.get(name, 0),
                self.runs,
                lowest=lowest,
                highest=highest,
            )

        last = max((i for i, c in enumerate(self.rounds_all) if c), default=-1) + 1
        return Summary(
            runs=self.runs,
            win_rate=wilson(self.wins, self.runs),
            out=figure("out"),
            dead=figure("dead"),
            injured=figure("injured"),
            rounds=figure("rounds", 1, MAX_ROUNDS),
            round_counts=tuple(self.rounds_all[:last]),
            engine=engine,
            seed=seed,
            won_round_counts=tuple(self.rounds_won[:last]),
            captured=figure("captured"),
            draw_rate=wilson(self.draws, self.runs),
            party=tuple(pc.name for pc in encounter.party),
            foes=describe_foes(encounter.foes),
        )


@dataclass(frozen=True)
class Summary:
    """The result of a simulation.

    Attributes:
        runs: fights played.
        win_rate: the share of fights the party won (Wilson interval).
        out: PCs at 0 HP at the end of a fight, on average (all of them after a loss).
        dead: PCs dead after a won fight, on average (a lower bound on deaths: the PCs
            of a lost fight are in ``captured``).
        injured: PCs with a lasting injury (2-5 on the injuries table) after a won
            fight, on average.
        rounds: rounds per fight, on average.
        round_counts: the histogram of rounds: index ``i`` counts the fights that ended
            in round ``i + 1``.
        engine: ``"vector"`` or ``"scalar"``.
        seed: the seed it was played from.
        won_round_counts: the same histogram for the fights won.
        captured: PCs of a lost fight ("captured or killed"), on average.
        draw_rate: the share of fights still going after :data:`MAX_ROUNDS` rounds.
        party: the PCs' names.
        foes: the foes as text (:func:`describe_foes`).
    """

    runs: int
    win_rate: Estimate
    out: Estimate
    dead: Estimate
    injured: Estimate
    rounds: Estimate
    round_counts: tuple[int, ...]
    engine: str
    seed: int
    won_round_counts: tuple[int, ...] = ()
    captured: Estimate = Estimate(0.0, 0.0, 0.0)
    draw_rate: Estimate = Estimate(0.0, 0.0, 0.0)
    party: tuple[str, ...] = ()
    foes: str = ""
