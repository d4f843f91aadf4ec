"""The evaluated form of a dice expression: every die rolled, kept or dropped.

Each node mirrors a :mod:`~hacktable.dice.notation` node and adds what the dice showed
and the subtotal. Renderers (:mod:`hacktable.dice.render`) turn the tree into text or
JSON; nothing here formats output.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .advantage import Advantage
from .notation import BinaryOp, Dice, Group, Negate, Number

__all__ = [
    "BinaryResult",
    "DiceResult",
    "Die",
    "GroupResult",
    "NegateResult",
    "NumberResult",
    "Result",
    "Roll",
    "RollOutcome",
]


@dataclass(frozen=True, slots=True)
class Die:
    """One die as it landed.

    Attributes:
        value: the face, 1 to the die's sides.
        kept: whether it counts toward the total (``False``: dropped by a keep).
    """

    value: int
    kept: bool = True


@dataclass(frozen=True, slots=True)
class NumberResult:
    """A constant's value."""

    node: Number
    total: int


@dataclass(frozen=True, slots=True)
class DiceResult:
    """The dice of one ``NdS`` term, in the order rolled, and their kept sum."""

    node: Dice
    dice: tuple[Die, ...]
    total: int

    @property
    def kept(self) -> tuple[int, ...]:
        """Values of the kept dice, in the order rolled."""
        return tuple(d.value for d in self.dice if d.kept)

    @property
    def dropped(self) -> tuple[int, ...]:
        """Values of the dropped dice, in the order rolled."""
        return tuple(d.value for d in self.dice if not d.kept)


@dataclass(frozen=True, slots=True)
class NegateResult:
    """``-operand``."""

    node: Negate
    operand: Result
    total: int


@dataclass(frozen=True, slots=True)
class GroupResult:
    """A parenthesised sub-expression."""

    node: Group
    inner: Result
    total: int


@dataclass(frozen=True, slots=True)
class BinaryResult:
    """``left op right``."""

    node: BinaryOp
    left: Result
    right: Result
    total: int


Result = NumberResult | DiceResult | NegateResult | GroupResult | BinaryResult
"""Any node of an evaluated dice expression."""


def _walk(result: Result) -> Iterator[DiceResult]:
    if isinstance(result, DiceResult):
        yield result
    elif isinstance(result, NegateResult):
        yield from _walk(result.operand)
    elif isinstance(result, GroupResult):
        yield from _walk(result.inner)
    elif isinstance(result, BinaryResult):
        yield from _walk(result.left)
        yield from _walk(result.right)


@dataclass(frozen=True, slots=True)
class Roll:
    """One evaluation of a dice expression.

    Attributes:
        expression: the canonical notation (``str`` of the parsed tree).
        tree: the evaluated tree.
        total: the result.
    """

    expression: str
    tree: Result
    total: int

    def dice_terms(self) -> tuple[DiceResult, ...]:
        """Every ``NdS`` term's result, left to right."""
        return tuple(_walk(self.tree))


@dataclass(frozen=True, slots=True)
class RollOutcome:
    """A roll that is not a test, with advantage applied as RULINGS G2 says.

    Attributes:
        rolls: one roll, or two under advantage or disadvantage.
        kept: index in ``rolls`` of the roll that counts.
        advantage: the net advantage it was rolled with.
    """

    rolls: tuple[Roll, ...]
    kept: int
    advantage: Advantage = Advantage.NONE

    @property
    def roll(self) -> Roll:
        """The roll that counts."""
        return self.rolls[self.kept]

    @property
    def total(self) -> int:
        """The result that counts."""
        return self.rolls[self.kept].total

    @property
    def expression(self) -> str:
        """The canonical notation rolled."""
        return self.rolls[0].expression
