"""Dice notation parsing: known answers, errors with positions, limits, properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hacktable.dice import DiceLimits, parse, roll
from hacktable.dice.notation import BinaryOp, Dice, Group, Keep, KeepMode, Negate, Number, Operator
from hacktable.errors import DiceError, DiceLimitError, DiceSyntaxError


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("3d6", "3d6"),
        ("1d6+4", "1d6+4"),
        ("(d6-1)x10", "(d6-1)x10"),  # redhack: Equipment > Haggling writes "(d6-1)x10"
        ("(D6 - 1) X 10", "(d6-1)x10"),
        ("d6+d8", "d6+d8"),  # RULINGS R5 damage by HD 6
        ("3d6x3", "3d6x3"),  # redhack: Experience & Gaining Levels, "3d6x3"
        ("4d6kh3", "4d6kh3"),
        ("4d6k3", "4d6kh3"),
        ("2d20kl1", "2d20kl1"),
        ("2d20kh1+5", "2d20kh1+5"),
        ("d%", "d100"),
        ("2*3", "2x3"),
        ("-d4", "-d4"),
        ("1d6x10", "1d6x10"),
    ],
)
def test_parses_the_rules_notation(text: str, canonical: str) -> None:
    assert str(parse(text)) == canonical


def test_tree_shape_and_precedence() -> None:
    tree = parse("1+2x3")
    assert isinstance(tree, BinaryOp)
    assert tree.op == Operator.ADD
    assert tree.left == Number(1, 0)
    assert isinstance(tree.right, BinaryOp)
    assert tree.right.op == Operator.MULTIPLY
    keep = parse("4d6kh3")
    assert isinstance(keep, Dice)
    assert keep.keep == Keep(KeepMode.HIGHEST, 3)
    assert isinstance(parse("(1)"), Group)
    assert isinstance(parse("--1"), Negate)


def test_left_associative_subtraction() -> None:
    assert roll("10-3-2", random.Random(0)).total == 5


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        ("3d", 2, "number of sides"),
        ("d0", 1, "at least 1 side"),
        ("2d6+", 4, "a number, a die or '('"),
        ("", 0, "a dice expression"),
        ("   ", 0, "a dice expression"),
        ("(1+2", 4, "')'"),
        ("2d6)", 3, "closes nothing"),
        ("abc", 0, "a number, a die or '('"),
        ("5k2", 1, "an operator"),
        ("0d6", 0, "at least 1 die"),
        ("4d6kh5", 3, "from 1 to 4"),
        ("4d6kh0", 3, "from 1 to 4"),
        ("4d6kh", 5, "how many dice to keep"),
        ("2d6++", 4, "a number, a die or '('"),
        ("1d6 x", 5, "a number, a die or '('"),
    ],
)
def test_malformed_expressions_name_the_position(text: str, position: int, expected: str) -> None:
    with pytest.raises(DiceSyntaxError) as info:
        parse(text)
    assert info.value.position == position
    assert expected in info.value.expected
    assert "\n" not in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        ("1000000d1000000", "dice"),
        ("1001d6", "dice"),
        ("600d6+600d6", "dice"),
        ("d10001", "sides"),
        ("1" * 40, "number"),
        ("(" * 40 + "1" + ")" * 40, "depth"),
        ("-" * 40 + "1", "depth"),
        ("1+" * 300 + "1", "length"),
    ],
)
def test_limits_fail_before_rolling(text: str, limit: str) -> None:
    class Exploding(random.Random):
        def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
            raise AssertionError("rolled a die")

    with pytest.raises(DiceLimitError) as info:
        roll(text, Exploding())
    assert info.value.limit == limit
    assert limit in str(info.value)
    assert "\n" not in str(info.value)


def test_limits_are_configurable() -> None:
    small = DiceLimits(max_dice=3)
    parse("3d6", small)
    with pytest.raises(DiceLimitError):
        parse("4d6", small)


def test_thousand_dice_is_allowed() -> None:
    assert 1000 <= roll("1000d6", random.Random(1)).total <= 6000


# -- properties ---------------------------------------------------------------------------


def _trees() -> st.SearchStrategy[object]:
    numbers = st.builds(Number, st.integers(0, 1000))

    @st.composite
    def dice(draw: st.DrawFn) -> Dice:
        count = draw(st.integers(1, 8))
        sides = draw(st.integers(1, 100))
        keep = draw(
            st.none() | st.builds(Keep, st.sampled_from(KeepMode.ALL), st.integers(1, count))
        )
        return Dice(count, sides, keep)

    leaves = numbers | dice()
    return st.recursive(
        leaves,
        lambda children: (
            st.builds(BinaryOp, st.sampled_from(Operator.ALL), children, children)
            | st.builds(Group, children)
        ),
        max_leaves=12,
    )


def _bounds(node: object) -> tuple[int, int]:
    if isinstance(node, Number):
        return node.value, node.value
    if isinstance(node, Dice):
        kept = node.keep.count if node.keep else node.count
        return kept, kept * node.sides
    if isinstance(node, Group):
        return _bounds(node.inner)
    if isinstance(node, Negate):
        low, high = _bounds(node.operand)
        return -high, -low
    assert isinstance(node, BinaryOp)
    (a, b), (c, d) = _bounds(node.left), _bounds(node.right)
    if node.op == Operator.ADD:
        return a + c, b + d
    if node.op == Operator.SUBTRACT:
        return a - d, b - c
    products = (a * c, a * d, b * c, b * d)
    return min(products), max(products)


@given(_trees(), st.integers(0, 2**32))
def test_canonical_text_round_trips_and_totals_stay_in_bounds(tree: object, seed: int) -> None:
    text = str(tree)
    reparsed = parse(text)
    assert str(reparsed) == text
    low, high = _bounds(reparsed)
    result = roll(reparsed, random.Random(seed))
    assert low <= result.total <= high


@given(st.text(alphabet="0123456789dDkhlxX+-*()% %", max_size=60))
def test_any_text_parses_or_raises_a_dice_error(text: str) -> None:
    try:
        tree = parse(text)
    except DiceError as error:
        failure: DiceError | None = error
    else:
        failure = None
        assert str(parse(str(tree))) == str(tree)
    if failure is not None:
        assert 0 <= failure.position <= len(text)
        assert "\n" not in str(failure)
