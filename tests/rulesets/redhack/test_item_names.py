"""Item names as players type them (issue 10 §4; docs/rulings.md H190, H191)."""

from __future__ import annotations

import pytest

from hacktable.errors import UnknownNameError
from hacktable.rulesets.redhack.content import load_content
from hacktable.rulesets.redhack.content.names import entry_keys, loose_key

from ...console.conftest import Play

CONTENT = load_content()


@pytest.mark.parametrize(
    ("typed", "entry"),
    [
        ("plate armour", "plate"),
        ("plate", "plate"),
        ("Plate Mail", "plate"),
        ("chainmail", "chain"),
        ("chain mail", "chain"),
        ("leather armor", "leather"),
        ("2 handed sword", "two-handed-sword"),
        ("two-handed sword", "two-handed-sword"),
        ("torches", "torches"),  # the list's bundle of 6, not one torch
        ("torch", "torch"),
        ("rope", "rope"),
        ("50' rope", "rope"),
        ("arrow", "arrows"),
        ("ration", "rations"),
        ("iron ration", "iron-rations"),
        ("water skin", "waterskin"),
        ("short bow", "short-bow"),
        ("thieves tools", "thieves-tools"),
        ("flask of oil", "oil"),
        ("mace", "sword"),
        ("pouch", "coin-pouch"),
    ],
)
def test_names_resolve_as_players_type_them(typed: str, entry: str) -> None:
    # issue 10 §4: "Item names resolve as players type them ("plate armour", "chainmail")"
    assert CONTENT.equipment(typed).id == entry


def test_no_two_entries_share_a_loose_name() -> None:
    seen: dict[str, str] = {}
    for item in CONTENT.equipment_items:
        for key in set(entry_keys(item.id, item.name, item.aliases)):
            assert seen.setdefault(key, item.id) == item.id, key


def test_loose_key() -> None:
    assert loose_key("Chain Mail") == loose_key("chain-mail") == "chainmail"
    assert loose_key("Armourer's Tools") == loose_key("armorers tools")


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("plait armour", "'Plate Mail'"),
        ("backpak", "'Backpack'"),
        ("sack", "'Large Sack' or 'Small Sack'"),
        ("crossbow", "'Heavy Crossbow' or 'Light Crossbow'"),
    ],
)
def test_an_unknown_name_says_what_it_may_mean(typed: str, meant: str) -> None:
    with pytest.raises(UnknownNameError, match=f"did you mean {meant}"):
        CONTENT.equipment(typed)


def test_give_resolves_plate_armour_with_its_ac(table: Play) -> None:
    # issue 10: "give Tomas "plate armour" silently makes 1-slot custom gear with no AC"
    table('give Tomas "plate armour"')
    plate = table.session.character("Tomas").inventory[-1]
    assert (plate.ref, plate.kind, plate.slots) == ("plate", "armour", 3)
    table("equip Tomas plate mail")
    assert table.session.ruleset.armour_class(table.session.character("Tomas")) >= 16


def test_give_refuses_an_unknown_name_and_changes_nothing(table: Play) -> None:
    before = table.session.character("Tomas")
    with pytest.raises(UnknownNameError, match="did you mean 'Plate Mail'"):
        table('give Tomas "plait armour"')
    assert table.session.character("Tomas") == before


@pytest.mark.parametrize("flag", ["custom", "--custom"])
def test_custom_gear_only_when_asked_for(table: Play, flag: str) -> None:
    shown = table(f'give Tomas "lucky stone" {flag}')
    assert "custom gear" in shown
    stone = table.session.character("Tomas").inventory[-1]
    assert (stone.name, stone.ref) == ("lucky stone", None)
