"""Spell slots by class, level and the prime attribute (RULINGS R25, R27), and a
character's stored slots kept in step with them.

Sources: redhack: Spellcasting > Arcane Magic ("On every odd level the Wizard gains a
single spell slot of one level higher than his previous slot ... bonus slots for
Intelligence - a level 1 slot at 13, a level 2 slot at 16, and a level 3 slot at 18"),
Divine Magic ("Clerics gain spell slots at even levels, with bonus slots for Wisdom");
RULINGS R25, R27.

>>> wizard_slots(5, 10)
(3, 2, 1)
>>> cleric_slots(4, 16)
(2, 2, 1, 1)
"""

from __future__ import annotations

from dataclasses import replace

from .state import Magic, Slot

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..character import Character

__all__ = [
    "BONUS_THRESHOLDS",
    "CASTERS",
    "bonus_slots",
    "character_slots",
    "class_slots",
    "cleric_slots",
    "emptied",
    "slot_levels",
    "synced_slots",
    "wizard_slots",
]

BONUS_THRESHOLDS: tuple[tuple[int, int], ...] = ((13, 1), (16, 2), (18, 3))
"""``(score, slot level)``: INT (a wizard) or WIS (a cleric) at or above the score adds
a bonus slot of that level, cumulatively (R25, R27)."""

CASTERS: dict[str, tuple[str, str]] = {"wizard": ("arcane", "INT"), "cleric": ("divine", "WIS")}
"""The classes with slots: their magic and the attribute of their bonus slots."""


def bonus_slots(score: int) -> tuple[int, ...]:
    """Bonus slot levels for an INT or WIS score (R25): 13 one of level 1, 16 one of
    level 2 more, 18 one of level 3 more."""
    return tuple(level for threshold, level in BONUS_THRESHOLDS if score >= threshold)


def _table(levels: range) -> list[int]:
    """One slot a level higher than the highest so far at each level in ``levels``."""
    return [number for number, _ in enumerate(levels, start=1)]


def wizard_slots(level: int, intelligence: int) -> tuple[int, ...]:
    """A wizard's slot levels, highest first (R25): a level-1 slot at level 1, then at
    every odd level one slot one level higher than the highest so far (level 5: 3, 2,
    1), plus INT's bonus slots."""
    table = _table(range(1, max(0, level) + 1, 2))
    return tuple(sorted((*table, *bonus_slots(intelligence)), reverse=True))


def cleric_slots(level: int, wisdom: int) -> tuple[int, ...]:
    """A cleric's slot levels, highest first (R27): at every even level one slot one
    level higher than the highest so far (level 2: 1; level 4: 2), plus WIS's bonus
    slots; a level-1 cleric has only WIS's."""
    table = _table(range(2, max(0, level) + 1, 2))
    return tuple(sorted((*table, *bonus_slots(wisdom)), reverse=True))


def class_slots(class_id: str, level: int, score: int) -> tuple[int, ...]:
    """The slots of a class (none for a class that does not cast from slots)."""
    if class_id == "wizard":
        return wizard_slots(level, score)
    if class_id == "cleric":
        return cleric_slots(level, score)
    return ()


def slot_levels(class_id: str, level: int, scores: dict[str, int]) -> tuple[int, ...]:
    """The slots of a character by class, level and scores (R25, R27)."""
    caster = CASTERS.get(class_id)
    if caster is None:
        return ()
    return class_slots(class_id, level, scores.get(caster[1], 10))


def synced_slots(magic: Magic, levels: tuple[int, ...]) -> tuple[Slot, ...]:
    """The stored slots matched to the slots the character has now (a level gained or
    an attribute changed): each level keeps what its stored slots held, in order; new
    slots are empty; bonus slots stay (docs/rulings.md H158)."""
    stored: dict[int, list[Slot]] = {}
    for slot in magic.slots:
        if not slot.bonus:
            stored.setdefault(slot.level, []).append(slot)
    out: list[Slot] = []
    for level in levels:
        kept = stored.get(level)
        out.append(kept.pop(0) if kept else Slot(level))
    out += [s for s in magic.slots if s.bonus]
    return tuple(sorted(out, key=lambda s: (-s.level, s.bonus)))


def emptied(slot: Slot) -> Slot:
    """The slot with nothing in it (a bonus slot too: the caller drops it)."""
    return replace(slot, spell=None, spent=False, inspired=False)


def character_slots(character: Character) -> tuple[Slot, ...]:
    """A character's slots now, with what each holds (:func:`synced_slots` over
    :func:`slot_levels` of their class, level and scores)."""
    levels = slot_levels(character.class_id, character.level, dict(character.scores))
    return synced_slots(character.magic, levels)
