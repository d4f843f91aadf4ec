"""redhack combat rules as pure functions (redhack: Combat; RULINGS R5-R15).

The players roll every die: they attack against a monster's AC and defend against its
HD. These functions build the tests and roll the damage from values handed in; morale
is :mod:`.morale`, a player's attack in a fight :mod:`.attacks`, a monster's attack
:mod:`.defence`, the round's steps :mod:`.rounds`, the fight's state :mod:`.fight`, and
the console commands in :mod:`.commands` stage and show what those return. Every
function takes its randomness from the caller's ``rng`` (RULINGS G1).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from enum import IntEnum

from ...dice.render import render_roll
from ...dice.roller import roll
from ...errors import RuleError
from ...rules.resolution import TestKind, TestRequest
from .content.equipment import WeaponRules

__all__ = [
    "BACKSTAB_WEAPON_TYPES",
    "Band",
    "DamageRoll",
    "WeaponProfile",
    "attack_effect",
    "attack_request",
    "backstab_damage",
    "defence_request",
    "roll_damage",
    "step_up_die",
]

DIE_CHAIN = (3, 4, 6, 8, 10, 12)
"""Damage dice in order (RULINGS R8: d4 > d6 > d8 > d10 > d12)."""

NO_RULES = WeaponRules()
"""A weapon with no optional rules (redhack: Equipment > Weapons)."""

BACKSTAB_WEAPON_TYPES = ("short", "ranged", "thrown")
"""A "small or missile weapon" for a Thief's backstab (redhack: Thief > Backstab)."""


class Band(IntEnum):
    """Range bands (redhack: Combat > Range & Distance): Close 0-5', Near 6-30',
    Far 31-60', Distant 61'+."""

    CLOSE = 0
    NEAR = 1
    FAR = 2
    DISTANT = 3

    @classmethod
    def parse(cls, text: str) -> Band:
        """``"close"``, ``"near"``, ``"far"`` or ``"distant"`` (case-insensitive).

        Raises:
            RuleError: none of those.
        """
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise RuleError(
                f"range band {text!r} is not one of close, near, far, distant"
            ) from None

    def __str__(self) -> str:
        return self.name.lower()


def step_up_die(sides: int) -> int:
    """The next damage die up (RULINGS R8: a two-handed weapon steps the class's die up
    once; d12 stays d12)."""
    if sides not in DIE_CHAIN:
        return sides
    return DIE_CHAIN[min(DIE_CHAIN.index(sides) + 1, len(DIE_CHAIN) - 1)]


@dataclass(frozen=True, slots=True)
class WeaponProfile:
    """A weapon as an attack uses it.

    Attributes:
        name: as carried, e.g. ``"Hand Weapon"``.
        damage: damage dice, e.g. ``"1d8"``.
        types: weapon types: ``short``, ``long``, ``2h``, ``ranged``, ``thrown``,
            ``one-shot``, ``improvised``, ``unarmed``.
        disadvantage_at: the band from which ranged attacks have disadvantage.
        ammunition: the inventory name of the ammunition it uses, if any.
        ongoing: a usage die of ongoing damage it sets on a hit (burning oil: 6).
        ongoing_now: whether that ongoing damage is rolled at once (holy water).
        only_against: tags a target must have for the weapon to harm it.
        item: the inventory index it came from, or ``None``.
        throw: this attack throws it (a dagger or spear thrown at a Near foe; a flask
            of oil). A weapon that "can be thrown" is a melee weapon otherwise.
        bonus: a magic weapon's bonus, added to the attack attribute (redhack: Core
            Rules > Attributes Above 19; RULINGS R2).
        rules: the list's optional rules for it (crossbows, long bow, flail, pike).
        fire: it deals fire damage (a lit torch, docs/rulings.md H225).
    """

    name: str
    damage: str
    types: tuple[str, ...] = ()
    disadvantage_at: Band | None = None
    ammunition: str | None = None
    ongoing: int | None = None
    ongoing_now: bool = False
    only_against: tuple[str, ...] = ()
    item: int | None = None
    throw: bool = False
    bonus: int = 0
    rules: WeaponRules = NO_RULES
    fire: bool = False

    @property
    def ranged(self) -> bool:
        """Whether the attack is at range (a DEX test, RULINGS R6): a missile weapon,
        or a weapon being thrown."""
        return "ranged" in self.types or self.throw

    def used_at(self, band: Band, throw: bool = False) -> WeaponProfile:
        """The weapon as an attack at ``band`` uses it: a weapon that can be thrown is
        thrown at a foe beyond Close (or when the attacker says so), and used in melee
        otherwise (redhack: Equipment > Weapons: "can be thrown as a one-shot nearby
        ranged weapon"; docs/rulings.md H25).

        Raises:
            RuleError: ``throw`` asked of a weapon that cannot be thrown.
        """
        if throw and "thrown" not in self.types and not self.throw:
            raise RuleError(f"{self.name} cannot be thrown")
        if "thrown" in self.types and (band > Band.CLOSE or throw):
            return replace(self, throw=True)
        return self

    @property
    def reach(self) -> Band:
        """How far it can strike: Close for melee, Near for thrown, Distant for bows."""
        if "ranged" in self.types:
            return Band.DISTANT
        if "thrown" in self.types:
            return Band.NEAR
        return Band.CLOSE


@dataclass(frozen=True, slots=True)
class DamageRoll:
    """Damage dealt.

    Attributes:
        expression: the dice rolled.
        rolls: each roll's text (two on a critical, RULINGS R6).
        total: the damage, at least 0.
        critical: whether the dice were rolled twice and added.
        floored: the dice came to less than 0, counted as 0.
    """

    expression: str
    rolls: tuple[str, ...]
    total: int
    critical: bool = False
    floored: bool = False

    def explain(self) -> str:
        """E.g. ``"1d8: [6] -> 6"`` or ``"critical: 1d8: [6] -> 6 + 1d8: [3] -> 3 = 9"``;
        dice below 0 say they count as 0 (issue 10 §8)."""
        floor = " (damage is at least 0: 0)" if self.floored else ""
        if self.critical:
            return f"critical: {' + '.join(self.rolls)} = {self.total}{floor}"
        return self.rolls[0] + floor


def roll_damage(expression: str, rng: random.Random, critical: bool = False) -> DamageRoll:
    """Roll damage; a critical rolls the dice twice and adds both (RULINGS R6).

    Raises:
        DiceSyntaxError, DiceLimitError: a malformed expression.
    """
    first = roll(expression, rng)
    rolls = [first]
    if critical:
        rolls.append(roll(expression, rng))
    raw = sum(r.total for r in rolls)
    total = max(0, raw)
    shown = tuple(render_roll(r) for r in rolls)
    return DamageRoll(first.expression, shown, total, critical, floored=raw < 0)


_NO_DAMAGE_GIVEN = re.compile(r"[;,]?\s*the source gives no damage", re.IGNORECASE)


def attack_effect(name: str, notes: str, monster_notes: str = "") -> str:
    """What a monster's attack does besides its damage, from the bestiary's notes on
    the attack, as a reminder for the GM when it hits (redhack: Combat; the effect
    itself, a save or a condition, is the GM's to apply).

    An armed attack's notes say which arms it uses ("or by weapon", "club, axe or
    polearm"), not an effect: none. The bestiary's remark that its source gives no
    damage is dropped (the damage shown is then damage by HD, RULINGS R5). A note that
    only names the effect ("paralysis") takes the monster's own sentence about it.

    >>> attack_effect("claw", "paralysis", "Corpse-eaters. Any claw paralyses unless a CON "
    ...     "save succeeds.")
    'paralysis - Any claw paralyses unless a CON save succeeds.'
    >>> attack_effect("weapon", "or by weapon"), attack_effect("touch", "drains one level, no "
    ...     "save; the source gives no damage")
    ('', 'drains one level, no save')
    """
    text = _NO_DAMAGE_GIVEN.sub("", notes).strip()
    if not text or "weapon" in name.lower() or "weapon" in text.lower():
        return ""
    if re.fullmatch(r"[a-z-]+", text.lower()):
        stem = text.lower()[:6]
        sentences = re.split(r"(?<=[.!?])\s+", monster_notes.strip())
        about = [s for s in sentences if stem in s.lower()]
        if about:
            return f"{text} - {' '.join(about)}"
    return text


def backstab_damage(level: int) -> str:
    """A backstab deals 2d6 + level (redhack: Thief > Backstab)."""
    return f"2d6+{level}"


def attack_request(
    *,
    who: str,
    attribute: str,
    score: int,
    weapon: WeaponProfile,
    target_name: str,
    target_ac: int,
    band: Band,
    base: TestRequest,
    cover: bool = False,
    close_to_enemy: bool = False,
    long_first_round: bool = False,
    short_against_long: bool = False,
    backstab: bool = False,
    extra_advantages: tuple[str, ...] = (),
    extra_disadvantages: tuple[str, ...] = (),
) -> TestRequest:
    """An attack as a test (redhack: Combat > Attacking & Defending; RULINGS R6).

    Melee is a STR test and ranged a DEX test (``attribute`` says which) against the
    target's AC as difficulty. Sources of advantage and disadvantage:

    - ranged at or beyond the weapon's disadvantage band; ranged while close to an
      enemy; a target in cover (redhack: Combat > Weapon Types > Ranged);
    - a Long weapon in the first round the attacker and target are Close; a Short
      weapon against a Long weapon's wielder after that (Weapon Types);
    - a backstab (Thief > Backstab);
    - a magic weapon's bonus, added to ``base``'s (redhack: Core Rules > Attributes
      Above 19: STR 18 and a sword +3 attack as "19 (2)"; RULINGS R2);
    - ``base``'s own sources (the character's class, background, conditions, armour).

    Raises:
        RuleError: the target is out of the weapon's reach, or is at long range and in
            cover and the attacker has no source of advantage at all ("cannot be hit
            unless you have some form of advantage").
    """
    if band > weapon.reach:
        raise RuleError(
            f"{target_name} is {band} and {weapon.name} reaches only {weapon.reach}: move first"
        )
    advantages = list(base.advantages) + list(extra_advantages)
    disadvantages = list(base.disadvantages) + list(extra_disadvantages)
    long_range = (
        weapon.ranged and weapon.disadvantage_at is not None and (band >= weapon.disadvantage_at)
    )
    if long_range:
        disadvantages.append(f"{band} range for {weapon.name}")
    if weapon.ranged and close_to_enemy:
        disadvantages.append("shooting while close to an enemy")
    if cover:
        disadvantages.append("target in cover")
    if long_first_round and "long" in weapon.types:
        advantages.append("long weapon, first round at close range")
    if short_against_long and "short" in weapon.types:
        advantages.append("short weapon against a long one")
    if backstab:
        advantages.append("backstab")
    request = TestRequest(
        attribute=attribute,
        score=score,
        difficulty=target_ac,
        bonus=base.bonus + weapon.bonus,
        penalty=base.penalty,
        advantages=tuple(advantages),
        disadvantages=tuple(disadvantages),
        kind=TestKind.ATTACK,
        who=who,
        purpose=f"with {weapon.name} against {target_name}",
    )
    if long_range and cover and not request.advantages:
        raise RuleError(
            f"{target_name} is at long range and in cover: it cannot be hit without some "
            "form of advantage (redhack: Combat > Weapon Types > Ranged)"
        )
    return request


def defence_request(
    *,
    who: str,
    armour_class: int,
    attacker_hd: int,
    attacker_name: str,
    base: TestRequest,
    extra_advantages: tuple[str, ...] = (),
    extra_disadvantages: tuple[str, ...] = (),
) -> TestRequest:
    """A defence: a test of the player's AC with the attacker's HD as difficulty
    (redhack: Combat > Attacking & Defending; RULINGS R6). ``base`` carries the
    character's own sources (an AC test in light or medium armour is a DEX test, so a
    wounded character defends with disadvantage)."""
    return TestRequest(
        attribute="AC",
        score=armour_class,
        difficulty=attacker_hd,
        bonus=base.bonus,
        penalty=base.penalty,
        advantages=tuple(base.advantages) + extra_advantages,
        disadvantages=tuple(base.disadvantages) + extra_disadvantages,
        kind=TestKind.DEFENCE,
        who=who,
        purpose=f"against {attacker_name}",
    )
