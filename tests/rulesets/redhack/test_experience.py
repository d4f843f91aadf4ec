"""Experience recorded as it happens, with its source (issue 10 §3; redhack: Experience
& Gaining Levels; RULINGS R28; docs/rulings.md H180-H184)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacktable.errors import CommandError, RuleError
from hacktable.play.codec import from_json, to_json
from hacktable.rulesets.redhack.character import Character, Experience
from hacktable.rulesets.redhack.experience import award, check_off, describe, needed, take_back

from ...console.conftest import Play


def _hero(**changes: object) -> Character:
    base = Character(
        name="Aldric",
        ruleset="redhack",
        hp=7,
        max_hp=7,
        class_id="warrior",
        scores=(("STR", 15), ("DEX", 11), ("CON", 13), ("INT", 9), ("WIS", 4), ("CHA", 12)),
        hit_die=10,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def test_an_old_character_without_records_decodes() -> None:
    """A character stored before experience had records still decodes (the field has a
    default), its experience counted but unrecorded (H180)."""
    data = to_json(_hero(xp=2))
    del data["experiences"]
    del data["downtime_actions"]
    old = from_json(Character, data)
    assert old.xp == 2
    assert old.experiences == ()
    assert old.downtime_actions == 0
    assert describe(old).startswith("2 (2 unrecorded)")


def test_award_records_the_source_and_when() -> None:
    hero = award(_hero(), "quest", "the miller's son", "day 2, 10:00")
    assert hero.xp == 1
    assert hero.experiences == (Experience("quest", "the miller's son", "day 2, 10:00"),)
    assert to_json(from_json(Character, to_json(hero))) == to_json(hero)


def test_check_off_takes_the_unrecorded_then_the_oldest() -> None:
    hero = award(award(_hero(xp=1), "foe", "ogre"), "place", "crypt")
    after = check_off(hero, 2)
    assert after.xp == 1
    assert [e.source for e in after.experiences] == ["place"]
    with pytest.raises(RuleError):
        check_off(hero, 4)


def test_take_back_unmarks_the_latest() -> None:
    hero = award(award(_hero(), "foe"), "save")
    assert [e.source for e in take_back(hero, 1).experiences] == ["foe"]
    with pytest.raises(RuleError):
        take_back(hero, 3)


def test_the_next_level_needs_the_current_level() -> None:
    """Issue 10 §3: "check off experiences equal to your current level" (R28)."""
    assert needed(_hero(level=3)) == 3
    assert describe(_hero(level=3, xp=1)).endswith("level 4 needs 3: 2 more")
    assert "ready" in describe(_hero(level=1, xp=1))


def test_a_deadly_save_gives_one_experience(table: Play) -> None:
    """Issue 10 §3: a saving throw that could lead to death (H181: whatever the roll)."""
    out = table("save Sly DEX deadly")
    assert "DEX saving throw" in out
    assert "A deadly save: one experience (Sly 0 -> 1" in out
    sly = table.session.character("Sly")
    assert sly.xp == 1
    assert sly.experiences[0].source == "save"
    table("save Sly DEX")
    assert table.session.character("Sly").xp == 1


def test_an_important_foe_gives_everyone_in_the_fight_one(table: Play) -> None:
    """Issue 10 §3: a fight against an important foe, beaten, gives every living
    character in it one experience when it ends (H181)."""
    table("fight start")
    table("fight add 1 goblin --important")
    table("flag goblin-1 fled")
    out = table("fight end")
    assert "important foe" in out
    assert "one experience each" in out
    for name in ("Aldric", "Sly", "Tomas", "Mirela"):
        hero = table.session.character(name)
        assert hero.xp == 1
        assert hero.experiences[0].source == "foe"


def test_an_ordinary_foe_gives_none(table: Play) -> None:
    table("fight start")
    table("fight add 1 goblin")
    table("flag goblin-1 fled")
    table("fight end")
    assert table.session.character("Aldric").xp == 0


def test_a_new_dungeon_level_or_map_once_per_name(table: Play) -> None:
    """Issue 10 §3: a new dungeon, level or map entered, once per place (H182)."""
    assert "one experience each" in table("enter crypt level 2")
    assert table.session.character("Mirela").experiences[0].note == "crypt level 2"
    with pytest.raises(RuleError, match="entered 'Crypt Level 2' before"):
        table("enter Crypt Level 2")
    assert table.session.character("Mirela").xp == 1


def test_where_dungeon_alone_awards_nothing(table: Play) -> None:
    """H182: the GM's ``enter`` gives the experience; ``where`` only moves the party."""
    table("encounters add examples/data/shrine.toml")
    assert "New place" not in table("where dungeon shrine")
    assert table.session.character("Tomas").xp == 0


def test_coming_home_encumbered(table: Play) -> None:
    """Issue 10 §3: returning home encumbered by treasure: a downtime rest that begins
    with the character encumbered (H184)."""
    table("coins Aldric +3000")
    out = table("rest downtime")
    assert "Home encumbered: one experience (Aldric 0 -> 1" in out
    assert table.session.character("Aldric").experiences[0].source == "treasure"
    assert table.session.character("Sly").xp == 0


def test_the_gm_marks_a_quest_and_other_sources(table: Play) -> None:
    assert "(quest: rescued the miller's son)" in table(
        'xp Tomas quest "rescued the miller\'s son"'
    )
    assert "experience 1 -> 3 (foe: the bog hag)" in table("xp Tomas +2 foe the bog hag")
    assert "experience 3 -> 2" in table("xp Tomas -1")
    tomas = table.session.character("Tomas")
    assert [e.source for e in tomas.experiences] == ["quest", "foe"]
    assert "Experience: 2 (quest, foe) - level 2 needs 1" in table("character show Tomas")


@pytest.mark.parametrize("line", ["xp Tomas +1 luck", "xp Tomas quest", "xp Tomas -1 foe"])
def test_bad_experience_lines_change_nothing(table: Play, line: str) -> None:
    with pytest.raises(CommandError):
        table(line)
    assert table.session.character("Tomas").xp == 0
