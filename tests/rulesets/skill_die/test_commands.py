"""skill-die's console: making characters, checks and odds, and bad input refused in
one line with nothing changed (issue 11 §2, §3; RULINGS S1, S2, S4, S6, S7)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from hacktable.errors import HacktableError, RuleError, UnknownNameError

from .conftest import Table


def test_character_new_from_flags(table: Table) -> None:
    """RULINGS S1, S4."""
    table.crew()
    ana = table.character("Ana")
    assert ana.role == "Medic"
    assert ana.skill_level("Nature") == 4
    vex = table.character("Vex")  # no --abilities: the campaign's array, in the sheet's order
    assert dict(vex.scores)["STR"] == 15
    assert dict(vex.scores)["CHA"] == 8
    assert "Vex" in table("character list")


def test_a_script_must_give_role_and_skills(table: Table) -> None:
    with pytest.raises(RuleError, match="--role"):
        table.run("character new Bo --skills Nature=3,Brawn=1")
    with pytest.raises(RuleError, match="--skills"):
        table.run("character new Bo --role Medic")
    assert table.session.characters() == []


def test_rolled_abilities_follow_the_setting(table: Table) -> None:
    """RULINGS S1 (*setting*: the array or 4d6 drop the lowest)."""
    table.run("settings abilities 4d6-drop-lowest")
    out = table("character new Bo --role Engineer --skills Science=3,Brawn=1")
    assert "4d6 drop the lowest" in out


def test_the_sheet_shows_modifiers_skill_dice_hp_and_fatigue(table: Table) -> None:
    table.crew()
    sheet = table("character show Ana")
    assert "WIS 15 (+2)" in sheet
    assert "STR 8 (-1)" in sheet
    assert "Nature     4  d4 4/4 d6 4/6 d8 4/8 d10 4/10 d12 4/12 d20 4/20" in sheet
    assert "HP 11/11  [up]" in sheet
    assert "0 h since the last rest; next fatigue check in 24 h" in sheet


def test_an_ability_check_shows_the_odds_first_then_the_margin(table: Table) -> None:
    """RULINGS S1: d20 + modifier meets or beats the DC; the margin for tiered results."""
    table.crew()
    out = table.run("check Ana WIS dc 12 roll 10")
    texts = [line.text for line in out.lines]
    assert texts[0] == "Ana: WIS check (15, +2), DC 12"
    assert texts[1] == "  odds: success 55.00%"
    assert "  => success, margin +0" in texts
    (event,) = out.events
    assert event.detail["margin"] == 0
    assert event.detail["faces"] == [10]


def test_a_named_difficulty_sets_the_dc(table: Table) -> None:
    """skill-die: Ability Checks (Hard, DC 20)."""
    table.crew()
    out = table("check Ana CHA hard adv roll 13,17")
    assert "DC 20" in out
    assert "d20 13 and 17, advantage keeps the higher" in out
    assert "=> failure, margin -3" in out
    assert "DC 20" in table("check Ana CHA dc hard roll 13")  # the usage's "dc hard"


def test_a_skill_check_rolls_the_difficulty_s_die_at_or_under_the_level(table: Table) -> None:
    """RULINGS S2."""
    table.crew()
    out = table("check Ana Nature normal roll 4")
    assert "Nature check (level 4), normal: d8 at or under 4" in out
    assert "odds: success 50.00%" in out
    assert "=> success" in out
    assert "=> failure" in table("check Ana Nature normal roll 5")


def test_a_competitive_check_uses_the_opponent_s_level(table: Table) -> None:
    """skill-die: Competitive Skill Checks; RULINGS S2, S7: Nature against a hidden
    foe's Stealth 4 is Hard (d10); only the active side rolls."""
    table.crew()
    out = table.run("check Ana Nature vs Vex roll 3")
    assert "hard: d10 at or under 4" in out.text
    assert "against Vex's Stealth 4: the highest, 4, picks the d10" in out.text
    (check,) = out.checks
    assert check.faces == (3,)


def test_several_opponents_and_a_bare_level(table: Table) -> None:
    table.crew()
    assert "d20 at or under" in table("check Vex Stealth vs Ana,6 roll 2")
    assert "simple: d4" in table("check Vex Brawn vs 1 Brawn roll 1")


def test_fatigue_gives_disadvantage_to_a_check(table: Table) -> None:
    """RULINGS S6."""
    table.crew()
    ana = table.character("Ana")
    table.session.commit_character("test.setup", ana, replace(ana, fatigued=True), "tired", "")
    out = table("check Ana Nature hard roll 2,9")
    assert "disadvantage (fatigued, RULINGS S6)" in out  # H494: no nested parentheses
    assert "=> failure" in out


def test_odds_with_the_same_words(table: Table) -> None:
    table.crew()
    odds = table.run("odds Ana Nature vs Vex")
    assert odds.checks == ()
    assert odds.events == ()
    assert dict(odds.data)["odds"]["success"] == Fraction(2, 5)
    assert dict(table.run("odds +2 dc 15 adv").data)["odds"]["success"] == Fraction(16, 25)
    assert dict(table.run("odds skill 3 hard").data)["odds"]["success"] == Fraction(3, 10)


@pytest.mark.parametrize(
    ("line", "error", "words"),
    [
        ("check Ana WIS dc 41", RuleError, "1 to 40"),
        ("check Ana WIS dc 0", RuleError, "1 to 40"),
        ("check Ana Nature vs 7", RuleError, "0 to 6"),
        ("check Ana LUCK dc 10", UnknownNameError, "STR, DEX, CON, INT, WIS, CHA"),
        ("check Ana Nature dc 12", RuleError, "takes a difficulty"),
        ("check Ana WIS", RuleError, "needs a DC"),
        ("save Ana CON", UnknownNameError, "no saving throws"),
        ("tick", UnknownNameError, "time counts in hours"),
        ("test Ana STR", UnknownNameError, "checks, not tests"),
    ],
)
def test_bad_input_is_one_clear_line_and_changes_nothing(
    table: Table, line: str, error: type[HacktableError], words: str
) -> None:
    """Issue 11 §3: a DC outside 1-40, a skill level outside 0-6, an ability skill-die
    does not have, a redhack command."""
    table.crew()
    before = (table.session.state, table.store.last_seq())
    with pytest.raises(error, match=words) as info:
        table.run(line)
    assert "\n" not in str(info.value)
    assert (table.session.state, table.store.last_seq()) == before


def test_the_unconscious_make_no_checks(table: Table) -> None:
    """RULINGS S3: "they cannot do anything until they are healed to at least 1 HP"."""
    table.crew()
    table.run("hp Ana -11")
    with pytest.raises(RuleError, match="unconscious"):
        table.run("check Ana WIS dc 10")


def test_guided_creation_asks_role_abilities_and_skills(table: Table) -> None:
    """Guided use: the console asks what the line leaves out; a wrong answer is asked
    again (RULINGS S1, S4)."""
    answers = iter(["Pilot", "Engineer", "10,8,15,14,13,12", "Science=3,Brawn=1"])
    asked: list[str] = []
    warned: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers)

    table.layer.run("character new Ida", ask=ask, warn=warned.append)
    ida = table.character("Ida")
    assert ida.role == "Engineer"
    assert ida.skill_level("Science") == 4
    assert dict(ida.scores)["CON"] == 15
    assert asked[0].startswith("Role (Corsair, Medic, Engineer, Soldier")
    assert len(warned) == 1  # Pilot


def test_the_gm_sets_skill_levels_0_to_6_and_adds_skills_and_roles(table: Table) -> None:
    """RULINGS S4: levels 0-6; the campaign's own skills and roles."""
    table.crew()
    table.run("skill Ana Nature 6")
    assert table.character("Ana").skill_level("Nature") == 6
    with pytest.raises(RuleError, match="0 to 6"):
        table.run("skill Ana Nature 7")
    table.run("skill add Piloting")
    table.run("role add Pilot Piloting")
    table.run("character new Ida --role Pilot --skills Piloting=3,Science=1")
    assert table.character("Ida").skill_level("Piloting") == 4
    assert "Piloting check (level 0)" in table("odds Ana Piloting easy")


def test_gear_is_custom_only(table: Table) -> None:
    """docs/rulings.md H345: no equipment list."""
    table.crew()
    with pytest.raises(UnknownNameError, match="give NAME rope custom"):
        table.run("give Ana rope")
    table.run("give Ana rope custom")
    assert table.character("Ana").inventory[0].name == "rope"


def test_a_player_checks_their_own_character_only(table: Table) -> None:
    """Access.play: the character's player (RULINGS G5 for their dice)."""
    from hacktable.engine.principal import NotAllowedError, Principal, Role

    table.run("player add Bea")
    table.run("character new Ida --role Corsair --skills Persuasion=3,Stealth=1 --player Bea")
    table.crew()
    bea = Principal(Role.PLAYER, "Bea")
    assert table.run("check Ida CHA dc 10 roll 12", bea).checks[0].success
    with pytest.raises(NotAllowedError):
        table.run("check Ana CHA dc 10", bea)
    with pytest.raises(NotAllowedError):
        table.run("time +1h", bea)


@pytest.mark.parametrize("line", ["odds +2 dc 15 roll 4", "odds skill 3 hard roll 2"])
def test_bare_odds_refuse_entered_dice_as_a_characters_odds_do(table: Table, line: str) -> None:
    """RULINGS G5: an entered die is never silently dropped; odds roll nothing."""
    with pytest.raises(HacktableError, match="odds rolls nothing"):
        table.run(line)
