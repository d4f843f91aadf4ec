"""fantasy-hack's equipment list (``data/equipment.toml``), validated on load, and the
items it makes.

RULINGS F1: weapons light 1d6, medium 1d8, heavy 1d10 (two hands); armour light +2,
medium +4, heavy +6, shield +1. fantasy-hack Part III, Combat: a ranged weapon attacks
with DEX; STR adds to melee and thrown damage, not a bow's. Anything not on the list is
custom gear (docs/rulings.md H191).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

import msgspec

from ...errors import RulesDataError, UnknownNameError
from ...rules.content import load_toml, require_unique
from .character import Item, fold

__all__ = [
    "ARMOUR_BONUS",
    "DAMAGE",
    "Equipment",
    "EquipmentFile",
    "equipment",
    "item_names",
    "make_item",
]

DAMAGE: dict[str, str] = {"light": "1d6", "medium": "1d8", "heavy": "1d10"}
"""A weapon's damage by its size (RULINGS F1)."""

ARMOUR_BONUS: dict[str, int] = {"light": 2, "medium": 4, "heavy": 6}
"""Armour's bonus to AC by its weight (RULINGS F1); a shield gives +1."""

SHIELD_BONUS = 1
"""A shield's bonus to AC (RULINGS F1)."""

Size = Literal["light", "medium", "heavy"]


class Equipment(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One entry of the equipment list.

    Attributes:
        id: kebab-case id.
        name: as shown.
        kind: ``weapon``, ``armour``, ``shield``, ``light`` or ``gear``.
        size: a weapon's or armour's size (light, medium, heavy).
        hands: hands a weapon needs (heavy weapons: 2, F1).
        ranged: a bow, crossbow or sling (DEX to hit, no STR to damage).
        thrown: may be thrown (DEX to hit, STR to damage).
        aliases: other names it is known by.
    """

    id: str
    name: str
    kind: Literal["weapon", "armour", "shield", "light", "gear"]
    size: Size | None = None
    hands: int = 1
    ranged: bool = False
    thrown: bool = False
    aliases: tuple[str, ...] = ()


class EquipmentFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``data/equipment.toml``."""

    item: tuple[Equipment, ...]


def _check(entries: tuple[Equipment, ...]) -> None:
    require_unique("equipment.toml", "item", [e.id for e in entries])
    for entry in entries:
        if entry.kind in ("weapon", "armour") and entry.size is None:
            raise RulesDataError("equipment.toml", entry.id, f"a {entry.kind} needs a size")
        if entry.kind not in ("weapon", "armour") and entry.size is not None:
            raise RulesDataError("equipment.toml", entry.id, "only weapons and armour have a size")
        if entry.size == "heavy" and entry.kind == "weapon" and entry.hands != 2:
            raise RulesDataError("equipment.toml", entry.id, "a heavy weapon takes two hands (F1)")


@cache
def equipment() -> tuple[Equipment, ...]:
    """The packaged equipment list, validated (cached).

    Raises:
        RulesDataError: the file is broken.
    """
    loaded = load_toml("hacktable.rulesets.fantasy_hack.data", "equipment.toml", EquipmentFile)
    entries = tuple(
        msgspec.structs.replace(e, hands=2) if e.kind == "weapon" and e.size == "heavy" else e
        for e in loaded.item
    )
    _check(entries)
    return entries


def _find(name: str) -> Equipment | None:
    wanted = fold(name.replace("-", " "))
    for entry in equipment():
        names = (entry.id, entry.name, *entry.aliases)
        if any(fold(n.replace("-", " ")) == wanted for n in names):
            return entry
    return None


def item_of(entry: Equipment) -> Item:
    """The item an entry makes: a weapon with its damage and types (``light``,
    ``ranged``, ``thrown``, ``2h``), armour with its bonus (F1)."""
    if entry.kind == "weapon":
        assert entry.size is not None
        types: tuple[str, ...] = (entry.size,)
        types += ("ranged",) if entry.ranged else ()
        types += ("thrown",) if entry.thrown else ()
        types += ("2h",) if entry.hands == 2 else ()
        return Item(
            entry.name,
            "weapon",
            entry.id,
            damage=DAMAGE[entry.size],
            hands=entry.hands,
            types=types,
        )
    if entry.kind == "armour":
        assert entry.size is not None
        return Item(
            entry.name, "armour", entry.id, types=(entry.size,), bonus=ARMOUR_BONUS[entry.size]
        )
    if entry.kind == "shield":
        return Item(entry.name, "shield", entry.id, bonus=SHIELD_BONUS)
    return Item(entry.name, entry.kind, entry.id)


def make_item(name: str, custom: bool = False) -> tuple[Item, bool]:
    """An item called ``name`` from the list (``True``), or custom gear (``False``)
    when ``custom`` asks for it (docs/rulings.md H191).

    Raises:
        UnknownNameError: not on the list, and ``custom`` not asked.
    """
    if custom:
        return Item(name), False
    entry = _find(name)
    if entry is None:
        raise UnknownNameError("equipment", name, [e.id for e in equipment()])
    return item_of(entry), True


def item_names() -> tuple[str, ...]:
    """The list's ids, for tab completion of ``give``."""
    return tuple(e.id for e in equipment())
