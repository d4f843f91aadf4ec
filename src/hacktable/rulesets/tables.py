"""A ruleset's tables as front ends see them: rolled or read into a
:class:`~hacktable.rulesets.base.TableOutcome`, and the values each can be read at.

Every ruleset keeps its tables as :class:`~hacktable.rules.tables.Table` data; these
functions are the part of ``Ruleset.roll_table``, ``lookup_table`` and ``table_range``
that does not depend on the ruleset (RULINGS G2 for advantage on a table roll).
"""

from __future__ import annotations

import random

from ..dice.advantage import Advantage
from ..dice.notation import bounds
from ..dice.parser import parse
from ..errors import RuleError
from ..rules.tables import Table, TableRoll, lookup_roll, table_to_json
from ..rules.tables import roll_table as roll_on_table
from .base import TableOutcome

__all__ = ["lookup_outcome", "roll_outcome", "table_values"]


def roll_outcome(
    table: Table,
    rng: random.Random,
    modifier: int = 0,
    advantage: Advantage = Advantage.NONE,
) -> TableOutcome:
    """Roll on ``table`` with a modifier, advantage per RULINGS G2.

    Raises:
        RuleError: the table is read, not rolled (it has no dice).
    """
    if table.dice is None:
        raise RuleError(f"the {table.name} table is read, not rolled: table {table.id} = N")
    return _outcome(roll_on_table(table, rng, modifier, advantage))


def lookup_outcome(table: Table, value: int) -> TableOutcome:
    """Read ``table`` at ``value``.

    Raises:
        RuleError: ``value`` is off the table.
    """
    return _outcome(lookup_roll(table, value))


def table_values(table: Table) -> range:
    """Every value ``table`` can be read at: from the least to the greatest of what its
    dice roll (or its clamp allows) and the bounds its entries name."""
    ends = [end for e in table.entries for end in (e.low, e.high, e.natural) if end is not None]
    if table.clamp is not None:
        ends += table.clamp
    elif table.dice is not None:
        ends += bounds(parse(table.dice))
    return range(min(ends), max(ends) + 1)


def _outcome(result: TableRoll) -> TableOutcome:
    return TableOutcome(
        result.table.id,
        result.table.name,
        result.value,
        result.entry.result,
        result.entry.effect,
        result.explain(),
        table_to_json(result),
    )
