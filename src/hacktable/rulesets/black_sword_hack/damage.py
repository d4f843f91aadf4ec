"""Damage rolls (black-sword-hack 2.1.3, 2.1.6, 2.1.9; RULINGS B4, G2).

Any weapon deals 1d6 and bare hands 1d4 (or what a gift makes them); a two-handed
weapon rolls its damage with advantage, twice keeping the higher (RULINGS G2); a
critical success deals the die's maximum and another die on top (2.1.3). Every die
rolled is recorded, and which were kept.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = ["DamageRoll", "roll_damage"]


@dataclass(frozen=True, slots=True)
class DamageRoll:
    """A damage roll.

    Attributes:
        die: the damage die, e.g. ``"1d6"``.
        rolls: every face rolled, in order.
        kept: the faces that count (one, or on a critical the die's maximum and the
            extra die).
        total: the damage before armour.
        explanation: the roll in words, e.g. ``"1d6 with advantage (two-handed): 2, 5
            -> 5"`` or ``"critical: 6 (the die's maximum) + 1d6 4 = 10"``.
    """

    die: str
    rolls: tuple[int, ...]
    kept: tuple[int, ...]
    total: int
    explanation: str


def _sides(die: str) -> int:
    return int(die.lower().split("d", 1)[1])


def _one(die: str, rng: random.Random, two_handed: bool) -> tuple[tuple[int, ...], int, str]:
    sides = _sides(die)
    first = rng.randrange(sides) + 1
    if not two_handed:
        return (first,), first, f"{die} {first}"
    second = rng.randrange(sides) + 1
    kept = max(first, second)
    return (first, second), kept, f"{die} with advantage (two-handed): {first}, {second} -> {kept}"


def roll_damage(
    die: str, rng: random.Random, *, two_handed: bool = False, critical: bool = False
) -> DamageRoll:
    """Roll damage with ``die`` (2.1.3, 2.1.6, 2.1.9).

    Args:
        die: the damage die, ``"1d6"`` (any weapon), ``"1d4"`` (unarmed) or a gift's.
        rng: the random source (RULINGS G1).
        two_handed: roll with advantage, twice keeping the higher (2.1.9; RULINGS G2);
            on a critical the extra die is rolled so too.
        critical: a critical success: the die's maximum plus another die (2.1.3).

    >>> roll_damage("1d6", random.Random(1), critical=True).explanation
    "critical: 6 (the die's maximum) + 1d6 2 = 8"
    """
    rolls, kept, text = _one(die, rng, two_handed)
    if not critical:
        return DamageRoll(die, rolls, (kept,), kept, text)
    top = _sides(die)
    total = top + kept
    explanation = f"critical: {top} (the die's maximum) + {text} = {total}"
    return DamageRoll(die, rolls, (top, kept), total, explanation)
