"""What a GM's play-through of skill-die found wrong, each a test that failed before its
fix (issue 11 §2, §3; RULINGS S1, S3, S5, G5; docs/rulings.md H450-H452). The one-shot's
margin is tested in test_oneshot.py."""

from __future__ import annotations

import pytest

from hacktable.engine.principal import NotAllowedError, Principal, Role
from hacktable.errors import CommandError, HacktableError, UnknownNameError
from hacktable.rulesets.skill_die.fight_rules import SkillDieFightRules

from .conftest import Table


def test_guided_abilities_left_empty_take_the_setting(table: Table) -> None:
    """docs/rulings.md H450, H342: the console's empty answer makes what a line without
    --abilities makes (the array in the sheet's order by default), not rolled dice."""
    answers = iter(["Soldier", "", "Stealth=3,Brawn=1"])
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers)

    table.layer.run("character new Ida", ask=ask)
    assert dict(table.character("Ida").scores) == {
        "STR": 15,
        "DEX": 14,
        "CON": 13,
        "INT": 12,
        "WIS": 10,
        "CHA": 8,
    }
    assert "Enter: the array in that order" in asked[1]


def test_guided_abilities_left_empty_roll_when_the_setting_says(table: Table) -> None:
    """docs/rulings.md H342: the setting 4d6-drop-lowest rolls them."""
    table.run("settings abilities 4d6-drop-lowest")
    answers = iter(["Soldier", "", "Stealth=3,Brawn=1"])
    out = table.layer.run("character new Ida", ask=lambda q: next(answers)).text
    assert "4d6 drop the lowest" in out


def test_a_bare_ability_check_names_no_ability(table: Table) -> None:
    """docs/rulings.md H451: 'odds +2 dc 15' was shown as 'STR check (10, +2)'."""
    out = table("odds +2 dc 15 adv")
    assert out.startswith("ability check, modifier +2, DC 15, advantage")
    assert "STR" not in out


def test_a_fall_takes_the_d4s_entered(table: Table) -> None:
    """RULINGS G5 ("the GM may enter any die"), S6 (1d4 per full 2 m: 7 m is 3d4);
    docs/rulings.md H452."""
    table.crew()
    out = table("fall Vex 7 roll 2,4,3")
    assert "3d4 (2+4+3) = 9" in out
    assert "dice entered by the GM, not rolled: d4 2, d4 4, d4 3" in out
    assert table.character("Vex").hp == 11 - 9


def test_a_bump_takes_the_d4s_entered(table: Table) -> None:
    """RULINGS G5, S6 (1d4 per strike); docs/rulings.md H452."""
    table.crew()
    assert "2d4 (3+1) = 4" in table("bump Vex 2 strikes roll 3,1")
    assert table.character("Vex").hp == 11 - 4


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("fall Vex 7 roll 2,4", "third d4"),
        ("fall Vex 7 roll 5,1,1", "1 to 4"),
        ("fall Vex", "missing METRES"),
        ("bump Vex 2 roll 1", "second d4"),
        ("bump Vex 2 strikes extra", "unexpected"),
    ],
)
def test_wrong_entered_hazard_dice_change_nothing(table: Table, line: str, words: str) -> None:
    """Issue 11 §3: one clear line, nothing changed (RULINGS G5)."""
    table.crew()
    before = (table.session.state, table.store.last_seq())
    with pytest.raises((CommandError, Exception), match=words) as info:
        table.run(line)
    assert "\n" not in str(info.value)
    assert (table.session.state, table.store.last_seq()) == before


@pytest.mark.parametrize(
    ("word", "words"),
    [
        ("level", "no levels"),
        ("xp", "no levels"),
        ("hide", "Stealth vs"),
        ("opposed", "competitive skill check"),
        ("chase", "no chase rules"),
        ("monster", "fight add NAME from ID"),
        ("cure", "hp NAME"),
    ],
)
def test_other_rulesets_words_name_what_skill_die_does(table: Table, word: str, words: str) -> None:
    """Issue 11 §3 (docs/rulings.md H346, H452): 'level' used to answer "did you mean
    'reveal'?"."""
    table.crew()
    with pytest.raises(UnknownNameError, match=words) as info:
        table.run(f"{word} Ana")
    assert f"skill-die has no command {word!r}" in str(info.value)


def test_the_surprise_round_cites_skill_die_not_fantasy_hack(table: Table) -> None:
    """docs/rulings.md H450: the surprise round is the shared tracker's, in skill-die's
    citation."""
    table.crew()
    out = table("fight start surprise by foes")
    assert "H450" in out
    assert "fantasy-hack" not in out
    table.run("fight add dock-thug")
    with pytest.raises(Exception, match="H450") as info:
        table.run("attack Vex dock-thug roll 10")
    assert "fantasy-hack" not in str(info.value)


def test_the_fight_help_speaks_skill_die(table: Table) -> None:
    """RULINGS S3, S5; docs/rulings.md H434, H436: no F1 bleeding, no F3 citation, the
    stock foes' own names in skill-die's help."""
    for command in ("fight", "init", "next", "attack"):
        out = table(f"help {command}")
        assert "F1" not in out, command
        assert "goblin" not in out, command
    assert "H436" in table("help next")
    assert "H434" in table("help init")
    assert "dead at -20" in table("help attack")
    rules = SkillDieFightRules()
    assert rules.initiative_source.startswith("RULINGS S5")


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("hp Vex temp -2", "never taken"),
        ("hp Vex stable", "skill-die has no dying"),
        ("skill Ana Nature -1", "run 0 to 6, not -1"),
        ("skill Ana Nature 7", "run 0 to 6, not 7"),
        ("odds skill -1 hard", "runs 0 to 6, not -1"),
    ],
)
def test_more_bad_input_is_one_line_naming_the_rule(table: Table, line: str, words: str) -> None:
    """Issue 11 §3; RULINGS S3 (temporary HP are lost, never taken; no dying in
    skill-die), S4 (levels 0-6, the same line both ends); docs/rulings.md H453. 'hp Vex
    temp -2' used to grant 0 temporary HP and 'skill Ana Nature -1' named a minimum."""
    table.crew()
    table.run("hp Vex -12")  # unconscious: stable used to say "is unconscious"
    before = (table.session.state, table.store.last_seq())
    with pytest.raises(HacktableError, match=words) as info:
        table.run(line)
    assert "\n" not in str(info.value)
    assert (table.session.state, table.store.last_seq()) == before


def test_a_player_may_not_pass_time(table: Table) -> None:
    """The GM's power (H106), said in words: "Ann may not pass time"."""
    table.run("player add Ann")
    table.run("character new Ana --role Medic --skills Nature=3,Persuasion=1 --player Ann")
    with pytest.raises(NotAllowedError, match="Ann may not pass time"):
        table.run("time +1h", Principal(Role.PLAYER, "Ann"))


def test_foes_dead_at_0_name_the_setting(table: Table) -> None:
    """docs/rulings.md H431: the foe-hp setting, named once, not "dead at 0: dead at 0"."""
    table.crew()
    table.run("settings foe-hp dead-at-0")
    table.run("fight start")
    out = table("fight add dock-thug")
    assert "(skill-die (setting foe-hp dead-at-0): dead at 0)" in out


def test_time_takes_the_fatigue_checks_d20s_entered(table: Table) -> None:
    """RULINGS G5, S6 (at 24 hours a d20 of 10 or less fatigues; else again each hour);
    docs/rulings.md H454: Ana's two hours, then Vex's."""
    table.crew()
    table.run("time +23h")
    out = table("time +2h roll 10,15,3,11")
    assert "dice entered by the GM, not rolled: d20 10, d20 15, d20 3, d20 11" in out
    assert table.character("Ana").fatigued
    assert table.character("Vex").fatigued
    assert not table.character("Vex").asleep  # 11 > 10: stays awake


def test_rest_takes_the_healing_d8s_entered(table: Table) -> None:
    """RULINGS G5, S7 (1d8 + CON modifier: Ana's CON 13 is +1); docs/rulings.md H454."""
    table.crew()
    table.run("hp Ana -5")
    assert "heals 1d8 4 +1 (CON) = 5" in table("rest Ana Vex roll 4,4")
    assert table.character("Ana").hp == 11
    before = (table.session.state, table.store.last_seq())
    with pytest.raises(HacktableError, match="not needed"):
        table.run("rest Ana roll 5,3")  # one d8: Vex, up 8 hours, is not due a check
    assert (table.session.state, table.store.last_seq()) == before


def test_damage_entered_for_a_miss_says_it_missed(table: Table) -> None:
    """RULINGS G5 (an entered die is used or refused): the GM who rolls the damage with
    the d20 is told the attack missed, not "3 was not needed"; nothing changes."""
    table.crew()
    table.run("fight start")
    table.run("fight add dock-thug")
    table.run("init roll 9,14,6")
    before = (table.session.state, table.store.last_seq())
    with pytest.raises(HacktableError, match=r"misses .*'damage roll' only on a hit") as info:
        table.run("attack dock-thug Ana roll 2 damage roll 3")
    assert "\n" not in str(info.value)
    assert (table.session.state, table.store.last_seq()) == before
