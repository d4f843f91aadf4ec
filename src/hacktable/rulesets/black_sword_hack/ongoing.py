"""Ongoing damage (black-sword-hack 2.1.11; RULINGS G3).

Acid, poison, fire, a vicious wound (2.1.10): a usage die (generally ud4 or ud6)
rolled as damage at the start of each turn until it is depleted, a 1 or 2 stepping it
down (G3), or until it is stopped (a dousing, an antidote: the GM's ``ongoing stop``).
Armour does not stop it (docs/rulings.md H136).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ...dice.usage import UsageRoll, roll_usage
from .fight import Ongoing

__all__ = ["Tick", "tick"]


@dataclass(frozen=True, slots=True)
class Tick:
    """One turn of ongoing damage.

    Attributes:
        ongoing: what was rolled.
        roll: the usage roll.
        damage: the damage it deals (the face rolled).
        after: what is left (``None``: depleted).
    """

    ongoing: Ongoing
    roll: UsageRoll
    damage: int
    after: Ongoing | None

    def explain(self) -> str:
        """E.g. ``"vicious wound ud4: 3 -> holds: 3 damage"``."""
        tail = "" if self.after is not None else " (depleted)"
        return f"{self.ongoing.label} {self.roll.explain()}: {self.damage} damage{tail}"


def tick(ongoing: Ongoing, rng: random.Random) -> Tick:
    """Roll ``ongoing``'s usage die as damage (2.1.11; RULINGS G3)."""
    rolled = roll_usage(ongoing.die, rng)
    after = None if rolled.after.exhausted else replace(ongoing, die=rolled.after)
    return Tick(ongoing, rolled, rolled.kept, after)
