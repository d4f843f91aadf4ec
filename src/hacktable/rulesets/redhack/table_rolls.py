"""redhack's tables, rolled or read, as outcomes the console shows and logs.

Sources: the tables' own sections of redhack (injuries, reactions, survival, fatigue,
...); RULINGS G2.
"""

from __future__ import annotations

import random

from ...dice.advantage import Advantage
from ...errors import RuleError
from ...rules.tables import TableRoll, lookup_roll, table_to_json
from ...rules.tables import roll_table as roll_on_table
from ..base import TableOutcome
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
    table = content.table(table_id)
    if table.dice is None:
        raise RuleError(f"the {table.name} table is read, not rolled: table {table.id} = N")
    result = roll_on_table(table, rng, modifier, advantage)
    return _table_outcome(result)


def lookup_table(content: Content, table_id: str, value: int) -> TableOutcome:
    """Read a table at ``value``.

    Raises:
        UnknownNameError: no such table.
        RuleError: ``value`` is off the table.
    """
    table = content.table(table_id)
    result = lookup_roll(table, value)
    return _table_outcome(result)


def _table_outcome(result: TableRoll) -> TableOutcome:
    return TableOutcome(
        result.table.id,
        result.table.name,
        result.value,
        result.entry.result,
        result.entry.effect,
        result.explain(),
        table_to_json(result),
    )
