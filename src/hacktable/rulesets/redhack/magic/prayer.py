"""Praying for spells (redhack: Spellcasting > Divine Magic; RULINGS R27, R33, R34;
docs/rulings.md H168-H171): the roll's terms, and the slots after each result.

>>> from hacktable.rulesets.redhack.magic.state import Slot
>>> prayer_terms((Slot(2, "silence"), Slot(1, "bless", spent=True)), 2, 1)
[('-1 per unused slot (1)', -1), ('relationship with the patron +2', 2), ('WIS modifier +1', 1)]
>>> slots_lost(5)
2
"""

from __future__ import annotations

from dataclasses import replace

from .state import Slot

__all__ = ["lose_highest", "prayer_terms", "regain", "slots_lost"]


def prayer_terms(
    slots: tuple[Slot, ...], relationship: int, wis_modifier: int
) -> list[tuple[str, int]]:
    """The modifiers of the prayer roll, each in words (R27): -1 per slot still holding
    an uncast prayer, + relationship points with the patron of the highest slot, + the
    WIS modifier."""
    unused = sum(1 for s in slots if s.ready)
    return [
        (f"-1 per unused slot ({unused})", -unused),
        (f"relationship with the patron {relationship:+d}", relationship),
        (f"WIS modifier {wis_modifier:+d}", wis_modifier),
    ]


def slots_lost(count: int) -> int:
    """Prayer 6-7, "lose one spell slot for every full 2": one for each two slots the
    cleric has (5 slots: 2; 1 slot: none; H170)."""
    return count // 2


def lose_highest(slots: tuple[Slot, ...], how_many: int) -> tuple[tuple[Slot, ...], list[int]]:
    """Mark the ``how_many`` highest slots not yet lost as lost until the next long rest
    (their prayers gone; H170); the indices lost."""
    order = sorted(
        (i for i, s in enumerate(slots) if not s.lost and not s.bonus),
        key=lambda i: (-slots[i].level, i),
    )
    lost = order[:how_many]
    out = tuple(
        replace(s, lost=True, spell=None, spent=False) if i in lost else s
        for i, s in enumerate(slots)
    )
    return out, lost


def regain(slots: tuple[Slot, ...], fill: dict[int, str]) -> tuple[Slot, ...]:
    """Every slot not lost holds its prayer again (a cast one is fresh), or the prayer
    ``fill`` gives it by index (H171)."""
    out = []
    for index, slot in enumerate(slots):
        if slot.lost:
            out.append(slot)
        elif index in fill:
            out.append(replace(slot, spell=fill[index], spent=False, inspired=False))
        elif slot.spell is not None:
            out.append(replace(slot, spent=False))
        else:
            out.append(slot)
    return tuple(out)
