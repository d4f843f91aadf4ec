"""fantasy-hack's starter spell list (RULINGS F4): at least 12 spells of levels 0-5,
each with its stat, to-hit, damage or effect and duration; validated on load."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.errors import RulesDataError, UnknownNameError
from hacktable.rulesets.fantasy_hack.content.spells import (
    SPELLS_FILE,
    load_spells,
    load_spells_from,
)

GOOD = """
[[spell]]
id = "zap"
name = "Zap"
level = 1
resist = "DEX"
damage = "1d6"
on_resist = "half"
duration = "instant"
effect = "Zaps."
"""


def test_a_starter_list_of_levels_0_to_5() -> None:
    """F4: "A starter list of sorcerer spells (levels 0-5, each with its stat, HP cost
    and effect)"; the brief: at least 12."""
    spells = load_spells()
    assert len(spells.spells) >= 12
    assert {s.level for s in spells.spells} == set(range(6))
    assert {s.resist for s in spells.spells} == {"STR", "DEX", "MND", "none"}
    assert any(s.to_hit for s in spells.spells)
    for spell in spells.spells:
        assert spell.effect
        assert spell.duration
        assert spell.cost == 1 + 2 * spell.level


def test_costs_by_level() -> None:
    """F4: a spell of level L costs 1 + 2L HP: 1, 3, 5, 7, 9, 11."""
    spells = load_spells()
    assert [spells.of_level(level)[0].cost for level in range(6)] == [1, 3, 5, 7, 9, 11]


def test_names_resolve_and_unknown_ones_suggest() -> None:
    spells = load_spells()
    assert spells.get("fire burst").id == "fire-burst"
    with pytest.raises(UnknownNameError, match="did you mean 'Fire Burst'"):
        spells.get("fire brust")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (("level = 1", "level = 6"), "level"),
        (('resist = "DEX"', 'resist = "CON"'), "resist"),
        (('damage = "1d6"', 'damage = "six"'), "damage"),
        (('damage = "1d6"\n', ""), "on_resist"),
        (('effect = "Zaps."', 'effect = "Zaps."\nrange = 3'), "range"),
    ],
)
def test_a_bad_entry_names_file_entry_and_field(
    tmp_path: Path, change: tuple[str, str], field: str
) -> None:
    path = tmp_path / SPELLS_FILE
    path.write_text(GOOD.replace(*change))
    with pytest.raises(RulesDataError) as caught:
        load_spells_from(path)
    assert caught.value.file == SPELLS_FILE
    assert "zap" in caught.value.entry
    assert field in caught.value.reason


def test_a_good_file_loads(tmp_path: Path) -> None:
    path = tmp_path / SPELLS_FILE
    path.write_text(GOOD)
    assert load_spells_from(path).get("zap").on_resist == "half"
