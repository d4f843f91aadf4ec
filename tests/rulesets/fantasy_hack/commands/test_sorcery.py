"""``spells`` and ``cast`` at the table (RULINGS F3, F4, G5; docs/rulings.md H327,
H328, H410-H413; issue 11 §1: "Sorcerers cast from a starter spell list at an HP cost;
targets resist with d20 + level + the spell's stat against the spell DC")."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.errors import RuleError
from hacktable.play.events import Change, Event
from hacktable.play.principal import NotAllowedError, Principal, Role
from hacktable.rulesets.fantasy_hack.commands.sorcery import max_spell_level
from hacktable.rulesets.ordered_fight import fight_in

from ..helpers import campaign, text
from .fights import put_fight

MARA = "character new Mara --race elf --class sorcerer --stats 10,12,16"  # MND 18: +4
OTTVAR = "character new Ottvar --race human --class fighter --stats 18,10,9"  # AC 15


def test_max_spell_level_is_half_the_level_rounded_up() -> None:
    """H410: level 1 knows 0-1, 3 knows 0-2, 9 and 10 know 0-5."""
    assert [max_spell_level(n) for n in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_spells_lists_what_a_sorcerer_knows_with_dc(tmp_path: Path) -> None:
    """F4: DC 10 + L + MND (+4 for MND 18)."""
    with campaign(tmp_path / "c.db", MARA) as layer:
        shown = text(layer, "spells Mara")
        whole = text(layer, "spells")
        one = text(layer, "spells wither")
    assert "knows spells of level 0-1" in shown
    assert "Arcane Dart (level 1, 3 HP, DC 15, Magic To Hit, 1d8" in shown
    assert "Flame Spray" not in shown
    assert "Flame Spray" in whole
    assert one.startswith("Wither (level 5, 11 HP, resist STR for half, 5d8")


def test_a_magic_dart_pays_hits_and_damages_a_character(tmp_path: Path) -> None:
    """F4: cost 1 + 2 x 1 = 3 HP; Magic To Hit d20 + MND 4 + level 1 against AC 15."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR) as layer:
        mara_hp = layer.session.character("Mara").hp
        ottvar_hp = layer.session.character("Ottvar").hp
        shown = text(layer, "cast Mara arcane-dart on Ottvar roll 15,6")
        assert layer.session.character("Mara").hp == mara_hp - 3
        assert layer.session.character("Ottvar").hp == ottvar_hp - 6
        lines = shown.splitlines()
        assert "odds success 55.00%" in lines[1]  # odds before the dice
        assert lines[1].endswith("odds success 55.00% (critical 5.00%)")  # no fumble: H470
        assert "d20 15 + 5 = 20 >= AC 15" in shown
        layer.run("undo")
        assert layer.session.character("Mara").hp == mara_hp
        assert layer.session.character("Ottvar").hp == ottvar_hp


def test_a_miss_still_pays(tmp_path: Path) -> None:
    """F4 (sorcery.cast: the cost is paid even if the spell misses)."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR) as layer:
        hp = layer.session.character("Mara").hp
        shown = text(layer, "cast Mara arcane-dart on Ottvar roll 1")
        assert "the spell misses" in shown
        assert layer.session.character("Mara").hp == hp - 3


def test_a_resisted_daze_does_nothing_and_a_tie_resists(tmp_path: Path) -> None:
    """H328: d20 + level 1 + MND -1 = 14 meets DC 14 (10 + 0 + 4): resisted."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR) as layer:
        shown = text(layer, "cast Mara daze on Ottvar roll 14")
    assert "resists with d20 +0 (level + MND) against DC 14: odds 35.00%" in shown
    assert "Ottvar: no effect" in shown


def test_refusals_change_nothing(tmp_path: Path) -> None:
    """F4: only sorcerers cast; H410: a spell too high; H327: not to 0 HP or below."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR) as layer:
        with pytest.raises(RuleError, match="only sorcerers cast"):
            layer.run("cast Ottvar glow")
        with pytest.raises(RuleError, match="knows spells of level 0-1"):
            layer.run("cast Mara flame-spray on Ottvar")
        with pytest.raises(RuleError, match="one target"):
            layer.run("cast Mara spark")
        layer.run("hp Mara 3")
        with pytest.raises(RuleError, match="cannot cast to 0 HP or below"):
            layer.run("cast Mara arcane-dart on Ottvar")
        assert layer.session.character("Mara").hp == 3
        assert layer.session.character("Ottvar").hp == layer.session.character("Ottvar").max_hp


def test_a_spell_kills_a_foe_of_the_fight(tmp_path: Path) -> None:
    """F1: NPCs die at 0; H412: a foe of the fight is a target; the fight logs the cast."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR) as layer:
        put_fight(layer)
        shown = text(layer, "cast Mara arcane-dart on goblin roll 13,6")
        fight = fight_in(layer.session.state)
        assert fight is not None
        assert fight.foe("goblin").dead
        assert fight.log[-1].what == "cast Arcane Dart"
        assert "against Goblin's AC 13" in shown


def test_a_foe_resists_with_its_bestiary_stat(tmp_path: Path) -> None:
    """F4: the goblin resists DEX with d20 + level 1 + DEX 2 (the bestiary's)."""
    mara = MARA + " --level 3"
    with campaign(tmp_path / "c.db", mara, OTTVAR) as layer:
        put_fight(layer)
        shown = text(layer, "cast Mara flame-spray on goblin,Ottvar roll 14,2,3,3")
        fight = fight_in(layer.session.state)
    assert fight is not None
    assert "Goblin resists with d20 +3 (level + DEX)" in shown
    # goblin: 14 + 3 = 17 >= DC 16: half of 6 = 3; Ottvar: 2 + 3 = 5: all 6
    assert fight.foe("goblin").pool.hp == 3
    assert "Ottvar takes 6" in shown


def test_a_player_casts_only_on_their_turn(tmp_path: Path) -> None:
    """H413 (H372): a spell in a fight is the caster's action."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR) as layer:
        owner = (
            Change("player", "ann", None, {"name": "Ann", "seat": 1}),
            Change("owner", "mara", None, "Ann"),
        )
        layer.session.commit(Event("test.owner", changes=owner))
        put_fight(layer, turn=1)
        ann = Principal(Role.PLAYER, "Ann")
        with pytest.raises(NotAllowedError):
            layer.run("cast Mara glow", principal=ann)
        shown = text(layer, "cast Mara glow")
    assert "out of turn" in shown
    assert "the GM's free spell" in shown  # not "free attack" (H474)


def test_a_player_enters_only_the_casters_dice_not_the_targets(tmp_path: Path) -> None:
    """RULINGS G5 (docs/rulings.md H248): the caster's player enters the caster's dice
    (the Magic To Hit, the damage); a target's resistance d20 is the target's, so it
    comes from the GM's seeded stream, and a face entered for it is refused with
    nothing stored."""
    ann = Principal(Role.PLAYER, "Ann")
    lines = ("player add Ann", "player add Bob", MARA + " --player Ann", OTTVAR + " --player Bob")
    with campaign(tmp_path / "c.db", *lines) as layer:
        before = layer.session.state.last_seq
        with pytest.raises(RuleError):
            layer.run("cast Mara daze on Ottvar roll 14", principal=ann)  # Ottvar's die
        assert layer.session.state.last_seq == before
        shown = text(layer, "cast Mara daze on Ottvar", principal=ann)
        assert "Ottvar: d20" in shown
        assert "dice entered" not in shown


def test_a_foe_outside_a_fight_is_named_as_what_it_is(tmp_path: Path) -> None:
    """H490: README's 'cast Mara arcane-dart on goblin' outside a fight says a target is
    a character or a foe of a fight, and how to bring the goblin in; nothing is paid."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR) as layer:
        hp = layer.session.character("Mara").hp
        with pytest.raises(RuleError, match=r"no target 'goblin': a target is a character "):
            layer.run("cast Mara arcane-dart on goblin")
        assert layer.session.character("Mara").hp == hp


def test_the_magic_to_hit_odds_line_names_its_terms(tmp_path: Path) -> None:
    """H490, F4: Magic To Hit = MND + level (+ the GM's modifier), named like 'attack'."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR) as layer:
        shown = text(layer, "cast Mara arcane-dart on Ottvar +1 roll 15,6")
    assert "Magic To Hit +6 (MND +4, level +1, situational +1) against Ottvar's AC 15" in shown
