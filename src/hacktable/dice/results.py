"""The evaluated form of a dice expression: every die rolled, kept or dropped.

Each node mirrors a :mod:`~hacktable.dice.notation` node and adds what the dice showed
and the subtotal. Renderers (:mod:`hacktable.dice.render`) turn the tree into text or
JSON; nothing here formats output.
"""

from __future__ import annotations

from .notation import BinaryOp, Dice, Group, Negate, Number
from .value import Value

TYPE_CHECKING = False  # typing is not imported at run time: see .value
if TYPE_CHECKING:
    from collections.abc import Iterator

ADVANTAGE_WORDS = {1: "advantage", 0: "", -1: "disadvantage"}
"""Words for an advantage's value."""

__all__ = [
    "ADVANTAGE_WORDS",
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


class Die(Value):
    """One die as it landed.

    Attributes:
        value: the face, 1 to the die's sides.
        kept: whether it counts toward the total (``False``: dropped by a keep).
    """

    __slots__ = ("kept", "value")
    value: int
    kept: bool

    def __init__(self, value: int, kept: bool = True) -> None:
        self._set(value=value, kept=kept)


class NumberResult(Value):
    """A constant's value."""

    __slots__ = ("node", "total")
    node: Number
    total: int

    def __init__(self, node: Number, total: int) -> None:
        self._set(node=node, total=total)


class DiceResult(Value):
    """The dice of one ``NdS`` term, in the order rolled, and their kept sum."""

    __slots__ = ("dice", "node", "total")
    node: Dice
    dice: tuple[Die, ...]
    total: int

    def __init__(self, node: Dice, dice: tuple[Die, ...], total: int) -> None:
        self._set(node=node, dice=dice, total=total)

    @property
    def kept(self) -> tuple[int, ...]:
        """Values of the kept dice, in the order rolled."""
        return tuple(d.value for d in self.dice if d.kept)

    @property
    def dropped(self) -> tuple[int, ...]:
        """Values of the dropped dice, in the order rolled."""
        return tuple(d.value for d in self.dice if not d.kept)


class NegateResult(Value):
    """``-operand``."""

    __slots__ = ("node", "operand", "total")
    node: Negate
    operand: Result
    total: int

    def __init__(self, node: Negate, operand: Result, total: int) -> None:
        self._set(node=node, operand=operand, total=total)


class GroupResult(Value):
    """A parenthesised sub-expression."""

    __slots__ = ("inner", "node", "total")
    node: Group
    inner: Result
    total: int

    def __init__(self, node: Group, inner: Result, total: int) -> None:
        self._set(node=node, inner=inner, total=total)


class BinaryResult(Value):
    """``left op right``."""

    __slots__ = ("left", "node", "right", "total")
    node: BinaryOp
    left: Result
    right: Result
    total: int

    def __init__(self, node: BinaryOp, left: Result, right: Result, total: int) -> None:
        self._set(node=node, left=left, right=right, total=total)


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


class Roll(Value):
    """One evaluation of a dice expression.

    Attributes:
        expression: the canonical notation (``str`` of the parsed tree).
        tree: the evaluated tree.
        total: the result.
    """

    __slots__ = ("expression", "total", "tree")
    expression: str
    tree: Result
    total: int

    def __init__(self, expression: str, tree: Result, total: int) -> None:
        self._set(expression=expression, tree=tree, total=total)

    def dice_terms(self) -> tuple[DiceResult, ...]:
        """Every ``NdS`` term's result, left to right."""
        return tuple(_walk(self.tree))


class RollOutcome(Value):
    """A roll that is not a test, with advantage applied as RULINGS G2 says.

    Attributes:
        rolls: one roll, or two under advantage or disadvantage.
        kept: index in ``rolls`` of the roll that counts.
        advantage: the value of the net :class:`~hacktable.dice.advantage.Advantage`
            it was rolled with: -1, 0 or 1.
    """

    __slots__ = ("advantage", "kept", "rolls")
    rolls: tuple[Roll, ...]
    kept: int
    advantage: int

    def __init__(self, rolls: tuple[Roll, ...], kept: int, advantage: int = 0) -> None:
        self._set(rolls=rolls, kept=kept, advantage=int(advantage))

    @property
    def advantage_word(self) -> str:
        """``"advantage"``, ``"disadvantage"`` or ``""``."""
        return ADVANTAGE_WORDS[self.advantage]

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
