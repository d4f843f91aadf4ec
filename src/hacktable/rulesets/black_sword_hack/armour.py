"""Armour and shields (black-sword-hack 2.1.7, 2.1.8; RULINGS B5).

Worn armour's rating is subtracted from each hit (light 1, medium 2, heavy 3; damage
never below 0); a critical failure on the defence ignores it. Natural armour from a
gift adds to it (:mod:`.effects`).
"""

from __future__ import annotations

from . import effects
from .character import Character, Item
from .content.index import Content

__all__ = ["armour_rating", "damage_taken", "held_shield", "item_rating"]


def item_rating(content: Content, item: Item) -> int:
    """An armour item's rating from the equipment list (custom armour: by its name's
    weight word, else light)."""
    known = content.item(item.ref or item.name)
    if known is not None and known.kind == "armour":
        return known.armour
    name = item.name.lower()
    for word, rating in (("heavy", 3), ("plate", 3), ("medium", 2), ("mail", 2), ("chain", 2)):
        if word in name:
            return rating
    return 1


def armour_rating(content: Content, character: Character) -> int:
    """The rating subtracted from each hit: the worn armour's (none 0) plus natural
    armour (RULINGS B5)."""
    worn = [
        item_rating(content, i) for i in character.inventory if i.kind == "armour" and i.equipped
    ]
    return max(worn, default=0) + effects.natural_armour(content, character)


def damage_taken(damage: int, rating: int, ignore_armour: bool = False) -> int:
    """Damage after armour, never below 0; a critical failure on the defence ignores
    armour (2.1.4, 2.1.7; RULINGS B5).

    >>> damage_taken(5, 2), damage_taken(1, 3), damage_taken(5, 2, ignore_armour=True)
    (3, 0, 5)
    """
    return damage if ignore_armour else max(0, damage - rating)


def held_shield(character: Character) -> int | None:
    """The index of the shield the character holds (worn), or ``None`` (2.1.8)."""
    for index, item in enumerate(character.inventory):
        if item.kind == "shield" and item.equipped:
            return index
    return None
