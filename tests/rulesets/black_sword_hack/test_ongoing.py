"""Ongoing damage (black-sword-hack 2.1.11; RULINGS G3; docs/rulings.md H136)."""

from __future__ import annotations

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.errors import CommandError, RuleError
from hacktable.rulesets.black_sword_hack.fight import Ongoing
from hacktable.rulesets.black_sword_hack.ongoing import tick

from ...helpers import Faces
from .conftest import Table


def test_the_usage_die_is_the_damage_and_a_1_or_2_steps_it_down() -> None:
    fire = Ongoing(UsageDie.UD6, "fire")
    held = tick(fire, Faces(5))
    assert held.damage == 5
    assert held.after == fire
    stepped = tick(fire, Faces(2))
    assert stepped.damage == 2
    assert stepped.after == Ongoing(UsageDie.UD4, "fire")
    gone = tick(Ongoing(UsageDie.UD4, "fire"), Faces(1))
    assert gone.damage == 1
    assert gone.after is None
    assert "depleted" in gone.explain()


def test_ongoing_is_put_on_and_stopped(table: Table) -> None:
    table.add("Conan")
    table("fight start")
    table("fight add cultist")
    table("ongoing Conan ud6 burning oil")
    table("ongoing Conan ud4 poison")
    assert len(table.fight().fighter("Conan").ongoing) == 2
    table("ongoing stop Conan poison")
    assert [o.label for o in table.fight().fighter("Conan").ongoing] == ["burning oil"]
    table("ongoing stop Conan")
    assert table.fight().fighter("Conan").ongoing == ()
    before = table.last_seq()
    with pytest.raises(RuleError, match="suffers no ongoing damage"):
        table("ongoing stop Conan")
    with pytest.raises(CommandError, match="not a usage die"):
        table("ongoing Conan d7")
    assert table.last_seq() == before


def test_ongoing_damage_kills_a_foe_at_the_start_of_a_turn(table: Table) -> None:
    table.add("Conan")
    table("fight start")
    table("fight add imp")  # 3 HP
    table.rig(5)
    table("init")
    table("ongoing imp-1 ud4 fire")
    table("next")
    table.rig(3)
    assert "Imp is dead" in table("next")
    assert table.fight().foe("imp-1").dead
