"""Honest explanations (issue 10 §8): whenever a floor, cap or clamp changes a number,
the explanation says so (docs/rulings.md H235)."""

from __future__ import annotations

import random

from hacktable.rulesets.redhack.combat import roll_damage
from hacktable.rulesets.redhack.exploration import REACTIONS, shift_reaction

from ...console.conftest import Play
from .test_book_procedure import sides
from .test_fight_commands import start


def test_healing_capped_at_max_hp_says_so(table: Play) -> None:
    """issue 10 §8: "healed 5, capped at max HP 12: +3"."""
    aldric = table.session.character("Aldric")
    table.set_character("Aldric", hp=aldric.max_hp - 3)
    shown = table("hp Aldric +5")
    assert f"(healed 5, capped at max HP {aldric.max_hp}: +3)" in shown


def test_damage_below_0_hp_says_so(table: Play) -> None:
    table.set_character("Aldric", hp=4)
    assert "(took 9, HP stops at 0: -4)" in table("hp Aldric -9")


def test_a_foe_taking_more_than_its_hp_says_it_stops_at_0(table: Play) -> None:
    start(table, goblins=1, hp=3)
    sides(table)
    assert "Goblin takes 5: HP 3 -> 0 (HP stops at 0)" in table(
        "attack Aldric goblin-1 roll 10 damage 5"
    )


def test_exact_damage_needs_no_note(table: Play) -> None:
    start(table, goblins=1, hp=5)
    sides(table)
    shown = table("attack Aldric goblin-1 roll 10 damage 5")
    assert "Goblin takes 5: HP 5 -> 0" in shown
    assert "stops at 0" not in shown


def test_damage_dice_below_0_count_as_0() -> None:
    """A roll like 1d4-3 showing 1 deals 0, and says so."""
    for seed in range(20):
        damage = roll_damage("1d4-3", random.Random(seed))
        assert damage.total >= 0
        if damage.floored:
            assert damage.explain().endswith("(damage is at least 0: 0)")
            return
    raise AssertionError("no seed rolled below 0")


def test_a_reaction_read_past_the_tables_end_stays() -> None:
    assert shift_reaction(REACTIONS[0], -1) == REACTIONS[0]
    assert shift_reaction(REACTIONS[-1], 1) == REACTIONS[-1]
