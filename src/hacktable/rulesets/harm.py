"""A character's hit points under a ruleset's :class:`~hacktable.rules.hit_points.HitPointRule`:
the bridge between the pure rules of hit points below zero and the core character.

fantasy-hack (RULINGS F1: unconscious and dying at 0 or below, dead at -10) and
skill-die (S3: unconscious at 0 or below, dead at -20, temporary HP lost first) share
these rules; a ruleset opts in by returning a rule from
:meth:`~hacktable.rulesets.base.Ruleset.hit_point_rule`. What the rule leaves a character
in is kept as conditions: ``dying``, ``unconscious`` (with ``stable`` once a dying
character is stabilised) or ``dead``; temporary HP are the core ``temp_hp``.

Each function returns the character afterwards and the
:class:`~hacktable.rules.hit_points.Change` (before, after, condition, floors and caps,
an explanation), so a command can show why and commit the before and after.

>>> from hacktable.play.character import Character
>>> from hacktable.rules.hit_points import SKILL_DIE
>>> class Deep(Character):
...     hp_floor = -20
>>> mara = Deep("Mara", "skill-die", hp=3, max_hp=10, temp_hp=2)
>>> after, change = damage_by(SKILL_DIE, mara, 7)
>>> after.hp, after.temp_hp, after.conditions
(-2, 0, ('unconscious',))
>>> print(change.explanation)
2 temporary HP take 2 of 7 damage, 3 HP - 5 = -2 HP: unconscious
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from ..errors import RuleError
from ..play.character import Character
from ..rules import hit_points as rules
from ..rules.hit_points import Change, Condition, HitPointRule, Pool

if TYPE_CHECKING:
    from .base import Ruleset

__all__ = [
    "HP_CONDITIONS",
    "bleed",
    "bleed_by",
    "damage",
    "damage_by",
    "grant_by",
    "grant_temporary",
    "heal",
    "heal_by",
    "lose_by",
    "lose_temporary",
    "pool_of",
    "rule_for",
    "set_by",
    "stabilise",
    "with_pool",
]

C = TypeVar("C", bound=Character)

HP_CONDITIONS = ("dying", "unconscious", "stable", "dead")
"""The conditions a character's hit points alone decide (rewritten on every change)."""

Settings = Callable[[str], object]


def rule_for(ruleset: Ruleset[C], character: C, setting: Settings) -> HitPointRule:
    """The ruleset's hit point rule for ``character``.

    Raises:
        RuleError: the ruleset keeps hit points at 0 and above (no rule).
    """
    rule = ruleset.hit_point_rule(character, setting)
    if rule is None:
        raise RuleError(f"{ruleset.title} has no hit points below zero or temporary HP")
    return rule


def pool_of(character: Character) -> Pool:
    """The character's hit points as a pool (HP, maximum, temporary HP, stabilised)."""
    return Pool(
        hp=min(character.hp, character.max_hp),
        max_hp=max(1, character.max_hp),
        temporary=max(0, character.temp_hp),
        stable=character.has_condition("stable"),
    )


def with_pool(character: C, change: Change) -> C:
    """``character`` with the pool and condition ``change`` left: HP, temporary HP and
    the conditions ``dying``, ``unconscious``, ``stable`` and ``dead`` (others kept)."""
    pool = change.after
    kept = tuple(c for c in character.conditions if c.split(":", 1)[0] not in HP_CONDITIONS)
    marks: tuple[str, ...] = ()
    if change.condition is Condition.DYING:
        marks = ("dying",)
    elif change.condition is Condition.UNCONSCIOUS:
        marks = ("unconscious", "stable") if pool.stable else ("unconscious",)
    elif change.condition is Condition.DEAD:
        marks = ("dead",)
    return replace(character, hp=pool.hp, temp_hp=pool.temporary, conditions=kept + marks)


def damage_by(rule: HitPointRule, character: C, amount: int) -> tuple[C, Change]:
    """``amount`` damage to ``character`` under ``rule``: temporary HP first (RULINGS
    S3), floored at the death threshold (F1, S3)."""
    change = rules.damage(rule, pool_of(character), amount)
    return with_pool(character, change), change


def heal_by(rule: HitPointRule, character: C, amount: int) -> tuple[C, Change]:
    """``amount`` healing under ``rule``: never above the maximum, never into temporary
    HP; healing the dying stabilises them (F1)."""
    change = rules.heal(rule, pool_of(character), amount)
    return with_pool(character, change), change


def set_by(rule: HitPointRule, character: C, value: int) -> tuple[C, Change]:
    """HP set to ``value`` under ``rule``, within its floor and the maximum (H296)."""
    change = rules.set_hp(rule, pool_of(character), value)
    return with_pool(character, change), change


def grant_by(rule: HitPointRule, character: C, amount: int) -> tuple[C, Change]:
    """Grant ``amount`` temporary HP under ``rule``: the higher of the current and the
    new stands (docs/rulings.md H295)."""
    change = rules.grant_temporary(rule, pool_of(character), amount)
    return with_pool(character, change), change


def bleed_by(rule: HitPointRule, character: C) -> tuple[C, Change]:
    """The end of a dying character's turn under ``rule``: they lose its bleed (F1)."""
    change = rules.bleed(rule, pool_of(character))
    return with_pool(character, change), change


def lose_by(rule: HitPointRule, character: C) -> tuple[C, Change]:
    """Every temporary HP lost under ``rule`` (RULINGS S3, S7: on a rest)."""
    change = rules.lose_temporary(rule, pool_of(character))
    return with_pool(character, change), change


def stabilise_by(rule: HitPointRule, character: C) -> tuple[C, Change]:
    """Stop a dying character's bleeding under ``rule`` (RULINGS F1).

    Raises:
        RuleError: the character is not dying.
    """
    change = rules.stabilise(rule, pool_of(character))
    return with_pool(character, change), change


def damage(ruleset: Ruleset[C], character: C, amount: int, setting: Settings) -> tuple[C, Change]:
    """``amount`` damage under the ruleset's rule (see :func:`damage_by`)."""
    return damage_by(rule_for(ruleset, character, setting), character, amount)


def heal(ruleset: Ruleset[C], character: C, amount: int, setting: Settings) -> tuple[C, Change]:
    """``amount`` healing under the ruleset's rule (see :func:`heal_by`)."""
    return heal_by(rule_for(ruleset, character, setting), character, amount)


def grant_temporary(
    ruleset: Ruleset[C], character: C, amount: int, setting: Settings
) -> tuple[C, Change]:
    """Grant ``amount`` temporary HP: the higher of the current and the new stands
    (docs/rulings.md H295)."""
    return grant_by(rule_for(ruleset, character, setting), character, amount)


def lose_temporary(ruleset: Ruleset[C], character: C, setting: Settings) -> tuple[C, Change]:
    """Lose every temporary HP (RULINGS S3, S7: on a rest)."""
    return lose_by(rule_for(ruleset, character, setting), character)


def bleed(ruleset: Ruleset[C], character: C, setting: Settings) -> tuple[C, Change]:
    """The end of a dying character's turn: they lose the rule's bleed (RULINGS F1)."""
    return bleed_by(rule_for(ruleset, character, setting), character)


def stabilise(ruleset: Ruleset[C], character: C, setting: Settings) -> tuple[C, Change]:
    """Stop a dying character's bleeding (RULINGS F1; the check is the caller's).

    Raises:
        RuleError: the character is not dying.
    """
    return stabilise_by(rule_for(ruleset, character, setting), character)
