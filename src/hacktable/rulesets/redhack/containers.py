"""Containers and what a character holds (redhack: Equipment > Encumberance, Miscellany;
RULINGS R29; docs/rulings.md H195-H198).

A coin pouch holds 250 coins; a small sack 5 items or 1,250 coins; a large sack and a
backpack 10 items or 2,500 coins (250 coins fill an item's room); a backpack and a
quiver are worn and leave the hands free. What is in a container counts once: the
container takes the slots of what it holds, at least its own (H195). At most DEX items
are held or in pockets and clothes: sacks and pouches count one each, whatever they
hold, worn containers and worn armour not at all (H196). 10 rings or gems go to a slot.

The inventory stays flat: an item in a container names it (``Item.holder``), a
container has a label (``Item.label``) and holds some of the character's coins
(``Item.coins``). Coins spent come from the loose coins first, then from the
containers, the latest first (H197).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache

from ...errors import RuleError
from ...play.character import Item
from .character import Character
from .content.equipment import Gear

__all__ = [
    "COIN_SLOT",
    "Holds",
    "container_at",
    "contents",
    "held",
    "holds",
    "inner_slots",
    "item_slots",
    "load",
    "loose_coins",
    "put_coins",
    "put_item",
    "stored_coins",
    "take_coins",
    "take_item",
]

COIN_SLOT = 250
"""Coins to a slot (RULINGS R29)."""

SMALL_TO_A_SLOT = 10
"""Rings or gems to a slot (RULINGS R29)."""

_SMALL = re.compile(r"\b(rings?|gems?|jewels?|gemstones?)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Holds:
    """What a container holds (redhack: Equipment > Miscellany).

    Attributes:
        items: room in slots (``None``: no items, the coin pouch), or ``None`` with
            ``ammunition`` for the quiver.
        coins: room for coins (``None``: no coins).
        worn: worn, leaving the hands free (backpack, quiver): not held (R29).
        ammunition: holds only ammunition (the quiver), as much as the character has.
    """

    items: int | None
    coins: int | None
    worn: bool
    ammunition: bool = False


@cache
def _holds(ref: str) -> Holds | None:
    from .content.loader import load_content

    entry = load_content().find_equipment(ref)
    if not isinstance(entry, Gear) or entry.category != "container":
        return None
    if entry.holds_items is None and entry.holds_coins is None:
        return Holds(None, None, entry.worn, ammunition=True)
    return Holds(entry.holds_items, entry.holds_coins, entry.worn)


def holds(item: Item) -> Holds | None:
    """What ``item`` holds, if it is a container of the equipment list."""
    return None if item.ref is None else _holds(item.ref)


def item_slots(item: Item) -> int:
    """The slots an item takes by itself: its slots times its quantity, a usage die of
    torches or rations being one bundle, and 10 rings or gems to a slot (R29, H198)."""
    if item.usage is not None:
        return item.slots
    if item.ref is None and _SMALL.search(item.name):
        return -(-item.quantity // SMALL_TO_A_SLOT) * item.slots
    return item.slots * item.quantity


def _labels(character: Character) -> dict[str, int]:
    """The labelled containers' indices."""
    return {
        item.label: index
        for index, item in enumerate(character.inventory)
        if item.label and holds(item) is not None
    }


def stored_coins(character: Character) -> dict[str, int]:
    """The coins in each labelled container, as many as the character still has: a
    shortfall comes out of the latest containers first (H197)."""
    stored = {i.label: i.coins for i in character.inventory if i.label and i.coins}
    short = sum(stored.values()) - character.coins
    for label in reversed(list(stored)):
        if short <= 0:
            break
        taken = min(short, stored[label])
        stored[label] -= taken
        short -= taken
    return stored


def loose_coins(character: Character) -> int:
    """The coins in no container (in pockets and purse)."""
    return character.coins - sum(stored_coins(character).values())


def contents(character: Character, label: str) -> list[int]:
    """The indices of the items in the container labelled ``label``."""
    return [i for i, item in enumerate(character.inventory) if label and item.holder == label]


def inner_slots(character: Character, label: str) -> int:
    """The slots of what a container holds: its items, and 250 coins to a slot."""
    coins = stored_coins(character).get(label, 0)
    items = sum(item_slots(character.inventory[i]) for i in contents(character, label))
    return items + -(-coins // COIN_SLOT)


def _top(character: Character) -> list[Item]:
    """The items in no container (an item whose container has gone is in hand)."""
    labels = _labels(character)
    return [item for item in character.inventory if not item.holder or item.holder not in labels]


def load(character: Character) -> int:
    """Inventory slots in use (RULINGS R29; H195): each item in no container, each
    container as what it holds (at least its own slots), and 250 coins or part of
    them to a slot."""
    used = 0
    for item in _top(character):
        if holds(item) is not None and item.label:
            used += max(item_slots(item), inner_slots(character, item.label))
        else:
            used += item_slots(item)
    return used + -(-loose_coins(character) // COIN_SLOT)


def held(character: Character) -> int:
    """Items held or in pockets and clothes (redhack: Equipment > Encumberance; H196):
    a sack or pouch one each, worn containers and worn armour or helm none, loose coins
    250 to an item."""
    count = 0
    for item in _top(character):
        kind = holds(item)
        if kind is not None:
            count += 0 if kind.worn else 1
        elif not (item.equipped and item.kind in ("armour", "helm")):
            count += item_slots(item)
    return count + -(-loose_coins(character) // COIN_SLOT)


def _room_line(container: Item, kind: Holds) -> str:
    if kind.items is None:
        return f"the {container.name} holds only coins, at most {kind.coins}"
    return f"the {container.name} holds {kind.items} items or {kind.coins:,} coins"


def _labelled(character: Character, index: int) -> tuple[Character, Item]:
    """The character with the container at ``index`` labelled (its ref, numbered when
    another container has it: ``small-sack-2``), and the container."""
    container = character.inventory[index]
    if container.label:
        return character, container
    taken = set(_labels(character))
    base = container.ref or "container"
    label, number = base, 1
    while label in taken:
        number += 1
        label = f"{base}-{number}"
    container = replace(container, label=label)
    return character.replace_item(index, container), container


def container_at(character: Character, index: int) -> tuple[Item, Holds]:
    """The container at ``index`` and what it holds.

    Raises:
        RuleError: the item is no container, or is itself in one.
    """
    item = character.inventory[index]
    kind = holds(item)
    if kind is None:
        raise RuleError(f"{item.name} is not a container (redhack: Equipment > Miscellany)")
    if item.holder and item.holder in _labels(character):
        raise RuleError(f"{item.name} is in a container: take it out first")
    return item, kind


def put_item(character: Character, index: int, into: int) -> Character:
    """``character`` with the item at ``index`` in the container at ``into``
    (redhack: Equipment > Encumberance, Miscellany; H195).

    Raises:
        RuleError: not a container, no room, a container or a worn or lit item.
    """
    container, kind = container_at(character, into)
    item = character.inventory[index]
    if index == into or holds(item) is not None:
        raise RuleError(f"a container does not go in another (docs/rulings.md H197): {item.name}")
    if item.equipped or item.lit:
        raise RuleError(f"{item.name} is worn, in hand or lit: take it off or put it out first")
    if kind.ammunition and item.kind != "ammunition":
        raise RuleError(f"the {container.name} holds arrows and quarrels, not {item.name}")
    if kind.items is None and not kind.ammunition:
        raise RuleError(f"{_room_line(container, kind)}, not {item.name}")
    if kind.items is not None:
        inside = inner_slots(character, container.label) if container.label else 0
        if container.label and item.holder == container.label:
            raise RuleError(f"{item.name} is already in the {container.name}")
        if inside + item_slots(item) > kind.items:
            raise RuleError(
                f"{_room_line(container, kind)}: {inside} in it, {item.name} takes "
                f"{item_slots(item)} (redhack: Equipment > Miscellany)"
            )
    character, container = _labelled(character, into)
    return character.replace_item(index, replace(item, holder=container.label))


def put_coins(character: Character, coins: int, into: int) -> Character:
    """``character`` with ``coins`` of their loose coins in the container at ``into``
    (250 coins fill an item's room, RULINGS R29).

    Raises:
        RuleError: not a container, no room, or not that many loose coins.
    """
    container, kind = container_at(character, into)
    loose = loose_coins(character)
    if coins > loose:
        raise RuleError(f"{character.name} has {loose} coins in no container, not {coins}")
    if kind.coins is None:
        raise RuleError(f"the {container.name} holds no coins")
    stored = stored_coins(character).get(container.label, 0) if container.label else 0
    if kind.items is None:
        fits = stored + coins <= kind.coins
    else:
        items = inner_slots(character, container.label) if container.label else 0
        items -= -(-stored // COIN_SLOT)
        fits = items + -(-(stored + coins) // COIN_SLOT) <= kind.items
    if not fits and kind.items is None:
        raise RuleError(f"{_room_line(container, kind)}: {stored} coins in it already")
    if not fits:
        inside = inner_slots(character, container.label) if container.label else 0
        raise RuleError(
            f"{_room_line(container, kind)}: {inside} in it ({stored} coins); "
            f"250 coins fill an item's room (RULINGS R29)"
        )
    character, container = _labelled(character, into)
    return character.replace_item(into, replace(container, coins=stored + coins))


def take_item(character: Character, index: int) -> Character:
    """``character`` with the item at ``index`` out of its container, in hand.

    Raises:
        RuleError: it is in no container.
    """
    item = character.inventory[index]
    if not item.holder:
        raise RuleError(f"{item.name} is in no container")
    return character.replace_item(index, replace(item, holder=""))


def take_coins(character: Character, coins: int, out_of: int) -> Character:
    """``character`` with ``coins`` out of the container at ``out_of``, loose.

    Raises:
        RuleError: it holds fewer.
    """
    container = character.inventory[out_of]
    stored = stored_coins(character).get(container.label, 0) if container.label else 0
    if coins > stored:
        raise RuleError(f"the {container.name} holds {stored} coins, not {coins}")
    return character.replace_item(out_of, replace(container, coins=stored - coins))
