"""fantasy-hack sorcery: casting at an HP cost, Magic To Hit, resisting (RULINGS F4).

A sorcerer casts a spell of level L for 1 + 2L HP, refused if it would leave them at
0 HP or below (docs/rulings.md H327); the spell DC is 10 + L + the caster's MND
modifier; a targeted spell needs a Magic To Hit, d20 + MND + level against AC (Part
III "Combat": "Targeting an opponent with a spell works exactly like targeting one
with any other kind of attack", :mod:`.combat` with ``AttackKind.MAGIC``); a target
resists with d20 + its level + the stat the spell names against the spell DC,
meeting or beating it (H328). A resisted spell does nothing or half its damage, as
the spell says (:mod:`.content.spells`).

A command will show :func:`magic_to_hit_odds` and :func:`resist_odds` before the dice
and call :func:`cast` (one target), or :func:`pay`, then :func:`roll_spell_damage`
once and :func:`resist` per target for a spell that strikes many; the returned
``cost`` :class:`~hacktable.rules.hit_points.Change` is the caster's HP after paying.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...dice import Roll, roll
from ...dice.render import render_detail
from ...errors import RuleError
from ...rules.checks import FANTASY_HACK_CHECK, CheckResult
from ...rules.checks.against_dc import AgainstDCRequest, odds, resolve
from ...rules.hit_points import Change, HitPointRule, Pool, damage
from .combat import Attacker, AttackKind, ToHit, roll_to_hit, to_hit_odds
from .content.spells import Spell

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

    from ...rules.resolution import TestOdds

__all__ = [
    "Caster",
    "Casting",
    "SpellDamage",
    "Target",
    "cast",
    "damage_after",
    "magic_to_hit",
    "magic_to_hit_odds",
    "pay",
    "resist",
    "resist_odds",
    "roll_spell_damage",
    "spell_dc",
]


@dataclass(frozen=True, slots=True)
class Caster:
    """A sorcerer, as plain ints: name, character level and MND modifier (F4)."""

    name: str
    level: int
    mind: int

    @property
    def attacker(self) -> Attacker:
        """The caster as :mod:`.combat` sees a Magic To Hit: MND + level, no class
        bonus (F4)."""
        return Attacker(self.name, self.level, mind=self.mind)


@dataclass(frozen=True, slots=True)
class Target:
    """A spell's target, as plain ints: its level, AC and STR, DEX and MND modifiers."""

    name: str
    level: int
    ac: int = 10
    strength: int = 0
    dex: int = 0
    mind: int = 0

    def stat(self, name: str) -> int:
        """The modifier the spell's stat names (F4: STR, DEX or MND)."""
        return {"STR": self.strength, "DEX": self.dex, "MND": self.mind}[name]


def spell_dc(spell: Spell, caster: Caster) -> int:
    """The spell DC: 10 + the spell's level + the caster's MND modifier (F4)."""
    return 10 + spell.level + caster.mind


def pay(rule: HitPointRule, pool: Pool, spell: Spell, caster: Caster) -> Change:
    """Pay a spell's cost, 1 + 2L HP (F4), as damage to the caster's pool.

    Raises:
        RuleError: it would leave the caster at 0 HP or below (H327): nothing is paid.
    """
    cost = spell.cost
    if pool.hp - cost <= 0:
        raise RuleError(
            f"{spell.name} costs {cost} HP (1 + 2 x level {spell.level}) and {caster.name} "
            f"has {pool.hp}: a sorcerer cannot cast to 0 HP or below"
        )
    own = replace(pool, temporary=0)  # the cost is the caster's own HP (H327)
    paid = damage(rule, own, cost)
    return replace(paid, before=pool, after=replace(paid.after, temporary=pool.temporary))


def magic_to_hit_odds(caster: Caster, ac: int, situational: int = 0) -> TestOdds:
    """The exact odds of a Magic To Hit (d20 + MND + level against AC; F4)."""
    return to_hit_odds(caster.attacker, AttackKind.MAGIC, ac, situational=situational)


def magic_to_hit(caster: Caster, ac: int, rng: random.Random, situational: int = 0) -> ToHit:
    """Roll a Magic To Hit against ``ac`` (Part III "Combat"; F4; a natural 20 that hits
    is a critical, F3)."""
    return roll_to_hit(caster.attacker, AttackKind.MAGIC, ac, rng, situational=situational)


def _resist_request(spell: Spell, caster: Caster, target: Target) -> AgainstDCRequest:
    if spell.resist == "none":
        raise RuleError(f"{spell.name} cannot be resisted")
    modifier = target.level + target.stat(spell.resist)
    return AgainstDCRequest(
        modifier, spell_dc(spell, caster), label=f"spell DC {spell_dc(spell, caster)}"
    )


def resist_odds(spell: Spell, caster: Caster, target: Target) -> TestOdds:
    """The exact odds that ``target`` resists (``success``): d20 + level + the spell's
    stat meets or beats the spell DC (F4, H328).

    Raises:
        RuleError: the spell cannot be resisted.
    """
    return odds(FANTASY_HACK_CHECK, _resist_request(spell, caster, target))


def resist(spell: Spell, caster: Caster, target: Target, rng: random.Random) -> CheckResult:
    """Roll ``target``'s resistance: d20 + its level + the spell's stat against the
    spell DC, meeting or beating it resists (F4, H328).

    Raises:
        RuleError: the spell cannot be resisted.
    """
    return resolve(FANTASY_HACK_CHECK, _resist_request(spell, caster, target), rng)


@dataclass(frozen=True, slots=True)
class SpellDamage:
    """A spell's damage roll: once, or twice on a critical Magic To Hit (F3, H328)."""

    rolls: tuple[Roll, ...]
    total: int
    explanation: str


def roll_spell_damage(spell: Spell, rng: random.Random, *, critical: bool = False) -> SpellDamage:
    """Roll a spell's damage dice; a critical Magic To Hit rolls them twice (F3).

    Raises:
        RuleError: the spell does no damage.
    """
    if spell.damage is None:
        raise RuleError(f"{spell.name} does no damage")
    rolls = (
        (roll(spell.damage, rng), roll(spell.damage, rng))
        if critical
        else (roll(spell.damage, rng),)
    )
    total = sum(r.total for r in rolls)
    shown = " + ".join(f"{r.expression} {render_detail(r.tree)}" for r in rolls)
    prefix = "critical (F3), the dice twice: " if critical else ""
    return SpellDamage(rolls, total, f"{prefix}{shown} = {total} damage")


def damage_after(spell: Spell, amount: int, resisted: bool) -> int:
    """The damage a target takes: all of it, none if resisted and the spell negates,
    half (rounded down, H324) if resisted and the spell says half."""
    if not resisted:
        return amount
    return amount // 2 if spell.on_resist == "half" else 0


@dataclass(frozen=True, slots=True)
class Casting:
    """A spell cast at one target (or none).

    Attributes:
        spell: the spell.
        cost: the caster's HP after paying (a :class:`Change`).
        to_hit: the Magic To Hit (``None`` when the spell needs none).
        resisted: the target's resistance roll (``None`` when not rolled).
        damage: the damage roll (``None`` when none was rolled).
        amount: the damage the target takes.
        takes_effect: whether the spell works on the target (hit and not negated).
        explanation: the steps in order, one line.
    """

    spell: Spell
    cost: Change
    to_hit: ToHit | None
    resisted: CheckResult | None
    damage: SpellDamage | None
    amount: int
    takes_effect: bool
    explanation: str


def cast(
    spell: Spell,
    caster: Caster,
    rule: HitPointRule,
    pool: Pool,
    rng: random.Random,
    *,
    target: Target | None = None,
    situational: int = 0,
) -> Casting:
    """Cast ``spell`` (F4): pay 1 + 2L HP (refused at 0 or below, H327; the cost is
    paid even if the spell then misses or is resisted), roll the Magic To Hit if the
    spell needs one, the target's resistance if it has a stat, then the damage dice
    (twice on a critical, F3) unless a resisted spell negates. Dice in that order.

    Raises:
        RuleError: the caster cannot pay, or a targeted spell has no target.
    """
    if spell.to_hit and target is None:
        raise RuleError(f"{spell.name} needs a Magic To Hit: name its target")
    cost = pay(rule, pool, spell, caster)
    lines = [f"{caster.name} casts {spell.name} (level {spell.level}): {cost.explanation}"]
    hit: ToHit | None = None
    if spell.to_hit and target is not None:
        hit = magic_to_hit(caster, target.ac, rng, situational)
        lines.append(hit.explanation)
        if not hit.hit:
            lines.append("the spell misses")
            return Casting(spell, cost, hit, None, None, 0, False, "; ".join(lines))
    resisted: CheckResult | None = None
    if spell.resist != "none" and target is not None:
        resisted = resist(spell, caster, target, rng)
        verdict = "resists" if resisted.success else "does not resist"
        lines.append(f"{target.name} {spell.resist} {resisted.explanation}: {verdict}")
    was_resisted = resisted is not None and resisted.success
    negated = was_resisted and spell.on_resist == "negates"
    rolled: SpellDamage | None = None
    amount = 0
    if spell.damage is not None and not negated:
        rolled = roll_spell_damage(spell, rng, critical=hit is not None and hit.critical)
        amount = damage_after(spell, rolled.total, was_resisted)
        lines.append(rolled.explanation + (f", halved to {amount}" if was_resisted else ""))
    lines.append("no effect" if negated else spell.effect)
    return Casting(spell, cost, hit, resisted, rolled, amount, not negated, "; ".join(lines))
