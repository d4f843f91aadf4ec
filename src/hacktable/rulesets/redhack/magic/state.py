"""What a caster keeps on their character: the book, the slots and what each holds,
what the last rest lets them memorise, and their patrons (RULINGS R25-R27, R34).

These are values only (no rules): :mod:`.slots` computes the slots a character has.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ALL", "Magic", "Slot"]

ALL = -1
"""A memorising allowance of every slot (a long rest, a full day, downtime; R19)."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One spell slot.

    Attributes:
        level: the slot's level (1-7); it can hold a spell of this level or lower (R25).
        spell: the spell id it holds, or ``None`` when empty.
        spent: the prayer in it was cast (a divine spell is gone when cast, R27; the id
            is kept so a prayer can regain it).
        inspired: the spell came by Inspiration: it cannot be written down or copied
            (R26, R34).
        lost: a prayer took the slot away until the next long rest (docs/rulings.md
            H170).
        bonus: an extra slot outside the table (an Epiphany's Inspiration spell, a
            prayer's perfect spell): gone once emptied (H166, H171).
    """

    level: int
    spell: str | None = None
    spent: bool = False
    inspired: bool = False
    lost: bool = False
    bonus: bool = False

    @property
    def ready(self) -> bool:
        """Whether it holds a spell that can be cast."""
        return self.spell is not None and not self.spent and not self.lost


@dataclass(frozen=True, slots=True)
class Magic:
    """A caster's magic (empty for every other character).

    Attributes:
        book: the spell ids of a wizard's book or a cleric's prayerbook (R25, R27).
        cantrip: a wizard's cantrip, cast at will (R25).
        slots: the slots and what each holds (highest level first).
        memorise: spells the last rest lets them memorise: 0, 1 (a short rest) or
            :data:`ALL` (R19; docs/rulings.md H160).
        patrons: ``(patron, relationship points)`` pairs, set by the GM (R34).
        servant: the patron that grants levels 3-5 (the deity's servant), if named
            (docs/rulings.md H168).
        silenced_day: the campaign day on which prayer fell silent (prayer 1-2), 0 if
            none (docs/rulings.md H169).
    """

    book: tuple[str, ...] = ()
    cantrip: str | None = None
    slots: tuple[Slot, ...] = ()
    memorise: int = 0
    patrons: tuple[tuple[str, int], ...] = ()
    servant: str | None = None
    silenced_day: int = 0
