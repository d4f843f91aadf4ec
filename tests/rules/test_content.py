"""The content checks every ruleset's data loaders share (rules/content.py): an entry
found by its id or name, a field that must hold dice."""

from __future__ import annotations

import pytest

from hacktable.errors import RulesDataError, UnknownNameError
from hacktable.rules.content import by_id_or_name, require_dice
from hacktable.rulesets.fantasy_hack.content.bestiary import load_bestiary
from hacktable.rulesets.fantasy_hack.content.spells import load_spells


def test_an_entry_is_found_by_its_id_or_its_name_whatever_the_case() -> None:
    spells = load_spells().spells
    frost = by_id_or_name(spells, "frost-cone", "spell")
    assert by_id_or_name(spells, "  FROST CONE ", "spell") is frost
    assert load_spells().get("Frost Cone") is frost


def test_an_unknown_entry_is_refused_naming_what_there_is() -> None:
    creatures = load_bestiary().creatures
    with pytest.raises(UnknownNameError) as error:
        by_id_or_name(creatures, "jabberwock", "creature")
    assert error.value.kind == "creature"
    assert error.value.choices == load_bestiary().names


def test_a_field_that_is_not_dice_is_refused_naming_the_entry() -> None:
    require_dice("spells.toml", "spell[0]", "damage", "2d6+1")
    with pytest.raises(RulesDataError, match="damage: not a dice expression: '2q6'") as error:
        require_dice("spells.toml", "spell[3] (id 'x')", "damage", "2q6")
    assert "spell[3] (id 'x')" in str(error.value)
