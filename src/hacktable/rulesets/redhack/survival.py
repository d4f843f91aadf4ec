"""The leader's survival roll: d20 + WIS and CON modifiers - the day's travel penalty on
a landscape's survival table or redhack's own (redhack: Wilderness Survival > Survival
Tables; RULINGS R4, R22). Part of :mod:`.travel`, which re-exports every name."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...errors import RuleError
from ...rules.tables import Table, TableRoll, roll_table
from .character import Character
from .core_rules import modifier

__all__ = ["SurvivalRoll", "survival_modifier", "survival_roll"]


@dataclass(frozen=True, slots=True)
class SurvivalRoll:
    """The leader's survival roll (redhack: Wilderness Survival > Survival Tables;
    RULINGS R22).

    Attributes:
        leader: the leader's name.
        wis: the leader's WIS modifier.
        con: the leader's CON modifier.
        penalty: the day's travel penalty (subtracted).
        roll: the table roll (a natural 20 on redhack's table is a Discovery whatever
            the modifiers).
    """

    leader: str
    wis: int
    con: int
    penalty: int
    roll: TableRoll

    @property
    def result(self) -> str:
        """The entry's short result, e.g. ``"Uneventful"``."""
        return self.roll.entry.result

    def explain(self) -> str:
        """E.g. ``"Tomas leads (WIS +1, CON +1, penalty -4): survival: 1d20 [12] -> 12 -
        2 = 10: Trouble or Loss. ..."``."""
        return (
            f"{self.leader} leads (WIS {self.wis:+d}, CON {self.con:+d}, penalty "
            f"-{self.penalty}): {self.roll.explain()}"
        )


def survival_modifier(leader: Character, penalty: int) -> int:
    """The survival roll's modifier: the leader's WIS and CON modifiers less the travel
    penalty (RULINGS R4, R22).

    Raises:
        RuleError: a negative penalty.
    """
    if penalty < 0:
        raise RuleError(f"the travel penalty cannot be negative ({penalty})")
    return modifier(leader.score("WIS")) + modifier(leader.score("CON")) - penalty


def survival_roll(
    rng: random.Random, leader: Character, penalty: int, table: Table | None = None
) -> SurvivalRoll:
    """Roll the day's survival table: d20 + WIS modifier + CON modifier - penalty on
    ``table`` (a landscape's) or redhack's own ``survival`` table (redhack: Wilderness
    Survival > Survival Tables; RULINGS R22).

    Args:
        rng: the random source.
        leader: the party's leader.
        penalty: the day's travel penalty (:attr:`Movement.penalty`).
        table: a landscape's survival table, or ``None`` for the default.

    Raises:
        RuleError: a negative penalty.
        RulesDataError: the packaged tables are broken.
    """
    if table is None:
        from .content.loader import load_content

        table = load_content().table("survival")
    modified = survival_modifier(leader, penalty)
    return SurvivalRoll(
        leader.name,
        modifier(leader.score("WIS")),
        modifier(leader.score("CON")),
        penalty,
        roll_table(table, rng, modified),
    )
