"""The GM's direct edits of level, max HP and attributes (issue 10 §3; docs/rulings.md
H188), and attributes reduced below 2 incapacitating (issue 10 §7; redhack: Core Rules >
Attributes and Modifiers; H189)."""

from __future__ import annotations

import pytest

from hacktable.errors import CommandError, RuleError, UnknownNameError
from hacktable.rulesets.grammar import AccessKind
from hacktable.rulesets.redhack.commands.characters import CharacterIntent

from ...console.conftest import Play


def test_max_hp_then_hp_above_the_old_max(table: Play) -> None:
    """Issue 10: "`hp Tomas 20` stays within the old maximum" until the GM sets it."""
    hp = table.session.character("Tomas").max_hp
    out = table("character set Tomas max-hp 20")
    assert f"Tomas: max-hp {hp} -> 20 (the GM's edit)" in out
    table("hp Tomas 20")
    assert table.session.character("Tomas").hp == 20
    table("character set Tomas max-hp 5")
    tomas = table.session.character("Tomas")
    assert (tomas.max_hp, tomas.hp) == (5, 5)


def test_level_and_attribute_edits_are_logged_and_undone(table: Play) -> None:
    before = table.session.character("Aldric")
    assert "Aldric: level 1 -> 3" in table("character set Aldric level 3")
    assert "Aldric: STR" in table("character set Aldric str 19")
    after = table.session.character("Aldric")
    assert after.level == 3
    assert after.score("STR") == 19
    assert "(the GM's edit)" in table("log 2")
    table("undo")
    table("undo")
    assert table.session.character("Aldric") == before


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("character set Aldric STR 20", RuleError),
        ("character set Aldric STR -1", RuleError),
        ("character set Aldric level 0", RuleError),
        ("character set Aldric max-hp 0", RuleError),
        ("character set Aldric LUCK 3", UnknownNameError),
        ("character set Aldric level", CommandError),
        ("character set Aldric level 1", RuleError),
    ],
)
def test_bad_edits_change_nothing(table: Play, line: str, error: type[Exception]) -> None:
    before = table.session.character("Aldric")
    with pytest.raises(error):
        table(line)
    assert table.session.character("Aldric") == before


def test_edits_are_the_gms() -> None:
    assert CharacterIntent("set", "Aldric", setting="level", value=2).access().kind is (
        AccessKind.GM
    )


def test_an_attribute_below_2_incapacitates(table: Play) -> None:
    """Issue 10 §7: "Attributes reduced below 2 incapacitate": no tests, no fighting,
    shown on the sheet."""
    out = table("character set Sly CON 1")
    assert "Sly is incapacitated: CON 1 below 2" in out
    assert "Incapacitated: CON 1 below 2" in table("character show Sly")
    with pytest.raises(RuleError, match="incapacitated"):
        table("test Sly DEX")
    table("fight start")
    table("fight add 1 goblin")
    table("init")
    with pytest.raises(RuleError, match="below 2"):
        table("attack Sly goblin-1")
    table("fight end")
    table("character set Sly CON 2")
    assert "Incapacitated" not in table("character show Sly")
    assert "DEX test" in table("test Sly DEX")
