"""The simulator's statistics: running totals of fights, and each figure with its 95%
interval (:mod:`hacktable.rules.montecarlo`, which every ruleset's simulator shares)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ....rules.montecarlo import Estimate, add_moments, moment_interval, wilson
from .model import MAX_TURNS, Encounter, FightOutcome
from .notation import describe_foes

__all__ = ["Summary", "Tally"]


@dataclass
class Tally:
    """Running totals of fights (mutable; the engine adds to one, then :meth:`summary`).

    Attributes:
        party_size: PCs per fight.
        runs: fights counted.
        wins, draws: fights won, and fights still going after :data:`.model.MAX_TURNS`.
        sums, squares: per figure (:attr:`FIGURES`), the sum and the sum of squares.
        turns_all, turns_won: per turn number (index 0: turn 1), how many fights ended
            in it, and how many of those were won.
    """

    party_size: int
    runs: int = 0
    wins: int = 0
    draws: int = 0
    sums: dict[str, int] = field(default_factory=dict)
    squares: dict[str, int] = field(default_factory=dict)
    turns_all: list[int] = field(default_factory=lambda: [0] * MAX_TURNS)
    turns_won: list[int] = field(default_factory=lambda: [0] * MAX_TURNS)

    FIGURES: ClassVar[tuple[str, ...]] = ("turns", "helpless", "killed", "doomed")

    def add(self, outcome: FightOutcome) -> None:
        """Count one fight."""
        values = {
            "turns": outcome.turns,
            "helpless": outcome.helpless,
            "killed": outcome.killed,
            "doomed": outcome.doomed,
        }
        add_moments(self.sums, self.squares, values)
        self.runs += 1
        self.wins += outcome.won
        self.draws += not outcome.won and outcome.helpless < self.party_size
        self.turns_all[outcome.turns - 1] += 1
        if outcome.won:
            self.turns_won[outcome.turns - 1] += 1

    def summary(self, encounter: Encounter, engine: str, seed: int) -> Summary:
        """The figures with their 95% intervals."""

        def figure(name: str, lowest: int = 0, highest: int = self.party_size) -> Estimate:
            return moment_interval(
                self.sums, self.squares, name, self.runs, lowest=lowest, highest=highest
            )

        last = max((i for i, c in enumerate(self.turns_all) if c), default=-1) + 1
        return Summary(
            runs=self.runs,
            engine=engine,
            seed=seed,
            party=tuple(f.name for f in encounter.party),
            foes=describe_foes(encounter.foes),
            win_rate=wilson(self.wins, self.runs),
            draw_rate=wilson(self.draws, self.runs),
            turns=figure("turns", 1, MAX_TURNS),
            helpless=figure("helpless"),
            killed=figure("killed"),
            doomed=figure("doomed"),
            turn_counts=tuple(self.turns_all[:last]),
            won_turn_counts=tuple(self.turns_won[:last]),
        )


@dataclass(frozen=True)
class Summary:
    """The result of a simulation.

    Attributes:
        runs: fights played.
        engine: ``"scalar"``.
        seed: the seed it was played from.
        party: the PCs' names.
        foes: the opponents as text.
        win_rate: the share of fights the party won (Wilson interval).
        draw_rate: the share still going after :data:`.model.MAX_TURNS` turns.
        turns: turns per fight, on average.
        helpless: PCs at 0 HP at the end, on average (all of them after a loss).
        killed: PCs killed by the Helpless d6 after a won fight, on average.
        doomed: PCs Doomed at the end, on average.
        turn_counts: the histogram of turns: index ``i`` counts the fights that ended
            in turn ``i + 1``.
        won_turn_counts: the same for the fights won.
    """

    runs: int
    engine: str
    seed: int
    party: tuple[str, ...]
    foes: str
    win_rate: Estimate
    draw_rate: Estimate
    turns: Estimate
    helpless: Estimate
    killed: Estimate
    doomed: Estimate
    turn_counts: tuple[int, ...]
    won_turn_counts: tuple[int, ...]
