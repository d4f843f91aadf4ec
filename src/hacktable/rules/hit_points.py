"""Hit points that go below zero: damage, healing, temporary HP, dying and death.

fantasy-hack (Part III, RULINGS F1): at 0 HP or below a character is unconscious and
dying, losing 1 HP at the end of each of their turns until stabilised (a check, or any
healing); dead at -10 (*setting*); NPCs die at 0; healing never raises HP above the
maximum. skill-die (Unconsciousness and Death, Temporary Hit Points; RULINGS S3, S7):
unconscious at 0 or below, dead at -20; damage and healing apply to the unconscious;
temporary HP is lost first, cannot be healed back and is lost on a rest.

What differs is a :class:`HitPointRule`; a :class:`Pool` is one creature's HP. Every
function is pure and returns a :class:`Change` whose explanation names every floor and
cap it applied. HP never goes below the rule's death threshold (the floor) nor above
the maximum (the cap).

>>> pool = Pool(hp=12, max_hp=12)
>>> print(damage(FANTASY_HACK_NPC, pool, 11).explanation)
12 HP - 11 damage = 1 HP: up
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from ..errors import RuleError, RulesDataError

__all__ = [
    "FANTASY_HACK_NPC",
    "FANTASY_HACK_PC",
    "SKILL_DIE",
    "Change",
    "Condition",
    "HitPointRule",
    "Pool",
    "bleed",
    "condition",
    "damage",
    "grant_temporary",
    "heal",
    "lose_temporary",
    "set_hp",
    "stabilise",
]


class Condition(Enum):
    """Where a creature's HP leave it."""

    UP = "up"
    UNCONSCIOUS = "unconscious"  # down, and not losing HP (skill-die; F1 once stabilised)
    DYING = "dying"  # down and losing HP each turn until stabilised (F1)
    DEAD = "dead"


@dataclass(frozen=True, slots=True)
class HitPointRule:
    """When HP put a creature down and when they kill, as data.

    Attributes:
        name: the rule's name, for messages (``"skill-die"``).
        dead_at: at or below this a creature is dead; also the floor HP stop at.
        down_at: at or below this (and above ``dead_at``) a creature is down.
        dying: whether down means dying (losing ``bleed`` HP a turn until stabilised).
        bleed: HP lost at the end of each of a dying creature's turns.

    Raises:
        RulesDataError: ``dead_at`` is above ``down_at``, or ``bleed`` is negative.
    """

    name: str
    dead_at: int
    down_at: int = 0
    dying: bool = False
    bleed: int = 1

    def __post_init__(self) -> None:
        if self.dead_at > self.down_at:
            raise RulesDataError("hit point rule", self.name, "death cannot come before down")
        if self.bleed < 0:
            raise RulesDataError("hit point rule", self.name, "bleeding cannot heal")


FANTASY_HACK_PC = HitPointRule("fantasy-hack", dead_at=-10, dying=True)
"""F1: 0 or below unconscious and dying, -1 HP a turn until stabilised, dead at -10."""
FANTASY_HACK_NPC = HitPointRule("fantasy-hack NPC", dead_at=0)
"""F1: NPCs die at 0."""
SKILL_DIE = HitPointRule("skill-die", dead_at=-20)
"""S3: unconscious at 0 or below (no bleeding), dead at -20."""


@dataclass(frozen=True, slots=True)
class Pool:
    """One creature's hit points.

    Attributes:
        hp: current HP (may be below 0, never below the rule's floor).
        max_hp: maximum HP (1 or more).
        temporary: temporary HP, lost before ``hp`` (S3).
        stable: a down creature whose dying has been stopped (F1).

    Raises:
        RuleError: ``max_hp`` below 1, ``hp`` above it, or ``temporary`` below 0.
    """

    hp: int
    max_hp: int
    temporary: int = 0
    stable: bool = False

    def __post_init__(self) -> None:
        if self.max_hp < 1:
            raise RuleError(f"maximum HP must be 1 or more, not {self.max_hp}")
        if self.hp > self.max_hp:
            raise RuleError(f"HP {self.hp} is above the maximum {self.max_hp}")
        if self.temporary < 0:
            raise RuleError(f"temporary HP cannot be negative, not {self.temporary}")


@dataclass(frozen=True, slots=True)
class Change:
    """What a function did to a pool.

    Attributes:
        before: the pool before.
        after: the pool after.
        condition: the condition ``after`` leaves the creature in.
        limits: every floor or cap applied, in words (``("capped at max 12",)``).
        explanation: one line, e.g. ``"3 HP - 5 damage = -2 HP: dying"``.
    """

    before: Pool
    after: Pool
    condition: Condition
    limits: tuple[str, ...]
    explanation: str


def condition(rule: HitPointRule, pool: Pool) -> Condition:
    """The condition ``pool`` leaves a creature in under ``rule``."""
    if pool.hp <= rule.dead_at:
        return Condition.DEAD
    if pool.hp <= rule.down_at:
        return Condition.DYING if rule.dying and not pool.stable else Condition.UNCONSCIOUS
    return Condition.UP


def _change(rule: HitPointRule, before: Pool, after: Pool, text: str, limits: list[str]) -> Change:
    state = condition(rule, after)
    note = f" ({'; '.join(limits)})" if limits else ""
    return Change(before, after, state, tuple(limits), f"{text}{note}: {state.value}")


def _amount(amount: int, what: str) -> None:
    if amount < 0:
        raise RuleError(f"{what} cannot be negative, not {amount}")


def damage(rule: HitPointRule, pool: Pool, amount: int) -> Change:
    """Apply ``amount`` damage: temporary HP first (S3), then HP, down to the floor.
    Damage to a stabilised creature starts its dying again (F1). Damage to the dead
    changes nothing.

    Raises:
        RuleError: ``amount`` is negative.
    """
    _amount(amount, "damage")
    if condition(rule, pool) is Condition.DEAD:
        return _change(rule, pool, pool, f"{pool.hp} HP: already dead, {amount} damage", [])
    limits: list[str] = []
    soaked = min(pool.temporary, amount)
    rest = amount - soaked
    raw = pool.hp - rest
    hp = max(raw, rule.dead_at)
    if hp != raw:
        limits.append(f"floored at {rule.dead_at}, the {rule.name} death threshold")
    stable = pool.stable and rest == 0
    after = replace(pool, hp=hp, temporary=pool.temporary - soaked, stable=stable)
    text = f"{pool.hp} HP - {amount} damage = {hp} HP"
    if soaked:
        text = (
            f"{pool.temporary} temporary HP take {soaked} of {amount} damage, "
            f"{pool.hp} HP - {rest} = {hp} HP"
        )
    return _change(rule, pool, after, text, limits)


def set_hp(rule: HitPointRule, pool: Pool, value: int) -> Change:
    """HP set to ``value`` by the GM's word (docs/rulings.md H296), kept between the
    rule's floor and the maximum; temporary HP stay; a stabilised creature stays so only
    while it is still down."""
    hp = max(rule.dead_at, min(value, pool.max_hp))
    limits: list[str] = []
    if hp != value:
        bound = f"max {pool.max_hp}" if value > hp else f"the floor {rule.dead_at}"
        limits.append(f"kept at {bound}")
    after = replace(pool, hp=hp, stable=pool.stable and hp <= rule.down_at)
    return _change(rule, pool, after, f"HP set to {hp}", limits)


def heal(rule: HitPointRule, pool: Pool, amount: int) -> Change:
    """Heal ``amount`` HP, never above the maximum (F1 "Healing"), never into
    temporary HP (S3); healing a dying creature stabilises it (F1: "or any healing").

    Raises:
        RuleError: ``amount`` is negative, or the creature is dead.
    """
    _amount(amount, "healing")
    if condition(rule, pool) is Condition.DEAD:
        raise RuleError(f"the dead cannot be healed ({pool.hp} HP, {rule.name})")
    limits: list[str] = []
    raw = pool.hp + amount
    hp = min(raw, pool.max_hp)
    if hp != raw:
        limits.append(f"capped at max {pool.max_hp}")
    if pool.temporary and amount:
        limits.append(f"temporary HP {pool.temporary} not restored")
    stable = hp <= rule.down_at and (pool.stable or (rule.dying and amount > 0))
    if stable and not pool.stable:
        limits.append("stabilised by healing")
    after = replace(pool, hp=hp, stable=stable)
    return _change(rule, pool, after, f"{pool.hp} HP + {amount} healing = {hp} HP", limits)


def bleed(rule: HitPointRule, pool: Pool) -> Change:
    """The end of a dying creature's turn: it loses ``rule.bleed`` HP (F1). Anyone
    else loses nothing."""
    if condition(rule, pool) is not Condition.DYING:
        return _change(rule, pool, pool, f"{pool.hp} HP, not dying: no HP lost", [])
    limits: list[str] = []
    raw = pool.hp - rule.bleed
    hp = max(raw, rule.dead_at)
    if hp != raw:  # pragma: no cover - bleed 1 reaches the threshold exactly
        limits.append(f"floored at {rule.dead_at}, the {rule.name} death threshold")
    after = replace(pool, hp=hp)
    return _change(rule, pool, after, f"{pool.hp} HP - {rule.bleed} dying = {hp} HP", limits)


def stabilise(rule: HitPointRule, pool: Pool) -> Change:
    """Stop a dying creature's bleeding (F1: an ally's MND + Knowledge check at DC 10,
    which the caller rolls).

    Raises:
        RuleError: the rule has no dying (skill-die S3), or the creature is not dying.
    """
    if not rule.dying:
        raise RuleError(
            f"{rule.name} has no dying: the down lose no HP, so there is nothing to stabilise "
            "(RULINGS S3; docs/rulings.md H453)"
        )
    if condition(rule, pool) is not Condition.DYING:
        state = condition(rule, pool).value
        raise RuleError(f"only the dying can be stabilised: {pool.hp} HP is {state}")
    after = replace(pool, stable=True)
    return _change(rule, pool, after, f"{pool.hp} HP stabilised", [])


def grant_temporary(rule: HitPointRule, pool: Pool, amount: int) -> Change:
    """Grant ``amount`` temporary HP. Grants do not stack: the higher of the current
    and the new stands (neither text says; a ruleset may decide otherwise).

    Raises:
        RuleError: ``amount`` is negative.
    """
    _amount(amount, "temporary HP")
    limits = [] if amount > pool.temporary else [f"the current {pool.temporary} is kept"]
    after = replace(pool, temporary=max(pool.temporary, amount))
    return _change(rule, pool, after, f"{amount} temporary HP granted", limits)


def lose_temporary(rule: HitPointRule, pool: Pool) -> Change:
    """Lose every temporary HP (S3, S7: on a rest)."""
    after = replace(pool, temporary=0)
    return _change(rule, pool, after, f"{pool.temporary} temporary HP lost", [])
