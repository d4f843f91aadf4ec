"""Hit points below zero (fantasy-hack F1, skill-die S3, S7): damage, healing,
temporary HP first and never healed back, dying, floors and caps in the explanation,
and properties over random sequences."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hacktable.errors import RuleError, RulesDataError
from hacktable.rules import hit_points as hpm
from hacktable.rules.hit_points import (
    FANTASY_HACK_NPC,
    FANTASY_HACK_PC,
    SKILL_DIE,
    Condition,
    HitPointRule,
    Pool,
)


def test_ottvar_example_the_thief_dies_below_zero() -> None:
    """Part III: 11 damage leaves the 12 HP thief at 1; the axe takes him below zero
    and kills him (F1: NPCs die at 0)."""
    hit = hpm.damage(FANTASY_HACK_NPC, Pool(12, 12), 11)
    assert hit.after.hp == 1
    assert hit.condition is Condition.UP
    axe = hpm.damage(FANTASY_HACK_NPC, hit.after, 6)
    assert axe.after.hp == 0
    assert axe.condition is Condition.DEAD
    assert axe.explanation == (
        "1 HP - 6 damage = 0 HP (floored at 0, the fantasy-hack NPC death threshold): dead"
    )


def test_f1_a_character_is_dying_loses_1_a_turn_and_dies_at_minus_10() -> None:
    down = hpm.damage(FANTASY_HACK_PC, Pool(3, 14), 5)
    assert (down.after.hp, down.condition) == (-2, Condition.DYING)
    assert down.explanation == "3 HP - 5 damage = -2 HP: dying"
    pool = down.after
    for _ in range(8):
        pool = hpm.bleed(FANTASY_HACK_PC, pool).after
    assert pool.hp == -10
    assert hpm.condition(FANTASY_HACK_PC, pool) is Condition.DEAD
    assert hpm.damage(FANTASY_HACK_PC, Pool(5, 14), 40).after.hp == -10


def test_f1_stabilised_or_healed_the_dying_stop_losing_hp() -> None:
    dying = Pool(-3, 14)
    stable = hpm.stabilise(FANTASY_HACK_PC, dying)
    assert stable.condition is Condition.UNCONSCIOUS
    assert hpm.bleed(FANTASY_HACK_PC, stable.after).after.hp == -3
    healed = hpm.heal(FANTASY_HACK_PC, dying, 2)
    assert healed.after.hp == -1
    assert healed.condition is Condition.UNCONSCIOUS
    assert "stabilised by healing" in healed.explanation
    again = hpm.damage(FANTASY_HACK_PC, healed.after, 1)
    assert again.condition is Condition.DYING  # new damage starts the dying again
    with pytest.raises(RuleError):
        hpm.stabilise(FANTASY_HACK_PC, Pool(4, 14))


def test_s3_unconscious_at_0_dead_at_minus_20_damage_and_healing_apply() -> None:
    down = hpm.damage(SKILL_DIE, Pool(4, 12), 4)
    assert down.condition is Condition.UNCONSCIOUS
    assert hpm.bleed(SKILL_DIE, down.after).after.hp == 0  # no bleeding in skill-die
    lower = hpm.damage(SKILL_DIE, down.after, 15)
    assert lower.after.hp == -15
    assert lower.condition is Condition.UNCONSCIOUS
    dead = hpm.damage(SKILL_DIE, lower.after, 30)
    assert dead.after.hp == -20
    assert dead.condition is Condition.DEAD
    assert "floored at -20, the skill-die death threshold" in dead.explanation
    back = hpm.heal(SKILL_DIE, lower.after, 16)
    assert back.after.hp == 1
    assert back.condition is Condition.UP
    with pytest.raises(RuleError):
        hpm.heal(SKILL_DIE, dead.after, 5)
    assert hpm.damage(SKILL_DIE, dead.after, 3).after == dead.after


def test_s3_temporary_hp_go_first_are_not_healed_back_and_go_on_a_rest() -> None:
    pool = hpm.grant_temporary(SKILL_DIE, Pool(10, 12), 5).after
    hit = hpm.damage(SKILL_DIE, pool, 7)
    assert (hit.after.hp, hit.after.temporary) == (8, 0)
    assert hit.explanation == "5 temporary HP take 5 of 7 damage, 10 HP - 2 = 8 HP: up"
    soaked = hpm.damage(SKILL_DIE, pool, 3)
    assert (soaked.after.hp, soaked.after.temporary) == (10, 2)
    healed = hpm.heal(SKILL_DIE, soaked.after, 10)
    assert (healed.after.hp, healed.after.temporary) == (12, 2)
    assert healed.limits == ("capped at max 12", "temporary HP 2 not restored")
    assert hpm.lose_temporary(SKILL_DIE, healed.after).after.temporary == 0
    kept = hpm.grant_temporary(SKILL_DIE, pool, 3)
    assert kept.after.temporary == 5
    assert kept.limits == ("the current 5 is kept",)
    assert kept.explanation == "3 temporary HP granted (the current 5 is kept): up"
    granted = hpm.grant_temporary(SKILL_DIE, Pool(10, 12), 5).explanation
    assert granted == "5 temporary HP granted: up"  # H491: the total is said once, not twice


def test_bad_values_are_refused() -> None:
    with pytest.raises(RulesDataError):
        HitPointRule("x", dead_at=1)
    with pytest.raises(RulesDataError):
        HitPointRule("x", dead_at=-5, bleed=-1)
    for bad in ((13, 12), (1, 0)):
        with pytest.raises(RuleError):
            Pool(*bad)
    with pytest.raises(RuleError):
        Pool(1, 5, temporary=-1)
    with pytest.raises(RuleError):
        hpm.damage(SKILL_DIE, Pool(5, 5), -1)
    with pytest.raises(RuleError):
        hpm.heal(SKILL_DIE, Pool(5, 5), -1)


steps = st.lists(
    st.tuples(st.sampled_from(["damage", "heal", "temp", "bleed", "rest"]), st.integers(0, 30)),
    max_size=30,
)


@pytest.mark.parametrize("rule", [FANTASY_HACK_PC, FANTASY_HACK_NPC, SKILL_DIE])
@given(max_hp=st.integers(1, 40), actions=steps)
def test_hp_never_exceed_max_nor_fall_below_the_floor(
    rule: HitPointRule, max_hp: int, actions: list[tuple[str, int]]
) -> None:
    pool = Pool(max_hp, max_hp)
    for action, amount in actions:
        dead = hpm.condition(rule, pool) is Condition.DEAD
        if action == "damage":
            change = hpm.damage(rule, pool, amount)
        elif action == "heal" and not dead:
            change = hpm.heal(rule, pool, amount)
        elif action == "temp":
            change = hpm.grant_temporary(rule, pool, amount)
        elif action == "bleed":
            change = hpm.bleed(rule, pool)
        else:
            change = hpm.lose_temporary(rule, pool)
        after = change.after
        assert rule.dead_at <= after.hp <= after.max_hp
        if action != "temp":
            assert after.temporary <= pool.temporary  # only a grant raises it
        if dead:
            assert hpm.condition(rule, after) is Condition.DEAD  # death is final
        assert change.explanation.endswith(change.condition.value)
        for limit in change.limits:
            assert limit in change.explanation
        pool = after


def test_setting_hp_keeps_within_the_floor_and_the_maximum() -> None:
    """docs/rulings.md H296 (the GM's ``hp NAME N``); RULINGS S3: dead at -20."""
    low = hpm.set_hp(SKILL_DIE, Pool(5, 10, temporary=2), -30)
    assert (low.after.hp, low.after.temporary, low.condition) == (-20, 2, Condition.DEAD)
    assert low.explanation == "HP set to -20 (kept at the floor -20): dead"
    high = hpm.set_hp(SKILL_DIE, Pool(5, 10), 12)
    assert high.limits == ("kept at max 10",)
    up = hpm.set_hp(FANTASY_HACK_PC, Pool(-3, 10, stable=True), 4)
    assert not up.after.stable
    assert up.condition is Condition.UP
