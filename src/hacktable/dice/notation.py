"""The parsed form of a dice expression: a small tree of immutable nodes.

Parse (:mod:`hacktable.dice.parser`), evaluate (:mod:`hacktable.dice.roller`) and
render (:mod:`hacktable.dice.render`) are separate steps over these nodes. ``str(node)``
gives the canonical notation (lower case, no spaces, ``x`` for multiplication).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["BinaryOp", "Dice", "Group", "Keep", "KeepMode", "Negate", "Node", "Number", "Operator"]


class Operator(Enum):
    """An arithmetic operator of dice notation."""

    ADD = "+"
    SUBTRACT = "-"
    MULTIPLY = "x"

    def apply(self, left: int, right: int) -> int:
        """Return ``left op right``."""
        if self is Operator.ADD:
            return left + right
        if self is Operator.SUBTRACT:
            return left - right
        return left * right


class KeepMode(Enum):
    """Which dice a keep modifier keeps."""

    HIGHEST = "kh"
    LOWEST = "kl"


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the ``count`` highest or lowest dice of a roll (``kh3``, ``kl1``)."""

    mode: KeepMode
    count: int

    def __str__(self) -> str:
        return f"{self.mode.value}{self.count}"


@dataclass(frozen=True, slots=True)
class Number:
    """A constant."""

    value: int
    position: int = 0

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice of ``sides`` sides, optionally keeping some (``4d6kh3``).

    Attributes:
        count: how many dice, 1 or more.
        sides: sides of each die, 1 or more.
        keep: which dice count toward the total; ``None`` keeps all.
        position: 0-based index of the term in the expression text.
        explicit_count: whether the text wrote the count (``1d6``) or not (``d6``).
    """

    count: int
    sides: int
    keep: Keep | None = None
    position: int = 0
    explicit_count: bool = True

    def __str__(self) -> str:
        count = str(self.count) if self.explicit_count or self.count != 1 else ""
        keep = "" if self.keep is None else str(self.keep)
        return f"{count}d{self.sides}{keep}"


@dataclass(frozen=True, slots=True)
class Negate:
    """``-operand``."""

    operand: Node
    position: int = 0

    def __str__(self) -> str:
        return f"-{self.operand}"


@dataclass(frozen=True, slots=True)
class Group:
    """A parenthesised sub-expression, kept so rendering shows the parentheses."""

    inner: Node
    position: int = 0

    def __str__(self) -> str:
        return f"({self.inner})"


@dataclass(frozen=True, slots=True)
class BinaryOp:
    """``left op right``."""

    op: Operator
    left: Node
    right: Node
    position: int = 0

    def __str__(self) -> str:
        return f"{self.left}{self.op.value}{self.right}"


Node = Number | Dice | Negate | Group | BinaryOp
"""Any node of a parsed dice expression."""
