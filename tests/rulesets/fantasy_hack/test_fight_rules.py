"""fantasy-hack's fight wiring: to-hit, damage, criticals, sneak attacks, fatigue, the
bestiary and the free round, through the shared ordered fight (Part III "Combat";
RULINGS F1-F5; docs/rulings.md H321, H390-H392)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from hacktable.errors import CommandError, RuleError, UnknownNameError
from hacktable.rulesets.fantasy_hack.combat import AttackKind
from hacktable.rulesets.fantasy_hack.fight_rules import (
    FATIGUED,
    FIGHT_RULES,
    attack_kind,
    weapon_of,
)
from hacktable.rulesets.ordered_fight import fight_in

from .helpers import campaign, make, text

OTTVAR = "character new Ottvar --race human --class fighter --stats 18,10,9"
SLY = "character new Sly --race halfling --class rogue --stats 10,16,12"


def _setting(name: str) -> object:
    return {"dead-at": -10}.get(name)


def test_ottvar_s_sword_is_plus_6_for_1d8_plus_5() -> None:
    """Part III, the Ottvar example: "his To Hit bonus with the sword, which is +6",
    "1d8+5 ... a medium weapon, a high STR modifier and the Fighter class bonus"."""
    attack = FIGHT_RULES.attack(make(), None, _setting)
    assert (attack.to_hit, attack.dice, attack.bonus, attack.critical_bonus) == (6, "1d8", 5, 4)
    assert attack.explanation == "STR +4, level +1, Fighter +1"


def test_the_thrown_axe_adds_the_level_f6() -> None:
    """RULINGS F6: the text's 12 + 0 + 1 = 13 leaves out the level; by the formula the
    thrown axe is +2 (DEX 0, level 1, Fighter 1): 14 on a 12. STR adds to thrown damage."""
    attack = FIGHT_RULES.attack_with(make(), "throwing-axe", ("thrown",), False, _setting)
    assert (attack.to_hit, attack.dice, attack.bonus) == (2, "1d6", 5)
    assert 12 + attack.to_hit == 14
    assert 12 + 0 + 1 == 13  # the text's own sum, one less (F6)


def test_dex_with_a_light_weapon_only_and_bows_always_dex() -> None:
    """Part III: "When using a light weapon you may use your DEX ... if you choose";
    "a ranged weapon ... you must use your DEX"; no STR to a bow's damage (H390)."""
    rogue = make("rogue", "halfling", (10, 16, 12))  # scores as given: DEX +3
    dagger = weapon_of(rogue, "dagger")
    assert attack_kind(dagger, ("dex",)) is AttackKind.LIGHT
    assert attack_kind(dagger, ()) is AttackKind.MELEE
    with pytest.raises(RuleError, match="only a light weapon"):
        attack_kind(weapon_of(make(), "sword"), ("dex",))
    with pytest.raises(RuleError, match="not a throwing weapon"):
        attack_kind(weapon_of(make(), "sword"), ("thrown",))
    assert FIGHT_RULES.attack_with(rogue, "dagger", ("dex",), False, _setting).to_hit == 3 + 1
    bowman = make("outdoorsman", "human", (12, 16, 10))
    bow = FIGHT_RULES.attack(bowman, "longbow", _setting)
    assert (bow.to_hit, bow.bonus, bow.critical_bonus) == (3 + 1 + 1, 0, 0)  # F4: +1 ranged


def test_sneak_attack_adds_the_subterfuge_rank_for_rogues_only() -> None:
    """RULINGS F4: a sneak attack (surprise, or unaware or flanked) adds the Subterfuge
    rank to damage: a level 1 Halfling Rogue's 1 + 3 = 4."""
    rogue = make("rogue", "halfling", (10, 16, 12))  # scores as given: DEX +3
    assert FIGHT_RULES.attack_with(rogue, "dagger", ("sneak",), False, _setting).bonus == 4
    assert FIGHT_RULES.attack_with(rogue, "dagger", (), True, _setting).bonus == 4
    assert FIGHT_RULES.attack_with(rogue, "dagger", (), False, _setting).bonus == 0
    with pytest.raises(RuleError, match="only a Rogue"):
        FIGHT_RULES.attack_with(make(), None, ("sneak",), False, _setting)


def test_a_fatigued_character_has_minus_2_to_hit_and_damage() -> None:
    """RULINGS F5: "-2 to hit and damage if the chase ends in a fight"."""
    tired = replace(make(), conditions=(FATIGUED,))
    attack = FIGHT_RULES.attack(tired, None, _setting)
    assert (attack.to_hit, attack.bonus) == (6 - 2, 5 - 2)


def test_unknown_weapon_and_unarmed() -> None:
    """H392: no weapon named: the one in hand, else fists 1d2."""
    with pytest.raises(UnknownNameError):
        weapon_of(make(), "halberd")
    assert weapon_of(make(inventory=()), None).damage == "1d2"


def test_ac_bestiary_and_foes_die_at_0() -> None:
    """F2: AC 15 with mail and shield; the bestiary's mugger (12 HP, AC 13, DEX +3);
    F1: NPCs die at 0; H321: a hit deals at least 1."""
    assert FIGHT_RULES.defence(make(), _setting) == 15
    mugger = FIGHT_RULES.bestiary("mugger")
    assert mugger is not None
    assert (mugger.hp, mugger.ac, FIGHT_RULES.foe_initiative_modifier(mugger.dex)) == (12, 13, 3)
    assert FIGHT_RULES.bestiary("nobody") is None
    assert "mugger" in FIGHT_RULES.bestiary_ids()
    assert FIGHT_RULES.foe_rule(_setting).dead_at == 0
    assert FIGHT_RULES.minimum_damage() == 1


def test_a_natural_20_doubles_str_and_rolls_the_dice_twice(tmp_path: Path) -> None:
    """RULINGS F3: 2d8 + STR x 2 + Fighter: 3 + 5 + 4 + 4 + 1 = 17."""
    with campaign(tmp_path / "c.db", OTTVAR, "fight start", "fight add Ogre from ogre") as layer:
        layer.run("init roll 20,1")
        shown = text(layer, "attack Ottvar Ogre roll 20 damage roll 3,5")
        assert "critical hit" in shown
        assert "= 17" in shown
        assert "(critical: the dice 2 times, STR again)" in shown  # F3 in its words: H481
        assert layer.session.log()[-1].detail["damage"]["total"] == 17


def test_the_free_round_sneak_attack_and_bad_words(tmp_path: Path) -> None:
    """Part III: the surprising side's free round; F4: a Rogue's attack in it is a sneak
    attack; an unknown word is one line and nothing changes."""
    lines = (SLY, "fight start surprise by party", "fight add Mugger from mugger")
    with campaign(tmp_path / "c.db", *lines) as layer:
        shown = text(layer, "attack Sly Mugger with dagger dex roll 15 damage roll 4")
        assert "sneak attack +4" in shown
        fight = fight_in(layer.session.state)
        assert fight is not None
        assert fight.foes[0].pool.hp == 12 - 8
        before = len(layer.session.log())
        with pytest.raises(CommandError, match="unexpected 'quickly'"):
            layer.run("attack Sly Mugger quickly")
        assert len(layer.session.log()) == before


def test_a_dying_character_bleeds_1_at_the_end_of_their_turn(tmp_path: Path) -> None:
    """RULINGS F1: at 0 HP or below unconscious and dying, losing 1 HP at the end of
    each of their turns (through the engine's hit point rule)."""
    lines = (OTTVAR, "fight start", "fight add Mugger from mugger", "init roll 14,9")
    with campaign(tmp_path / "c.db", *lines) as layer:
        ottvar = layer.session.character("Ottvar")
        layer.run(f"hp Ottvar -{ottvar.hp}")
        assert layer.session.character("Ottvar").has_condition("dying")
        layer.run("next")
        assert layer.session.character("Ottvar").hp == -1


def test_the_attack_usage_offers_no_advantage() -> None:
    """fantasy-hack Part III has no advantage (FANTASY_HACK_TO_HIT); the attack's usage
    does not offer '[adv|dis]' (H479); skill-die's (S1) still does."""
    from hacktable.rulesets import get_ruleset

    fantasy = get_ruleset("fantasy-hack").command_set().get("attack")
    skill_die = get_ruleset("skill-die").command_set().get("attack")
    assert fantasy is not None
    assert skill_die is not None
    assert "adv|dis" not in fantasy.usage
    assert "[adv|dis]" in skill_die.usage
