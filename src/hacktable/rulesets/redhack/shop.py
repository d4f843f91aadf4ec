"""Buying and selling from the equipment list (redhack: Equipment > Equipment List,
Haggling; RULINGS R30, R35; docs/rulings.md H192-H194).

An order is the lines a player names at once ("torches x2, rope"): each entry of the
list at its list price times the quantity. A sale is the same at the ``sell-price``
fraction of the list price (half by default, R35), of items the character carries. A
haggle moves the whole order's price (R30: :mod:`.haggling`); its arithmetic is
:func:`haggled`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ...errors import RuleError
from ...play.character import Item
from .character import Character
from .content.equipment import EquipmentItem
from .content.index import Content
from .inventory import item_from

__all__ = [
    "SELL_PRICES",
    "Order",
    "OrderLine",
    "bought_items",
    "carried",
    "haggled",
    "order_of",
    "price_of",
    "sale_lines",
    "sale_price",
    "take_sold",
]

SELL_PRICES: dict[str, Fraction] = {
    "half": Fraction(1, 2),
    "third": Fraction(1, 3),
    "full": Fraction(1),
}
"""The ``sell-price`` setting's choices: the fraction of the list price a sale fetches
(RULINGS R35: half, a *setting*)."""


@dataclass(frozen=True, slots=True)
class OrderLine:
    """One entry of an order.

    Attributes:
        entry: the equipment list's entry.
        quantity: how many (1 or more).
    """

    entry: EquipmentItem
    quantity: int = 1

    @property
    def list_price(self) -> int:
        """The list price of the line: the entry's cost times the quantity."""
        return (self.entry.cost or 0) * self.quantity

    def describe(self) -> str:
        """E.g. ``"6 Torches x2"``."""
        return self.entry.name if self.quantity == 1 else f"{self.entry.name} x{self.quantity}"


@dataclass(frozen=True, slots=True)
class Order:
    """What is bought or sold at once (redhack: Equipment > Haggling: "assemble an
    order").

    Attributes:
        lines: the entries, in the order named.
    """

    lines: tuple[OrderLine, ...]

    @property
    def list_price(self) -> int:
        """The sum of the lines' list prices."""
        return sum(line.list_price for line in self.lines)

    def describe(self) -> str:
        """E.g. ``"6 Torches x2, 50' Rope"``."""
        return ", ".join(line.describe() for line in self.lines)

    def to_json(self) -> list[dict[str, object]]:
        """The lines as the event's detail records them."""
        return [
            {"item": line.entry.id, "quantity": line.quantity, "list": line.list_price}
            for line in self.lines
        ]


def price_of(entry: EquipmentItem) -> int:
    """The list price of one ``entry`` (redhack: Equipment > Equipment List).

    Raises:
        RuleError: the list gives no price (a single torch: 6 are sold together) or the
            entry is a custom order (field and full plate, §: the GM sets the price,
            docs/rulings.md H192).
    """
    if entry.custom_order:
        raise RuleError(
            f"{entry.name} is a custom order ({entry.cost_note}): the GM sets its price; "
            "give it and charge the coins (redhack: Equipment > Armour §; H192)"
        )
    if entry.cost is None:
        why = f" ({entry.cost_note})" if entry.cost_note else ""
        raise RuleError(f"{entry.name} has no list price{why} (redhack: Equipment)")
    return entry.cost


def order_of(content: Content, wanted: tuple[tuple[str, int], ...]) -> Order:
    """The order for ``(name, quantity)`` pairs, names as players type them (H190).

    Raises:
        UnknownNameError: a name the list lacks ("did you mean ...?").
        RuleError: an entry without a price (:func:`price_of`).
    """
    lines = []
    for name, quantity in wanted:
        entry = content.equipment(name)
        price_of(entry)
        lines.append(OrderLine(entry, quantity))
    return Order(tuple(lines))


def bought_items(order: Order) -> tuple[tuple[Item, int], ...]:
    """The items an order puts in the inventory, as ``give`` makes them (each with its
    quantity)."""
    return tuple((item_from(line.entry), line.quantity) for line in order.lines)


def sale_price(order: Order, setting: str) -> int:
    """What a sale fetches before any haggle: the ``sell-price`` fraction of the whole
    order's list price, rounded down once (RULINGS R35; docs/rulings.md H193).

    >>> from hacktable.rulesets.redhack.content import load_content
    >>> plate = load_content().equipment("plate")
    >>> sale_price(Order((OrderLine(plate),)), "half")
    250
    """
    return int(order.list_price * SELL_PRICES[setting])


def haggled(price: int, swing: int, success: bool, critical: bool, selling: bool) -> int:
    """The price after a haggle (RULINGS R30): a critical adds 50% (rounded down) to
    the swing; success takes it off a purchase (adds it to a sale), failure the other
    way; never below 0.

    >>> haggled(250, 12, True, False, False), haggled(250, 12, False, True, False)
    (238, 268)
    >>> haggled(100, 30, True, False, True), haggled(10, 30, False, False, True)
    (130, 0)
    """
    amount = swing + swing // 2 if critical else swing
    better = success != selling
    return max(0, price - amount) if better else price + amount


def sale_lines(
    content: Content, character: Character, wanted: tuple[tuple[str, int], ...]
) -> Order:
    """The order of a sale: each named item must be carried, as many as sold
    (RULINGS R35).

    Raises:
        UnknownNameError: a name the list lacks.
        RuleError: an entry without a price, or one the character does not carry
            enough of.
    """
    order = order_of(content, wanted)
    for line in order.lines:
        have = carried(character, line.entry.id)
        if have < line.quantity:
            raise RuleError(
                f"{character.name} carries {have} {line.entry.name}, "
                f"cannot sell {line.quantity} (RULINGS R35)"
            )
    return order


def carried(character: Character, entry_id: str) -> int:
    """How many of an entry the character carries, used-up ones apart (an exhausted
    usage die is worth nothing)."""
    return sum(
        1 if item.usage is not None else item.quantity
        for item in character.inventory
        if item.ref == entry_id and not (item.usage is not None and item.usage.exhausted)
    )


def take_sold(character: Character, order: Order) -> Character:
    """The character without what ``order`` sells: the items not worn first, then the
    latest gained."""
    inventory: list[Item | None] = list(character.inventory)
    for line in order.lines:
        left = line.quantity
        picks = sorted(
            (
                (item.equipped, -i, i)
                for i, item in enumerate(inventory)
                if item is not None and item.ref == line.entry.id
            ),
        )
        for _, _, index in picks:
            item = inventory[index]
            if left == 0 or item is None or (item.usage is not None and item.usage.exhausted):
                continue
            if item.usage is None and item.quantity > left:
                inventory[index] = replace(item, quantity=item.quantity - left)
                left = 0
            else:
                left -= 1 if item.usage is not None else item.quantity
                inventory[index] = None
    kept = tuple(item for item in inventory if item is not None)
    return replace(character, inventory=kept)
