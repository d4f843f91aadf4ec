"""The Doom die (RULINGS B2; black-sword-hack 2.1.2, 2.1.10).

Every character has one, a usage die (RULINGS G3) of the campaign's size (ud6 by
default, ud8 at level 10). It is rolled when the character takes the same action twice
in a turn, declares an attack effect, or after a critical failure; a 1 or 2 steps it
down, and once exhausted the character is Doomed (disadvantage on attribute tests)
until a long rest restores it. A Doomed character has no die to roll: they cannot
repeat an action in a turn nor declare an attack effect (the ``doomed-actions``
setting may allow it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ...dice.usage import UsageDie, UsageRoll, roll_usage
from ...errors import RuleError
from .character import Character

__all__ = ["WHY", "DoomRoll", "doom_die_at", "require_doom", "roll_doom"]

WHY = {
    "repeat": "the same action twice in a turn",
    "effect": "an attack effect declared",
    "critical failure": "a critical failure",
    "sorcery": "the price of sorcery",
    "gm": "the GM asks for it",
    "player": "the player rolls it",
}
"""Why a Doom roll is made, in words (RULINGS B2)."""


@dataclass(frozen=True, slots=True)
class DoomRoll:
    """A Doom roll and what it did.

    Attributes:
        character: the character afterwards (their Doom die stepped down, or not).
        roll: the usage roll.
        why: why it was rolled (a key of :data:`WHY`).
        doomed: whether it exhausted the die: the character is now Doomed.
    """

    character: Character
    roll: UsageRoll
    why: str
    doomed: bool

    def explain(self) -> str:
        """E.g. ``"Doom die (an attack effect declared): ud6 2 -> steps down to ud4"``."""
        text = f"Doom die ({WHY.get(self.why, self.why)}): {self.roll.explain()}"
        if self.doomed:
            text += f"; {self.character.name} is Doomed"
        return text


def roll_doom(character: Character, why: str, rng: random.Random) -> DoomRoll:
    """Roll ``character``'s Doom die (RULINGS B2, G3).

    Raises:
        RuleError: the die is already exhausted (the character is Doomed).
    """
    if character.doom.exhausted:
        raise RuleError(
            f"{character.name} is Doomed: no Doom die to roll until a long rest (RULINGS B2)"
        )
    rolled = roll_usage(character.doom, rng)
    after = replace(character, doom=rolled.after)
    return DoomRoll(after, rolled, why, rolled.after.exhausted)


def require_doom(character: Character, what: str, setting: object) -> None:
    """Check that ``character`` may do what needs a Doom roll (repeat an action, declare
    an attack effect): a Doomed character cannot unless the ``doomed-actions`` setting
    allows it (RULINGS B2).

    Raises:
        RuleError: they are Doomed and the setting forbids it.
    """
    if character.doomed and str(setting) != "allowed":
        raise RuleError(
            f"{character.name} is Doomed and cannot {what}: there is no Doom die to roll "
            "until a long rest (RULINGS B2)"
        )


def doom_die_at(level: int, start: UsageDie, steps: int = 0) -> UsageDie:
    """The Doom die's full size at ``level``: the campaign's start, one size larger at
    level 10 (RULINGS B2, B7), and ``steps`` larger for gifts.

    >>> str(doom_die_at(9, UsageDie.UD6)), str(doom_die_at(10, UsageDie.UD6))
    ('ud6', 'ud8')
    """
    die = start
    for _ in range(steps + (1 if level >= 10 else 0)):
        die = die.step_up()
    return die
