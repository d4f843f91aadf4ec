"""Exact odds of a prepared check, by enumerating every face (or pair of faces).

Success, critical success and critical failure are counted over all ``sides`` faces,
or all ``sides ** 2`` ordered pairs under advantage or disadvantage, each resolved as
:func:`~.engine.play` resolves it from the same :class:`~.engine.CheckTable`. Under the
R3 reroll a pair whose first face needs no reroll counts once for every second face,
as the second die is then never rolled. The results are exact :class:`~fractions.Fraction`
values in a :class:`~hacktable.rules.resolution.TestOdds`.
"""

from __future__ import annotations

from fractions import Fraction

from ...dice.advantage import Advantage
from ..resolution import Critical, TestOdds
from .values import AdvantageRule

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from .engine import CheckTable
    from .values import Verdict

__all__ = ["table_odds"]


class _Tally:
    """Weighted counts of success, critical success and critical failure."""

    __slots__ = ("critical_failure", "critical_success", "success")

    def __init__(self) -> None:
        self.success = self.critical_success = self.critical_failure = 0

    def add(self, verdict: Verdict, weight: int = 1) -> None:
        if verdict.success:
            self.success += weight
        if verdict.critical is Critical.SUCCESS:
            self.critical_success += weight
        elif verdict.critical is Critical.FAILURE:
            self.critical_failure += weight

    def odds(self, total: int) -> TestOdds:
        return TestOdds(
            success=Fraction(self.success, total),
            critical_success=Fraction(self.critical_success, total),
            critical_failure=Fraction(self.critical_failure, total),
        )


def table_odds(table: CheckTable, advantage: Advantage) -> TestOdds:
    """The exact odds of ``table`` rolled with net ``advantage``.

    The rule must allow ``advantage`` (see :func:`~.engine.require_advantage`).
    """
    verdicts = table.verdicts
    sides = table.sides
    tally = _Tally()
    if advantage is Advantage.NONE:
        for verdict in verdicts:
            tally.add(verdict)
        return tally.odds(sides)
    if table.advantage is AdvantageRule.REROLL:
        helped = advantage is Advantage.ADVANTAGE
        refused = table.naturals.failure if helped else table.naturals.success
        for first in verdicts:
            if first.success == helped:  # no reroll: every second face gives the first
                tally.add(first, sides)
                continue
            for second in verdicts:
                tally.add(first if second.face in refused else second)
        return tally.odds(sides * sides)
    lower = table.lower_is_better is (advantage is Advantage.ADVANTAGE)
    for first in verdicts:
        for second in verdicts:
            if lower:
                tally.add(first if first.face <= second.face else second)
            else:
                tally.add(first if first.face >= second.face else second)
    return tally.odds(sides * sides)
