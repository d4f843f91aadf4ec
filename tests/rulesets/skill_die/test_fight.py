"""skill-die's plain fight tracker on the shared ordered fight (issue 11 §2 "Fights:
S5's plain tracker, which a campaign setting can turn off"; RULINGS S3, S5, S6;
docs/rulings.md H430-H436)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from hacktable.dice.parser import parse
from hacktable.errors import RuleError, UnknownNameError
from hacktable.rulesets.ordered_fight import fight_in
from hacktable.rulesets.ordered_fight.setup import FightAddIntent
from hacktable.rulesets.skill_die.fight_content import load_fight_content
from hacktable.rulesets.skill_die.fight_rules import (
    FIGHT_RULES,
    FIGHTS_OFF,
    defence_dc,
)

from .conftest import Table


def _fight(table: Table, *foes: str) -> None:
    """Ana (DEX 14) and Vex (DEX 14 from the array's order... given here) against foes."""
    table.run(
        "character new Ana --role Medic --abilities 8,14,13,12,15,10 --skills Nature=3,Persuasion=1"
    )
    table.run(
        "character new Vex --role Soldier --abilities 13,15,14,10,12,8 --skills Stealth=3,Brawn=1"
    )
    table.run("fight start")
    for foe in foes:
        table.run(f"fight add {foe}")


def _texts(table: Table, line: str) -> list[str]:
    return [item.text for item in table.run(line).lines]


def _brute_force(modifier: int, dc: int, dice: int, keep_high: bool) -> Fraction:
    """The chance that d20 (two kept high or low) + modifier meets dc, by enumeration."""
    faces = list(product(range(1, 21), repeat=dice))
    pick = max if keep_high else min
    hits = sum(1 for roll in faces if pick(roll) + modifier >= dc)
    return Fraction(hits, len(faces))


def test_the_foe_list_has_eight_or_more_with_dice_damage() -> None:
    """docs/rulings.md H431: a small foe list in data, 8+ entries."""
    content = load_fight_content()
    assert len(content.foes) >= 8
    for foe in content.foes.values():
        parse(foe.damage)
        assert 1 <= foe.defence <= 40
    assert FIGHT_RULES.bestiary("raider") is not None
    assert FIGHT_RULES.bestiary("nothing-such") is None
    assert FIGHT_RULES.bestiary_ids()[0] == "dock-thug"


def test_defence_dc_is_10_plus_dex_plus_armour(table: Table) -> None:
    """RULINGS S5: the defence DC is 10 + DEX modifier + armour (*setting*)."""
    _fight(table)
    vex = table.character("Vex")  # DEX 15: +2
    content = load_fight_content()
    assert defence_dc(vex, table.session.setting, content) == 12
    table.run("give Vex flak vest")
    table.run("equip Vex flak vest")
    vex = table.character("Vex")
    assert defence_dc(vex, table.session.setting, content) == 14
    table.run("settings defence 10+DEX")
    assert defence_dc(vex, table.session.setting, content) == 12


def test_unworn_armour_does_not_count(table: Table) -> None:
    """docs/rulings.md H432: only worn armour adds to the defence DC."""
    _fight(table)
    table.run("give Vex hardsuit")
    assert FIGHT_RULES.defence(table.character("Vex"), table.session.setting) == 12


def test_initiative_is_d20_plus_dex_modifier(table: Table) -> None:
    """RULINGS S5: initiative d20 + DEX modifier; ties to the higher DEX (H434)."""
    _fight(table, "raider")
    texts = _texts(table, "init roll 10,5,12")
    assert "  1. Raider d20 12 + 1 = 13" in texts
    assert "  2. Ana d20 10 + 2 = 12" in texts
    assert "  3. Vex d20 5 + 2 = 7" in texts


def test_an_attack_is_a_dex_or_str_check_against_the_defence_dc(table: Table) -> None:
    """RULINGS S5: an attack is a STR or DEX check; the odds come first, exactly."""
    _fight(table, "raider")
    table.run("give Vex rifle")
    table.run("equip Vex rifle")
    table.run("init roll 3,18,2")  # Vex first
    texts = _texts(table, "attack Vex Raider roll 11 damage roll 9")
    assert texts[0] == "Vex attacks Raider (Rifle, to-hit +2: DEX +2, against defence DC 13)"
    assert _brute_force(2, 13, 1, True) == Fraction(1, 2)
    assert texts[1] == "  odds: success 50.00%"
    assert "  d20 11 + 2 = 13 >= defence DC 13: success" in texts
    assert "  damage: 1d10: [9] -> 9" in texts  # H493: no "= 9" again
    raider = fight_in(table.session.state).foe("raider")  # type: ignore[union-attr]
    assert raider.pool.hp == 3


def test_no_weapon_is_a_strike_of_1d4_with_str(table: Table) -> None:
    """docs/rulings.md H430 (skill-die: Falling and Special Damage, 1d4 a strike)."""
    _fight(table, "raider")
    table.run("init roll 3,18,2")
    texts = _texts(table, "attack Vex Raider roll 15 damage roll 4")
    assert texts[0] == "Vex attacks Raider (strike, to-hit +1: STR +1, against defence DC 13)"
    assert "  damage: 1d4: [4] -> 4" in texts


def test_a_weapon_not_carried_is_refused(table: Table) -> None:
    _fight(table, "raider")
    table.run("init roll 3,18,2")
    before = table.session.state
    with pytest.raises(RuleError, match="Vex carries no pistol"):
        table.run("attack Vex Raider with pistol")
    with pytest.raises(UnknownNameError):
        table.run("attack Vex Raider with banana")
    assert table.session.state == before


def test_attacks_on_the_unconscious_have_advantage(table: Table) -> None:
    """RULINGS S3: attacks on an unconscious creature have advantage; exact odds."""
    _fight(table, "raider")
    table.run("init roll 3,18,2")
    table.run("hp Ana -14")
    texts = _texts(table, "attack Raider Ana roll 3,14 damage roll 2")
    assert "  advantage: the target is unconscious (RULINGS S3)" in texts
    # Raider +2 against Ana's defence DC 12 (DEX 14), 2d20 keep the higher.
    odds = _brute_force(2, 12, 2, True)
    assert odds == Fraction(319, 400)
    assert f"  odds: success {float(odds) * 100:.2f}%" in texts
    assert "  d20 3 and 14, advantage keeps the higher: 14 + 2 = 16 >= defence DC 12: success" in (
        texts
    )
    ana = table.character("Ana")
    assert ana.hp == -5  # S3: damage applies to the unconscious
    assert ana.has_condition("unconscious")


def test_a_fatigued_attacker_has_disadvantage(table: Table) -> None:
    """RULINGS S6: fatigue gives disadvantage on all rolls, an attack's too."""
    _fight(table, "raider")
    table.run("init roll 3,18,2")
    vex = table.character("Vex")
    table.session.commit_character("test.setup", vex, replace(vex, fatigued=True), "tired", "")
    texts = _texts(table, "attack Vex Raider roll 19,4")
    assert "  disadvantage: fatigued (RULINGS S6)" in texts
    odds = _brute_force(1, 13, 2, False)
    assert f"  odds: success {float(odds) * 100:.2f}%" in texts
    assert "  => miss" in texts


def test_temporary_hp_are_lost_first_in_a_fight(table: Table) -> None:
    """RULINGS S3: temporary HP is lost first."""
    _fight(table, "raider")
    table.run("hp Vex temp +5")
    table.run("init roll 3,5,12")  # the raider first
    texts = _texts(table, "attack Raider Vex roll 15 damage roll 7")
    assert "  Vex: 5 temporary HP take 5 of 7 damage, 12 HP - 2 = 10 HP: up" in texts
    vex = table.character("Vex")
    assert (vex.hp, vex.temp_hp) == (10, 0)


def test_foes_are_unconscious_at_0_and_dead_at_minus_20(table: Table) -> None:
    """RULINGS S3 for foes (docs/rulings.md H431, the foe-hp setting's default)."""
    _fight(table, "Thug level 1 hp 3 ac 5 hit +0 damage 1d4")
    table.run("init roll 3,18,2")
    texts = _texts(table, "attack Vex Thug roll 10 damage roll 4")
    assert "  Thug: 3 HP - 4 damage = -1 HP: unconscious" in texts
    assert "Every foe is down or dead: 'fight end' when the fight is over." in texts
    thug = fight_in(table.session.state).foe("thug")  # type: ignore[union-attr]
    assert thug.down
    assert not thug.dead


def test_the_foe_hp_setting_kills_foes_at_0(table: Table) -> None:
    """docs/rulings.md H431: foe-hp dead-at-0."""
    table.run("settings foe-hp dead-at-0")
    _fight(table, "Thug level 1 hp 3 ac 5 hit +0 damage 1d4")
    table.run("init roll 3,18,2")
    table.run("attack Vex Thug roll 10 damage roll 3")
    thug = fight_in(table.session.state).foe("thug")  # type: ignore[union-attr]
    assert thug.dead


@pytest.mark.parametrize("line", ["fight", "fight start", "init", "attack Vex Ana", "next"])
def test_fights_off_refuses_every_fight_command(table: Table, line: str) -> None:
    """RULINGS S5: a table may turn the tracker off; the GM calls ability checks."""
    _fight(table, "raider")
    table.run("settings fights off")
    before = table.session.state
    with pytest.raises(RuleError) as refused:
        table.run(line)
    assert str(refused.value) == FIGHTS_OFF
    assert "ability checks" in FIGHTS_OFF
    assert table.session.state == before


def test_legal_intents_offer_fights_only_when_on(table: Table) -> None:
    """RULINGS S5: the random playthroughs see the tracker only where it is on."""
    _fight(table)
    ruleset = table.session.ruleset
    offered = ruleset.legal_intents(table.session, "gm")
    assert any(isinstance(i, FightAddIntent) for i in offered)
    table.run("settings fights off")
    offered = ruleset.legal_intents(table.session, "gm")
    assert not any(
        type(i).__module__.startswith("hacktable.rulesets.ordered_fight") for i in offered
    )


def test_the_gear_list_has_weapons_and_armour_and_the_rest_is_custom(table: Table) -> None:
    """docs/rulings.md H345, H432."""
    _fight(table)
    assert "Vex gains Pistol (1d8)" in table("give Vex pistol")
    with pytest.raises(UnknownNameError, match="custom"):
        table.run("give Vex lucky coin")
    assert "custom gear" in table("give Vex lucky coin custom")


def test_initiative_follows_the_ability_modifier_setting(table: Table) -> None:
    """docs/rulings.md H434 (RULINGS S1 *setting*: the B/X table gives DEX 14 +1)."""
    table.run("settings ability-modifier bx-table")
    _fight(table, "raider")
    texts = _texts(table, "init roll 10,5,12")
    assert "  2. Ana d20 10 + 1 = 11" in texts


def test_a_character_asleep_from_fatigue_cannot_attack(table: Table) -> None:
    """docs/rulings.md H436 (RULINGS S6: falls asleep where they are)."""
    _fight(table, "raider")
    table.run("init roll 3,18,2")
    vex = table.character("Vex")
    asleep = replace(vex, conditions=(*vex.conditions, "asleep"))
    table.session.commit_character("test.setup", vex, asleep, "asleep", "")
    before = table.session.state
    with pytest.raises(RuleError, match="asleep"):
        table.run("attack Vex Raider")
    assert table.session.state == before


def test_a_gms_foe_takes_its_defence_dc_by_skill_dies_word(table: Table) -> None:
    """H492 (RULINGS S5: a defence DC): 'defence 13' is read as 'ac 13', and the usage
    names it so; fantasy-hack's usage keeps 'ac'."""
    _fight(table, "Boss level 3 hp 20 defence 13 hit +3 damage 1d8 dex 14")
    fight = fight_in(table.session.state)
    assert fight is not None
    assert fight.foe("boss").ac == 13
    usage = _texts(table, "help fight")[0]
    assert "[defence N]" in usage
    assert "[ac N]" not in usage


def test_odds_usage_offers_no_roll(table: Table) -> None:
    """H492: 'odds' rolls nothing and refuses 'roll', so its usage does not offer it."""
    usage = _texts(table, "help odds")[0]
    assert "roll N" not in usage
    assert "[bonus N] | odds MOD dc N|DIFFICULTY" in usage
