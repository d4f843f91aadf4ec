"""What a character carries: items from the equipment list, slots and encumbrance.

Sources: redhack: Equipment > Equipment List, Encumberance; RULINGS R29.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...dice.usage import UsageDie
from ...errors import UnknownNameError
from .character import Character, Item
from .content.equipment import Armour, ArmourPiece, Gear, Weapon
from .content.index import Content

__all__ = ["carry_check", "encumbrance", "load", "make_item"]


def load(character: Character) -> int:
    """Inventory slots in use (redhack: Equipment > Encumberance; RULINGS R29): each
    item's slots (times its quantity, but a usage die of torches or rations is one
    bundle), and one slot per 250 coins or part of it."""
    items = sum(i.slots * (1 if i.usage else i.quantity) for i in character.inventory)
    return items + -(-character.coins // 250)


def encumbrance(character: Character) -> str:
    """``"unencumbered"`` (up to STR slots), ``"encumbered"`` (up to twice STR:
    disadvantage on movement tests, -1 travel speed) or ``"overloaded"`` (more cannot
    be carried) (RULINGS R29)."""
    used, strength = load(character), character.score("STR")
    if used <= strength:
        return "unencumbered"
    return "encumbered" if used <= 2 * strength else "overloaded"


def carry_check(before: Character, after: Character) -> str | None:
    """RULINGS R29: beyond twice STR in slots, more cannot be carried (when coins were
    added, the reason says that 250 coins take a slot).

    Returns:
        Why ``after`` cannot carry what it gained over ``before``, or ``None``.
    """
    used = load(after)
    if used > load(before) and encumbrance(after) == "overloaded":
        limit = 2 * after.score("STR")
        coins = " (250 coins to a slot)" if after.coins > before.coins else ""
        return (
            f"{after.name} cannot carry that: {used} slots, at most {limit} "
            f"(twice STR, RULINGS R29){coins}"
        )
    return None


_MAGIC = re.compile(r"(?P<base>.*\S)\s*\+(?P<bonus>[1-9])")
"""A magic weapon's name: a weapon of the list and its bonus (``"sword +3"``)."""


def make_item(content: Content, name: str) -> tuple[Item, bool]:
    """An item from the equipment list (redhack: Equipment), or custom gear. A weapon
    of the list named with a bonus (``"sword +3"``) is a magic weapon: its bonus is
    added to the attack attribute (redhack: Core Rules > Attributes Above 19; RULINGS
    R2; docs/rulings.md H220).

    Returns:
        The item, and whether it is on the equipment list.
    """
    magic = _MAGIC.fullmatch(name.strip())
    if magic is not None:
        item, known = make_item(content, magic["base"])
        if known and item.kind == "weapon":
            bonus = int(magic["bonus"])
            return replace(item, name=f"{item.name} +{bonus}", bonus=bonus), True
    try:
        entry = content.equipment(name)
    except UnknownNameError:
        return Item(name=name), False
    kind = "gear"
    usage: UsageDie | None = None
    hands: int | None = None
    if isinstance(entry, Weapon):
        kind, hands = "weapon", entry.hands
    elif isinstance(entry, Armour):
        kind = "armour"
    elif isinstance(entry, ArmourPiece):
        kind = entry.kind
    elif isinstance(entry, Gear):
        usage = entry.usage_die
        kind = (
            "light"
            if entry.light_source
            else ("tool" if entry.category == "class-tool" else "gear")
        )
        if entry.id in ("arrows", "quarrels", "silver-arrow"):
            kind = "ammunition"
    return Item(
        name=entry.name,
        kind=kind,
        ref=entry.id,
        usage=usage,
        hands=hands,
        slots=entry.slots,
        notes=entry.notes,
    ), True
