"""fantasy-hack healing: treatment and a night's rest (Part III "Healing").

Treatment: out of combat, the healer's MND + Knowledge check against DC 20 heals
1d6 + 5 HP; it can be tried once per injury and again only after new damage, which a
:class:`Injury` value records (docs/rulings.md H325). A night's rest heals level x 2
HP and removes 1 point of stat damage from each damaged stat (H326). Healing never
raises HP above the maximum: every heal goes through
:func:`hacktable.rules.hit_points.heal`, whose explanation says when it was capped.

A command will keep an :class:`Injury` per character (``injured()`` after each
damage), show :func:`treatment_odds` before the dice, call :func:`treat` or
:func:`night_rest`, and write the returned :class:`~hacktable.rules.hit_points.Change`
(the engine's ``harm.with_pool``) and stat damage.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...dice import Roll, roll
from ...dice.render import render_detail
from ...errors import RuleError
from ...rules.checks import FANTASY_HACK_CHECK, CheckResult
from ...rules.checks.against_dc import AgainstDCRequest, odds, resolve
from ...rules.hit_points import Change, HitPointRule, Pool, heal

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

    from ...rules.resolution import TestOdds

__all__ = [
    "TREATMENT_DC",
    "TREATMENT_HEALING",
    "Injury",
    "Rest",
    "Treatment",
    "injured",
    "night_rest",
    "treat",
    "treatment_odds",
]

TREATMENT_DC = 20
"""Part III: "a MND + Knowledge check (DC 20)"."""
TREATMENT_HEALING = "1d6+5"
"""Part III: "heals 1d6 + 5 hit points instantly"."""


@dataclass(frozen=True, slots=True)
class Injury:
    """Whether a character's current injury has had its treatment (Part III: "This can
    only be done once ... It can be done again if the character takes new damage").

    Attributes:
        treated: a treatment was tried since the last damage (H325: a failed one too).
    """

    treated: bool = False


def injured() -> Injury:
    """The injury after new damage: treatment may be tried again (Part III)."""
    return Injury(treated=False)


@dataclass(frozen=True, slots=True)
class Treatment:
    """A treatment attempt.

    Attributes:
        check: the healer's MND + Knowledge check against DC 20.
        dice: the 1d6 + 5 on a success (``None`` on a failure).
        change: what the healing did to the pool (``None`` on a failure).
        injury: the injury after it (treated).
        explanation: one line with every die and any cap.
    """

    check: CheckResult
    dice: Roll | None
    change: Change | None
    injury: Injury
    explanation: str


def _request(mind: int, knowledge: int, situational: int) -> AgainstDCRequest:
    return AgainstDCRequest(mind + knowledge + situational, TREATMENT_DC)


def treatment_odds(mind: int, knowledge: int, situational: int = 0) -> TestOdds:
    """The exact odds of a treatment (the healer's MND + Knowledge against DC 20)."""
    return odds(FANTASY_HACK_CHECK, _request(mind, knowledge, situational))


def treat(
    rule: HitPointRule,
    pool: Pool,
    injury: Injury,
    mind: int,
    knowledge: int,
    rng: random.Random,
    *,
    situational: int = 0,
) -> Treatment:
    """Treat a wounded character (Part III "Healing"; RULINGS F1: healing stabilises the
    dying; H325: once per injury, a failure too).

    Args:
        rule: the patient's hit point rule (``FANTASY_HACK_PC`` or the campaign's).
        pool: the patient's HP.
        injury: whether this injury has been treated.
        mind: the healer's MND modifier.
        knowledge: the healer's Knowledge rank.
        rng: the random source (RULINGS G1): the d20, then 1d6 on a success.
        situational: the GM's modifier.

    Raises:
        RuleError: already treated since the last damage, the patient is at maximum HP,
            or dead. Nothing is rolled.
    """
    if injury.treated:
        raise RuleError("already treated since the last damage: treatment works once per injury")
    if pool.hp >= pool.max_hp:
        raise RuleError(f"at maximum HP ({pool.hp}): there is nothing to treat")
    if pool.hp <= rule.dead_at:
        raise RuleError(f"the dead cannot be treated ({pool.hp} HP)")
    check = resolve(FANTASY_HACK_CHECK, _request(mind, knowledge, situational), rng)
    head = f"treatment: MND + Knowledge {check.explanation}"
    if not check.success:
        return Treatment(check, None, None, Injury(True), f"{head}: no healing")
    dice = roll(TREATMENT_HEALING, rng)
    change = heal(rule, pool, dice.total)
    text = f"{head}: {dice.expression} {render_detail(dice.tree)} = {dice.total}; "
    return Treatment(check, dice, change, Injury(True), text + change.explanation)


@dataclass(frozen=True, slots=True)
class Rest:
    """A night's rest.

    Attributes:
        change: what the night's healing did to the pool.
        stat_damage: each stat's damage left after the night, ``(stat, points)``, only
            those still damaged.
        restored: the stats that got a point back tonight.
        explanation: one line.
    """

    change: Change
    stat_damage: tuple[tuple[str, int], ...]
    restored: tuple[str, ...]
    explanation: str


def night_rest(
    rule: HitPointRule,
    pool: Pool,
    level: int,
    stat_damage: tuple[tuple[str, int], ...] = (),
) -> Rest:
    """A full night's rest (Part III "Healing"): level x 2 HP, never above the maximum;
    1 point of stat damage removed from each damaged stat (H326). Nothing is rolled.

    Args:
        rule: the character's hit point rule.
        pool: the character's HP.
        level: the character level.
        stat_damage: each damaged stat's points of damage, ``(("STR", 3),)``.

    Raises:
        RuleError: the character is dead, the level is below 1 or stat damage is
            negative.
    """
    if level < 1:
        raise RuleError(f"a character level is 1 or more, not {level}")
    if any(points < 0 for _, points in stat_damage):
        raise RuleError("stat damage cannot be negative")
    change = heal(rule, pool, level * 2)
    restored = tuple(stat for stat, points in stat_damage if points > 0)
    left = tuple((stat, points - 1) for stat, points in stat_damage if points > 1)
    text = f"a night's rest: level {level} x 2 = {level * 2} HP: {change.explanation}"
    if restored:
        text += "; 1 point of stat damage back: " + ", ".join(restored)
    return Rest(change, left, restored, text)
