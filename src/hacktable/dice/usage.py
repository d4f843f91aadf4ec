"""Usage and duration dice (redhack: Core Rules > Usage & Duration Dice; RULINGS G3).

The chain is ud20 > ud12 > ud10 > ud8 > ud6 > ud4 > exhausted. Rolling a 1 or 2 steps
the die down one size; a 1 or 2 on a ud4 exhausts it. Advantage on a usage roll rolls
twice and keeps the higher (RULINGS G2).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import IntEnum

from ..errors import DiceSyntaxError, RuleError
from .advantage import Advantage

__all__ = ["UsageDie", "UsageRoll", "roll_usage"]


class UsageDie(IntEnum):
    """A usage die's size; ``EXHAUSTED`` is the end of the chain (RULINGS G3)."""

    EXHAUSTED = 0
    UD4 = 4
    UD6 = 6
    UD8 = 8
    UD10 = 10
    UD12 = 12
    UD20 = 20

    @classmethod
    def parse(cls, text: str | int) -> UsageDie:
        """``"ud6"``, ``"d6"``, ``"6"`` or ``6`` to :attr:`UD6`.

        Raises:
            DiceSyntaxError: not one of ud4, ud6, ud8, ud10, ud12, ud20.
        """
        raw = str(text).strip().lower()
        digits = raw.removeprefix("ud").removeprefix("d")
        if digits.isdigit() and int(digits) in _CHAIN:
            return cls(int(digits))
        raise DiceSyntaxError(
            str(text), 0, "a usage die: ud4, ud6, ud8, ud10, ud12 or ud20", repr(str(text))
        )

    @property
    def exhausted(self) -> bool:
        """Whether the resource is used up or the effect has ended."""
        return self is UsageDie.EXHAUSTED

    def step_down(self) -> UsageDie:
        """The next size down the chain (ud4 steps down to ``EXHAUSTED``).

        Raises:
            RuleError: the die is already exhausted.
        """
        if self.exhausted:
            raise RuleError("an exhausted usage die cannot step down")
        return _CHAIN[_CHAIN.index(self) - 1] if self is not UsageDie.UD4 else UsageDie.EXHAUSTED

    def step_up(self) -> UsageDie:
        """The next size up (the reverse of :meth:`step_down`; ud20 stays ud20)."""
        if self.exhausted:
            return UsageDie.UD4
        index = _CHAIN.index(self)
        return _CHAIN[min(index + 1, len(_CHAIN) - 1)]

    def __str__(self) -> str:
        return "exhausted" if self.exhausted else f"ud{self.value}"


_CHAIN: tuple[UsageDie, ...] = (
    UsageDie.UD4,
    UsageDie.UD6,
    UsageDie.UD8,
    UsageDie.UD10,
    UsageDie.UD12,
    UsageDie.UD20,
)


@dataclass(frozen=True, slots=True)
class UsageRoll:
    """One usage roll.

    Attributes:
        before: the die rolled.
        rolls: the faces (two under advantage or disadvantage).
        kept: the face that counts.
        after: the die afterwards (``before``, one size down, or ``EXHAUSTED``).
        advantage: the net advantage it was rolled with.
    """

    before: UsageDie
    rolls: tuple[int, ...]
    kept: int
    after: UsageDie
    advantage: Advantage = Advantage.NONE

    @property
    def stepped_down(self) -> bool:
        """Whether the roll was a 1 or 2."""
        return self.after is not self.before

    def explain(self) -> str:
        """E.g. ``"ud6: 2 -> steps down to ud4"`` or ``"ud8 with advantage: 1, 5 -> 5"``."""
        head = str(self.before)
        if self.advantage is not Advantage.NONE:
            head += f" with {self.advantage.word}: {', '.join(map(str, self.rolls))} ->"
        head += f" {self.kept}"
        if self.after.exhausted:
            return f"{head}: exhausted"
        if self.stepped_down:
            return f"{head}: steps down to {self.after}"
        return f"{head}: holds"


def roll_usage(
    die: UsageDie, rng: random.Random, advantage: Advantage = Advantage.NONE
) -> UsageRoll:
    """Roll a usage die (RULINGS G3), with advantage per G2.

    Args:
        die: the die to roll; not exhausted.
        rng: the random source.
        advantage: roll twice and keep the higher (or lower).

    Raises:
        RuleError: the die is exhausted.
    """
    if die.exhausted:
        raise RuleError("an exhausted usage die cannot be rolled")
    first = rng.randrange(die.value) + 1
    if advantage is Advantage.NONE:
        rolls: tuple[int, ...] = (first,)
        kept = first
    else:
        second = rng.randrange(die.value) + 1
        rolls = (first, second)
        kept = max(rolls) if advantage is Advantage.ADVANTAGE else min(rolls)
    after = die.step_down() if kept <= 2 else die
    return UsageRoll(die, rolls, kept, after, advantage)
