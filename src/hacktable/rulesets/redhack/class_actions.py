"""Class actions in a fight: a Bard's tricks, a Cleric's turning, and hiding, a Thief's
way to a backstab (redhack: Bard > Tricksy; Cleric > Turn Undead; Thief > Backstab;
RULINGS R15)."""

from __future__ import annotations

from dataclasses import replace

from ...errors import RuleError
from ...rules.resolution import TestKind
from ..base import TestOptions
from .fight import Fight, Fighter, Foe

__all__ = [
    "TRICKS",
    "TRICK_DAMAGE",
    "check_not_self",
    "check_undead",
    "hidden",
    "hiding_options",
    "hinder",
    "trick_options",
    "turn_undead",
    "turning_options",
]

TRICKS = {
    "damage": "the target takes 1d6 damage from dirty tricks",
    "hinder": "the target has disadvantage on its next attack",
    "block": "the target must block a creature moving into combat (even an ally)",
    "redirect": "the target takes a free attack on the Bard; if it misses, it hits a target "
    "of the Bard's choice",
}
"""A Bard's tricks and what each does (redhack: Bard > Tricksy)."""

TRICK_DAMAGE = "1d6"
"""The damage of dirty tricks (redhack: Bard > Tricksy)."""


def trick_options(
    foe: Foe, advantages: tuple[str, ...], disadvantages: tuple[str, ...]
) -> TestOptions:
    """A trick is a DEX (or CHA) test against the creature's HD (redhack: Bard >
    Tricksy; RULINGS R15)."""
    return TestOptions(
        difficulty=foe.hd, advantages=advantages, disadvantages=disadvantages, kind=TestKind.EFFECT
    )


def hinder(fight: Fight, foe_key: str) -> Fight:
    """The hinder trick: disadvantage on the foe's next attack (redhack: Bard >
    Tricksy)."""
    foe = fight.foe(foe_key)
    return fight.with_foe(replace(foe, conditions=(*foe.conditions, "hindered")))


def turning_options(
    foe: Foe, advantages: tuple[str, ...], disadvantages: tuple[str, ...]
) -> TestOptions:
    """Turning undead is a WIS test with the creature's HD as penalty, with disadvantage
    unless a holy symbol is used (the ``turning-undead`` tag, from the data; redhack:
    Cleric > Turn Undead; RULINGS R15)."""
    return TestOptions(
        penalty=foe.hd,
        advantages=advantages,
        disadvantages=disadvantages,
        tags=("turning-undead",),
    )


def check_undead(foe: Foe) -> None:
    """Only the undead are turned (redhack: Cleric > Turn Undead).

    Raises:
        RuleError: ``foe`` is not undead.
    """
    if "undead" not in foe.tags:
        raise RuleError(f"{foe.name} is not undead")


def turn_undead(fight: Fight, foe: Foe) -> tuple[Fight, tuple[Foe, ...]]:
    """A successful turning: every undead of ``foe``'s group still in the fight whose HD
    is no more than its own is turned, and flees (redhack: Cleric > Turn Undead).
    Returns the fight and the foes turned."""
    turned = tuple(
        f for f in fight.members(foe.group) if f.fighting and "undead" in f.tags and f.hd <= foe.hd
    )
    for undead in turned:
        fight = fight.with_foe(replace(undead, status="turned"))
    return fight, turned


def hiding_options(advantages: tuple[str, ...], disadvantages: tuple[str, ...]) -> TestOptions:
    """Hiding is a DEX test for hiding (redhack: Thief > Backstab: "you spent an action
    to hide in a previous round")."""
    return TestOptions(advantages=advantages, disadvantages=disadvantages, tags=("hiding",))


def hidden(fighter: Fighter, round_number: int) -> Fighter:
    """A fighter who hid in round ``round_number`` (a backstab condition in a later
    round, redhack: Thief > Backstab)."""
    return replace(fighter, hidden=True, hid_round=round_number)


def check_not_self(helper: str, patient: str) -> None:
    """A character at 0 HP cannot bandage themselves (RULINGS R11: an ally spends an
    action).

    Raises:
        RuleError: ``helper`` is ``patient`` (their keys).
    """
    if helper == patient:
        raise RuleError("a character at 0 HP cannot bandage themselves")
