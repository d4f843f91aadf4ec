"""The ordered initiative (fantasy-hack Part III, RULINGS F3; skill-die S5): d20 +
modifier for everyone, highest first, ties by the higher DEX, then roll-offs that never
change the shown totals; every die recorded; seeded rolls replay."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hacktable.errors import RuleError, UnknownNameError
from hacktable.rules.initiative import Combatant, roll_initiative

from ..helpers import Faces


def test_ottvar_has_the_higher_total_and_goes_first() -> None:
    """Part III: "The two combatants now roll initiative (DEX + d20) and Ottvar has the
    higher total"."""
    order = roll_initiative([Combatant("Mugger", 3, 16), Combatant("Ottvar", 0, 11)], Faces(6, 14))
    assert order.names == ("Ottvar", "Mugger")
    assert [roll.total for roll in order.order] == [14, 9]
    assert order.order[1].why == "higher total"
    assert order.explanation == "initiative: Ottvar d20 14 = 14; Mugger d20 6 + 3 = 9"
    assert order.dice == (6, 14)


def test_f3_a_tie_goes_to_the_higher_dex() -> None:
    order = roll_initiative([Combatant("Low", 2, 14), Combatant("High", 2, 15)], Faces(9, 9))
    assert order.names == ("High", "Low")
    assert order.order[1].why == "higher DEX 15 > 14"
    assert all(roll.roll_offs == () for roll in order.order)


def test_f3_a_roll_off_orders_but_never_changes_the_shown_total() -> None:
    fighters = [Combatant("A", 1, 12), Combatant("B", 1, 12), Combatant("C", 0)]
    # A and B tie at 11 with equal DEX; their first roll-off ties too (7, 7), then 4 < 17.
    order = roll_initiative(fighters, Faces(10, 10, 20, 7, 7, 4, 17))
    assert order.names == ("C", "B", "A")
    assert [roll.total for roll in order.order] == [20, 11, 11]
    assert order.roll_of("B").roll_offs == (7, 17)
    assert order.roll_of("A").roll_offs == (7, 4)
    assert order.roll_of("A").why == "roll-off 17 > 4"
    assert order.roll_of("B").faces == (10, 7, 17)
    assert order.dice == (10, 10, 20, 7, 7, 4, 17)
    assert "A d20 10 + 1 = 11 (roll-off 7, 4) [roll-off 17 > 4]" in order.explanation


def test_a_three_way_tie_rolls_off_among_those_still_tied_only() -> None:
    fighters = [Combatant(name, 0) for name in "XYZ"]
    order = roll_initiative(fighters, Faces(5, 5, 5, 12, 3, 12, 8, 9))
    assert order.names == ("Z", "X", "Y")
    assert order.roll_of("Y").roll_offs == (3,)
    assert order.roll_of("X").roll_offs == (12, 8)


def test_bad_combatants_are_refused() -> None:
    with pytest.raises(RuleError):
        roll_initiative([], Faces())
    with pytest.raises(RuleError):
        roll_initiative([Combatant("A", 0), Combatant("A", 1)], Faces(1, 2))
    with pytest.raises(UnknownNameError):
        roll_initiative([Combatant("A", 0)], Faces(3)).roll_of("B")


fighters_st = st.lists(
    st.tuples(st.integers(-3, 5), st.one_of(st.none(), st.integers(3, 18))),
    min_size=1,
    max_size=8,
)


@given(fighters_st, st.integers(0, 2**32))
def test_every_order_is_sorted_and_keeps_d20_plus_modifier(
    specs: list[tuple[int, int | None]], seed: int
) -> None:
    fighters = [Combatant(f"F{i}", mod, key) for i, (mod, key) in enumerate(specs)]
    order = roll_initiative(fighters, random.Random(seed))
    assert sorted(order.names) == sorted(f.name for f in fighters)
    for roll in order.order:
        assert roll.total == roll.face + roll.combatant.modifier
        assert 1 <= roll.face <= 20
        assert all(1 <= face <= 20 for face in roll.roll_offs)
    ranks = [(roll.total, roll.combatant.key) for roll in order.order]
    assert ranks == sorted(ranks, reverse=True)
    assert [roll.place for roll in order.order] == list(range(1, len(fighters) + 1))
    assert Counter(order.dice) == Counter(face for roll in order.order for face in roll.faces)
    assert order == roll_initiative(fighters, random.Random(seed))  # replays (G1)
