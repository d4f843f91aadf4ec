"""Items from black-sword-hack's equipment list (black-sword-hack 2.1.6-2.1.9).

Every weapon deals 1d6 (2.1.6); a two-handed weapon rolls its damage with advantage
(2.1.9); a ranged weapon attacks with DEX (2.1.3). Anything not on the list is custom
gear.
"""

from __future__ import annotations

from ...dice.usage import UsageDie
from ...errors import UnknownNameError
from .character import Item
from .content.index import Content

__all__ = ["make_item"]


def make_item(content: Content, name: str, custom: bool = False) -> tuple[Item, bool]:
    """An item called ``name``: from the equipment list (``True``), or custom gear
    (``False``) when ``custom`` asks for it (docs/rulings.md H191).

    Raises:
        UnknownNameError: not on the list, and ``custom`` not asked.
    """
    if custom:
        return Item(name), False
    known = content.item(name)
    if known is None:
        raise UnknownNameError("equipment", name, [e.id for e in content.equipment])
    usage = UsageDie.parse(known.usage) if known.usage else None
    if known.kind == "weapon":
        types: tuple[str, ...] = ("ranged",) if known.ranged else ()
        types += ("2h",) if known.hands == 2 else ()
        item = Item(known.name, "weapon", known.id, usage, "1d6", known.hands, types)
        return item, True
    return Item(known.name, known.kind, known.id, usage), True
