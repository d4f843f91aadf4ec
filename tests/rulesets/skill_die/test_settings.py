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
