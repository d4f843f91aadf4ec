"""Damage and the steps of a fight as values, on scripted dice: HP floors and 0 HP, a
round's start and end, ongoing damage, the duration die, aid for the dying (redhack:
Combat > Damage & Injuries, Initiative & Surprise; RULINGS R10, R11, R13, R14, R23)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacktable.dice import UsageDie
from hacktable.errors import RuleError
from hacktable.rulesets.redhack.character import Character
from hacktable.rulesets.redhack.damage import damage_character, damage_foe
from hacktable.rulesets.redhack.facts import (
    CharacterDown,
    CharacterHurt,
    FoeHurt,
    FreeRound,
    HoldsOver,
    InitiativeRolled,
    NoInitiative,
    OngoingRolled,
    PartyDown,
    RoundBegins,
    Surprised,
    TurnOrder,
)
from hacktable.rulesets.redhack.fight import Fight, Fighter, Foe, Group, Ongoing
from hacktable.rulesets.redhack.injuries import injury_refusal, roll_duration_die
from hacktable.rulesets.redhack.rounds import add_ongoing, end_of_round, start_round, tick_ongoing
from hacktable.rulesets.redhack.ruleset import Redhack
from hacktable.rulesets.redhack.sim.campaign import sample_characters

from ...helpers import Faces


@pytest.fixture(scope="module")
def rules() -> Redhack:
    return Redhack()


@pytest.fixture
def party() -> dict[str, Character]:
    return {c.name: c for c in sample_characters()}


def ogre_fight(**changes: object) -> Fight:
    """Aldric, Sly and Tomas against an ogre (20 HP, no morale score)."""
    ogre = Foe("ogre-1", "Ogre", "ogre", "ogres", 4, 12, 20, 20)
    made = Fight(
        1,
        round=1,
        phase="after",
        fighters=(Fighter("Aldric"), Fighter("Sly"), Fighter("Tomas")),
        groups=(Group("ogres", "Ogres", "ogre", 1),),
        foes=(ogre,),
    )
    return replace(made, **changes)  # type: ignore[arg-type]


# -- damage --------------------------------------------------------------------------------


def test_damage_stops_at_zero_hp_and_takes_a_character_out(party: dict[str, Character]) -> None:
    aldric = party["Aldric"]  # 10 HP
    scratched = damage_character(aldric, 3, "a goblin", ogre_fight(), party)
    assert scratched.character.hp == 7
    assert scratched.facts == (CharacterHurt("Aldric", 3, "a goblin", 10, 7),)
    felled = damage_character(aldric, 15, "the ogre", ogre_fight(), party)
    assert felled.character.hp == 0
    assert felled.facts == (
        CharacterHurt("Aldric", 15, "the ogre", 10, 0),
        CharacterDown("Aldric", in_fight=True),
    )
    fall = damage_character(aldric, 12, "the fall")
    assert fall.facts[-1] == CharacterDown("Aldric", in_fight=False)
    again = damage_character(fall.character, 2, "the fall")
    assert again.facts == (CharacterHurt("Aldric", 2, "the fall", 0, 0),)  # already down


def test_the_last_one_standing_falling_is_the_party_down(party: dict[str, Character]) -> None:
    party["Sly"] = party["Sly"].with_hp(0)
    party["Tomas"] = replace(party["Tomas"], conditions=("delirious",))
    done = damage_character(party["Aldric"], 10, "the ogre", ogre_fight(), party)
    assert done.facts[-1] == PartyDown()
    party["Tomas"] = replace(party["Tomas"], conditions=())
    done = damage_character(party["Aldric"], 10, "the ogre", ogre_fight(), party)
    assert PartyDown() not in done.facts


def test_damage_to_a_foe_notes_the_hitter_and_floors_at_zero(
    rules: Redhack, party: dict[str, Character]
) -> None:
    step = damage_foe(ogre_fight(), "ogre-1", 6, "Sly", ruleset=rules, party=party, rng=Faces())
    assert step.fight.foe("ogre-1").hp == 14
    assert step.fight.latest("last_hit", "ogres") == "Sly"
    assert step.fight.damaging_attacks == 1
    assert step.facts == (FoeHurt("Ogre", 6, 20, 14),)
    # at half HP or less the lone ogre tests morale: Sly's CHA test (9) succeeds: broken
    step = damage_foe(step.fight, "ogre-1", 4, "Sly", ruleset=rules, party=party, rng=Faces(9))
    assert step.fight.foe("ogre-1").broken
    assert step.fight.foe("ogre-1").hp == 10
    step = damage_foe(step.fight, "ogre-1", 99, "ogre-1", ruleset=rules, party=party, rng=Faces())
    ogre = step.fight.foe("ogre-1")
    assert (ogre.hp, ogre.status) == (0, "out")
    assert step.fight.latest("last_kill", "ogres") is None  # not a player's kill
    assert step.fight.damaging_attacks == 2


# -- rounds --------------------------------------------------------------------------------


def test_a_round_starts_with_initiative_for_those_who_can_act(
    rules: Redhack, party: dict[str, Character]
) -> None:
    party["Tomas"] = party["Tomas"].with_hp(0)
    fight = ogre_fight()
    fight = fight.with_fighter(replace(fight.fighter("Aldric"), held_over=True, acted=True))
    # Sly's DEX test: 18 fails (DEX 15): Sly acts after the monsters.
    step = start_round(fight, ruleset=rules, party=party, rng=Faces(18))
    assert step.facts[0] == RoundBegins(2)
    rolled = step.facts[1]  # Aldric acts on his held action: no roll, no fact
    assert step.facts[2] == NoInitiative("Tomas", "out of the fight (0 HP)")
    assert isinstance(rolled, InitiativeRolled)
    assert (rolled.name, rolled.side) == ("Sly", "after")
    assert step.facts[3] == TurnOrder(("Aldric",), ("Aldric",), ("Ogre",), ("Sly",))
    after = step.fight
    assert (after.round, after.phase) == (2, "before")
    aldric = after.fighter("Aldric")
    assert (aldric.initiative, aldric.held_over, aldric.acted) == ("before", False, False)
    assert aldric.cleave_left == 1  # a level-1 Warrior's cleave die, refreshed (R14)
    assert after.fighter("Sly").cleave_left == 0


def test_the_surprised_skip_round_one_and_a_free_round_comes_first(
    rules: Redhack, party: dict[str, Character]
) -> None:
    setup = ogre_fight(round=0, phase="setup")
    surprised = setup.with_fighter(replace(setup.fighter("Sly"), initiative="surprised"))
    step = start_round(surprised, ruleset=rules, party=party, rng=Faces(5, 5))
    assert Surprised("Sly") in step.facts
    assert step.facts[-1] == TurnOrder(("Aldric", "Tomas"), (), ("Ogre",), ())
    free = start_round(replace(setup, free_round=True), ruleset=rules, party=party, rng=Faces())
    assert free.facts == (FreeRound(),)
    assert (free.fight.phase, free.fight.round) == ("free-round", 0)


def test_one_still_holding_at_the_end_of_a_round_acts_first_next() -> None:
    fight = ogre_fight()
    fight = fight.with_fighter(replace(fight.fighter("Sly"), holding=True))
    step = end_of_round(fight)
    assert step.facts == (HoldsOver("Sly"),)
    sly = step.fight.fighter("Sly")
    assert (sly.held_over, sly.holding) == (True, False)


def test_ongoing_damage_rolls_on_its_causers_turn_and_steps_down(
    rules: Redhack, party: dict[str, Character]
) -> None:
    fight = ogre_fight()
    burning = (Ongoing("Sly", UsageDie.UD6, "oil"), Ongoing("Tomas", UsageDie.UD8, "holy water"))
    fight = fight.with_foe(replace(fight.foe("ogre-1"), ongoing=burning))
    step = tick_ongoing(fight, {"Sly"}, ruleset=rules, party=party, rng=Faces(2))
    rolled, hurt = step.facts
    assert isinstance(rolled, OngoingRolled)
    assert (rolled.source, rolled.roll.kept) == ("Sly", 2)
    assert hurt == FoeHurt("Ogre", 2, 20, 18)
    oil, water = step.fight.foe("ogre-1").ongoing
    assert (oil.die, water.die) == (UsageDie.UD4, UsageDie.UD8)  # a 2 steps it down


def test_ongoing_damage_applied_at_once(rules: Redhack, party: dict[str, Character]) -> None:
    step = add_ongoing(
        ogre_fight(), "ogre-1", "Tomas", UsageDie.UD8, "holy water", True, ruleset=rules,
        party=party, rng=Faces(7),
    )  # fmt: skip
    assert step.fight.foe("ogre-1").hp == 13
    assert step.fight.foe("ogre-1").ongoing == (Ongoing("Tomas", UsageDie.UD8, "holy water"),)
    rolled = step.facts[1]
    assert isinstance(rolled, OngoingRolled)
    assert rolled.source is None


# -- mortal wounds and the injuries table --------------------------------------------------


def test_the_duration_die_runs_out(party: dict[str, Character]) -> None:
    wounded = replace(party["Sly"], mortal_wound=UsageDie.UD4, conditions=("mortally-wounded",))
    held = roll_duration_die(wounded, Faces(3))
    assert (held.died, held.character.mortal_wound) == (False, UsageDie.UD4)
    last = roll_duration_die(wounded, Faces(1))  # a ud4 stepping down is exhausted
    assert last.died
    assert last.character.mortal_wound is None
    assert last.character.dead
    with pytest.raises(RuleError, match="not mortally wounded"):
        roll_duration_die(party["Sly"], Faces())


def test_who_may_roll_on_the_injuries_table(party: dict[str, Character]) -> None:
    sly = party["Sly"]
    assert injury_refusal(sly.with_hp(0)) is None
    assert injury_refusal(replace(sly, conditions=("dying",))) is None
    assert injury_refusal(sly) == "Sly is not out of the fight (8 HP)"
    with pytest.raises(RuleError, match="is dead"):
        injury_refusal(replace(sly, conditions=("dead",)))
    with pytest.raises(RuleError, match="mortally wounded"):
        injury_refusal(replace(sly, mortal_wound=UsageDie.UD4))
