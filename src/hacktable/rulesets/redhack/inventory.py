"""What a character carries: items from the equipment list, slots and encumbrance.

Sources: redhack: Equipment > Equipment List, Encumberance; RULINGS R29.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...dice.usage import UsageDie
from . import containers
from .character import Character, Item
from .content.equipment import Armour, ArmourPiece, EquipmentItem, Gear, Weapon
from .content.index import Content

__all__ = ["carry_check", "encumbrance", "hands_check", "item_from", "load", "make_item"]


def load(character: Character) -> int:
    """Inventory slots in use (redhack: Equipment > Encumberance; RULINGS R29): each
    item's slots (times its quantity, but a usage die of torches or rations is one
    bundle), and one slot per 250 coins or part of it; what is in a container counts
    once (:func:`.containers.load`, docs/rulings.md H195)."""
    return containers.load(character)


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


def hands_check(before: Character, after: Character) -> str | None:
    """At most DEX items held or in pockets and clothes, sacks included, worn
    containers and worn armour not (redhack: Equipment > Encumberance; RULINGS R29;
    docs/rulings.md H196): said when a change passes it, not refused.

    Returns:
        The line saying ``after`` holds more than DEX (when the change added to what is
        held), or ``None``.
    """
    count, dex = containers.held(after), after.score("DEX")
    if count > dex and count > containers.held(before):
        return (
            f"{after.name} has {count} items in hand, pockets and clothes, more than "
            f"DEX {dex} (redhack: Equipment > Encumberance): put some in a backpack "
            "or a sack ('put')"
        )
    return None


_MAGIC = re.compile(r"(?P<base>.*\S)\s*\+(?P<bonus>[1-9])")
"""A magic weapon's name: a weapon of the list and its bonus (``"sword +3"``)."""


def make_item(content: Content, name: str, custom: bool = False) -> tuple[Item, bool]:
    """An item from the equipment list as a player names it (redhack: Equipment;
    docs/rulings.md H190), or custom gear when ``custom`` asks for it (H191). A weapon
    of the list named with a bonus (``"sword +3"``) is a magic weapon: its bonus is
    added to the attack attribute (redhack: Core Rules > Attributes Above 19; RULINGS
    R2; docs/rulings.md H220). "scroll of SPELL" is a scroll (H173).

    Returns:
        The item, and whether it is on the equipment list.

    Raises:
        UnknownNameError: not on the list ("did you mean ...?") and not ``custom``.
    """
    if custom:
        return Item(name=name), False
    magic = _MAGIC.fullmatch(name.strip())
    if magic is not None:
        item, known = make_item(content, magic["base"])
        if known and item.kind == "weapon":
            bonus = int(magic["bonus"])
            return replace(item, name=f"{item.name} +{bonus}", bonus=bonus), True
    scroll = _scroll(name)
    if scroll is not None:
        return scroll, True
    return item_from(content.equipment(name)), True


def _scroll(name: str) -> Item | None:
    """A scroll of a spell on the packaged list, named "scroll of SPELL" (RULINGS R34;
    docs/rulings.md H173), or ``None`` when ``name`` does not name a scroll.

    Raises:
        UnknownNameError: a scroll of a spell the list lacks.
    """
    words = name.strip().split(None, 2)
    if len(words) < 3 or words[0].lower() != "scroll" or words[1].lower() != "of":
        return None
    from .content.spells import load_spells

    spell = load_spells().get(words[2])
    return Item(name=f"Scroll of {spell.name}")


def item_from(entry: EquipmentItem) -> Item:
    """The inventory item an equipment entry makes (redhack: Equipment > Equipment
    List): its kind, usage die, hands and slots."""
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
        elif entry.category == "container":
            kind = "container"  # each its own line (H195)
    return Item(
        name=entry.name,
        kind=kind,
        ref=entry.id,
        usage=usage,
        hands=hands,
        slots=entry.slots,
        notes=entry.notes,
    )
