"""skill-die's settings as a GM types them (RULINGS S4, S7; docs/rulings.md H437)."""

from __future__ import annotations

from .conftest import Table


def test_a_choice_in_capitals_is_matched_whatever_its_case(table: Table) -> None:
    """docs/rulings.md H437: 'settings hp-formula con' is the CON score (RULINGS S4)."""
    table.run("settings hp-formula con")
    assert table.session.setting("hp-formula") == "CON"
    table.run("settings rest-healing full")
    table.run("settings rest-healing 1d8+con")  # back to RULINGS S7's default
    assert table.session.setting("rest-healing") == "1d8+CON"
    out = table(
        "character new Bo --role Engineer --abilities 12,10,15,13,14,8 --skills Science=3,Brawn=1"
    )
    assert "HP 15" in out  # the CON score, 15


def test_the_sheet_shows_the_modifiers_of_the_campaigns_ability_modifier(table: Table) -> None:
    """RULINGS S1 (*setting*; docs/rulings.md H341): under bx-table STR 15 is +1, not
    floor-half's +2, on the sheet as in the checks."""
    table.run("settings ability-modifier bx-table")
    made = table(
        "character new Ana --role Medic --abilities 15,14,13,12,10,8 --skills Nature=3,Stealth=1"
    )
    assert "STR 15 (+1)" in made
    shown = table("character show Ana")
    assert "STR 15 (+1)" in shown
    assert "STR 15 (+2)" not in shown
