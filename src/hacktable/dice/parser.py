"""Parser for dice notation.

Grammar (case-insensitive, spaces allowed between tokens)::

    expression := term (("+" | "-") term)*
    term       := factor (("x" | "*") factor)*
    factor     := "-" factor | atom
    atom       := NUMBER | dice | "(" expression ")"
    dice       := [NUMBER] "d" (NUMBER | "%") [keep]
    keep       := ("kh" | "kl" | "k") NUMBER

``d%`` is ``d100``; ``k3`` is ``kh3``. The rules' own notation is covered: ``3d6``,
``1d6+4``, ``(d6-1)x10``, ``d6+d8``, ``3d6x3``, ``4d6kh3``, ``2d20kl1``.

Why a hand-written parser: the grammar is six rules; writing it by hand gives exact
error positions, checks every limit before anything is rolled, and costs nothing at
start-up (a parser library would add tens of milliseconds to ``hacktable roll``).
The ``d20`` package was considered and not used: it draws from the global ``random``
module (its open issue #7), so rolls could not come from a seeded session source
(RULINGS G1), and it has had no release since 2021.
"""

from __future__ import annotations

from ..errors import DiceLimitError, DiceSyntaxError
from .limits import DEFAULT_LIMITS, DiceLimits
from .notation import BinaryOp, Dice, Group, Keep, KeepMode, Negate, Node, Number, Operator

__all__ = ["parse"]

_DIGITS = "0123456789"
_ATOM = "a number, a die or '('"


def parse(expression: str, limits: DiceLimits = DEFAULT_LIMITS) -> Node:
    """Parse dice notation into a tree of :mod:`~hacktable.dice.notation` nodes.

    Args:
        expression: the text, e.g. ``"4d6kh3"`` or ``"(d6-1)x10"``.
        limits: bounds on length, dice, sides, numbers and nesting.

    Returns:
        The root node.

    Raises:
        DiceSyntaxError: the text is not dice notation (with the position and what
            was expected there).
        DiceLimitError: the text is over a limit (checked before anything is rolled).
    """
    return _Parser(expression, limits).parse()


class _Parser:
    def __init__(self, text: str, limits: DiceLimits) -> None:
        self.text = text
        self.lower = text.lower()
        self.limits = limits
        self.pos = 0
        self.depth = 0
        self.dice = 0

    # -- helpers ---------------------------------------------------------------
    def _skip(self) -> None:
        while self.pos < len(self.lower) and self.lower[self.pos] in " \t":
            self.pos += 1

    def _peek(self) -> str:
        self._skip()
        return self.lower[self.pos] if self.pos < len(self.lower) else ""

    def _found(self) -> str:
        if self.pos >= len(self.text):
            return "end of expression"
        return repr(self.text[self.pos])

    def _error(self, expected: str) -> DiceSyntaxError:
        return DiceSyntaxError(self.text, self.pos, expected, self._found())

    def _limit(self, position: int, limit: str, maximum: int, value: int | str) -> DiceLimitError:
        return DiceLimitError(self.text, position, limit, maximum, value)

    def _number(self, what: str) -> int:
        start = self.pos
        while self.pos < len(self.lower) and self.lower[self.pos] in _DIGITS:
            self.pos += 1
        digits = self.lower[start : self.pos]
        if not digits:
            raise self._error(what)
        maximum = self.limits.max_number
        if len(digits) > len(str(maximum)) or int(digits) > maximum:
            shown = digits if len(digits) <= 12 else digits[:9] + "..."
            raise self._limit(start, "number", maximum, shown)
        return int(digits)

    # -- grammar ---------------------------------------------------------------
    def parse(self) -> Node:
        if len(self.text) > self.limits.max_length:
            raise self._limit(
                self.limits.max_length, "length", self.limits.max_length, len(self.text)
            )
        if not self.text.strip():
            raise self._error("a dice expression")
        node = self._expression()
        if self._peek():
            expected = "an operator (+, -, x)"
            if self._peek() == ")":
                expected += " or the end (this ')' closes nothing)"
            raise self._error(expected)
        return node

    def _expression(self) -> Node:
        node = self._term()
        while (char := self._peek()) and char in "+-":
            position = self.pos
            self.pos += 1
            op = Operator.ADD if char == "+" else Operator.SUBTRACT
            node = BinaryOp(op, node, self._term(), position)
        return node

    def _term(self) -> Node:
        node = self._factor()
        while (char := self._peek()) and char in "x*":
            position = self.pos
            self.pos += 1
            node = BinaryOp(Operator.MULTIPLY, node, self._factor(), position)
        return node

    def _enter(self, position: int) -> None:
        self.depth += 1
        if self.depth > self.limits.max_depth:
            raise self._limit(position, "depth", self.limits.max_depth, self.depth)

    def _factor(self) -> Node:
        char = self._peek()
        position = self.pos
        if char == "-":
            self.pos += 1
            self._enter(position)
            node: Node = Negate(self._factor(), position)
            self.depth -= 1
            return node
        if char == "(":
            self.pos += 1
            self._enter(position)
            inner = self._expression()
            if self._peek() != ")":
                raise self._error("')' or an operator")
            self.pos += 1
            self.depth -= 1
            return Group(inner, position)
        if char and (char == "d" or char in _DIGITS):
            return self._number_or_dice()
        raise self._error(_ATOM)

    def _number_or_dice(self) -> Node:
        start = self.pos
        count = None
        if self.lower[self.pos] in _DIGITS:
            count = self._number(_ATOM)
            if self.pos >= len(self.lower) or self.lower[self.pos] != "d":
                return Number(count, start)
        self.pos += 1  # the "d"
        explicit = count is not None
        if count is not None:
            if count < 1:
                raise DiceSyntaxError(self.text, start, "at least 1 die", str(count))
            if self.dice + count > self.limits.max_dice:
                raise self._limit(start, "dice", self.limits.max_dice, self.dice + count)
        if self.pos < len(self.lower) and self.lower[self.pos] == "%":
            self.pos += 1
            sides = 100
        else:
            sides_at = self.pos
            sides = self._number("the number of sides after 'd'")
            if sides < 1:
                raise DiceSyntaxError(self.text, sides_at, "a die with at least 1 side", "d0")
        if sides > self.limits.max_sides:
            raise self._limit(start, "sides", self.limits.max_sides, sides)
        count = 1 if count is None else count
        self.dice += count
        if self.dice > self.limits.max_dice:
            raise self._limit(start, "dice", self.limits.max_dice, self.dice)
        keep = self._keep(count)
        return Dice(count, sides, keep, start, explicit)

    def _keep(self, count: int) -> Keep | None:
        if not self.lower.startswith("k", self.pos):
            return None
        start = self.pos
        self.pos += 1
        mode = KeepMode.HIGHEST
        if self.pos < len(self.lower) and self.lower[self.pos] in "hl":
            mode = KeepMode.HIGHEST if self.lower[self.pos] == "h" else KeepMode.LOWEST
            self.pos += 1
        kept_at = self.pos
        kept = self._number("how many dice to keep")
        if not 1 <= kept <= count:
            self.pos = kept_at
            raise DiceSyntaxError(
                self.text, start, f"a number of dice to keep from 1 to {count}", str(kept)
            )
        return Keep(mode, kept)
