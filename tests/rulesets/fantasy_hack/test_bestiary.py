"""The fantasy-hack bestiary (issue 11 §1): at least 15 creatures with level, HP, AC,
to-hit, damage and DEX; the Ottvar example's mugger; validation on load naming the
file, the entry and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.errors import RulesDataError, UnknownNameError
from hacktable.rulesets.fantasy_hack.content.bestiary import (
    BESTIARY_FILE,
    load_bestiary,
    load_bestiary_from,
)

GOOD = """
[[creature]]
id = "rat"
name = "Rat"
kind = "monster"
level = 0
hp = 2
ac = 11
to_hit = 0
damage = "1d3"
dex = 2
note = "A rat."
"""


def test_at_least_fifteen_creatures_with_every_number() -> None:
    """issue 11 §1: "a bestiary of at least 15 NPCs and monsters"."""
    bestiary = load_bestiary()
    assert len(bestiary.creatures) >= 15
    ids = {c.id for c in bestiary.creatures}
    wanted = {"mugger", "guard", "bandit", "cultist", "knight", "wolf", "bear", "giant-rat"}
    wanted |= {"giant-spider", "goblin", "orc", "ogre", "skeleton", "zombie", "troll"}
    assert wanted | {"young-dragon"} <= ids
    assert {c.kind for c in bestiary.creatures} == {"npc", "monster"}


def test_the_mugger_is_the_ottvar_example_s() -> None:
    """Part III, the Ottvar example: "an NPC that only has 12 hit points", "the thief's
    AC of 13", street clothes and a dagger; F2: 10 + DEX 3 + no armour + 1 // 2 = 13."""
    mugger = load_bestiary().get("Mugger")
    assert (mugger.hp, mugger.ac, mugger.level) == (12, 13, 1)
    assert "street clothes" in mugger.gear
    assert "dagger" in mugger.gear
    assert mugger.ac == 10 + mugger.dex + 0 + mugger.level // 2


def test_skills_default_to_the_level() -> None:
    """docs/rulings.md H320: a rank not listed is the creature's level."""
    mugger = load_bestiary().get("mugger")
    assert mugger.skill("Subterfuge") == 4
    assert mugger.skill("survival") == mugger.level
    assert (mugger.modifier("dex"), mugger.modifier("STR")) == (3, 0)
    with pytest.raises(UnknownNameError, match="skill 'Charm'"):
        mugger.skill("Charm")
    with pytest.raises(UnknownNameError, match="stat 'CON'"):
        mugger.modifier("CON")


def test_unknown_creature_names_the_choices() -> None:
    with pytest.raises(UnknownNameError, match="did you mean 'Troll'"):
        load_bestiary().get("trol")


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / BESTIARY_FILE
    path.write_text(text)
    return path


def test_a_good_campaign_file_loads(tmp_path: Path) -> None:
    assert load_bestiary_from(_write(tmp_path, GOOD)).get("rat").hp == 2


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (("hp = 2", "hp = 0"), "hp"),
        (("ac = 11", 'ac = "x"'), "ac"),
        (('kind = "monster"', 'kind = "dragon"'), "kind"),
        (("dex = 2", "dex = 2\nwings = 2"), "wings"),
        (('damage = "1d3"', 'damage = "1d"'), "damage"),
    ],
)
def test_a_bad_entry_names_file_entry_and_field(
    tmp_path: Path, change: tuple[str, str], field: str
) -> None:
    path = _write(tmp_path, GOOD.replace(*change))
    with pytest.raises(RulesDataError) as caught:
        load_bestiary_from(path)
    error = caught.value
    assert error.file == BESTIARY_FILE
    assert "rat" in error.entry
    assert field in error.reason


def test_a_repeated_id_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match="duplicate id 'rat'"):
        load_bestiary_from(_write(tmp_path, GOOD + GOOD))


def test_every_damage_is_rollable() -> None:
    import random

    from hacktable.dice import roll

    for creature in load_bestiary().creatures:
        assert roll(creature.damage, random.Random(1)).total >= 1
