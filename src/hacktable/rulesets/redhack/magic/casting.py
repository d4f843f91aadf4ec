"""The arcane casting table applied to the slot (redhack: Spellcasting > Arcane Magic;
RULINGS R26; docs/rulings.md H163-H165).

Roll d6, +1 for a level-1 spell, +1 with spell components (whose usage die is rolled
too); disadvantage (armour at or heavier than leather) rolls the d6 twice and keeps the
lower. 1 Oblivion: forgotten. 2-4 Entropy: a random spell from the book exactly one
level lower, else forgotten. 5 Equilibrium: a random spell of the same level from the
book. 6 Inspiration: a spell the GM names, or from a wandering-spell table. 7
Endurance: kept. 8 Epiphany: roll again unmodified, and also gain an Inspiration spell.

>>> [(name, str(p)) for name, p in casting_odds(1, False)]
[('Oblivion', '0'), ('Entropy', '1/2'), ('Equilibrium', '1/6'), ('Inspiration', '1/6'), \
('Endurance', '1/6'), ('Epiphany', '0')]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction

from .state import Slot

__all__ = ["RESULTS", "casting_odds", "describe_odds", "result_of", "roll_d6", "with_result"]

RESULTS: tuple[tuple[str, int, int], ...] = (
    ("Oblivion", 1, 1),
    ("Entropy", 2, 4),
    ("Equilibrium", 5, 5),
    ("Inspiration", 6, 6),
    ("Endurance", 7, 7),
    ("Epiphany", 8, 8),
)
"""The casting table's results and their ranges (R26; the table in tables.toml)."""


def result_of(value: int) -> str:
    """The result a modified roll reads (clamped to 1-8, as the table is)."""
    value = max(1, min(8, value))
    return next(name for name, low, high in RESULTS if low <= value <= high)


def casting_odds(modifier: int, disadvantage: bool) -> list[tuple[str, Fraction]]:
    """The exact chance of each result, by enumeration of the d6 (two with
    disadvantage, keeping the lower)."""
    counts = dict.fromkeys((name for name, _, _ in RESULTS), 0)
    pairs = [(a, b) for a in range(1, 7) for b in range(1, 7)] if disadvantage else None
    faces = [min(a, b) for a, b in pairs] if pairs else list(range(1, 7))
    for face in faces:
        counts[result_of(face + modifier)] += 1
    return [(name, Fraction(count, len(faces))) for name, count in counts.items()]


def describe_odds(odds: Sequence[tuple[str, Fraction]]) -> str:
    """The odds in the form a test's odds take (:meth:`TestOdds.describe`): each
    possible result with two decimals, the impossible ones left out.

    >>> describe_odds(casting_odds(2, False))
    'Entropy 33.33%, Equilibrium 16.67%, Inspiration 16.67%, Endurance 16.67%, Epiphany 16.67%'
    """
    return ", ".join(f"{name} {float(p * 100):.2f}%" for name, p in odds if p)


def roll_d6(rng: random.Random, disadvantage: bool) -> tuple[tuple[int, ...], int]:
    """The d6 (twice, keeping the lower, with disadvantage): the faces and the kept."""
    faces = (rng.randint(1, 6), rng.randint(1, 6)) if disadvantage else (rng.randint(1, 6),)
    return faces, min(faces)


def with_result(
    slot: Slot,
    result: str,
    *,
    lower: Sequence[str],
    same: Sequence[str],
    inspiration: str | None,
    rng: random.Random,
    name_of: Callable[[str], str] = str,
) -> tuple[Slot | None, str]:
    """What the slot holds after a result (``None``: a bonus slot emptied is gone;
    H166): ``lower`` and ``same`` are the book's spells one level lower and of the same
    level; ``inspiration`` the Inspiration spell (named or rolled by the caller);
    ``name_of`` names a spell id in the line."""
    if result == "Oblivion":
        return _empty(slot), "the spell is forgotten"
    if result == "Entropy":
        return _from_book(slot, lower, ("one level lower", "one level lower"), rng, name_of)
    if result == "Equilibrium":
        return _from_book(slot, same, ("of that level", "same level"), rng, name_of)
    if result == "Inspiration":
        if inspiration is None:
            return _empty(slot), "no Inspiration spell to be had: the spell is forgotten"
        return (
            replace(slot, spell=inspiration, inspired=True),
            f"replaced by {name_of(inspiration)} (Inspiration: it cannot be written down)",
        )
    return slot, "the spell remains memorised"


def _from_book(
    slot: Slot,
    pool: Sequence[str],
    words: tuple[str, str],
    rng: random.Random,
    name_of: Callable[[str], str],
) -> tuple[Slot | None, str]:
    """Entropy and Equilibrium (RULINGS R26): a random spell of ``pool`` from the book,
    or, with none, the spell forgotten; ``words`` say which level, for both lines."""
    if not pool:
        return _empty(slot), f"no spell {words[0]} in the book: the spell is forgotten"
    spell = rng.choice(list(pool))
    return replace(slot, spell=spell, inspired=False), f"replaced by {name_of(spell)} ({words[1]})"


def _empty(slot: Slot) -> Slot | None:
    return None if slot.bonus else replace(slot, spell=None, spent=False, inspired=False)
