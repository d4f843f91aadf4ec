"""The parsed form of a dice expression: a small tree of immutable nodes
(:class:`~hacktable.dice.value.Value`).

Parse (:mod:`hacktable.dice.parser`), evaluate (:mod:`hacktable.dice.roller`) and
render (:mod:`hacktable.dice.render`) are separate steps over these nodes. ``str(node)``
gives the canonical notation (lower case, no spaces, ``x`` for multiplication).
"""

from __future__ import annotations

from .value import Value

TYPE_CHECKING = False  # typing is not imported at run time: see .value
if TYPE_CHECKING:
    from typing import Literal, TypeAlias

    OperatorSymbol: TypeAlias = Literal["+", "-", "x"]
    KeepSymbol: TypeAlias = Literal["kh", "kl"]

__all__ = [
    "BinaryOp",
    "Dice",
    "Group",
    "Keep",
    "KeepMode",
    "Negate",
    "Node",
    "Number",
    "Operator",
    "bounds",
]


class Operator:
    """The arithmetic operators of dice notation, as their symbols (plain strings, not
    an enum: see :mod:`.value`)."""

    ADD: OperatorSymbol = "+"
    SUBTRACT: OperatorSymbol = "-"
    MULTIPLY: OperatorSymbol = "x"
    ALL: tuple[OperatorSymbol, ...] = ("+", "-", "x")

    @staticmethod
    def apply(op: OperatorSymbol, left: int, right: int) -> int:
        """Return ``left op right``."""
        if op == "+":
            return left + right
        if op == "-":
            return left - right
        return left * right


class KeepMode:
    """Which dice a keep modifier keeps: ``"kh"`` (highest) or ``"kl"`` (lowest)."""

    HIGHEST: KeepSymbol = "kh"
    LOWEST: KeepSymbol = "kl"
    ALL: tuple[KeepSymbol, ...] = ("kh", "kl")


class Keep(Value):
    """Keep the ``count`` highest or lowest dice of a roll (``kh3``, ``kl1``)."""

    __slots__ = ("count", "mode")
    mode: KeepSymbol
    count: int

    def __init__(self, mode: KeepSymbol, count: int) -> None:
        self._set(mode=mode, count=count)

    def __str__(self) -> str:
        return f"{self.mode}{self.count}"


class Number(Value):
    """A constant."""

    __slots__ = ("position", "value")
    value: int
    position: int

    def __init__(self, value: int, position: int = 0) -> None:
        self._set(value=value, position=position)

    def __str__(self) -> str:
        return str(self.value)


class Dice(Value):
    """``count`` dice of ``sides`` sides, optionally keeping some (``4d6kh3``).

    Attributes:
        count: how many dice, 1 or more.
        sides: sides of each die, 1 or more.
        keep: which dice count toward the total; ``None`` keeps all.
        position: 0-based index of the term in the expression text.
        explicit_count: whether the text wrote the count (``1d6``) or not (``d6``).
    """

    __slots__ = ("count", "explicit_count", "keep", "position", "sides")
    count: int
    sides: int
    keep: Keep | None
    position: int
    explicit_count: bool

    def __init__(
        self,
        count: int,
        sides: int,
        keep: Keep | None = None,
        position: int = 0,
        explicit_count: bool = True,
    ) -> None:
        self._set(
            count=count, sides=sides, keep=keep, position=position, explicit_count=explicit_count
        )

    def __str__(self) -> str:
        count = str(self.count) if self.explicit_count or self.count != 1 else ""
        keep = "" if self.keep is None else str(self.keep)
        return f"{count}d{self.sides}{keep}"


class Negate(Value):
    """``-operand``."""

    __slots__ = ("operand", "position")
    operand: Node
    position: int

    def __init__(self, operand: Node, position: int = 0) -> None:
        self._set(operand=operand, position=position)

    def __str__(self) -> str:
        return f"-{self.operand}"


class Group(Value):
    """A parenthesised sub-expression, kept so rendering shows the parentheses."""

    __slots__ = ("inner", "position")
    inner: Node
    position: int

    def __init__(self, inner: Node, position: int = 0) -> None:
        self._set(inner=inner, position=position)

    def __str__(self) -> str:
        return f"({self.inner})"


class BinaryOp(Value):
    """``left op right``."""

    __slots__ = ("left", "op", "position", "right")
    op: OperatorSymbol
    left: Node
    right: Node
    position: int

    def __init__(self, op: OperatorSymbol, left: Node, right: Node, position: int = 0) -> None:
        self._set(op=op, left=left, right=right, position=position)

    def __str__(self) -> str:
        return f"{self.left}{self.op}{self.right}"


Node = Number | Dice | Negate | Group | BinaryOp
"""Any node of a parsed dice expression."""


def bounds(node: Node) -> tuple[int, int]:
    """The least and greatest total ``node`` can roll, as ``(low, high)``.

    >>> from hacktable.dice import parse
    >>> bounds(parse("2d6+1")), bounds(parse("4d6kh3")), bounds(parse("1d4-5"))
    ((3, 13), (3, 18), (-4, -1))
    """
    if isinstance(node, Number):
        return node.value, node.value
    if isinstance(node, Dice):
        kept = node.count if node.keep is None else min(node.keep.count, node.count)
        return kept, kept * node.sides
    if isinstance(node, Negate):
        low, high = bounds(node.operand)
        return -high, -low
    if isinstance(node, Group):
        return bounds(node.inner)
    left, right = bounds(node.left), bounds(node.right)
    if node.op == Operator.ADD:
        return left[0] + right[0], left[1] + right[1]
    if node.op == Operator.SUBTRACT:
        return left[0] - right[1], left[1] - right[0]
    products = [a * b for a in left for b in right]
    return min(products), max(products)
