"""Rollable tables as data: entries by range or natural face, validation, rolls.

A :class:`Table` is a list of :class:`TableEntry` ranges (``low``-``high``, either end
may be open) plus, for single-die tables, entries that match a natural face before any
range is tried (redhack: Wilderness Survival > Survival Tables, "Natural 20:
Discovery"; RULINGS R22). A table with no dice is looked up by a number the caller
already has (redhack: Wilderness Survival > Fatigue Table, indexed by failed tests).

Rolls follow RULINGS G1 (every die comes from the caller's ``random.Random``) and G2
(advantage on a table roll rolls the dice twice and keeps the higher total).

>>> import random
>>> table = Table(
...     id="coin",
...     name="Coin",
...     dice="1d2",
...     source="example",
...     entries=(
...         TableEntry(low=1, high=1, result="Heads"),
...         TableEntry(low=2, high=2, result="Tails"),
...     ),
... )
>>> validate_table(table)
>>> lookup(table, 2).result
'Tails'
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any

import msgspec

from ..dice.advantage import Advantage
from ..dice.notation import BinaryOp, Dice, Group, Negate, Node, Number, bounds
from ..dice.parser import parse
from ..dice.render import outcome_to_json, render_detail
from ..dice.results import Roll, RollOutcome
from ..dice.roller import roll_outcome
from ..errors import DiceError, RuleError, RulesDataError

__all__ = [
    "Table",
    "TableEntry",
    "TableRoll",
    "clamp_value",
    "describe_entry",
    "lookup",
    "lookup_roll",
    "roll_table",
    "table_to_json",
    "validate_table",
]


class TableEntry(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One row of a table.

    An entry is either a range (``low``-``high``; ``low=None`` is "or less",
    ``high=None`` is "or more", both ``None`` is any value; a single value has
    ``low == high``) or a natural entry
    (``natural`` set, no range) that matches when the single die rolled shows that face,
    whatever the modifiers (RULINGS R22).

    Attributes:
        low: lowest value of the range, or ``None`` when open below.
        high: highest value of the range, or ``None`` when open above.
        natural: the die face this entry matches, or ``None`` for a range entry.
        result: the short result, e.g. ``"Cautious"``.
        effect: what it means at the table (may quote the rules text), or ``""``.
    """

    result: str
    low: int | None = None
    high: int | None = None
    natural: int | None = None
    effect: str = ""

    @property
    def is_natural(self) -> bool:
        """Whether this entry matches a natural face rather than a range."""
        return self.natural is not None

    def covers(self, value: int) -> bool:
        """Whether ``value`` lies in this entry's range (always ``False`` for a natural
        entry)."""
        if self.natural is not None:
            return False
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


class Table(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A table that is rolled (``dice`` set) or looked up by a number (``dice=None``).

    Attributes:
        id: kebab-case identifier, e.g. ``"reactions"``.
        name: human name.
        dice: the dice rolled, e.g. ``"2d6"``; ``None`` for a lookup-only table.
        source: the rules section (and ruling) the table comes from.
        entries: the rows; validated by :func:`validate_table`.
        clamp: ``(lowest, highest)`` that a modified roll is clamped to, or ``None``.
        modifier_note: what modifies the roll, in words.
        notes: anything else the table needs said.
    """

    id: str
    name: str
    source: str = "campaign"
    entries: tuple[TableEntry, ...]
    dice: str | None = None
    clamp: tuple[int, int] | None = None
    modifier_note: str = ""
    notes: str = ""


@dataclass(frozen=True, slots=True)
class TableRoll:
    """A table roll (or lookup) and the entry it landed on.

    Attributes:
        table: the table.
        roll: the dice as rolled (two rolls under advantage, RULINGS G2); ``None`` for
            a lookup of a value the caller supplied.
        natural: the face of the kept roll when the table rolls a single die, else
            ``None``.
        modifier: added to the roll's total.
        value: roll total + modifier, clamped to the table's ``clamp`` if it has one.
        entry: the entry the value (or natural face) selects.
    """

    table: Table
    roll: RollOutcome | None
    natural: int | None
    modifier: int
    value: int
    entry: TableEntry

    def explain(self) -> str:
        """One line: table, dice, faces, total, modifier, clamp and the entry.

        E.g. ``"reactions: 2d6 [3, 4] -> 7: Cautious. Will neither attack..."`` or
        ``"survival: 1d20 [12] -> 12 + 1 = 13: Difficulty. ..."``.
        """
        text = f"{self.table.id}: "
        if self.roll is None:
            text += str(self.value)
        else:
            text += _render_dice(self.roll)
            total = self.roll.total
            unclamped = total + self.modifier
            if self.modifier:
                sign = "+" if self.modifier > 0 else "-"
                text += f" {sign} {abs(self.modifier)} = {unclamped}"
            if unclamped != self.value:
                text += f", clamped to {self.value}"
        if self.entry.natural is not None:
            text += f" (natural {self.entry.natural})"
        return f"{text}: {_entry_text(self.entry)}"


def _render_dice(outcome: RollOutcome) -> str:
    if len(outcome.rolls) == 1:
        return f"{outcome.expression} {render_detail(outcome.roll.tree)} -> {outcome.total}"
    parts = "; ".join(f"{render_detail(r.tree)} -> {r.total}" for r in outcome.rolls)
    return f"{outcome.expression} with {outcome.advantage_word}: {parts}; keeps {outcome.total}"


def _entry_text(entry: TableEntry) -> str:
    if not entry.effect:
        return entry.result
    joiner = " " if entry.result.endswith((".", "!", "?", ":")) else ". "
    return f"{entry.result}{joiner}{entry.effect}"


def describe_entry(entry: TableEntry) -> str:
    """The entry's range in words: ``"3-5"``, ``"12"``, ``"5 or less"``, ``"20 or
    more"``, ``"natural 20"`` or ``"any"``."""
    if entry.natural is not None:
        return f"natural {entry.natural}"
    if entry.low is None and entry.high is None:
        return "any"
    if entry.low is None:
        return f"{entry.high} or less"
    if entry.high is None:
        return f"{entry.low} or more"
    if entry.low == entry.high:
        return str(entry.low)
    return f"{entry.low}-{entry.high}"


# -- dice analysis ---------------------------------------------------------------------


def _dice_nodes(node: Node) -> list[Dice]:
    if isinstance(node, Dice):
        return [node]
    if isinstance(node, Number):
        return []
    if isinstance(node, Negate):
        return _dice_nodes(node.operand)
    if isinstance(node, Group):
        return _dice_nodes(node.inner)
    assert isinstance(node, BinaryOp)
    return _dice_nodes(node.left) + _dice_nodes(node.right)


def _single_die(node: Node) -> Dice | None:
    """The one die of an expression that rolls exactly one die, else ``None``."""
    dice = _dice_nodes(node)
    if len(dice) == 1 and dice[0].count == 1:
        return dice[0]
    return None


def _natural(roll: Roll) -> int | None:
    terms = roll.dice_terms()
    if len(terms) == 1 and len(terms[0].dice) == 1:
        return terms[0].dice[0].value
    return None


# -- validation --------------------------------------------------------------------------


def validate_table(table: Table, *, file: str = "table", entry: str | None = None) -> None:
    """Check that a table is well formed.

    Checks: it has entries; no entry has both a range and a natural face, and
    ``low <= high``; ranges neither overlap nor leave a gap between the lowest and
    highest bound; an open end ("or less", "or more") is only on the lowest or highest
    range; natural entries only on tables that roll a single die, within its faces and
    not repeated; the clamp is ordered; the dice parse; and for rolled tables every
    reachable value is on the table (every total the dice can roll or, with a clamp,
    every value in the clamp's range).

    Args:
        table: the table to check.
        file: the data file it came from, for the error.
        entry: how to name the table in the error (default ``table '<id>'``).

    Raises:
        RulesDataError: the first problem found, with ``file``, ``entry`` and
            ``reason``.
    """
    label = entry if entry is not None else f"table {table.id!r}"

    def fail(reason: str) -> RulesDataError:
        return RulesDataError(file, label, reason)

    if not table.entries:
        raise fail("has no entries")

    tree: Node | None = None
    if table.dice is not None:
        try:
            tree = parse(table.dice)
        except DiceError as error:
            raise fail(f"dice: {error}") from error

    if table.clamp is not None and table.clamp[0] > table.clamp[1]:
        raise fail(f"clamp {list(table.clamp)}: lowest is above highest")

    ranges: list[tuple[int, TableEntry]] = []
    naturals: dict[int, int] = {}
    single = _single_die(tree) if tree is not None else None
    for index, row in enumerate(table.entries):
        where = f"entries[{index}] ({row.result!r})"
        if row.natural is not None:
            if row.low is not None or row.high is not None:
                raise fail(f"{where}: a natural entry cannot also have a range")
            if tree is None:
                raise fail(f"{where}: natural {row.natural} on a table that is not rolled")
            if single is None:
                raise fail(
                    f"{where}: natural {row.natural} needs a table that rolls one die, "
                    f"not {table.dice}"
                )
            if not 1 <= row.natural <= single.sides:
                raise fail(f"{where}: natural {row.natural} is not a face of d{single.sides}")
            if row.natural in naturals:
                raise fail(
                    f"{where}: natural {row.natural} overlaps entries[{naturals[row.natural]}]"
                )
            naturals[row.natural] = index
            continue
        if row.low is not None and row.high is not None and row.low > row.high:
            raise fail(f"{where}: low {row.low} is above high {row.high}")
        ranges.append((index, row))

    if not ranges:
        raise fail("has no range entries")
    ranges.sort(key=lambda item: (item[1].low is not None, item[1].low or 0))
    for (prev_index, prev), (cur_index, cur) in itertools.pairwise(ranges):
        prev_name = f"entries[{prev_index}] ({describe_entry(prev)})"
        cur_name = f"entries[{cur_index}] ({describe_entry(cur)})"
        if cur.low is None:
            raise fail(f"{cur_name} is open below but overlaps {prev_name}")
        if prev.high is None:
            raise fail(f"{prev_name} is open above but {cur_name} lies above it")
        if cur.low <= prev.high:
            if prev.low is None:
                raise fail(f"{prev_name} is open below but {cur_name} is not above it")
            raise fail(f"{cur_name} overlaps {prev_name}")
        if cur.low > prev.high + 1:
            missing = (
                str(prev.high + 1) if cur.low == prev.high + 2 else f"{prev.high + 1}-{cur.low - 1}"
            )
            raise fail(f"gap: no entry covers {missing} (between {prev_name} and {cur_name})")

    if tree is None:
        return
    covered_low = ranges[0][1].low
    covered_high = ranges[-1][1].high
    if table.clamp is not None:
        need_low, need_high = table.clamp
        what = f"the clamp {need_low}-{need_high}"
    else:
        need_low, need_high = bounds(tree)
        what = f"{table.dice} rolls {need_low}-{need_high}"
    # Only a bare die's totals are its faces, so only there do natural entries cover.
    bare_naturals = set(naturals) if isinstance(tree, Dice) and table.clamp is None else set()
    if covered_low is not None and need_low < covered_low:
        for value in range(need_low, covered_low):
            if value not in bare_naturals:
                raise fail(f"no entry covers a roll of {value} ({what})")
    if covered_high is not None and need_high > covered_high:
        for value in range(covered_high + 1, need_high + 1):
            if value not in bare_naturals:
                raise fail(f"no entry covers a roll of {value} ({what})")


# -- lookup and rolls ----------------------------------------------------------------------


def clamp_value(table: Table, value: int) -> int:
    """``value`` clamped to the table's ``clamp``, or unchanged if it has none."""
    if table.clamp is None:
        return value
    low, high = table.clamp
    return max(low, min(high, value))


def lookup(table: Table, value: int, natural: int | None = None) -> TableEntry:
    """The entry for a final (modified, clamped) value.

    A natural entry matching ``natural`` wins over the ranges (RULINGS R22).

    Args:
        table: a validated table.
        value: the value to look up.
        natural: the natural face of a single-die roll, or ``None``.

    Raises:
        RuleError: no entry covers ``value``.
    """
    if natural is not None:
        for row in table.entries:
            if row.natural == natural:
                return row
    for row in table.entries:
        if row.covers(value):
            return row
    ranges = ", ".join(describe_entry(row) for row in table.entries)
    raise RuleError(f"{value} is not on the {table.id} table (it has {ranges})")


def lookup_roll(table: Table, value: int, natural: int | None = None) -> TableRoll:
    """Look up a value the caller already has (a lookup-only table such as fatigue,
    or dice rolled at the table), as a :class:`TableRoll` with ``roll=None``.

    The value is clamped as :func:`roll_table` would.

    Raises:
        RuleError: no entry covers the value.
    """
    final = clamp_value(table, value)
    return TableRoll(table, None, natural, 0, final, lookup(table, final, natural))


def roll_table(
    table: Table,
    rng: random.Random,
    modifier: int = 0,
    advantage: Advantage = Advantage.NONE,
) -> TableRoll:
    """Roll a table's dice, add ``modifier``, clamp and look the result up.

    Under advantage the dice are rolled twice and the higher total kept, under
    disadvantage the lower (RULINGS G2); ``natural`` is the kept roll's face when the
    table rolls a single die.

    Args:
        table: a validated table with dice.
        rng: the random source (RULINGS G1).
        modifier: added to the roll's total.
        advantage: net advantage on the roll.

    Raises:
        RuleError: the table has no dice (look it up instead), or the modified roll is
            not on the table.
        DiceError: the table's dice do not parse (a table that was not validated).
    """
    if table.dice is None:
        raise RuleError(f"the {table.id} table is looked up, not rolled")
    outcome = roll_outcome(table.dice, rng, advantage)
    natural = _natural(outcome.roll)
    value = clamp_value(table, outcome.total + modifier)
    return TableRoll(table, outcome, natural, modifier, value, lookup(table, value, natural))


def table_to_json(roll: TableRoll) -> dict[str, Any]:
    """A table roll as a JSON-ready dictionary.

    Shape: ``{"table", "name", "dice", "roll" (the dice as
    :func:`~hacktable.dice.outcome_to_json`, or None), "natural", "modifier", "value",
    "entry": {"low", "high", "natural", "result", "effect"}, "text"}``.
    """
    entry = roll.entry
    return {
        "table": roll.table.id,
        "name": roll.table.name,
        "dice": roll.table.dice,
        "roll": None if roll.roll is None else outcome_to_json(roll.roll),
        "natural": roll.natural,
        "modifier": roll.modifier,
        "value": roll.value,
        "entry": {
            "low": entry.low,
            "high": entry.high,
            "natural": entry.natural,
            "result": entry.result,
            "effect": entry.effect,
        },
        "text": roll.explain(),
    }
