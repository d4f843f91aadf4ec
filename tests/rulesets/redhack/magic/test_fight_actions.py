"""Casting and praying in a fight are actions (redhack: Combat, "every player and NPC
has an action" a round; Spellcasting > Divine Magic, "Pray as an action"; RULINGS R13;
docs/rulings.md H244): in turn, once a round, as an attack; the GM's ``override``; a
Cure trade stays a free action ("at any time as a free action")."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from hacktable.errors import RuleError
from hacktable.rulesets.redhack.commands.act import current_fight
from hacktable.rulesets.redhack.fight import Fight, Fighter
from hacktable.rulesets.redhack.magic.state import Slot

from ....console.conftest import Play
from ..test_book_weapons import set_fight, set_initiative

PRAYERS = (Slot(2, "silence"), Slot(2, "find-traps"), Slot(1, "bless"), Slot(1, "remove-fear"))


@pytest.fixture
def battle(tmp_path: Path) -> Iterator[Play]:
    """Mirela (Light memorised, a scroll of Web) and Tomas (four prayers
    memorised) against two goblins, every side before the monsters: round one."""
    play = Play(tmp_path / "c.db", seed=6)
    play("character new Mirela --class wizard --kit 1 --spells sleep,light,shield")
    play("character new Tomas --class cleric --kit 1 --spells bless,silence,find-traps,remove-fear")
    play('give Mirela "scroll of web"')
    mirela = play.session.character("Mirela")
    play.set_character("Mirela", magic=replace(mirela.magic, slots=(Slot(1, "light"),)))
    tomas = play.session.character("Tomas")
    scores = tuple((a, 16 if a == "WIS" else v) for a, v in tomas.scores)
    play.set_character(
        "Tomas",
        level=4,  # WIS 16: slots of levels 2, 2, 1, 1 (R27)
        scores=scores,
        magic=replace(tomas.magic, slots=PRAYERS),
    )
    play("fight start")
    play("fight add 2 goblin --hp 5 --at near")
    play("init")
    set_initiative(play, Mirela="before", Tomas="before")
    set_fight(play, phase="before")
    yield play
    play.close()


def now(play: Play) -> Fight:
    found = current_fight(play.session)
    assert found is not None
    return found


def fighter(play: Play, name: str) -> Fighter:
    return now(play).fighter(name)


def test_a_cast_is_the_casters_action(battle: Play) -> None:
    """issue 10 §1-2 (this part): a cast in a fight marks the action used; a second
    action that round is refused as an attack's is."""
    assert not fighter(battle, "Mirela").acted
    battle("cast Mirela light")
    assert fighter(battle, "Mirela").acted
    with pytest.raises(RuleError, match="Mirela has already acted this round"):
        battle("cast Mirela sleep on goblin-1")
    with pytest.raises(RuleError, match="Mirela has already acted this round"):
        battle("attack Mirela goblin-1")


def test_the_cantrip_is_at_will_but_still_an_action(battle: Play) -> None:
    """H244: the cantrip needs no slot and no roll, but in a fight it is the round's
    action."""
    shown = battle("cast Mirela mage-hand")
    assert "at will, no roll" in shown
    assert fighter(battle, "Mirela").acted
    with pytest.raises(RuleError, match="already acted"):
        battle("cast Mirela mage-hand")


def test_a_scroll_is_an_action_too(battle: Play) -> None:
    battle("cast Mirela web from scroll")
    assert fighter(battle, "Mirela").acted
    names = [i.name.lower() for i in battle.session.character("Mirela").inventory]
    assert "scroll of web" not in names


def test_out_of_turn_gets_the_attacks_refusal_and_changes_nothing(battle: Play) -> None:
    """R13: Mirela acts after the monsters; in the before phase a cast is refused with
    the line an attack gets, and neither the slot nor the fight changes."""
    set_initiative(battle, Mirela="after")
    slots = battle.session.character("Mirela").magic.slots
    events = len(battle.session.log())
    with pytest.raises(RuleError) as attack:
        battle("attack Mirela goblin-1")
    with pytest.raises(RuleError) as cast:
        battle("cast Mirela sleep on goblin-1")
    assert str(cast.value) == str(attack.value)
    assert "Mirela acts after the monsters this round" in str(cast.value)
    assert "(add 'override' to allow it)" in str(cast.value)
    assert battle.session.character("Mirela").magic.slots == slots
    assert not fighter(battle, "Mirela").acted
    assert len(battle.session.log()) == events


def test_the_gm_overrides_the_turn(battle: Play) -> None:
    set_initiative(battle, Mirela="after")
    shown = battle("cast Mirela light override")
    assert "GM override: Mirela acts after the monsters this round" in shown
    assert fighter(battle, "Mirela").acted


def test_before_initiative_a_cast_waits_for_init(tmp_path: Path) -> None:
    play = Play(tmp_path / "c.db", seed=6)
    play("character new Mirela --class wizard --kit 1 --spells sleep,light,shield")
    play("fight start")
    with pytest.raises(RuleError, match="roll initiative with 'init' first"):
        play("cast Mirela mage-hand")
    play.close()


def test_out_of_a_fight_nothing_is_checked(tmp_path: Path) -> None:
    play = Play(tmp_path / "c.db", seed=6)
    play("character new Mirela --class wizard --kit 1 --spells sleep,light,shield")
    play("cast Mirela mage-hand")
    assert "at will" in play("cast Mirela mage-hand")
    play.close()


def test_a_surprised_caster_does_not_cast_in_round_one(battle: Play) -> None:
    set_initiative(battle, Mirela="surprised")
    with pytest.raises(RuleError, match="surprised and does not act in round one"):
        battle("cast Mirela mage-hand")


def test_a_caster_at_0_hp_casts_nothing(battle: Play) -> None:
    battle.set_character("Mirela", hp=0)
    with pytest.raises(RuleError, match=r"out of the fight \(0 HP\)"):
        battle("cast Mirela mage-hand override")


def test_praying_is_an_action(battle: Play) -> None:
    """redhack: Divine Magic: "the cleric may Pray as an action"."""
    battle("pray Tomas")
    assert fighter(battle, "Tomas").acted
    with pytest.raises(RuleError, match="Tomas has already acted this round"):
        battle("cast Tomas bless")


def test_praying_out_of_turn_is_refused_unless_overridden(battle: Play) -> None:
    set_initiative(battle, Tomas="after")
    events = len(battle.session.log())
    with pytest.raises(RuleError, match="Tomas acts after the monsters this round"):
        battle("pray Tomas")
    assert len(battle.session.log()) == events
    assert "GM override" in battle("pray Tomas override")
    assert fighter(battle, "Tomas").acted


def test_a_cure_trade_stays_a_free_action(battle: Play) -> None:
    """redhack: Divine Magic: "at any time as a free action": out of turn and after
    acting, the trade is made and the action is left as it was."""
    set_initiative(battle, Tomas="after")
    shown = battle("cure Tomas bless")
    assert "a free action" in shown
    assert not fighter(battle, "Tomas").acted
    set_initiative(battle, Tomas="before")
    battle("cast Tomas silence")
    assert fighter(battle, "Tomas").acted
    assert "a free action" in battle("cure Tomas remove-fear")  # acted: still free
    assert fighter(battle, "Tomas").acted


def test_casting_the_cure_is_an_action(battle: Play) -> None:
    battle("cure Tomas bless")
    battle("cast Tomas cure-light-wounds on Mirela")
    assert fighter(battle, "Tomas").acted
