"""The simulator's statistics: running totals of fights, and each figure with its 95%
interval (Wilson's for proportions, the normal one for means, cut to what the figure
can be: :mod:`hacktable.rules.montecarlo`, which every ruleset's simulator shares)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from ....rules.montecarlo import Z95, Estimate, add_moments, mean_interval, moment_interval, wilson
from .model import MAX_ROUNDS, Encounter, FightOutcome
from .notation import describe_foes

__all__ = ["Z95", "Estimate", "Summary", "Tally", "mean_interval", "wilson"]

NOTHING = Estimate(0.0, 0.0, 0.0)
"""A figure that is 0 for certain (a summary's default)."""


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
        add_moments(self.sums, self.squares, values)
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
            return moment_interval(
                self.sums, self.squares, name, self.runs, lowest=lowest, highest=highest
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
    captured: Estimate = NOTHING
    draw_rate: Estimate = NOTHING
    party: tuple[str, ...] = ()
    foes: str = ""
