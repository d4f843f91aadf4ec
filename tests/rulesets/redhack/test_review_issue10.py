"""What a fresh look at issue 10's redhack found broken, as its users would meet it:
each test failed before its fix (issue 10 §3, §4, §5, §6, §8, §9)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hacktable.errors import CommandError, RuleError

from ...console.conftest import Play


def _sheet(table: Play, tmp_path: Path, **changes: object) -> Path:
    """Mirela's exported JSON sheet, with ``changes`` written into its character."""
    path = tmp_path / "mirela.json"
    table(f"character export Mirela --format json --to {path}")
    sheet = json.loads(path.read_text())
    sheet["character"].update(changes)
    sheet["character"]["name"] = "Zed"
    path.write_text(json.dumps(sheet))
    return path


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"class_id": "dragon"}, "no class 'dragon'"),
        ({"scores": [["STR", 9], ["DEX", 10], ["CON", 8], ["INT", 99]]}, "the attributes"),
        (
            {"scores": [["STR", 9], ["DEX", 10], ["CON", 8], ["INT", 99], ["WIS", 1], ["CHA", 1]]},
            "INT 99 is outside 0-19",
        ),
        ({"level": 0}, "level 0 is below 1"),
        ({"hp": 50}, "HP 50/"),
        ({"coins": -5}, "never negative"),
    ],
)
def test_an_imported_sheet_with_impossible_values_is_refused(
    table: Play, tmp_path: Path, changes: dict[str, object], reason: str
) -> None:
    """Issue 10 §5, §9: "an import file of the wrong shape: one clear line, nothing
    changed" (docs/rulings.md H265): a sheet edited to an unknown class, INT 99 or level
    0 used to join the campaign as it was."""
    path = _sheet(table, tmp_path, **changes)
    count = len(table.session.state.keys("character"))
    with pytest.raises(RuleError, match=reason):
        table(f"character import {path}")
    assert len(table.session.state.keys("character")) == count


def test_a_sheet_as_exported_still_imports(table: Play, tmp_path: Path) -> None:
    """Issue 10 §5: the round trip is unchanged by the check."""
    path = _sheet(table, tmp_path)
    table(f"character import {path}")
    zed = table.session.character("Zed")
    assert zed.scores == table.session.character("Mirela").scores


def test_spells_are_named_with_their_spaces(table: Play) -> None:
    """Issue 10 §1: spells named as the sheet shows them, spaces and all. "memorise
    Mirela charm person" once read "person" as 'in'; "with" and "from" end a spell's
    name in 'cast' only before "components" and "scroll" (Protection from Evil)."""
    from hacktable.engine.execute import CommandLayer

    layer = CommandLayer(table.session)
    memorise = layer.parse("memorise Mirela charm person, sleep in 1")
    assert (memorise.spells, memorise.level) == (("charm person", "sleep"), 1)  # type: ignore[union-attr]
    cast = layer.parse("cast Tomas protection from evil on Sly")
    assert (cast.spell, cast.targets) == ("protection from evil", ("Sly",))  # type: ignore[union-attr]
    cast = layer.parse("cast Mirela speak with dead with components")
    assert (cast.spell, cast.components) == ("speak with dead", True)  # type: ignore[union-attr]
    cast = layer.parse("cast Mirela magic missile from scroll")
    assert (cast.spell, cast.scroll) == ("magic missile", True)  # type: ignore[union-attr]
    with pytest.raises(CommandError, match="missing SPELL"):
        layer.parse("cast Mirela on goblin-1")


def test_a_cleric_without_slots_cannot_pray(table: Play) -> None:
    """Issue 10 §2 (RULINGS R27: a level-1 cleric has slots only from WIS): praying
    with no slot rolled the table and said "regained: " with nothing after it."""
    table.set_character(
        "Tomas", scores=(("STR", 9), ("DEX", 12), ("CON", 11), ("INT", 8), ("WIS", 11), ("CHA", 13))
    )
    events = table.session.store.last_seq()
    with pytest.raises(RuleError, match=r"Tomas has no prayer slots yet.*R27"):
        table("pray Tomas")
    assert table.session.store.last_seq() == events


def test_a_cleric_levelling_to_2_is_told_of_the_new_slot(table: Play) -> None:
    """Issue 10 §3: "the level's class abilities from then on (cleave dice, backstab
    damage, spell slots)": the slots were not said."""
    table("rest downtime")
    table.set_character("Tomas", xp=1, coins=50)
    table.set_character(
        "Tomas", scores=(("STR", 9), ("DEX", 12), ("CON", 11), ("INT", 8), ("WIS", 11), ("CHA", 13))
    )
    out = table("level Tomas")  # WIS 11 rises to 12 at most: no bonus slot
    assert "From now on: slots L1\n" in out + "\n"


def test_a_sale_rounded_down_says_so(table: Play) -> None:
    """Issue 10 §8: "whenever a floor ... changes a number, the explanation says so":
    half of a dagger's 3 coins is 1, rounded down."""
    table("buy Sly dagger")
    out = table("sell Sly dagger")
    assert "for 1 coin (half of the list's 3, rounded down, RULINGS R35)" in out


def test_the_gms_secret_roll_line_reads_right(table: Play) -> None:
    """Issue 10 §6: the GM's secret test says "only the GM sees the result"."""
    out = table("test Sly DEX secret")
    assert "A secret roll: only the GM sees the result; the others see that it was made." in out


def test_a_magic_weapon_is_found_by_the_name_it_was_given_by(table: Play) -> None:
    """Issue 10 §7 (docs/rulings.md H220): after ``give Aldric "sword +3"``, ``equip
    Aldric "sword +3"`` said "unknown item of Aldric 'sword +3'"; the +3 must match."""
    table('give Aldric "sword +3"')
    table('give Aldric "sword +1"')
    out = table('equip Aldric "sword +3"')
    assert "Aldric readies Sword/Mace/Axe +3" in out
