"""What the technique backgrounds do in a fight (redhack: Character Creation > 3.
Backgrounds, Sample Technique Backgrounds; docs/rulings.md H230-H232): Defensive
Fighting's guard and second block, Twist the Knife's knife in the wound, War On Two
Fronts' second attack. The data is :mod:`.techniques`.

Pure functions on values; the ``guard``, ``attack``, ``defend`` and ``block`` commands
call them.
"""

from __future__ import annotations

from dataclasses import replace

from ...errors import RuleError
from .character import Character
from .combat import WeaponProfile
from .fight import Fighter, Foe
from .techniques import has_technique

__all__ = [
    "SMALL_BLADE",
    "check_guard",
    "check_two_fronts",
    "guard_advantages",
    "knife_after",
    "knife_disadvantages",
    "may_block_again",
    "twist_bonus",
    "two_fronts_second",
]

SMALL_BLADE = "short"
"""A small blade is a weapon of type Short (dagger; H18's thief's hand weapon)."""


def check_guard(character: Character) -> None:
    """Forgoing the attack for advantage on defence is Defensive Fighting's (H230).

    Raises:
        RuleError: the character lacks the technique.
    """
    if not has_technique(character, "defensive-fighting"):
        raise RuleError(
            f"{character.name} has no Defensive Fighting technique ('technique "
            f"{character.name} defensive-fighting', redhack: Character Creation > 3. "
            "Backgrounds)"
        )


def guard_advantages(fighter: Fighter) -> tuple[str, ...]:
    """Defensive Fighting: "If you forgo your attack for a round, you have advantage on
    defense rolls" (H230)."""
    return ("defensive fighting (attack forgone)",) if fighter.guarding else ()


def may_block_again(character: Character, fighter: Fighter) -> bool:
    """Defensive Fighting: "you may move to block two enemies per round" (H230): a
    second block, when the first move of the round was a block."""
    return (
        has_technique(character, "defensive-fighting")
        and fighter.blocks == 1
        and fighter.moves == 1
    )


def twist_bonus(character: Character, fighter: Fighter, foe: Foe) -> int | None:
    """Twist the Knife: with the knife in this foe's wound, the next attack on it has
    advantage and deals the character's level in bonus damage (H231); else ``None``."""
    if fighter.twisting == foe.key and has_technique(character, "twist-the-knife"):
        return character.level
    return None


def knife_disadvantages(fighter: Fighter, foe: Foe) -> tuple[str, ...]:
    """Twist the Knife: "If the target attacks you before your next action, you defend
    against that attack with disadvantage" (H231)."""
    if fighter.twisting and fighter.twisting == foe.key:
        return ("your knife in its wound (twist the knife)",)
    return ()


def knife_after(
    character: Character, fighter: Fighter, weapon: WeaponProfile, foe: Foe, hit: bool
) -> Fighter:
    """After an attack: the knife comes out of any wound (the next action was taken),
    and a hit with a small blade by one with Twist the Knife leaves it in this one
    (H231)."""
    small = SMALL_BLADE in weapon.types and not weapon.throw
    kept = hit and small and has_technique(character, "twist-the-knife")
    return replace(fighter, twisting=foe.key if kept else "")


def two_fronts_second(character: Character, fighter: Fighter, foe_key: str) -> bool:
    """War On Two Fronts: "Make two attacks in a round against different targets"
    (H232): whether this attack is the second, allowed though the fighter has acted: a
    Warrior with the technique, one attack made this round, on another foe, no cleave
    die on a third target, and no held action or off-hand attack in between."""
    return (
        has_technique(character, "war-on-two-fronts")
        and fighter.acted
        and len(fighter.attacked) == 1
        and foe_key not in fighter.attacked
        and set(fighter.cleaved) <= set(fighter.attacked)
        and not fighter.guarding
    )


def check_two_fronts(character: Character, second: bool, others: int) -> None:
    """War On Two Fronts: "you may not apply cleave dice to any other targets" (H232):
    the second attack's cleave die goes on its own target only.

    Raises:
        RuleError: cleave dice on other targets with the second attack.
    """
    if second and others:
        raise RuleError(
            f"{character.name} fights on two fronts: a cleave die only on each of the two "
            "targets, none on any other (redhack: Character Creation > 3. Backgrounds)"
        )
