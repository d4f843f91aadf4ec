"""Properties of the shared hit points (issue 11; the developers' guide: "property
tests for invariants"): any sequence of damage, healing, temporary HP, bleeding and
stabilising keeps HP within the rule's floor and the maximum, temporary HP never
negative and never restored by healing, the dead dead, and the condition the one
:func:`hit_points.condition` gives. Run on the pure rules and through
``rulesets/harm.py`` on a character."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from hacktable.errors import RuleError
from hacktable.rules import hit_points as hp
from hacktable.rules.hit_points import Condition, HitPointRule, Pool
from hacktable.rulesets import harm
from hacktable.rulesets.fantasy_hack.character import FantasyHackCharacter
from hacktable.rulesets.skill_die.character import SkillDieCharacter

from ..rulesets.fantasy_hack.helpers import make

RULES = st.sampled_from([hp.FANTASY_HACK_PC, hp.FANTASY_HACK_NPC, hp.SKILL_DIE])
STEP = st.one_of(
    st.tuples(st.just("damage"), st.integers(0, 40)),
    st.tuples(st.just("heal"), st.integers(0, 40)),
    st.tuples(st.just("grant"), st.integers(0, 15)),
    st.tuples(st.just("lose"), st.just(0)),
    st.tuples(st.just("bleed"), st.just(0)),
    st.tuples(st.just("stabilise"), st.just(0)),
)
STEPS = st.lists(STEP, max_size=30)


def _apply(rule: HitPointRule, pool: Pool, step: tuple[str, int]) -> hp.Change | None:
    """One step, or ``None`` where the rules refuse it (healing the dead, stabilising
    one not dying)."""
    kind, amount = step
    try:
        if kind == "damage":
            return hp.damage(rule, pool, amount)
        if kind == "heal":
            return hp.heal(rule, pool, amount)
        if kind == "grant":
            return hp.grant_temporary(rule, pool, amount)
        if kind == "lose":
            return hp.lose_temporary(rule, pool)
        if kind == "bleed":
            return hp.bleed(rule, pool)
        return hp.stabilise(rule, pool)
    except RuleError:
        return None


def _invariants(rule: HitPointRule, step: tuple[str, int], change: hp.Change) -> None:
    before, after = change.before, change.after
    assert rule.dead_at <= after.hp <= after.max_hp  # F1, S3: the floor and the maximum
    assert after.max_hp == before.max_hp
    assert after.temporary >= 0
    assert change.condition is hp.condition(rule, after)
    if hp.condition(rule, before) is Condition.DEAD:
        assert change.condition is Condition.DEAD  # dead stays dead
    kind, amount = step
    if kind == "heal":  # S3: healing never restores temporary HP
        assert after.temporary == before.temporary
        assert after.hp == min(before.hp + amount, before.max_hp)
    if kind == "damage" and hp.condition(rule, before) is not Condition.DEAD:
        soaked = before.temporary - after.temporary  # S3: temporary HP first
        assert soaked == min(before.temporary, amount)
        assert after.hp == max(before.hp - (amount - soaked), rule.dead_at)
    if kind == "lose":
        assert after.temporary == 0
    if kind == "stabilise":
        assert change.condition is Condition.UNCONSCIOUS  # F1: stops the dying
    if kind == "bleed" and hp.condition(rule, before) is Condition.DYING:
        assert after.hp == max(before.hp - rule.bleed, rule.dead_at)  # F1: -1 a turn
    if not rule.dying:
        assert change.condition is not Condition.DYING  # S3: no dying


@given(RULES, st.integers(1, 30), STEPS)
def test_any_sequence_keeps_the_pool_s_invariants(
    rule: HitPointRule, max_hp: int, steps: list[tuple[str, int]]
) -> None:
    """RULINGS F1, S3; issue 11 §hit points below zero."""
    pool = Pool(max_hp, max_hp)
    for step in steps:
        change = _apply(rule, pool, step)
        if change is None:
            continue
        _invariants(rule, step, change)
        pool = change.after


@given(st.integers(1, 30), STEPS, st.booleans())
def test_harm_writes_the_pool_and_the_condition_on_a_character(
    max_hp: int, steps: list[tuple[str, int]], skill_die: bool
) -> None:
    """``rulesets/harm.py``: the character's HP, temporary HP and HP conditions are
    always the pool's and its condition's, other conditions kept."""
    rule = hp.SKILL_DIE if skill_die else hp.FANTASY_HACK_PC
    character: FantasyHackCharacter | SkillDieCharacter
    if skill_die:
        scores = tuple((a, 10) for a in ("STR", "DEX", "CON", "INT", "WIS", "CHA"))
        character = SkillDieCharacter(
            name="Mo",
            ruleset="skill-die",
            hp=max_hp,
            max_hp=max_hp,
            role="Medic",
            scores=scores,
        )
    else:
        character = replace(make(), hp=max_hp, max_hp=max_hp)
    character = replace(character, conditions=("prone",))
    operations = {
        "damage": lambda c, n: harm.damage_by(rule, c, n),
        "heal": lambda c, n: harm.heal_by(rule, c, n),
        "grant": lambda c, n: harm.grant_by(rule, c, n),
        "lose": lambda c, n: harm.lose_by(rule, c),
        "bleed": lambda c, n: harm.bleed_by(rule, c),
        "stabilise": lambda c, n: harm.stabilise_by(rule, c),
    }
    for kind, amount in steps:
        try:
            character, change = operations[kind](character, amount)
        except RuleError:
            continue
        _invariants(rule, (kind, amount), change)
        assert harm.pool_of(character) == change.after
        assert character.hp_floor <= character.hp <= character.max_hp
        assert "prone" in character.conditions
        marks = {c for c in character.conditions if c in harm.HP_CONDITIONS}
        expected = {
            Condition.UP: set(),
            Condition.DYING: {"dying"},
            Condition.UNCONSCIOUS: {"unconscious", "stable"}
            if change.after.stable
            else {"unconscious"},
            Condition.DEAD: {"dead"},
        }[change.condition]
        assert marks == expected
