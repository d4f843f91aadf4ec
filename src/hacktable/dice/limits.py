"""Limits on dice expressions, against hostile or mistaken input.

An expression over a limit raises :class:`~hacktable.errors.DiceLimitError` during
parsing, before any die is rolled, so ``1000000d1000000`` fails at once.
"""

from __future__ import annotations

from .value import Value

__all__ = ["DEFAULT_LIMITS", "DiceLimits"]


class DiceLimits(Value):
    """The bounds one dice expression must stay within.

    Attributes:
        max_length: characters in the expression text.
        max_dice: dice rolled by the whole expression (``4d6kh3`` rolls 4).
        max_sides: sides of any one die.
        max_number: any number written in the expression.
        max_depth: nesting of parentheses and signs.
    """

    __slots__ = ("max_depth", "max_dice", "max_length", "max_number", "max_sides")
    max_length: int
    max_dice: int
    max_sides: int
    max_number: int
    max_depth: int

    def __init__(
        self,
        max_length: int = 500,
        max_dice: int = 1000,
        max_sides: int = 10_000,
        max_number: int = 1_000_000,
        max_depth: int = 32,
    ) -> None:
        self._set(
            max_length=max_length,
            max_dice=max_dice,
            max_sides=max_sides,
            max_number=max_number,
            max_depth=max_depth,
        )


DEFAULT_LIMITS = DiceLimits()
