"""Stories and levels 1-10 (RULINGS B7, B4, B2; docs/rulings.md H120-H123): each
level's gains, the stories spent, HP by the formula, the Doom die at level 10, and what
is refused."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.engine.principal import GM
from hacktable.errors import CommandError, RuleError, UnknownNameError
from hacktable.play.principal import NotAllowedError, Principal, Role
from hacktable.rulesets.black_sword_hack import levels
from hacktable.rulesets.black_sword_hack.character import Character
from hacktable.rulesets.black_sword_hack.content.loader import load_content
from hacktable.rulesets.black_sword_hack.creation import CharacterSpec, build_character
from hacktable.rulesets.black_sword_hack.levels import LevelChoices, gains_at, level_up
from hacktable.rulesets.grammar import Words

from ...helpers import Faces
from .character_helpers import answers, bsh_campaign, set_character

CONTENT = load_content()


def kael(con: int = 11, strength: int = 12) -> Character:
    """A barbarian (Reaver, Horse Lord, Scribe) with CON ``con`` (no CON background)."""
    scores = tuple(
        (a, (3, 3), {"CON": con, "STR": strength}.get(a, 10))
        for a in ("STR", "DEX", "CON", "INT", "WIS", "CHA")
    )
    spec = CharacterSpec("Kael", "barbarian", ("reaver", "horse-lord", "scribe"))
    return build_character(CONTENT, spec, scores, Faces()).character


def ready(character: Character) -> Character:
    """``character`` with the stories their next level needs."""
    return replace(character, xp=character.level)


def test_the_gains_of_each_level() -> None:
    table = {n: (gains_at(n).attributes, gains_at(n).gift, gains_at(n).doom) for n in range(2, 11)}
    assert table == {
        2: (1, False, False),
        3: (0, True, False),
        4: (2, False, False),
        5: (0, True, False),
        6: (1, False, False),
        7: (0, True, False),
        8: (2, False, False),
        9: (0, True, False),
        10: (0, False, True),
    }
    with pytest.raises(RuleError):
        gains_at(11)


def test_a_level_is_due_when_the_stories_reach_it() -> None:
    character = kael()
    assert not levels.due(character)
    assert levels.due(levels.with_stories(character, 1))
    assert not levels.due(replace(character, level=3, xp=2))
    assert levels.due(replace(character, level=3, xp=3))
    assert not levels.due(replace(character, level=10, xp=10))  # the top
    with pytest.raises(RuleError, match="only 0 stories"):
        levels.with_stories(character, -1)


CHOICES = {
    2: LevelChoices(("STR",)),
    3: LevelChoices(gift="hawk-eye"),
    4: LevelChoices(("STR", "DEX")),
    5: LevelChoices(gift="Iron Hide"),
    6: LevelChoices(("CON",)),
    7: LevelChoices(gift="wall-of-steel"),
    8: LevelChoices(("STR", "WIS")),
    9: LevelChoices(gift="tough-as-leather"),
    10: LevelChoices(),
}


def test_levels_one_to_ten_with_each_gain() -> None:
    character = kael(con=11)
    assert (character.score("STR"), character.score("DEX"), character.max_hp) == (13, 11, 11)
    seen: dict[int, Character] = {}
    for level in range(2, 11):
        character = level_up(CONTENT, ready(character), CHOICES[level]).character
        seen[level] = character
        assert character.level == level
        assert character.stories == 0  # spent (RULINGS B7)
        assert character.hp == character.max_hp  # full HP stays full (H122)
    assert seen[2].score("STR") == 14
    assert seen[3].gifts == ("hawk-eye",)
    assert (seen[4].score("STR"), seen[4].score("DEX"), seen[4].max_hp) == (15, 12, 14)
    assert seen[4].max_hp == 11 + 4 - 1  # CON 11 at level 4 gives 14 HP
    assert seen[5].gifts == ("hawk-eye", "iron-hide")
    assert (seen[6].score("CON"), seen[6].max_hp) == (12, 12 + 6 - 1)
    assert seen[7].gifts[-1] == "wall-of-steel"
    assert (seen[8].score("STR"), seen[8].score("WIS")) == (16, 11)
    assert seen[9].max_hp == 12 + 9 - 1 + 3  # Tough as Leather
    assert seen[9].doom_size == UsageDie.UD6
    assert (seen[10].doom, seen[10].doom_size) == (UsageDie.UD8, UsageDie.UD8)
    assert seen[10].max_hp == 12 + 10 - 1 + 3
    with pytest.raises(RuleError, match="level 10, the top"):
        level_up(CONTENT, ready(seen[10]), LevelChoices())


def test_a_level_adds_one_hp_to_the_wounded() -> None:
    character = replace(ready(kael(con=11)), hp=4)
    after = level_up(CONTENT, character, LevelChoices(("DEX",))).character
    assert (after.hp, after.max_hp) == (5, 12)
    raised_con = level_up(CONTENT, character, LevelChoices(("CON",))).character
    assert (raised_con.hp, raised_con.max_hp) == (6, 13)  # the level and CON 12 (H122)


def test_stories_beyond_the_level_are_kept() -> None:
    made = level_up(CONTENT, replace(kael(), xp=3), LevelChoices(("STR",)))
    assert (made.character.level, made.character.stories) == (2, 2)
    assert made.detail["stories"] == [3, 2]


def test_a_level_needs_its_stories() -> None:
    with pytest.raises(RuleError, match="0 of the 1 stories level 2 needs"):
        level_up(CONTENT, kael(), LevelChoices(("STR",)))


def test_an_attribute_at_18_cannot_rise() -> None:
    character = ready(replace(kael(), scores=(("STR", 18), *kael().scores[1:])))
    with pytest.raises(RuleError, match="STR is already 18, the most an attribute can be"):
        level_up(CONTENT, character, LevelChoices(("STR",)))


def test_level_4_raises_two_different_attributes() -> None:
    character = replace(kael(), level=3, xp=3)
    with pytest.raises(RuleError, match="two different attributes, not STR twice"):
        level_up(CONTENT, character, LevelChoices(("STR", "STR")))
    with pytest.raises(RuleError, match=r"gives \+1 to two attributes, not 1"):
        level_up(CONTENT, character, LevelChoices(("STR",)))
    with pytest.raises(UnknownNameError):
        level_up(CONTENT, character, LevelChoices(("STR", "LUCK")))


def test_gifts_come_at_their_levels_and_only_new_ones() -> None:
    character = replace(kael(), level=2, xp=2)
    with pytest.raises(RuleError, match="gives a gift"):
        level_up(CONTENT, character, LevelChoices())
    with pytest.raises(RuleError, match="gives no gift"):
        level_up(CONTENT, ready(kael()), LevelChoices(("STR",), "hawk-eye"))
    had = replace(character, gifts=("hawk-eye",))
    with pytest.raises(RuleError, match="already has Hawk Eye"):
        level_up(CONTENT, had, LevelChoices(gift="hawk-eye"))
    talker = replace(
        character, backgrounds=("spirit-talker", "reaver", "scribe")
    )  # Spirit-Talker grants Spirit Lore
    with pytest.raises(RuleError, match="already has Spirit Lore"):
        level_up(CONTENT, talker, LevelChoices(gift="spirit-lore"))
    assert "spirit-lore" not in {g.id for g in levels.gift_choices(CONTENT, talker)}


def test_a_doom_gift_grows_the_die_as_it_stands() -> None:
    character = replace(kael(), level=2, xp=2, doom=UsageDie.UD4)
    after = level_up(CONTENT, character, LevelChoices(gift="marked-by-fate")).character
    assert (after.doom, after.doom_size) == (UsageDie.UD6, UsageDie.UD8)  # H123


def test_an_exhausted_doom_die_stays_exhausted_at_level_10() -> None:
    character = replace(kael(), level=9, xp=9, doom=UsageDie.EXHAUSTED)
    after = level_up(CONTENT, character, LevelChoices()).character
    assert (after.doom, after.doom_size) == (UsageDie.EXHAUSTED, UsageDie.UD8)
    assert after.doomed


def test_the_dead_and_the_helpless_gain_no_level() -> None:
    with pytest.raises(RuleError, match="Helpless"):
        level_up(CONTENT, replace(ready(kael()), hp=0), LevelChoices(("STR",)))
    dead = replace(ready(kael()), conditions=("dead",))
    with pytest.raises(RuleError, match="dead"):
        level_up(CONTENT, dead, LevelChoices(("STR",)))


# -- the commands ------------------------------------------------------------------------

KAEL = "character new Kael --origin barbarian --backgrounds reaver,horse-lord,scribe"


def test_stories_are_the_gms_award_and_say_when_a_level_is_due(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db", 7, "player add Ann", KAEL) as layer:
        layer.run("character owner Kael Ann")
        with pytest.raises(NotAllowedError):
            layer.run("stories Kael +1", Principal(Role.PLAYER, "Ann"))
        text = layer.run("stories Kael +1").text
        assert "Kael: stories 0 -> 1 (level 1)" in text
        assert "Kael can gain level 2 (+1 to one attribute, +1 max HP): level Kael STR" in text
        assert "1 stories, level 1" in layer.run("stories Kael", Principal(Role.PLAYER, "Ann")).text
        with pytest.raises(RuleError, match="only 1 stories"):
            layer.run("stories Kael -2")
        with pytest.raises(CommandError):
            layer.run("stories Kael 2")


def test_level_gains_with_the_line_s_choices(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db", 7, KAEL, "stories Kael +1") as layer:
        before = layer.session.character("Kael")
        outcome = layer.run("level Kael str")
        after = layer.session.character("Kael")
        assert (after.level, after.stories) == (2, 0)
        assert after.score("STR") == before.score("STR") + 1
        assert after.max_hp == before.max_hp + 1
        event = outcome.events[-1]
        assert event.action == "level"
        assert event.command == "level Kael STR"
        assert event.detail["level"] == [1, 2]
        assert "Kael reaches level 2" in outcome.text


def test_level_without_its_choices_and_nobody_to_ask_is_one_line(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db", 7, KAEL, "stories Kael +1") as layer:
        last = layer.session.store.last_seq()
        with pytest.raises(RuleError, match=r"level 2 gives \+1 to one attribute, not 0") as error:
            layer.run("level Kael")
        assert "\n" not in str(error.value)
        assert layer.session.store.last_seq() == last
        with pytest.raises(CommandError, match="no attribute"):
            layer.run("level Kael LUCK")
        layer.run("level Kael STR")
        with pytest.raises(RuleError, match="0 of the 2 stories"):
            layer.run("level Kael gift hawk-eye")


def test_level_asks_for_what_the_line_leaves_out(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db", 7, KAEL) as layer:
        set_character(layer, "Kael", level=3, xp=3)
        warned: list[str] = []
        asked, ask = answers("STR", "str", "dex")
        layer.run("level Kael", ask=ask, warn=warned.append)
        kael = layer.session.character("Kael")
        assert kael.level == 4
        assert len(asked) == 3
        assert asked[0].startswith("Level 4: +1 to which attribute? STR")
        assert "chosen already" in warned[0]
        set_character(layer, "Kael", xp=4)
        asked, ask = answers("hawk eye")
        outcome = layer.run("level Kael", ask=ask)
        assert "which gift? 1: Iron Hide" in asked[0]
        assert layer.session.character("Kael").gifts == ("hawk-eye",)
        assert outcome.events[-1].command == "level Kael gift hawk-eye"


def test_the_level_offered_when_due_succeeds(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db", 7, KAEL) as layer:
        for level in range(1, 10):
            set_character(layer, "Kael", xp=level)
            offered = [
                i
                for i in layer.session.ruleset.legal_intents(layer.session, "gm")
                if isinstance(i, Words) and i.command == "level"
            ]
            assert len(offered) == 1
            layer.execute(GM, offered[0])
        assert layer.session.character("Kael").level == 10
        assert layer.session.character("Kael").doom_size == UsageDie.UD8
