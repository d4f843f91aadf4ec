"""Memorising spells into slots (redhack: Exploration & Dungeons > Magic; RULINGS R19,
R25; docs/rulings.md H160, H161).

>>> from hacktable.rulesets.redhack.magic.state import Slot
>>> place((Slot(2), Slot(1)), [("sleep", 1), ("web", 2)], None)
(Slot(level=2, spell='web', spent=False, inspired=False, lost=False, bonus=False), \
Slot(level=1, spell='sleep', spent=False, inspired=False, lost=False, bonus=False))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ....errors import RuleError
from .state import Slot

__all__ = ["place"]


def place(
    slots: tuple[Slot, ...], spells: Sequence[tuple[str, int]], level: int | None
) -> tuple[Slot, ...]:
    """Put each ``(spell id, spell level)`` in a slot (H161): with ``level``, a slot of
    that level; otherwise an empty (or cast) slot of the spell's own level, else the
    lowest empty one above it (a slot can hold a lower-level spell, R25), else a slot
    of its level whose spell it replaces, else the lowest above it. A slot filled by
    this memorising is not filled twice; a lost slot (H170) takes nothing. Memorising
    "removes all checks from the spell slot": the spell is fresh, not Inspiration.

    Raises:
        RuleError: no slot can take a spell (naming it and its level).
    """
    out = list(slots)
    filled: set[int] = set()
    for spell_id, spell_level in spells:
        usable = [
            i
            for i, slot in enumerate(out)
            if i not in filled
            and not slot.lost
            and not slot.bonus
            and slot.level >= spell_level
            and (level is None or slot.level == level)
        ]
        if not usable:
            where = f"level-{level} slot" if level is not None else f"slot of level {spell_level}+"
            raise RuleError(
                f"no free {where} for {spell_id} (level {spell_level}): a slot holds a spell "
                "of its level or lower (RULINGS R25)"
            )
        free = [i for i in usable if not out[i].ready]
        pool = free or usable
        choice = min(pool, key=lambda i: (out[i].level, i))
        out[choice] = replace(out[choice], spell=spell_id, spent=False, inspired=False)
        filled.add(choice)
    return tuple(out)
