"""fantasy-hack's commands at the table: character, check, opposed, odds, level, and
the core hp below zero (RULINGS F1, F4, F5, G5; issue 11 §1, §3; H300-H306)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.errors import CommandError, HacktableError, RuleError, UnknownNameError
from hacktable.play.principal import NotAllowedError, Principal, Role

from .helpers import answers, campaign, text

OTTVAR = "character new Ottvar --race human --class fighter --stats 18,10,9"
FOLDUIN = (
    "character new Folduin --race elf --class expert --stats array --order MND,DEX,STR "
    "--affinity Knowledge:magical-lore"
)


def test_character_new_from_flags_shows_the_sheet(tmp_path: Path) -> None:
    """F1: --stats as rolled at the table; HP = STR + 1d6; the sheet's AC and to-hit."""
    with campaign(tmp_path / "c.db") as layer:
        shown = text(layer, OTTVAR)
        ottvar = layer.session.character("Ottvar")
        assert dict(ottvar.scores) == {"STR": 18, "DEX": 10, "MND": 9}
        assert 19 <= ottvar.max_hp <= 24
        assert "To hit: melee +6, ranged +2, magic +0; damage +5" in shown
        assert "AC 15 (base 10 + Mail Shirt 4 + Shield 1)" in shown
        assert "Skills: Athletics +5  Communication +2" in shown


def test_the_array_is_assigned_in_order_and_the_affinity_kept(tmp_path: Path) -> None:
    """F1 (the array 16, 13, 11, Elf +2 MND), F4 (the affinity)."""
    with campaign(tmp_path / "c.db", FOLDUIN) as layer:
        folduin = layer.session.character("Folduin")
        assert dict(folduin.scores) == {"STR": 11, "DEX": 13, "MND": 18}
        assert folduin.affinities == (("Knowledge", "magical lore"),)


def test_guided_creation_asks_race_class_order_and_affinity(tmp_path: Path) -> None:
    """Guided use: the console asks what the line leaves out."""
    asked, ask = answers("elf", "exp", "MND,DEX,STR", "Knowledge:old-maps")
    with campaign(tmp_path / "c.db", "settings stat-method array") as layer:
        layer.run("character new Ilse", ask=ask)
        ilse = layer.session.character("Ilse")
    assert [q.split(" ")[0] for q in asked] == ["Race", "Class", "Stats", "An"]
    assert (ilse.race, ilse.klass, ilse.score("MND")) == ("elf", "expert", 18)
    assert ilse.affinities == (("Knowledge", "old maps"),)


def test_guided_rolled_stats_are_rolled_before_the_order_is_asked(tmp_path: Path) -> None:
    """F1: 4d6 drop the lowest, "assigned as the player likes": the console shows the
    three scores in the question, then assigns them (H478); the dice are the ones the
    same line with `--order` rolls at the same seed."""
    asked, ask = answers("DEX,MND,STR")
    with campaign(tmp_path / "a.db") as layer:
        layer.run("character new Tess --race halfling --class rogue", ask=ask)
        guided = layer.session.character("Tess")
        rolls = layer.session.log()[-1].detail["rolls"]
    scores = sorted((r[2] for r in rolls), reverse=True)  # type: ignore[union-attr]
    assert f"4d6 drop the lowest, {', '.join(map(str, scores))}:" in asked[0]
    assert guided.score("DEX") == min(18, scores[0] + 2)  # halfling +2 DEX
    assert (guided.score("MND"), guided.score("STR")) == (scores[1], scores[2])
    with campaign(tmp_path / "b.db") as layer:
        layer.run("character new Tess --race halfling --class rogue --order DEX,MND,STR")
        assert layer.session.character("Tess") == guided


def test_a_script_without_race_or_class_is_told_and_nothing_changes(tmp_path: Path) -> None:
    with campaign(tmp_path / "c.db") as layer:
        with pytest.raises(RuleError, match=r"--race .* and --class"):
            layer.run("character new Bob --class fighter")
        with pytest.raises(CommandError, match="levels 1 to 10"):
            layer.run("character new Bob --race elf --class rogue --level 11")
        assert layer.session.characters() == []


def test_check_shows_odds_then_dice_and_margin(tmp_path: Path) -> None:
    """Part III: d20 + stat + skill meets or beats the DC; G5: the die entered."""
    with campaign(tmp_path / "c.db", OTTVAR) as layer:
        shown = text(layer, "check Ottvar STR+Athletics dc 15 +2 roll 4")
    lines = shown.splitlines()
    assert lines[0] == (
        "Ottvar: STR+Athletics check against DC 15 (STR +4, Athletics +5, situation +2)"
    )
    assert lines[1] == "  odds: success 85.00%, failure 15.00%"
    assert lines[2] == "  d20 4 + 11 = 15 >= DC 15: success (margin +0)"
    assert lines[3] == "  => success"


def test_an_affinity_named_adds_two(tmp_path: Path) -> None:
    """RULINGS F4."""
    with campaign(tmp_path / "c.db", FOLDUIN) as layer:
        shown = text(layer, "check Folduin MND+Knowledge dc 20 for magical-lore roll 10")
    assert "affinity magical lore +2" in shown
    assert "d20 10 + 10 = 20 >= DC 20" in shown


def test_a_field_without_an_affinity_says_so(tmp_path: Path) -> None:
    """F4: the +2 is only for the character's own skill and field; a field they have no
    affinity in reads "no Knowledge affinity in herbs +0", not "affinity herbs +0"."""
    with campaign(tmp_path / "c.db", FOLDUIN) as layer:
        shown = text(layer, "check Folduin MND+Knowledge dc 20 for herbs roll 10")
    assert "no Knowledge affinity in herbs +0" in shown
    assert "d20 10 + 8 = 18 < DC 20" in shown


@pytest.mark.parametrize(
    ("line", "error", "words"),
    [
        ("check Ottvar STR+Athletics dc 41", RuleError, "from 1 to 40"),
        ("check Ottvar STR+Athletics dc 0", RuleError, "from 1 to 40"),
        ("check Ottvar CON+Athletics dc 10", RuleError, "STR, DEX, MND"),
        ("check Ottvar STR+Swimming dc 10", RuleError, "Athletics, Communication"),
        ("check Ottvar STR+Athletics 15", CommandError, "dc 15"),
        ("test Ottvar STR", UnknownNameError, "check NAME STAT\\+SKILL dc N"),
        ("save Ottvar STR", UnknownNameError, "no saving throws"),
        ("doom Ottvar", UnknownNameError, "fantasy-hack has no command 'doom': there is no"),
        ("opposed Ottvar STR+Athletics vs Ottvar DEX+Athletics", CommandError, "two sides"),
    ],
)
def test_bad_input_is_one_line_and_changes_nothing(
    tmp_path: Path, line: str, error: type[HacktableError], words: str
) -> None:
    """issue 11 §3: a DC outside 1-40, a stat or skill fantasy-hack lacks, redhack's
    word: one clear line naming what fantasy-hack expects, nothing changed."""
    with campaign(tmp_path / "c.db", OTTVAR) as layer:
        before = layer.session.state
        with pytest.raises(error, match=words) as raised:
            layer.run(line)
        assert "\n" not in str(raised.value)
        assert layer.session.state == before


def test_the_mugger_sneaks_up_on_ottvar(tmp_path: Path) -> None:
    """The Ottvar example: the mugger's DEX + Subterfuge with the GM's +5 totals 23;
    Ottvar's MND + Subterfuge only 15 (F5: the active side must beat)."""
    with campaign(tmp_path / "c.db", OTTVAR) as layer:
        shown = text(layer, "opposed 8 +5 vs Ottvar MND+Subterfuge roll 10,14")
    assert "the foe d20 10 + 13 = 23 against Ottvar d20 14 + 1 = 15" in shown
    assert "=> the foe wins (margin +8)" in shown
    assert shown.index("odds:") < shown.index("d20 10")


def test_an_opposed_tie_goes_to_the_resisting_side(tmp_path: Path) -> None:
    """RULINGS F5: "must beat"."""
    with campaign(tmp_path / "c.db", OTTVAR) as layer:
        shown = text(layer, "opposed Ottvar DEX+Athletics vs 5 roll 10,10")
    assert "=> the foe wins (margin +0)" in shown


def test_a_foe_opposes_with_its_bestiary_ranks(tmp_path: Path) -> None:
    """Part III "Combat" (the mugger's DEX + Subterfuge check, +5 for the press of
    people: 23 against Ottvar's 15); docs/rulings.md H320, H397: a bestiary creature, or
    a foe of the current fight, by name."""
    with campaign(tmp_path / "c.db", OTTVAR) as layer:
        shown = text(layer, "opposed mugger DEX+Subterfuge +5 vs Ottvar MND+Subterfuge roll 11,14")
        assert "Mugger DEX+Subterfuge (DEX +3, Subterfuge +4, situation +5)" in shown
        assert "Mugger d20 11 + 12 = 23" in shown
        layer.run("fight start")
        layer.run("fight add Thug from bandit")
        shown = text(layer, "opposed Ottvar STR+Athletics vs thug STR+Athletics roll 10,10")
        assert "Thug STR+Athletics (" in shown
        assert "Thug d20 10 + 2 = 12: Ottvar wins by 7" in shown


def test_odds_roll_nothing(tmp_path: Path) -> None:
    with campaign(tmp_path / "c.db", OTTVAR, FOLDUIN) as layer:
        log = len(layer.session.store.events())
        assert "success 60.00%" in text(layer, "odds +6 dc 15")
        assert "success 75.00%" in text(layer, "odds Ottvar STR+Athletics dc 15")
        assert "Folduin wins" in text(layer, "odds Folduin DEX+Subterfuge vs Ottvar MND+Subterfuge")
        assert len(layer.session.store.events()) == log


def test_level_is_the_gms_and_shows_every_gain(tmp_path: Path) -> None:
    """Level Advancement; F2, F4; a player cannot raise their own level."""
    with campaign(tmp_path / "c.db", OTTVAR, "level Ottvar", "level Ottvar DEX") as layer:
        shown = text(layer, "level Ottvar")
        assert "Fighter bonus +1 -> +2 to hit and damage (F4)" in shown
        assert "AC 16 -> 17 (half level, F2)" in shown
        ottvar = layer.session.character("Ottvar")
        assert (ottvar.level, ottvar.score("DEX")) == (4, 11)
        with pytest.raises(NotAllowedError):
            layer.run("level Ottvar", principal=Principal(Role.PLAYER, "mike"))


def test_level_10_is_the_last(tmp_path: Path) -> None:
    line = OTTVAR.replace("--stats", "--level 10 --stats")
    with (
        campaign(tmp_path / "c.db", line) as layer,
        pytest.raises(RuleError, match="no levels above 10"),
    ):
        layer.run("level Ottvar")


def test_hp_below_zero_is_dying_then_dead_at_the_campaigns_threshold(tmp_path: Path) -> None:
    """RULINGS F1: dying at 0 or below, dead at dead-at (a setting; H300)."""
    with campaign(tmp_path / "c.db", OTTVAR, "settings dead-at -15", "hp Ottvar 1") as layer:
        assert "dying" in text(layer, "hp Ottvar -11")
        ottvar = layer.session.character("Ottvar")
        assert (ottvar.hp, ottvar.has_condition("dying")) == (-10, True)
        assert "DYING" in text(layer, "character show Ottvar")
        layer.run("hp Ottvar -10")
        ottvar = layer.session.character("Ottvar")
        assert (ottvar.hp, ottvar.dead) == (-15, True)


def test_the_dead_at_setting_stays_in_its_range(tmp_path: Path) -> None:
    """H300: -30 to 0."""
    with campaign(tmp_path / "c.db") as layer:
        with pytest.raises(HacktableError):
            layer.run("settings dead-at -31")
        with pytest.raises(HacktableError):
            layer.run("settings dead-at 1")


def test_str_dex_mnd_flags_give_the_scores(tmp_path: Path) -> None:
    """F1: the scores as rolled at the table, one flag each."""
    line = "character new Pip --race halfling --class rogue --str 9 --dex 16 --mnd 12"
    with campaign(tmp_path / "c.db", line) as layer:
        pip = layer.session.character("Pip")
        assert dict(pip.scores) == {"STR": 9, "DEX": 18, "MND": 12}
        with pytest.raises(CommandError, match="come together"):
            layer.run("character new Pod --race elf --class rogue --str 9")


def test_a_guided_level_asks_the_stat_and_the_affinity(tmp_path: Path) -> None:
    """Level Advancement; F4: the console asks what level 3 needs."""
    made = FOLDUIN.replace("--affinity", "--level 2 --affinity")
    asked, ask = answers("dex", "Survival:forests")
    with campaign(tmp_path / "c.db", made) as layer:
        layer.run("level Folduin", ask=ask)
        folduin = layer.session.character("Folduin")
    assert len(asked) == 2
    assert (folduin.level, folduin.score("DEX")) == (3, 14)
    assert folduin.affinities[-1] == ("Survival", "forests")


def test_completion_offers_names_terms_and_choices(tmp_path: Path) -> None:
    from hacktable.rulesets.fantasy_hack.commands.registry import COMMANDS

    with campaign(tmp_path / "c.db", OTTVAR) as layer:
        check = COMMANDS.get("check")
        character = COMMANDS.get("character")
        assert check is not None
        assert check.complete is not None
        assert character is not None
        assert character.complete is not None
        assert list(check.complete(layer.session, [])) == ["Ottvar"]
        assert "STR+Athletics" in check.complete(layer.session, ["Ottvar"])
        assert "halfling" in character.complete(layer.session, ["new", "Pip", "--race"])


def test_a_player_may_not_roll_an_opposed_check_for_anothers_character(tmp_path: Path) -> None:
    """H306 and the access rule: a side that is another player's character is refused
    in words ("may not make an opposed check for Tess"), not "may not opposed"."""
    lines = (
        "player add Ann",
        "player add Bob",
        OTTVAR + " --player Ann",
        "character new Tess --race halfling --class rogue --stats 13,16,11 --player Bob",
    )
    ann = Principal(Role.PLAYER, "Ann")
    refused = "may not make an opposed check for Tess"
    with (
        campaign(tmp_path / "c.db", *lines) as layer,
        pytest.raises(NotAllowedError, match=refused),
    ):
        layer.run("opposed Ottvar STR+Athletics vs Tess DEX+Athletics", principal=ann)


def test_a_player_enters_only_their_own_die_in_an_opposed_check(tmp_path: Path) -> None:
    """RULINGS G5 (a player enters the dice of their own character's rolls; docs/
    rulings.md H248): against a foe, the player's ``roll N`` is their character's d20
    and the foe's comes from the GM's seeded stream; a second face (the foe's) is
    refused, and nothing is stored."""
    lines = ("player add Ann", OTTVAR + " --player Ann")
    ann = Principal(Role.PLAYER, "Ann")
    with campaign(tmp_path / "c.db", *lines) as layer:
        before = layer.session.state.last_seq
        with pytest.raises(RuleError):
            layer.run("opposed 8 vs Ottvar MND+Subterfuge roll 1,20", principal=ann)
        assert layer.session.state.last_seq == before
        reply = text(layer, "opposed 8 vs Ottvar MND+Subterfuge roll 20", principal=ann)
        assert "Ottvar d20 20 + 1 = 21" in reply
        assert "dice entered by Ann, not rolled: d20 20 (RULINGS G5)" in reply


def test_the_gm_may_enter_both_dice_of_an_opposed_check(tmp_path: Path) -> None:
    """RULINGS G5: the GM may enter any die, the foe's too (the Ottvar example's sneak)."""
    with campaign(tmp_path / "c.db", OTTVAR) as layer:
        reply = text(layer, "opposed 8 vs Ottvar MND+Subterfuge roll 3,4")
        assert "the foe d20 3 + 8 = 11 against Ottvar d20 4 + 1 = 5" in reply


def test_the_unconscious_make_no_checks(tmp_path: Path) -> None:
    """RULINGS F1: "A character at 0 HP or below is unconscious": no check, no side of an
    opposed check, and nothing is stored."""
    with campaign(tmp_path / "c.db", OTTVAR, "hp Ottvar 0") as layer:
        before = layer.session.state.last_seq
        with pytest.raises(RuleError, match="unconscious"):
            layer.run("check Ottvar STR+Athletics dc 15")
        with pytest.raises(RuleError, match="unconscious"):
            layer.run("opposed 3 vs Ottvar MND+Subterfuge")
        assert layer.session.state.last_seq == before


def test_the_logged_command_gives_the_stats_as_given_not_as_made(tmp_path: Path) -> None:
    """The log's command is the one that made the character: its --stats are the
    scores given (RULINGS F1), before the race's +2 and the level's raises, so typing it
    again makes the same character (a Dwarf's STR 14 is 16 once, never 18)."""
    line = "character new D --race dwarf --class fighter --stats 14,10,9 --level 3 --raise DEX"
    with campaign(tmp_path / "c.db", line) as layer:
        logged = layer.session.log()[-1].command
        assert dict(layer.session.character("D").scores) == {"STR": 16, "DEX": 11, "MND": 9}
    assert "--stats 14,10,9" in logged
    assert "--raise DEX" in logged
    with campaign(tmp_path / "again.db", logged) as layer:
        assert dict(layer.session.character("D").scores) == {"STR": 16, "DEX": 11, "MND": 9}


def test_a_dead_foe_makes_no_opposed_check(tmp_path: Path) -> None:
    """RULINGS F1 ("NPCs die at 0"): the dead mugger of the fight does not sneak."""
    lines = (
        OTTVAR,
        "fight start",
        "fight add Mugger from mugger",
        "init roll 14,9",
        "attack Ottvar Mugger roll 20 damage roll 8,8",
    )
    with campaign(tmp_path / "c.db", *lines) as layer:
        before = layer.session.state.last_seq
        with pytest.raises(RuleError, match="Mugger is dead"):
            layer.run("opposed Mugger DEX+Subterfuge vs Ottvar MND+Subterfuge")
        assert layer.session.state.last_seq == before


def test_usage_lines_name_what_the_commands_accept(tmp_path: Path) -> None:
    """H492: fantasy-hack's foes have an AC ('ac N'); docs/rulings.md H490's newcomer
    pass: 'odds' spells out an opposed check's sides as 'opposed' does."""
    with campaign(tmp_path / "c.db", "character new Ottvar --race human --class fighter") as layer:
        fight = text(layer, "help fight").splitlines()[0]
        odds = text(layer, "help odds").splitlines()[0]
        layer.run("fight start")
        layer.run("fight add Brute level 2 hp 15 ac 14 hit +4 damage 1d8+2 dex 12")
        shown = text(layer, "odds Ottvar STR+Athletics vs Ottvar DEX+Athletics")
    assert "[ac N]" in fight
    assert odds.endswith("odds NAME|FOE STAT+SKILL [+N] vs NAME|FOE STAT+SKILL [+N]")
    assert "Ottvar wins" in shown


def test_character_list_aligns_and_shows_stat_damage(tmp_path: Path) -> None:
    """H495 (fantasy-hack: Healing, "your stat score is immediately reduced"): the list
    shows the reduced score and what it is of; race and class take one column."""
    ottvar = "character new Ottvar --race human --class fighter --stats 18,10,9"
    mara = "character new Mara --race elf --class sorcerer --stats 9,14,17"
    with campaign(tmp_path / "c.db", ottvar, mara) as layer:
        layer.run("poison Ottvar 15 STR 1d4 roll 1,3")
        lines = text(layer, "character list").splitlines()
    assert "STR 15 (of 18) DEX 10 MND 9" in lines[0]
    assert "STR 9 DEX 14 MND 18" in lines[1]
    assert lines[0].index(" L1 ") == lines[1].index(" L1 ")
