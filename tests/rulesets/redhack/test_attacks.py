"""A player's attack as values: backstab conditions, cleave dice, ammunition, thrown
weapons and the hit, on scripted dice (redhack: Combat > Attacking & Defending, Weapon
Types; Thief > Backstab; Warrior > Cleave; RULINGS R6, R9, R10, R14; H19)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacktable.dice import UsageDie
from hacktable.dice.advantage import Advantage
from hacktable.errors import RuleError, UnknownNameError
from hacktable.rulesets.redhack.attacks import (
    CLEAVE_DIE,
    attack_situation,
    backstab_reasons,
    can_backstab_with,
    check_backstab,
    check_cleave,
    cleave_plan,
    darkness,
    hit_foe,
    mark_attacked,
    player_target_ac,
    record_attack,
    spend_cleave,
    spend_thrown,
    use_ammunition,
)
from hacktable.rulesets.redhack.character import Character, Item
from hacktable.rulesets.redhack.combat import Band, WeaponProfile
from hacktable.rulesets.redhack.facts import (
    AmmunitionUsed,
    FoeHurt,
    FoeOut,
    GroupBreaks,
    Hit,
    MoraleTested,
    NoEffect,
    OngoingSet,
    ThrownDown,
    UsedUp,
)
from hacktable.rulesets.redhack.fight import Fight, Fighter, Foe, Group
from hacktable.rulesets.redhack.ruleset import Redhack
from hacktable.rulesets.redhack.sim.campaign import sample_characters

from ...helpers import Faces

BOW = WeaponProfile("Short Bow", "1d6", ("ranged",), Band.FAR, "Arrows")
DAGGER = WeaponProfile("Dagger", "1d4", ("short", "thrown"), item=0)
SWORD = WeaponProfile("Sword", "1d8", ("long",))


@pytest.fixture(scope="module")
def rules() -> Redhack:
    return Redhack()


@pytest.fixture(scope="module")
def party() -> dict[str, Character]:
    return {c.name: c for c in sample_characters()}


def goblin(number: int, hp: int = 4, **changes: object) -> Foe:
    foe = Foe(f"goblin-{number}", f"Goblin {number}", "goblin", "goblins", 1, 11, hp, 4, morale=7)
    return replace(foe, **changes)  # type: ignore[arg-type]


def fight(*foes: Foe, **changes: object) -> Fight:
    made = Fight(
        1,
        round=2,
        phase="before",
        fighters=(Fighter("Aldric", cleave_left=1), Fighter("Sly")),
        groups=(Group("goblins", "Goblins", "goblin", len(foes)),),
        foes=foes or (goblin(1), goblin(2)),
    )
    return replace(made, **changes)  # type: ignore[arg-type]


# -- backstab ------------------------------------------------------------------------------


def test_no_backstab_condition_in_an_ordinary_round() -> None:
    current = fight()
    assert backstab_reasons(current, current.fighter("Sly"), current.foe("goblin-1"), False) == []


def test_each_backstab_condition_is_named() -> None:
    current = fight(phase="free-round")
    sly = replace(current.fighter("Sly"), invisible=True)
    foe = goblin(1, conditions=("stunned",))
    reasons = backstab_reasons(current, sly, foe, unsuspecting=True)
    assert reasons == [
        "you have surprise (the party's free round)",
        "you are invisible",
        "the target is stunned",
        "the target had no reason to suspect you (the GM's call)",
    ]


def test_hiding_in_an_earlier_round_with_nobody_attacking_is_a_condition() -> None:
    current = fight()
    hid = replace(current.fighter("Sly"), hidden=True, hid_round=1)
    foe = current.foe("goblin-1")
    assert backstab_reasons(current, hid, foe, False) == [
        "nobody was attacking you and you hid in an earlier round"
    ]
    attacked = replace(hid, attacked_by=("goblin-2",))
    assert backstab_reasons(current, attacked, foe, False) == []


def test_a_foe_someone_else_attacked_this_round_can_be_backstabbed() -> None:
    current = mark_attacked(fight(), "goblin-1")
    sly = current.fighter("Sly")
    reasons = backstab_reasons(current, sly, current.foe("goblin-1"), False)
    assert len(reasons) == 1
    assert reasons[0].startswith("you did not attack it last round")
    close = replace(sly, close_last=("goblins",))
    assert backstab_reasons(current, close, current.foe("goblin-1"), False) == []


def test_a_backstab_is_a_thiefs_with_a_small_or_missile_weapon(
    rules: Redhack, party: dict[str, Character]
) -> None:
    assert can_backstab_with(DAGGER)
    assert can_backstab_with(BOW)
    assert not can_backstab_with(SWORD)
    check_backstab(rules, party["Sly"], DAGGER)
    with pytest.raises(RuleError, match="small or missile"):
        check_backstab(rules, party["Sly"], SWORD)
    with pytest.raises(RuleError, match="only a Thief"):
        check_backstab(rules, party["Aldric"], DAGGER)


# -- cleave --------------------------------------------------------------------------------


def test_the_cleave_plan_reads_the_named_targets() -> None:
    current = fight(goblin(1), goblin(2), goblin(3))
    assert cleave_plan(current, "goblin-1", None) is None
    on_primary = cleave_plan(current, "goblin-1", [])
    assert on_primary is not None
    assert (on_primary.primary, on_primary.others, on_primary.dice) == (True, (), 1)
    both = cleave_plan(current, "goblin-1", ["goblin-1", "goblin-3"])
    assert both is not None
    assert (both.primary, both.others, both.dice) == (True, ("goblin-3",), 2)
    others = cleave_plan(current, "goblin-1", ["goblin-2"])
    assert others is not None
    assert (others.primary, others.dice) == (False, 1)
    with pytest.raises(UnknownNameError):
        cleave_plan(current, "goblin-1", ["orc-1"])


def test_cleave_dice_are_a_warriors_level_per_round(
    rules: Redhack, party: dict[str, Character]
) -> None:
    aldric = fight().fighter("Aldric")
    check_cleave(rules, party["Aldric"], aldric, 1)
    with pytest.raises(RuleError, match="1 cleave dice left this round, not 2"):
        check_cleave(rules, party["Aldric"], aldric, 2)
    with pytest.raises(RuleError, match="only a Warrior"):
        check_cleave(rules, party["Sly"], fight().fighter("Sly"), 1)


def test_one_cleave_die_per_target_per_round() -> None:
    aldric = replace(fight().fighter("Aldric"), cleave_left=2)
    spent = spend_cleave(aldric, "goblin-1")
    assert (spent.cleave_left, spent.cleaved) == (1, ("goblin-1",))
    with pytest.raises(RuleError, match="one per target per round"):
        spend_cleave(spent, "goblin-1")
    assert CLEAVE_DIE == "1d6"


# -- the attack's bookkeeping ----------------------------------------------------------------


def test_an_attack_is_recorded_on_the_fighter_and_the_fight() -> None:
    current = fight()
    after = record_attack(current, current.fighter("Aldric"), "goblin-1", SWORD, False, 0)
    aldric = after.fighter("Aldric")
    assert (aldric.acted, aldric.attacked, aldric.offhand_ready) == (True, ("goblin-1",), True)
    assert after.attacked_this_round == ("goblin-1",)
    shot = record_attack(current, current.fighter("Sly"), "goblin-2", BOW, False, 0)
    assert shot.fighter("Sly").ranged_shots == 1
    assert not shot.fighter("Sly").offhand_ready  # no off-hand after a shot
    hindered = record_attack(current, current.fighter("Aldric"), "goblin-1", SWORD, False, -1)
    assert not hindered.fighter("Aldric").offhand_ready
    assert mark_attacked(after, "goblin-1") is after


def test_the_fight_adds_to_the_attack() -> None:
    current = fight()
    sly = current.fighter("Sly").with_band("goblins", Band.CLOSE, current.round)
    situation = attack_situation(current, sly, current.foe("goblin-1"), Band.CLOSE)
    assert situation.close_to_enemy
    assert situation.long_first_round  # Close since this round
    later = replace(current, round=3)
    long_foe = goblin(1, tags=("long-weapon",))
    situation = attack_situation(later, sly, long_foe, Band.CLOSE)
    assert (situation.long_first_round, situation.short_against_long) == (False, True)
    assert not attack_situation(current, current.fighter("Sly"), long_foe, Band.NEAR).close_to_enemy


def test_darkness_and_half_ac() -> None:
    assert darkness(("dark", "careless")) == ("darkness",)
    assert darkness(("bright",)) == ()
    assert player_target_ac(15) == 7


# -- the hit -------------------------------------------------------------------------------


def test_a_hit_takes_a_foe_out_and_sets_off_morale(
    rules: Redhack, party: dict[str, Character]
) -> None:
    # 1d6 shows 5 (Goblin 1 has 4 HP): out; half the group is out: 2d6 = 6 + 6 > 7.
    outcome = hit_foe(
        fight(), "Aldric", "goblin-1", SWORD, "1d6", False, ruleset=rules, party=party,
        rng=Faces(5, 6, 6),
    )  # fmt: skip
    assert outcome.total == 5
    hit, hurt, out, morale, breaks = outcome.facts
    assert isinstance(hit, Hit)
    assert (hit.attacker, hit.target, hit.total) == ("Aldric", "Goblin 1", 5)
    assert hurt == FoeHurt("Goblin 1", 5, 4, 0)
    assert out == FoeOut("Goblin 1")
    assert isinstance(morale, MoraleTested)
    assert breaks == GroupBreaks("Goblins")
    after = outcome.fight
    assert after.foe("goblin-1").status == "out"
    assert after.foe("goblin-2").broken
    assert after.latest("last_kill", "goblins") == "Aldric"
    assert after.damaging_attacks == 1


def test_the_gms_damage_and_a_weapon_that_harms_only_some(
    rules: Redhack, party: dict[str, Character]
) -> None:
    fixed = hit_foe(
        fight(), "Aldric", "goblin-1", SWORD, "1d8", False, fixed=1, ruleset=rules,
        party=party, rng=Faces(8),
    )  # fmt: skip
    assert fixed.total == 1
    assert fixed.fight.foe("goblin-1").hp == 3
    water = WeaponProfile("Holy Water", "1d8", ("improvised",), only_against=("undead",))
    nothing = hit_foe(
        fight(), "Tomas", "goblin-1", water, "1d8", False, ruleset=rules, party=party, rng=Faces()
    )
    assert nothing.total is None
    assert nothing.fight == fight()
    assert nothing.facts == (NoEffect("Holy Water", "Goblin 1", ("undead",)),)


def test_burning_oil_sets_ongoing_damage_on_a_foe_still_standing(
    rules: Redhack, party: dict[str, Character]
) -> None:
    oil = WeaponProfile("Oil", "1d4", ("improvised", "thrown"), ongoing=6)
    outcome = hit_foe(
        fight(goblin(1, hp=9)), "Sly", "goblin-1", oil, "1d4", False, ruleset=rules,
        party=party, rng=Faces(2),
    )  # fmt: skip
    assert outcome.facts[-1] == OngoingSet("Goblin 1", "oil", UsageDie.UD6)
    (effect,) = outcome.fight.foe("goblin-1").ongoing
    assert (effect.source, effect.die, effect.label) == ("Sly", UsageDie.UD6, "oil")


# -- ammunition and thrown weapons -----------------------------------------------------------


def archer(party: dict[str, Character]) -> Character:
    return replace(
        party["Sly"],
        inventory=(Item("Short Bow", "weapon"), Item("Arrows", "ammunition", usage=UsageDie.UD6)),
    )


def test_a_shot_rolls_the_ammunitions_usage_die(party: dict[str, Character]) -> None:
    sly = replace(fight().fighter("Sly"), ranged_shots=1)
    used = use_ammunition(archer(party), sly, BOW, Faces(2))
    assert used is not None
    assert used.character.inventory[1].usage == UsageDie.UD4  # a 2 steps it down
    assert used.fighter.ammo == ((1, 6),)  # the die before the fight's first shot
    assert isinstance(used.fact, AmmunitionUsed)
    assert (used.fact.item, used.fact.roll.advantage) == ("Arrows", Advantage.NONE)
    again = use_ammunition(used.character, replace(used.fighter, ranged_shots=2), BOW, Faces(4, 1))
    assert again is not None
    assert again.fact.roll.rolls == (4, 1)  # the second shot: disadvantage
    assert again.character.inventory[1].usage == UsageDie.EXHAUSTED  # 1 on a ud4
    assert again.fighter.ammo == ((1, 6),)


def test_no_ammunition_no_roll(party: dict[str, Character]) -> None:
    sly = fight().fighter("Sly")
    assert use_ammunition(party["Sly"], sly, SWORD, Faces()) is None
    empty = replace(
        archer(party), inventory=(Item("Arrows", "ammunition", usage=UsageDie.EXHAUSTED),)
    )
    assert use_ammunition(empty, sly, BOW, Faces()) is None


def test_a_thrown_dagger_lies_where_it_fell_and_oil_is_used_up(
    party: dict[str, Character],
) -> None:
    sly = fight().fighter("Sly")
    armed = replace(party["Sly"], inventory=(Item("Dagger", "weapon"), Item("Rope")))
    assert spend_thrown(armed, sly, DAGGER) is None  # used in melee: not thrown
    thrown = spend_thrown(armed, sly, replace(DAGGER, throw=True))
    assert thrown is not None
    assert [i.name for i in thrown.character.inventory] == ["Rope"]
    assert [i.name for i in thrown.fighter.thrown] == ["Dagger"]
    assert thrown.fact == ThrownDown("Sly", "Dagger")
    oil = WeaponProfile("Oil", "1d4", ("improvised", "thrown"), item=1, throw=True)
    flask = replace(armed, inventory=(Item("Rope"), Item("Flask of Oil")))
    used = spend_thrown(flask, sly, oil)
    assert used is not None
    assert used.fact == UsedUp("Sly", "Flask of Oil")
    assert used.fighter.thrown == ()
