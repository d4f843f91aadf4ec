"""Morale (RULINGS B6; docs/rulings.md H139): a d12 above the group's morale breaks it,
when it has lost half its number or its leader."""

from __future__ import annotations

import pytest

from hacktable.errors import RuleError
from hacktable.rulesets.black_sword_hack.fight import Fight, Foe, FoeAction, Group
from hacktable.rulesets.black_sword_hack.morale import break_group, morale_due, roll_morale

from ...helpers import Faces
from .conftest import Table

CLUB = FoeAction("club", ("STR", "DEX"), 2)


def _group(*dead: int, leader: int | None = None, size: int = 4) -> Fight:
    foes = tuple(
        Foe(
            f"thug-{n}",
            f"Thug {n}",
            "thug",
            "thugs",
            1,
            0 if n in dead else 5,
            5,
            0,
            (CLUB,),
            leader=n == leader,
            status="dead" if n in dead else "fighting",
        )
        for n in range(1, size + 1)
    )
    return Fight(1, groups=(Group("thugs", "Thugs", size),), foes=foes)


def test_half_the_group_lost_is_due_once() -> None:
    assert morale_due(_group(1), "thugs", ["thug-1"]) == ()
    assert morale_due(_group(1, 2), "thugs", ["thug-2"]) == ("half",)
    roll = roll_morale(_group().groups[0], ("half",), 7, Faces(7))
    tested = break_group(_group(1, 2), roll, "thugs")
    assert morale_due(tested, "thugs", ["thug-3"]) == ()


def test_the_leader_falling_is_due() -> None:
    assert morale_due(_group(4, leader=4), "thugs", ["thug-4"]) == ("leader",)
    assert morale_due(_group(3, 4, leader=4), "thugs", ["thug-4"]) == ("leader", "half")


def test_nobody_left_fighting_tests_nothing() -> None:
    assert morale_due(_group(1, size=1), "thugs", ["thug-1"]) == ()


def test_a_d12_above_the_morale_breaks_the_group() -> None:
    group = _group().groups[0]
    assert not roll_morale(group, ("half",), 7, Faces(7)).broken  # 7 is not above 7
    roll = roll_morale(group, ("half",), 7, Faces(8))
    assert roll.broken
    assert "d12 8 against morale 7" in roll.explain()
    broken = break_group(_group(1, 2), roll, "thugs")
    assert [f.status for f in broken.foes] == ["dead", "dead", "broken", "broken"]


def test_a_kill_that_makes_it_due_rolls_it_at_once(table: Table) -> None:
    table.add("Conan", STR=15)
    table("fight start")
    table("fight add thug x2")  # morale 5
    table.rig(5)
    table("init")
    table.rig(3, 6, 6)  # a hit of 6 kills Thug 1 (half of two); morale d12 6 > 5
    text = table("attack Conan thug-1")
    assert "Morale of the Thugs (it has lost half its number): d12 6 against morale 5" in text
    assert table.fight().foe("thug-2").status == "broken"
    table("next")
    with pytest.raises(RuleError, match="broken and flees"):
        table("defend Conan dodge against thug-2")


def test_the_setting_is_the_morale_of_a_group_without_its_own(table: Table) -> None:
    table.add("Conan", STR=15)
    table("settings morale 11")
    table("fight start")
    table("fight add giant-spider x2")  # no morale of its own
    table.rig(5)
    table("init")
    table.rig(1, 6, 11)  # a critical: 6 + 6 - 1 = 11 kills; d12 11 is not above 11
    assert "against morale 11: they hold" in table("attack Conan giant-spider-1")
