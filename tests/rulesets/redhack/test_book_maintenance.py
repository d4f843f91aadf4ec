"""``maintain`` during a rest (issue 10 §7; redhack: Exploration & Dungeons >
Maintenance; RULINGS R31; docs/rulings.md H234)."""

from __future__ import annotations

import pytest

from hacktable.errors import RuleError

from ...console.conftest import Play
from .test_fight_commands import start


def test_maintenance_is_done_at_a_rest(table: Play) -> None:
    """ "A Warrior may maintain the party's equipment by rolling their repair kit die
    while taking a long or short rest" (H234)."""
    before = table.session.state.to_json()
    with pytest.raises(RuleError, match="while resting: 'rest short' or 'rest long' first"):
        table("maintain Aldric")
    assert table.session.state.to_json() == before
    table("rest short")
    shown = table("maintain Aldric")
    assert "Aldric maintains the party's gear: Armourer's Tools" in shown
    assert "Weapons and armour are maintained for the rest of day" in shown


def test_not_once_time_has_passed_since(table: Play) -> None:
    table("where dungeon")
    table("rest short")
    table("tick 1")
    with pytest.raises(RuleError, match="time has passed since the party's last rest"):
        table("maintain Aldric")


def test_without_maintenance_a_battle_gives_a_disrepair_point(table: Play) -> None:
    """RULINGS R31: no maintenance in the last day, a disrepair point after each battle;
    maintained at a rest, none."""
    start(table, goblins=1, hp=1)
    assert "the GM gains a disrepair point (1 in hand" in table("fight end")
    table("rest short")
    table("maintain Aldric")
    start(table, goblins=1, hp=1)
    assert "maintained today: no disrepair" in table("fight end")
    assert table.session.state.get("gm", "disrepair") == 1
