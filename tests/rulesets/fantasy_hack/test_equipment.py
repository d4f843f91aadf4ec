"""fantasy-hack's equipment list (RULINGS F1; fantasy-hack Part III, Combat)."""

from __future__ import annotations

import pytest

from hacktable.errors import UnknownNameError
from hacktable.rulesets.fantasy_hack.equipment import equipment, item_names, make_item


def test_weapon_damage_by_size_and_heavy_takes_two_hands() -> None:
    """RULINGS F1: light 1d6, medium 1d8, heavy 1d10 (two hands)."""
    dagger, sword, great = (make_item(n)[0] for n in ("dagger", "sword", "greatsword"))
    assert (dagger.damage, sword.damage, great.damage) == ("1d6", "1d8", "1d10")
    assert great.hands == 2
    assert "2h" in great.types
    assert all(e.hands == 2 for e in equipment() if e.kind == "weapon" and e.size == "heavy")


def test_bows_are_ranged_and_thrown_weapons_thrown() -> None:
    """Combat: a bow uses DEX and adds no STR; a thrown weapon adds STR."""
    assert "ranged" in make_item("longbow")[0].types
    assert "thrown" in make_item("throwing axe")[0].types
    assert "ranged" not in make_item("throwing axe")[0].types


def test_unknown_items_name_the_list_and_custom_gear_is_allowed() -> None:
    with pytest.raises(UnknownNameError):
        make_item("laser")
    assert make_item("laser", custom=True) == (make_item("laser", custom=True)[0], False)
    assert "mail-shirt" in item_names()
