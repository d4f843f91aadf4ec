"""A caster's starting book: a wizard's cantrip and 3 spells, a cleric's prayerbook of
4 prayers of levels 1-2, chosen or rolled (redhack: Spellcasting; RULINGS R25, R27,
R32; docs/rulings.md H159).

>>> import random
>>> from hacktable.rulesets.redhack.content.spells import load_spells
>>> magic, line = starting_book(load_spells(), "wizard", ("sleep", "light", "shield"),
...                             "spark", random.Random(1), (1,))
>>> magic.book, magic.cantrip, line
(('sleep', 'light', 'shield'), 'spark', 'Book: cantrip Spark; Sleep, Light, Shield')
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ....errors import RuleError
from ..content.spells import Spell, SpellList
from .slots import synced_slots
from .state import Magic

__all__ = ["BOOK_SIZES", "book_choices", "starting_book"]

BOOK_SIZES: dict[str, tuple[str, int, tuple[int, ...]]] = {
    "wizard": ("arcane", 3, (1,)),
    "cleric": ("divine", 4, (1, 2)),
}
"""Per class: the magic, how many spells the book starts with, and of which levels (a
wizard's 3 of level 1, a cleric's 4 of levels 1-2; H159)."""


def book_choices(spells: SpellList, class_id: str) -> tuple[Spell, ...]:
    """The spells a new character's book may start with."""
    kind, _, levels = BOOK_SIZES[class_id]
    return tuple(s for s in spells.spells if s.kind == kind and s.level in levels)


def _chosen(
    spells: SpellList, class_id: str, chosen: Sequence[str], allowed: tuple[Spell, ...]
) -> list[Spell]:
    kind, size, levels = BOOK_SIZES[class_id]
    found = [spells.get(name) for name in chosen]
    span = "level 1" if levels == (1,) else "levels 1-2"
    for spell in found:
        if spell not in allowed:
            raise RuleError(
                f"{spell.name} is not a {kind} spell of {span}: a new {class_id}'s book "
                f"holds {size} of those (redhack: Spellcasting)"
            )
    if len({s.id for s in found}) != len(found) or len(found) != size:
        raise RuleError(
            f"a new {class_id}'s book holds {size} different {kind} spells of {span}, "
            f"not {len(found)} (redhack: Spellcasting)"
        )
    return found


def starting_book(
    spells: SpellList,
    class_id: str,
    chosen: Sequence[str],
    cantrip: str | None,
    rng: random.Random,
    levels: tuple[int, ...],
) -> tuple[Magic, str]:
    """The starting book and its line for the creation's log: the spells chosen, else
    rolled (distinct, uniformly from :func:`book_choices`); a wizard's cantrip chosen
    or rolled from the cantrips. ``levels`` are the character's slot levels (empty
    slots to start with).

    Raises:
        RuleError: a chosen spell of the wrong kind or level, a repeated one, the wrong
            number, or a cantrip for a cleric or one that is not a cantrip.
        UnknownNameError: no such spell.
    """
    allowed = book_choices(spells, class_id)
    _, size, _ = BOOK_SIZES[class_id]
    rolled = not chosen
    book = rng.sample(list(allowed), size) if rolled else _chosen(spells, class_id, chosen, allowed)
    picked: Spell | None = None
    if class_id == "wizard":
        cantrips = spells.of("arcane", 0)
        if cantrip is None:
            picked = rng.choice(cantrips) if cantrips else None
        else:
            picked = spells.get(cantrip)
            if not picked.cantrip:
                raise RuleError(f"{picked.name} is not a cantrip (a level-0 arcane spell)")
    elif cantrip is not None:
        raise RuleError("only a wizard starts with a cantrip (redhack: Arcane Magic)")
    magic = Magic(
        book=tuple(s.id for s in book),
        cantrip=None if picked is None else picked.id,
        slots=synced_slots(Magic(), levels),
    )
    title = "Book" if class_id == "wizard" else "Prayerbook"
    head = f"cantrip {picked.name}; " if picked is not None else ""
    line = f"{title}: {head}{', '.join(s.name for s in book)}"
    return magic, line + (" (rolled)" if rolled or (picked and cantrip is None) else "")
