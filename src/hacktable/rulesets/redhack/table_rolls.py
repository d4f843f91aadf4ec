"""redhack's tables, rolled or read, as outcomes the console shows and logs.

Sources: the tables' own sections of redhack (injuries, reactions, survival, fatigue,
...); RULINGS G2.
"""

from __future__ import annotations

import random

from ...dice.advantage import Advantage
from ..base import TableOutcome
from ..tables import lookup_outcome, roll_outcome
from .content.index import Content

__all__ = ["lookup_table", "roll_table", "table_list"]


def table_list(content: Content) -> tuple[tuple[str, str], ...]:
    """The rollable tables (injuries, reactions, survival, fatigue, ...)."""
    return tuple((t.id, t.name) for t in content.tables)


def roll_table(
    content: Content,
    table_id: str,
    rng: random.Random,
    modifier: int = 0,
    advantage: Advantage = Advantage.NONE,
) -> TableOutcome:
    """Roll on a table with a modifier, advantage per RULINGS G2.

    Raises:
        UnknownNameError: no such table.
        RuleError: the table is read, not rolled (fatigue).
    """
    return roll_outcome(content.table(table_id), rng, modifier, advantage)


def lookup_table(content: Content, table_id: str, value: int) -> TableOutcome:
    """Read a table at ``value``.

    Raises:
        UnknownNameError: no such table.
        RuleError: ``value`` is off the table.
    """
    return lookup_outcome(content.table(table_id), value)
