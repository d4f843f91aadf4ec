"""A player's attack in a fight: the weapon, backstab conditions, cleave dice,
ammunition, thrown weapons and the hit (redhack: Combat > Attacking & Defending, Weapon
Types; Thief > Backstab; Warrior > Cleave; RULINGS R6, R8, R9, R14; docs/rulings.md
H19, H25, H27).

The functions take the fight, the fighter and the character as values and return new
ones (with :mod:`.facts` saying what happened); the ``attack`` command stages them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ...dice.advantage import Advantage
from ...dice.usage import UsageDie, roll_usage
from ...errors import RuleError
from .actors import has_feature
from .character import Character
from .combat import BACKSTAB_WEAPON_TYPES, Band, WeaponProfile, roll_damage
from .damage import damage_foe
from .facts import AmmunitionUsed, Fact, Hit, NoEffect, ThrownDown, UsedUp
from .fight import Fight, Fighter, Foe
from .rounds import add_ongoing

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .ruleset import Redhack

__all__ = [
    "CLEAVE_DIE",
    "AmmunitionUse",
    "AttackSituation",
    "CleavePlan",
    "HitOutcome",
    "Thrown",
    "attack_attribute",
    "attack_situation",
    "attack_weapon",
    "backstab_reasons",
    "can_backstab_with",
    "check_backstab",
    "check_cleave",
    "check_offhand",
    "cleave_plan",
    "darkness",
    "hit_foe",
    "mark_attacked",
    "player_target_ac",
    "record_attack",
    "spend_cleave",
    "spend_thrown",
    "use_ammunition",
]

CLEAVE_DIE = "1d6"
"""A Warrior's cleave die (redhack: Warrior > Cleave; RULINGS R14): added to the primary
target's damage, or the damage of a cleave attack on another target (and of a parry)."""


def darkness(circumstances: tuple[str, ...]) -> tuple[str, ...]:
    """Disadvantage on a blow struck or warded off with no light: a fight is a test
    involving vision (redhack: Exploration & Dungeons > Light, "suffer disadvantage on
    tests involving vision or morale"; docs/rulings.md H27). ``circumstances`` are the
    ruleset's (``dark``, ...)."""
    return ("darkness",) if "dark" in circumstances else ()


# -- the weapon ----------------------------------------------------------------------------


def attack_weapon(
    ruleset: Redhack, character: Character, name: str | None = None, offhand: bool = False
) -> WeaponProfile:
    """The weapon an attack uses (:meth:`.Redhack.weapon_profile`); an off-hand attack
    deals the class's improvised die (redhack: Combat > Weapon Types > Dual Weapons).

    Raises:
        RuleError: its ammunition has run out (RULINGS R9).
        UnknownNameError: no such weapon.
    """
    weapon = ruleset.weapon_profile(character, name)
    if offhand:
        cls = ruleset.content.class_(character.class_id)
        weapon = replace(weapon, name=f"off-hand {weapon.name}", damage=f"1d{cls.improvised_die}")
    if weapon.ammunition == "":
        raise RuleError(f"{character.name} has no ammunition left for {weapon.name}")
    return weapon


def attack_attribute(weapon: WeaponProfile) -> str:
    """Melee is a STR test, ranged (a thrown weapon too) a DEX test (RULINGS R6)."""
    return "DEX" if weapon.ranged else "STR"


def check_offhand(ruleset: Redhack, fighter: Fighter, character: Character) -> None:
    """An off-hand attack follows a main attack made without disadvantage this round,
    with a second one-handed weapon that is not long (redhack: Combat > Weapon Types >
    Dual Weapons).

    Raises:
        RuleError: no main attack to follow, or no second such weapon.
    """
    if not fighter.offhand_ready:
        raise RuleError(
            f"{fighter.name} has no off-hand attack now: it follows a main attack made "
            "without disadvantage this round (redhack: Combat > Weapon Types > Dual "
            "Weapons)"
        )
    one_handed = [
        i
        for i in character.inventory
        if i.kind == "weapon"
        and i.hands != 2
        and "long" not in ruleset.weapon_profile(character, i.name).types
    ]
    if len(one_handed) < 2:
        raise RuleError(f"{character.name} needs a second one-handed, non-long weapon")


def player_target_ac(armour_class: int) -> int:
    """A player attacking a player rolls against half the target's AC (RULINGS R6)."""
    return armour_class // 2


@dataclass(frozen=True, slots=True)
class AttackSituation:
    """What the fight adds to an attack's test (redhack: Combat > Weapon Types).

    Attributes:
        close_to_enemy: the attacker is Close to a group with a foe still in the fight
            (disadvantage for shooting).
        long_first_round: the first round the attacker is Close to the target's group
            (a Long weapon's advantage).
        short_against_long: Close since an earlier round to a Long weapon's wielder (a
            Short weapon's advantage).
    """

    close_to_enemy: bool
    long_first_round: bool
    short_against_long: bool


def attack_situation(fight: Fight, fighter: Fighter, foe: Foe, band: Band) -> AttackSituation:
    """The fight's sources of advantage and disadvantage on ``fighter`` attacking
    ``foe`` at ``band`` (redhack: Combat > Weapon Types > Ranged, Long, Short)."""
    close = fighter.close_groups()
    close_to_enemy = any(
        g in close and any(f.fighting for f in fight.members(g))
        for g in (grp.key for grp in fight.groups)
    )
    since = dict(fighter.close_since).get(foe.group)
    return AttackSituation(
        close_to_enemy=close_to_enemy,
        long_first_round=band == Band.CLOSE and since == fight.round,
        short_against_long="long-weapon" in foe.tags and since is not None and since < fight.round,
    )


# -- backstab ------------------------------------------------------------------------------


def backstab_reasons(fight: Fight, fighter: Fighter, foe: Foe, unsuspecting: bool) -> list[str]:
    """Which of the Thief's backstab conditions hold (redhack: Thief > Backstab), from
    the fight's state: surprise, invisible, hidden when combat began, target stunned/held/
    blinded, a target with no reason to suspect (the GM's word), hidden by an action in
    an earlier round with nobody attacking, or all three of: not attacked by you last
    round, not Close to you last round, already attacked by someone else this round."""
    reasons = []
    if fight.phase == "free-round":
        reasons.append("you have surprise (the party's free round)")
    if fighter.invisible:
        reasons.append("you are invisible")
    if fighter.hidden and fight.round <= 1 and not fighter.attacked_last:
        reasons.append("you were hidden when the combat began")
    for condition in ("stunned", "held", "blinded"):
        if condition in foe.conditions:
            reasons.append(f"the target is {condition}")
    if unsuspecting:
        reasons.append("the target had no reason to suspect you (the GM's call)")
    if 0 < fighter.hid_round < fight.round and not fighter.attacked_by:
        reasons.append("nobody was attacking you and you hid in an earlier round")
    if (
        foe.key not in fighter.attacked_last
        and foe.group not in fighter.close_last
        and foe.key in fight.attacked_this_round
        and foe.key not in fighter.attacked
    ):
        reasons.append(
            "you did not attack it last round, it was not close to you then, and "
            "someone else has attacked it this round"
        )
    return reasons


def can_backstab_with(weapon: WeaponProfile) -> bool:
    """Whether ``weapon`` is a "small or missile weapon" (redhack: Thief > Backstab)."""
    return bool(set(weapon.types) & set(BACKSTAB_WEAPON_TYPES))


def check_backstab(ruleset: Redhack, character: Character, weapon: WeaponProfile) -> None:
    """A backstab is a Thief's, with a small or missile weapon (redhack: Thief >
    Backstab). Whether a condition holds is :func:`backstab_reasons`.

    Raises:
        RuleError: not a Thief, or not such a weapon.
    """
    if not has_feature(ruleset, character, "backstab"):
        raise RuleError(f"only a Thief can backstab ({character.name} cannot)")
    if not can_backstab_with(weapon):
        raise RuleError(f"a backstab needs a small or missile weapon, not {weapon.name}")


# -- the attack's bookkeeping ----------------------------------------------------------------


def record_attack(
    fight: Fight,
    fighter: Fighter,
    foe_key: str,
    weapon: WeaponProfile,
    offhand: bool,
    advantage: int,
) -> Fight:
    """Note a main (or off-hand) attack: the fighter has acted and attacked the foe, a
    shot with ammunition counts (RULINGS R9), and a main melee attack made without
    disadvantage (net ``advantage`` of the test at least 0) makes an off-hand attack
    ready (redhack: Combat > Weapon Types > Dual Weapons); a crossbow has fired its one
    shot of the round (redhack: Equipment > Weapons); the foe has been attacked this
    round (a backstab condition, redhack: Thief > Backstab)."""
    fighter = replace(
        fighter,
        acted=True,
        holding=False,
        attacked=(*fighter.attacked, foe_key),
        ranged_shots=fighter.ranged_shots + (1 if weapon.ammunition else 0),
        offhand_ready=not offhand and advantage >= 0 and not weapon.ranged,
        fired_first=fighter.fired_first or weapon.rules.fires_first,
    )
    fight = fight.with_fighter(fighter)
    return replace(fight, attacked_this_round=(*fight.attacked_this_round, foe_key))


def mark_attacked(fight: Fight, foe_key: str) -> Fight:
    """Note that ``foe_key`` has been attacked this round (a backstab condition,
    redhack: Thief > Backstab)."""
    if foe_key in fight.attacked_this_round:
        return fight
    return replace(fight, attacked_this_round=(*fight.attacked_this_round, foe_key))


# -- cleave ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CleavePlan:
    """Where a Warrior's cleave dice go (RULINGS R14).

    Attributes:
        primary: one goes on the primary target (a d6 added to its damage).
        others: the other targets as named, each a cleave attack of its own.
    """

    primary: bool
    others: tuple[str, ...]

    @property
    def dice(self) -> int:
        """The cleave dice it spends."""
        return len(self.others) + (1 if self.primary else 0)


def cleave_plan(fight: Fight, foe_key: str, named: list[str] | None) -> CleavePlan | None:
    """The cleave dice asked for (RULINGS R14): ``None`` for none; ``[]``: one on the
    primary target ``foe_key``; else on each named target (the primary's among them, or
    not).

    Raises:
        UnknownNameError: a named target is not in the fight.
    """
    if named is None:
        return None
    primary = not named or any(fight.foe(t).key == foe_key for t in named)
    return CleavePlan(primary, tuple(t for t in named if fight.foe(t).key != foe_key))


def check_cleave(ruleset: Redhack, character: Character, fighter: Fighter, wanted: int) -> None:
    """A Warrior has as many cleave dice each round as their level (RULINGS R14).

    Raises:
        RuleError: not a Warrior, or fewer than ``wanted`` dice left this round.
    """
    if not has_feature(ruleset, character, "cleave"):
        raise RuleError(f"only a Warrior cleaves ({character.name} cannot)")
    if wanted > fighter.cleave_left:
        raise RuleError(
            f"{character.name} has {fighter.cleave_left} cleave dice left this "
            f"round, not {wanted} (level dice per round, RULINGS R14)"
        )


def spend_cleave(fighter: Fighter, foe_key: str) -> Fighter:
    """Spend a cleave die on ``foe_key``: one per target per round (RULINGS R14).

    Raises:
        RuleError: that target has had one this round.
    """
    if foe_key in fighter.cleaved:
        raise RuleError(
            f"{fighter.name} has already given {foe_key} a cleave die this round "
            "(one per target per round, RULINGS R14)"
        )
    return replace(
        fighter, cleave_left=fighter.cleave_left - 1, cleaved=(*fighter.cleaved, foe_key)
    )


# -- the hit -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HitOutcome:
    """A hit's result: the fight afterwards, what happened, and the damage dealt
    (``None`` when the weapon could not harm the target)."""

    fight: Fight
    facts: tuple[Fact, ...]
    total: int | None


def hit_foe(
    fight: Fight,
    attacker: str,
    foe_key: str,
    weapon: WeaponProfile,
    expression: str,
    critical: bool,
    *,
    fixed: int | None = None,
    ruleset: Redhack,
    party: Mapping[str, Character],
    rng: random.Random,
) -> HitOutcome:
    """A hit on a foe: roll ``expression`` (a critical rolls it twice and adds,
    RULINGS R6; ``fixed`` is the GM's total instead), deal it (:func:`.damage.damage_foe`,
    which tests morale), then set the weapon's ongoing damage on a foe still in the
    fight (burning oil, holy water: RULINGS R10). A weapon only against some creatures
    does nothing to others.

    Raises:
        UnknownNameError: no such foe.
        DiceSyntaxError, DiceLimitError: a malformed expression.
    """
    foe = fight.foe(foe_key)
    if weapon.only_against and not set(weapon.only_against) & set(foe.tags):
        return HitOutcome(fight, (NoEffect(weapon.name, foe.name, weapon.only_against),), None)
    damage = roll_damage(expression, rng, critical)
    total = damage.total if fixed is None else fixed
    facts: list[Fact] = [Hit(attacker, foe.name, damage, total)]
    step = damage_foe(fight, foe.key, total, attacker, ruleset=ruleset, party=party, rng=rng)
    fight = step.fight
    facts.extend(step.facts)
    if weapon.ongoing is not None and fight.foe(foe.key).fighting:
        step = add_ongoing(
            fight,
            foe.key,
            attacker,
            UsageDie(weapon.ongoing),
            weapon.name.lower(),
            weapon.ongoing_now,
            ruleset=ruleset,
            party=party,
            rng=rng,
        )
        fight = step.fight
        facts.extend(step.facts)
    return HitOutcome(fight, tuple(facts), total)


# -- ammunition and thrown weapons -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AmmunitionUse:
    """A character and fighter after an attack's ammunition roll (R9)."""

    character: Character
    fighter: Fighter
    fact: AmmunitionUsed


def use_ammunition(
    character: Character, fighter: Fighter, weapon: WeaponProfile, rng: random.Random
) -> AmmunitionUse | None:
    """Each ranged attack with ammunition rolls its usage die; a second shot in the same
    round rolls it with disadvantage (RULINGS R9). The fighter notes the die the
    ammunition had before its first use in the fight (it is recovered at the end).
    ``None``: the weapon uses none, or none is left to roll."""
    if not weapon.ammunition:
        return None
    indexes = [
        i
        for i in character.find_items(weapon.ammunition)
        if (d := character.inventory[i].usage) is not None and not d.exhausted
    ]
    if not indexes:
        return None
    index = indexes[0]
    item = character.inventory[index]
    assert item.usage is not None
    advantage = Advantage.DISADVANTAGE if fighter.ranged_shots > 1 else Advantage.NONE
    usage = roll_usage(item.usage, rng, advantage)
    after = character.replace_item(index, replace(item, usage=usage.after))
    if not any(i == index for i, _ in fighter.ammo):
        fighter = replace(fighter, ammo=(*fighter.ammo, (index, int(item.usage))))
    return AmmunitionUse(after, fighter, AmmunitionUsed(character.name, item.name, usage))


@dataclass(frozen=True, slots=True)
class Thrown:
    """A character and fighter after a throw."""

    character: Character
    fighter: Fighter
    fact: UsedUp | ThrownDown


def spend_thrown(character: Character, fighter: Fighter, weapon: WeaponProfile) -> Thrown | None:
    """A thrown weapon leaves the hand: thrown gear (a flask of oil, holy water) is used
    up; a thrown dagger or spear lies where it fell until the fight ends, when it is
    picked up (docs/rulings.md H19, H25). ``None``: nothing was thrown."""
    if weapon.item is None or not weapon.throw:
        return None
    item = character.inventory[weapon.item]
    after = character.remove_item(weapon.item)
    if "improvised" in weapon.types:
        return Thrown(after, fighter, UsedUp(character.name, item.name))
    fighter = replace(fighter, thrown=(*fighter.thrown, item))
    return Thrown(after, fighter, ThrownDown(character.name, item.name))
