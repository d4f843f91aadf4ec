"""Characters and their items, as immutable values: the core every ruleset shares.

The core is what the engine, the store and every front end may know of a character in
any ruleset: a name, the ruleset, hit points and level, an inventory of items with
usage dice, coins, lasting conditions and experience. A ruleset extends it with a
subclass of its own (redhack's adds a class, attribute scores in order, a hit die, a
background, a kit and a mortal wound: :mod:`hacktable.rulesets.redhack.character`),
named by ``Ruleset.character_type``. Every character's JSON form decodes to the core,
whatever its ruleset (a ruleset's fields are simply not read).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import ClassVar, Self

from ..dice.usage import UsageDie
from ..errors import AmbiguousNameError, RuleError, UnknownNameError

__all__ = ["Character", "Item", "Scored", "fold"]


def fold(name: str) -> str:
    """A name's key for lookups: Unicode-normalised (NFKC: a full-width "Ａl" is "Al"),
    invisible format characters (zero-width spaces) dropped, case-folded, spaces
    collapsed."""
    import unicodedata

    normal = unicodedata.normalize("NFKC", name)
    visible = "".join(ch for ch in normal if unicodedata.category(ch) != "Cf")
    return " ".join(visible.split()).casefold()


def _bare(text: str) -> str:
    """Letters and digits only: ``"short bow"`` and ``"short-bow"`` are ``"shortbow"``."""
    return "".join(ch for ch in text if ch.isalnum())


def _from_a_word(name: str, bare: str) -> bool:
    """Whether ``bare`` starts at a word of ``name``, the words run together
    (``"axe"`` and ``"handaxe"`` in "dagger/hand axe")."""
    words = "".join(ch if ch.isalnum() else " " for ch in name).split()
    return any("".join(words[k:]).startswith(bare) for k in range(len(words)))


@dataclass(frozen=True, slots=True)
class Item:
    """One line of an inventory.

    Attributes:
        name: as shown, e.g. ``"Torch"``.
        kind: ``weapon``, ``armour``, ``shield``, ``helm``, ``tool``, ``ammunition``,
            ``light``, ``ration``, ``water``, ``container`` or ``gear``.
        ref: the rules content id it came from (``"torch"``), if any.
        usage: its usage die (``None`` if it has none; ``EXHAUSTED`` once used up).
        damage: damage dice for a weapon, e.g. ``"1d8"``.
        hands: 1 or 2 for a weapon, else ``None``.
        types: a weapon's types when it has no content id (``short``, ``2h``...).
        equipped: worn or readied (armour, shield and helm count toward AC only then).
        lit: a light source that is burning (its usage die is rolled at torch checks).
        slots: inventory slots it takes (redhack: Equipment > Encumberance; R29).
        quantity: how many.
        notes: anything else.
        holder: the label of the container it is in (redhack: Equipment >
            Encumberance), ``""`` when it is not in one.
        label: a container's own label, unique in the inventory (``"small-sack-2"``),
            given when something is first put in it.
        coins: the coins a container holds (of the character's coins).
        bonus: a magic item's bonus, e.g. 3 for a "sword +3" (redhack: Core Rules >
            Attributes Above 19; RULINGS R2: added to the attribute it is used with).
    """

    name: str
    kind: str = "gear"
    ref: str | None = None
    usage: UsageDie | None = None
    damage: str | None = None
    hands: int | None = None
    types: tuple[str, ...] = ()
    equipped: bool = False
    lit: bool = False
    slots: int = 1
    quantity: int = 1
    notes: str = ""
    holder: str = ""
    label: str = ""
    coins: int = 0
    bonus: int = 0

    def describe(self) -> str:
        """E.g. ``"Torch (ud6)"``, ``"Two Handed Weapon (1d10, two-handed)"``."""
        bits = []
        if self.quantity != 1:
            bits.append(f"x{self.quantity}")
        if self.damage:
            bits.append(self.damage)
        if self.hands == 2:
            bits.append("two-handed")
        if self.usage is not None:
            bits.append(str(self.usage))
        if self.equipped and self.kind in ("armour", "shield", "helm"):
            bits.append("worn")
        elif self.equipped and self.kind == "weapon":
            bits.append("in hand")
        if self.lit:
            bits.append("lit")
        return f"{self.name} ({', '.join(bits)})" if bits else self.name


@dataclass(frozen=True, slots=True)
class Character:
    """A player character: the core of every ruleset's.

    Attributes:
        name: unique within a campaign (case-insensitively).
        ruleset: the ruleset id, e.g. ``"redhack"``.
        hp: current hit points, ``hp_floor`` (0 by default) to ``max_hp``.
        max_hp: maximum hit points.
        level: 1 or more.
        inventory: items, in the order gained.
        coins: coins carried, 0 or more.
        conditions: lasting conditions: an id, or ``"id: detail"``
            (``"wounded"``, ``"debilitated: DEX -2"``).
        xp: experience marks.
        temp_hp: temporary hit points, lost before ``hp`` and never healed back (skill-die:
            Temporary Hit Points; RULINGS S3): 0 in rulesets without them.

    Class attributes:
        hp_floor: the lowest ``hp`` can go: 0, or below zero in rulesets where hit
            points do (fantasy-hack RULINGS F1, skill-die S3). The ruleset's
            ``hit_points.floor`` declares the same.
    """

    hp_floor: ClassVar[int] = 0

    name: str
    ruleset: str
    hp: int
    max_hp: int
    level: int = 1
    inventory: tuple[Item, ...] = ()
    coins: int = 0
    conditions: tuple[str, ...] = ()
    xp: int = 0
    temp_hp: int = 0

    @property
    def key(self) -> str:
        """The character's key in the campaign state."""
        return fold(self.name)

    def with_hp(self, hp: int) -> Self:
        """A copy with ``hp`` clamped to ``hp_floor`` .. ``max_hp`` (HP never goes above
        max, nor below the ruleset's floor: 0 unless hit points go below zero)."""
        return replace(self, hp=max(self.hp_floor, min(hp, self.max_hp)))

    def find_items(self, name: str) -> list[int]:
        """Indices of the items called ``name``: exact (case-insensitive) matches if any,
        else the items whose name starts with it or whose content id equals it (spaces,
        hyphens and slashes ignored: ``shortbow`` finds "Short Bow"), else the items
        with a word starting with it (``crossbow`` finds "Light Crossbow", ``mace``
        finds "Sword/Mace/Axe", ``hand-axe`` "Dagger/Hand Axe")."""
        wanted = fold(name)
        names = [fold(item.name) for item in self.inventory]
        exact = [i for i, n in enumerate(names) if n == wanted]
        if exact:
            return exact
        bare = _bare(wanted)
        prefixed = [
            i
            for i, item in enumerate(self.inventory)
            if names[i].startswith(wanted)
            or (bare and _bare(names[i]).startswith(bare))
            or (item.ref is not None and _bare(item.ref) == bare)
        ]
        if prefixed:
            return prefixed
        if not bare:
            return []
        worded = [i for i, n in enumerate(names) if _from_a_word(n, bare)]
        bonus = re.fullmatch(r"(.*\S)\s*(\+\d+)", wanted)
        if worded or bonus is None:
            return worded
        # "sword +3" finds "Sword/Mace/Axe +3": the name without its bonus, with the same
        # bonus (a magic weapon as given, docs/rulings.md H220).
        base, plus = bonus.groups()
        return [i for i in self.find_items(base) if names[i].endswith(plus)]

    def find_item(self, name: str) -> int:
        """The index of the item called ``name`` (see :meth:`find_items`); of several
        items with the same name, the first.

        Raises:
            UnknownNameError: none matches, or items with different names do.
        """
        matches = self.find_items(name)
        distinct = {fold(self.inventory[i].name) for i in matches}
        if len(distinct) == 1:
            return matches[0]
        if matches:
            raise AmbiguousNameError("item", name, [self.inventory[i].name for i in matches])
        raise UnknownNameError(f"item of {self.name}", name, [i.name for i in self.inventory])

    def replace_item(self, index: int, item: Item) -> Self:
        """A copy with the item at ``index`` replaced."""
        inventory = list(self.inventory)
        inventory[index] = item
        return replace(self, inventory=tuple(inventory))

    def add_item(self, item: Item) -> Self:
        """A copy with ``item`` added at the end."""
        return replace(self, inventory=(*self.inventory, item))

    def add_items(self, item: Item, quantity: int = 1) -> Self:
        """A copy with ``quantity`` of ``item`` added: one line each when it has a usage
        die (three torches burn one after the other: docs/rulings.md H15) or is a
        container (each holds its own, H195), else one line of that quantity."""
        if item.usage is not None or item.kind == "container":
            return replace(self, inventory=(*self.inventory, *(item,) * quantity))
        return self.add_item(replace(item, quantity=quantity) if quantity != 1 else item)

    def remove_item(self, index: int) -> Self:
        """A copy without the item at ``index``."""
        return replace(self, inventory=self.inventory[:index] + self.inventory[index + 1 :])

    def has_condition(self, condition_id: str) -> bool:
        """Whether the character has the condition (by id, before any ``": detail"``)."""
        return any(c.split(":", 1)[0] == condition_id for c in self.conditions)

    @property
    def dead(self) -> bool:
        """Whether the character has died."""
        return self.has_condition("dead")

    def with_coins(self, coins: int) -> Self:
        """A copy with ``coins`` coins.

        Raises:
            RuleError: ``coins`` is negative (a character cannot spend what they lack).
        """
        if coins < 0:
            raise RuleError(f"{self.name} has only {self.coins} coins")
        return replace(self, coins=coins)


class Scored:
    """A character with attribute scores as ``(attribute, score)`` pairs in the
    ruleset's order (a mixin of a ruleset's frozen character dataclass, which declares
    ``scores``)."""

    __slots__ = ()

    scores: tuple[tuple[str, int], ...]

    def score(self, attribute: str) -> int:
        """The score of ``attribute`` (case-insensitive).

        Raises:
            UnknownNameError: no such attribute.
        """
        wanted = attribute.upper()
        for name, value in self.scores:
            if name == wanted:
                return value
        raise UnknownNameError("attribute", attribute, [n for n, _ in self.scores])
