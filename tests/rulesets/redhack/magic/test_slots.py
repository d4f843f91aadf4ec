"""Spell slots by level and INT/WIS (issue 10 §1, §2; RULINGS R25, R27)."""

from __future__ import annotations

import pytest

from hacktable.rulesets.redhack.magic.slots import (
    bonus_slots,
    cleric_slots,
    synced_slots,
    wizard_slots,
)
from hacktable.rulesets.redhack.magic.state import Magic, Slot

WIZARD = {
    1: (1,),
    2: (1,),
    3: (2, 1),
    4: (2, 1),
    5: (3, 2, 1),
    6: (3, 2, 1),
    7: (4, 3, 2, 1),
    8: (4, 3, 2, 1),
    9: (5, 4, 3, 2, 1),
    10: (5, 4, 3, 2, 1),
}
CLERIC = {
    1: (),
    2: (1,),
    3: (1,),
    4: (2, 1),
    5: (2, 1),
    6: (3, 2, 1),
    7: (3, 2, 1),
    8: (4, 3, 2, 1),
    9: (4, 3, 2, 1),
    10: (5, 4, 3, 2, 1),
}


@pytest.mark.parametrize("level", range(1, 11))
def test_wizard_slots_by_level(level: int) -> None:
    """RULINGS R25: one slot a level higher at every odd level (level 5: 3, 2, 1)."""
    assert wizard_slots(level, 10) == WIZARD[level]


@pytest.mark.parametrize("level", range(1, 11))
def test_cleric_slots_by_level(level: int) -> None:
    """RULINGS R27: one slot a level higher at every even level; none at level 1."""
    assert cleric_slots(level, 10) == CLERIC[level]


@pytest.mark.parametrize(
    ("score", "bonus"),
    [(12, ()), (13, (1,)), (15, (1,)), (16, (1, 2)), (17, (1, 2)), (18, (1, 2, 3))],
)
def test_bonus_slots_at_13_16_18(score: int, bonus: tuple[int, ...]) -> None:
    """redhack: Arcane Magic: "a level 1 slot at 13, a level 2 slot at 16, and a level
    3 slot at 18" (issue 10 §1), for WIS too (§2)."""
    assert bonus_slots(score) == bonus


def test_the_texts_level_5_wizard_and_bonus_slots() -> None:
    """redhack: Arcane Magic: a level 5 wizard memorises one spell each of 3, 2, 1."""
    assert wizard_slots(5, 12) == (3, 2, 1)
    assert wizard_slots(1, 18) == (3, 2, 1, 1)
    assert cleric_slots(1, 13) == (1,)
    assert cleric_slots(2, 16) == (2, 1, 1)


def test_synced_slots_keep_what_each_level_held() -> None:
    magic = Magic(slots=(Slot(1, "sleep"), Slot(3, "fireball", bonus=True)))
    assert synced_slots(magic, (2, 1)) == (
        Slot(3, "fireball", bonus=True),
        Slot(2),
        Slot(1, "sleep"),
    )
