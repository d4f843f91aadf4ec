"""Evaluate dice expressions with a caller's random source (RULINGS G1, G2).

Every function takes the ``random.Random`` to draw from; nothing here touches the
global ``random`` module.
"""

from __future__ import annotations

import random

from .limits import DEFAULT_LIMITS, DiceLimits
from .notation import BinaryOp, Dice, Group, KeepMode, Node, Number, Operator
from .parser import parse
from .results import (
    BinaryResult,
    DiceResult,
    Die,
    GroupResult,
    NegateResult,
    NumberResult,
    Result,
    Roll,
    RollOutcome,
)

__all__ = ["evaluate", "parse_cached", "roll", "roll_outcome", "roll_sum"]


_PARSED: dict[str, Node] = {}
_PARSED_MAX = 512


def parse_cached(expression: str) -> Node:
    """:func:`~hacktable.dice.parser.parse` under the default limits, memoised (the
    last 512 expressions; a plain dict, as ``functools`` would slow ``hacktable roll``'s
    start). Parsed trees are immutable, so sharing them is safe.

    Raises:
        DiceSyntaxError, DiceLimitError: as :func:`~hacktable.dice.parser.parse`.
    """
    tree = _PARSED.get(expression)
    if tree is None:
        tree = parse(expression, DEFAULT_LIMITS)
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.pop(next(iter(_PARSED)))
        _PARSED[expression] = tree
    return tree


def _tree(expression: str | Node, limits: DiceLimits) -> Node:
    if isinstance(expression, str):
        if limits is DEFAULT_LIMITS:
            return parse_cached(expression)
        return parse(expression, limits)
    return expression


def _roll_dice(node: Dice, rng: random.Random) -> DiceResult:
    draw = rng.randrange
    sides = node.sides
    values = [draw(sides) + 1 for _ in range(node.count)]
    keep = node.keep
    if keep is None:
        return DiceResult(node, tuple(Die(v) for v in values), sum(values))
    order = sorted(
        range(len(values)), key=values.__getitem__, reverse=keep.mode == KeepMode.HIGHEST
    )
    kept_indices = set(order[: keep.count])
    dice = tuple(Die(v, i in kept_indices) for i, v in enumerate(values))
    return DiceResult(node, dice, sum(values[i] for i in kept_indices))


def evaluate(node: Node, rng: random.Random) -> Result:
    """Roll every die in ``node`` and return the evaluated tree.

    Dice are rolled left to right; among equal dice a keep modifier keeps the one
    rolled first.
    """
    if isinstance(node, Dice):
        return _roll_dice(node, rng)
    if isinstance(node, Number):
        return NumberResult(node, node.value)
    if isinstance(node, BinaryOp):
        left = evaluate(node.left, rng)
        right = evaluate(node.right, rng)
        return BinaryResult(node, left, right, Operator.apply(node.op, left.total, right.total))
    if isinstance(node, Group):
        inner = evaluate(node.inner, rng)
        return GroupResult(node, inner, inner.total)
    operand = evaluate(node.operand, rng)
    return NegateResult(node, operand, -operand.total)


def roll(expression: str | Node, rng: random.Random, limits: DiceLimits = DEFAULT_LIMITS) -> Roll:
    """Parse (if given text) and roll a dice expression.

    Args:
        expression: dice notation such as ``"4d6kh3"``, or a parsed tree.
        rng: the random source to draw from.
        limits: bounds for parsing text.

    Returns:
        The roll, with every die and the total.

    Raises:
        DiceSyntaxError: malformed notation.
        DiceLimitError: notation over a limit; nothing is rolled.

    >>> import random
    >>> roll("4d6kh3", random.Random(1)).total
    10
    """
    tree = _tree(expression, limits)
    result = evaluate(tree, rng)
    return Roll(str(tree), result, result.total)


def roll_outcome(
    expression: str | Node,
    rng: random.Random,
    advantage: int = 0,
    limits: DiceLimits = DEFAULT_LIMITS,
) -> RollOutcome:
    """Roll an expression that is not a test, with advantage as RULINGS G2 says.

    Under advantage the whole expression is rolled twice and the higher total kept;
    under disadvantage the lower. Ties keep the first roll. ``advantage`` is an
    :class:`~hacktable.dice.advantage.Advantage` or its value (-1, 0, 1).

    Raises:
        DiceSyntaxError, DiceLimitError: as :func:`roll`.
    """
    tree = _tree(expression, limits)
    first = roll(tree, rng)
    advantage = (advantage > 0) - (advantage < 0)
    if not advantage:
        return RollOutcome((first,), 0, 0)
    second = roll(tree, rng)
    if advantage > 0:
        kept = 1 if second.total > first.total else 0
    else:
        kept = 1 if second.total < first.total else 0
    return RollOutcome((first, second), kept, advantage)


def roll_sum(expression: str, rng: random.Random) -> int:
    """Roll ``expression`` and return only its total (for content such as coins).

    Raises:
        DiceSyntaxError, DiceLimitError: as :func:`roll`.
    """
    return roll(expression, rng).total
