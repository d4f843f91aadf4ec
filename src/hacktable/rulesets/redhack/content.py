"""redhack's content as data: classes, tags, equipment, starting kits and tables.

The rules content lives in the TOML files of ``hacktable/rulesets/redhack/data``;
this module is their schema (frozen msgspec Structs) and loader. Every file is
validated on load, within itself and across files (ids unique, every reference
resolves, every tag is known, kit weapon dice follow RULINGS R8, tables cover their
rolls); anything wrong raises :class:`~hacktable.errors.RulesDataError` naming the
file, the entry and the reason.

Sources: redhack: Character Creation > 2. Class, 4. Starting Equipment; Equipment;
Combat > AC & Armour; the tables' own sections; RULINGS R7, R8, R11, R17, R18, R22,
R23, R26, R27, R29, R31.

>>> content = load_content()
>>> content.class_("Warrior").hit_die
10
>>> content.armour("gambeson").id
'padded'
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, ClassVar, Literal

import msgspec

from ...dice.notation import Dice
from ...dice.parser import parse
from ...dice.usage import UsageDie
from ...errors import DiceError, RulesDataError, UnknownNameError
from ...rules.content import entry_label, load_toml, load_toml_file, require_unique
from ...rules.tables import Table, validate_table

__all__ = [
    "ATTRIBUTES",
    "CLASSES_FILE",
    "DATA_FILES",
    "DATA_PACKAGE",
    "EQUIPMENT_FILE",
    "KITS_FILE",
    "TABLES_FILE",
    "TAGS_FILE",
    "AcRule",
    "Armour",
    "ArmourPiece",
    "CharacterClass",
    "Circumstance",
    "ClassesFile",
    "Content",
    "EquipmentFile",
    "EquipmentItem",
    "Feature",
    "Gear",
    "Item",
    "Kit",
    "KitItem",
    "KitsFile",
    "TablesFile",
    "Tag",
    "TagsFile",
    "ThrownAttack",
    "Weapon",
    "load_content",
    "load_content_from",
    "weapon_die",
]

DATA_PACKAGE = "hacktable.rulesets.redhack.data"
"""The package holding redhack's data files."""

CLASSES_FILE = "classes.toml"
TAGS_FILE = "tags.toml"
EQUIPMENT_FILE = "equipment.toml"
KITS_FILE = "kits.toml"
TABLES_FILE = "tables.toml"
DATA_FILES = (CLASSES_FILE, TAGS_FILE, EQUIPMENT_FILE, KITS_FILE, TABLES_FILE)
"""Every data file :func:`load_content` reads."""

ATTRIBUTES: tuple[str, ...] = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
"""redhack's six attributes, in the order they are rolled (Character Creation >
1. Attributes)."""

Attribute = Literal["STR", "DEX", "CON", "INT", "WIS", "CHA"]
NonNegative = Annotated[int, msgspec.Meta(ge=0)]
Positive = Annotated[int, msgspec.Meta(ge=1)]
WeaponType = Literal["short", "long", "2h", "ranged", "thrown", "one-shot"]
RangeBand = Literal["near", "far", "distant"]
GearCategory = Literal[
    "class-tool",
    "ammunition",
    "container",
    "light",
    "provisions",
    "adventuring",
    "animal",
    "vehicle",
    "tack",
]
KitItemKind = Literal["weapon", "armour", "shield", "helm", "tool", "ammunition", "light", "gear"]

_DIE_STEPS: tuple[int, ...] = (4, 6, 8, 10, 12)
"""The weapon die chain d4 > d6 > d8 > d10 > d12 (RULINGS R8)."""


def weapon_die(attack_die: int, two_handed: bool) -> int:
    """The damage die (its sides) of a class's weapon (RULINGS R8; redhack: Combat >
    Weapon Types).

    A one-handed weapon deals the class's attack die; a two-handed weapon one type
    better on the chain d4 > d6 > d8 > d10 > d12.

    Args:
        attack_die: the class's attack die, e.g. 8 for a warrior.
        two_handed: whether the weapon is two-handed (2H).

    Returns:
        The sides of the damage die.

    Raises:
        ValueError: a two-handed weapon for an attack die with no step above it on
            the chain (d12, or a die not on it).

    >>> weapon_die(8, two_handed=True), weapon_die(4, two_handed=True)
    (10, 6)
    """
    if not two_handed:
        return attack_die
    if attack_die not in _DIE_STEPS[:-1]:
        raise ValueError(f"d{attack_die} has no step above it on d4 > d6 > d8 > d10 > d12")
    return _DIE_STEPS[_DIE_STEPS.index(attack_die) + 1]


# -- schema ------------------------------------------------------------------------------


class Circumstance(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Which tests a feature or item gives advantage (or disadvantage) on.

    Every field that is set must hold for a test to match.

    Attributes:
        tag: a test tag (tags.toml); a test matches when it carries this tag or a tag
            that implies it.
        attribute: only tests of this attribute (``"CON"``).
        kind: ``"save"``: saving throws only.
        requires_item: an equipment id the character must have (``"thieves-tools"``).
        except_tags: tests carrying any of these tags do not match (the helm's
            "non-intimidate CHA tests").
        note: a condition in words that the game master judges (``"if secured"``).
    """

    tag: str | None = None
    attribute: Attribute | None = None
    kind: Literal["save"] | None = None
    requires_item: str | None = None
    except_tags: tuple[str, ...] = ()
    note: str = ""

    def matches(
        self,
        tags: Collection[str],
        attribute: str | None = None,
        save: bool = False,
        items: Collection[str] = (),
    ) -> bool:
        """Whether a test matches.

        Args:
            tags: the test's tags with everything they imply
                (:meth:`Content.expand_tags`).
            attribute: the tested attribute (``"DEX"``), or ``None``.
            save: whether the test is a saving throw.
            items: ids of the equipment the character has.
        """
        if self.tag is not None and self.tag not in tags:
            return False
        if self.attribute is not None and self.attribute != attribute:
            return False
        if self.kind == "save" and not save:
            return False
        if self.requires_item is not None and self.requires_item not in items:
            return False
        return not any(tag in tags for tag in self.except_tags)


class Feature(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A class feature.

    Attributes:
        id: kebab-case, unique within the class.
        name: as the text names it.
        summary: the rule in a sentence or two, in our own words.
        source: the text's section and any ruling.
        advantage_on: the tests it gives advantage on (empty for features that work
            otherwise, such as Cleave).
    """

    id: str
    name: str
    summary: str
    source: str
    advantage_on: tuple[Circumstance, ...] = ()


class CharacterClass(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A character class (redhack: Character Creation > 2. Class).

    Attributes:
        id: kebab-case, e.g. ``"warrior"``.
        name: e.g. ``"Warrior"``.
        source: the text's section.
        hit_die: sides of the hit die (4-12).
        starting_hp_bonus: added to the hit die for starting hit points (+4).
        attack_die: sides of the one-handed weapon die (RULINGS R8).
        improvised_die: sides of the improvised or unarmed die (below the attack die).
        prime_requisites: the class's prime attributes, e.g. ``("STR", "DEX")``.
        features: the class's features, in the text's order.
    """

    id: str
    name: str
    source: str
    hit_die: Literal[4, 6, 8, 10, 12]
    starting_hp_bonus: NonNegative
    attack_die: Literal[3, 4, 6, 8, 10, 12]
    improvised_die: Literal[2, 3, 4, 6, 8, 10]
    prime_requisites: tuple[Attribute, ...]
    features: tuple[Feature, ...] = ()

    @property
    def starting_hit_points(self) -> str:
        """Starting hit points as dice, e.g. ``"1d10+4"``."""
        return f"1d{self.hit_die}+{self.starting_hp_bonus}"

    def feature(self, id_or_name: str) -> Feature:
        """A feature by id or name (case-insensitive).

        Raises:
            UnknownNameError: no such feature in this class.
        """
        key = _key(id_or_name)
        for feature in self.features:
            if key in (feature.id, _key(feature.name)):
                return feature
        raise UnknownNameError(f"{self.name} feature", id_or_name, [f.id for f in self.features])


class Tag(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A test tag (tags.toml).

    Attributes:
        id: kebab-case, e.g. ``"moving-silently"``.
        name: in words.
        source: where the rules use it.
        implies: broader tags it also counts as (``"stealth"``).
        description: what tests carry it, if the name does not say.
    """

    id: str
    name: str
    source: str
    implies: tuple[str, ...] = ()
    description: str = ""


class Item(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Fields every equipment entry has (redhack: Equipment > Equipment List).

    Attributes:
        id: kebab-case, unique in equipment.toml.
        name: as the list writes it.
        source: the list's section (and rulings).
        cost: price in coins, or ``None`` when the list gives none.
        cost_note: anything about the price ("1000+: custom order ...").
        aliases: other ids it can be looked up by (``"gambeson"``).
        slots: encumbrance slots it takes (RULINGS R29), 1 unless said.
        tags: test tags (tags.toml) it is used for.
        notes: the list's notes, in our words or quoted.
    """

    id: str
    name: str
    source: str
    cost: NonNegative | None = None
    cost_note: str = ""
    aliases: tuple[str, ...] = ()
    slots: NonNegative = 1
    tags: tuple[str, ...] = ()
    notes: str = ""


class Weapon(Item, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A weapon (redhack: Equipment > Weapons; Combat > Weapon Types).

    Attributes:
        types: from ``short``, ``long``, ``2h``, ``ranged``, ``thrown``, ``one-shot``.
        hands: hands needed to use it (a bow needs two but is not 2H).
        disadvantage_at: the range band from which shots have disadvantage.
    """

    kind: ClassVar[str] = "weapon"

    types: tuple[WeaponType, ...] = ()
    hands: Literal[1, 2] = 1
    disadvantage_at: RangeBand | None = None

    @property
    def two_handed(self) -> bool:
        """Whether it is a 2H weapon, dealing one die type better (RULINGS R8)."""
        return "2h" in self.types


class AcRule(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """How an armour sets a player's AC (redhack: Combat > AC & Armour; RULINGS R7).

    Attributes:
        base: ``"dex"`` (DEX + plus), ``"half-dex"`` (DEX // 2 + plus) or ``"fixed"``
            (plus alone).
        plus: the number added (or the fixed AC).
    """

    base: Literal["dex", "half-dex", "fixed"]
    plus: int

    def value(self, dex: int) -> int:
        """The AC for a DEX score, e.g. chain mail with DEX 13: 13 // 2 + 9 = 15."""
        if self.base == "dex":
            return dex + self.plus
        if self.base == "half-dex":
            return dex // 2 + self.plus
        return self.plus

    def __str__(self) -> str:
        if self.base == "fixed":
            return str(self.plus)
        base = "DEX" if self.base == "dex" else "½ DEX"
        return base if self.plus == 0 else f"{base}+{self.plus}"


class Armour(Item, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Body armour, "None" included (redhack: Equipment > Armour; RULINGS R7).

    Attributes:
        category: ``none``, ``light``, ``medium`` or ``heavy``.
        ac: the player's AC rule.
        monster_ac: the AC of a monster wearing it (1-12).
        dnd_ac: the D&D AC it corresponds to, for converting stat blocks.
        disadvantage_on: the tests it hinders (RULINGS R7).
    """

    kind: ClassVar[str] = "armour"

    category: Literal["none", "light", "medium", "heavy"]
    ac: AcRule
    monster_ac: Annotated[int, msgspec.Meta(ge=1, le=12)]
    dnd_ac: int | None = None
    disadvantage_on: tuple[Circumstance, ...] = ()

    def player_ac(self, dex: int) -> int:
        """The wearer's AC for a DEX score, before shield and helm (RULINGS R7)."""
        return self.ac.value(dex)

    @property
    def ac_is_dex_test(self) -> bool:
        """Whether a defence in it counts as a DEX test: unarmoured, light or medium
        (redhack: Combat > AC & Armour)."""
        return self.category != "heavy"


class ArmourPiece(Item, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A shield or helm: +1 AC each (redhack: Equipment > Armour; RULINGS R7).

    Attributes:
        kind: ``"shield"`` or ``"helm"``.
        ac_bonus: added to the wearer's AC.
        hands: hands it takes up (a shield takes one).
        disadvantage_on: the tests it hinders (the helm's).
    """

    kind: Literal["shield", "helm"]
    ac_bonus: int
    hands: NonNegative = 0
    disadvantage_on: tuple[Circumstance, ...] = ()


class ThrownAttack(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Gear that can be thrown as a weapon (redhack: Equipment > Miscellany; Combat >
    Ongoing Damage; RULINGS R10).

    Attributes:
        damage: dice, or ``"improvised"`` for the thrower's improvised die.
        ongoing: a usage die of ongoing damage set on a hit (``"ud6"``).
        ongoing_now: whether the ongoing damage is rolled at once on a hit.
        only_against: target tags it works against (holy water: ``undead``).
    """

    damage: str = "improvised"
    ongoing: str | None = None
    ongoing_now: bool = False
    only_against: tuple[str, ...] = ()


class Gear(Item, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Class tools, miscellany, vehicles and animals (redhack: Equipment > Class
    Tools, Miscellany, Vehicles & Animals).

    Attributes:
        category: ``class-tool``, ``ammunition``, ``container``, ``light``,
            ``provisions``, ``adventuring``, ``animal``, ``vehicle`` or ``tack``.
        usage: its usage die (``"ud6"``), or ``None``.
        light_source: whether it gives light (torch, lantern).
        fuel: the equipment id it burns (the lantern's ``"oil"``), or ``None``.
        holds_items: a container's capacity in items, or ``None``.
        holds_coins: a container's capacity in coins, or ``None``.
        worn: a worn container (quiver, backpack): not counted against DEX.
        only_for: class ids that may use it (empty: anyone).
        advantage_on: tests it gives advantage on.
        thrown: how it works thrown as a weapon, if it can be.
        needed_for: test tags that have disadvantage without it (the holy symbol for
            turning undead; thieves' tools for picking locks and disarming traps).
    """

    kind: ClassVar[str] = "gear"

    category: GearCategory
    usage: str | None = None
    light_source: bool = False
    fuel: str | None = None
    holds_items: NonNegative | None = None
    holds_coins: NonNegative | None = None
    worn: bool = False
    only_for: tuple[str, ...] = ()
    advantage_on: tuple[Circumstance, ...] = ()
    thrown: ThrownAttack | None = None
    needed_for: tuple[str, ...] = ()

    @property
    def usage_die(self) -> UsageDie | None:
        """:attr:`usage` as a :class:`~hacktable.dice.UsageDie`."""
        return None if self.usage is None else UsageDie.parse(self.usage)


EquipmentItem = Weapon | Armour | ArmourPiece | Gear
"""Any entry of equipment.toml."""


class KitItem(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One item of a starting kit.

    Attributes:
        name: as the kit writes it (``"Hand Weapon"``).
        kind: ``weapon``, ``armour``, ``shield``, ``helm``, ``tool``, ``ammunition``,
            ``light`` or ``gear``.
        ref: the equipment id, or ``None`` for a generic item.
        damage: a weapon's damage (``"1d8"``; RULINGS R8).
        usage: the usage die it starts at (``"ud6"``).
        hands: a weapon's hands (2 for a generic two-handed weapon).
        types: a generic weapon's types (``["short"]`` for a Thief's small blade).
        note: anything about it.
    """

    name: str
    kind: KitItemKind
    ref: str | None = None
    damage: str | None = None
    usage: str | None = None
    hands: Literal[1, 2] | None = None
    types: tuple[WeaponType, ...] = ()
    note: str = ""

    @property
    def usage_die(self) -> UsageDie | None:
        """:attr:`usage` as a :class:`~hacktable.dice.UsageDie`."""
        return None if self.usage is None else UsageDie.parse(self.usage)


class Kit(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A starting kit (redhack: Character Creation > 4. Starting Equipment).

    Attributes:
        class_: the class id (``class`` in the file).
        number: 1-based, as the text numbers a class's kits.
        items: what it contains.
        source: the text's section (or hacktable's own decision).
        coins: starting coins as dice (``"1d6x10"``), or ``None`` for none.
        coins_note: anything about the coins (``"counterfeit or stolen"``).
    """

    class_: str = msgspec.field(name="class")
    number: Positive
    items: tuple[KitItem, ...]
    source: str
    coins: str | None = None
    coins_note: str = ""

    @property
    def id(self) -> str:
        """``"<class>-<number>"``, e.g. ``"warrior-2"``."""
        return f"{self.class_}-{self.number}"

    @property
    def label(self) -> str:
        """``"warrior kit 2"``."""
        return f"{self.class_} kit {self.number}"


class ClassesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """classes.toml."""

    classes: tuple[CharacterClass, ...]


class TagsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """tags.toml."""

    tags: tuple[Tag, ...]


class EquipmentFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """equipment.toml, one array per section of the equipment list."""

    weapons: tuple[Weapon, ...] = ()
    armour: tuple[Armour, ...] = ()
    shields_and_helms: tuple[ArmourPiece, ...] = ()
    tools: tuple[Gear, ...] = ()
    miscellany: tuple[Gear, ...] = ()
    vehicles_and_animals: tuple[Gear, ...] = ()

    def sections(self) -> Iterator[tuple[str, tuple[EquipmentItem, ...]]]:
        """``(section name, entries)`` in file order."""
        yield "weapons", self.weapons
        yield "armour", self.armour
        yield "shields_and_helms", self.shields_and_helms
        yield "tools", self.tools
        yield "miscellany", self.miscellany
        yield "vehicles_and_animals", self.vehicles_and_animals


class KitsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """kits.toml."""

    kits: tuple[Kit, ...]


class TablesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """tables.toml."""

    tables: tuple[Table, ...]


# -- the loaded content --------------------------------------------------------------------


def _key(name: str) -> str:
    """Normalise a name for lookup: case-insensitive, spaces and underscores as ``-``."""
    return re.sub(r"[\s_]+", "-", name.strip().lower())


@dataclass(frozen=True)
class Content:
    """All of redhack's content, validated, with lookups by id.

    Lookups are case-insensitive and also accept names and aliases where noted; an
    unknown name raises :class:`~hacktable.errors.UnknownNameError` listing the
    choices.

    Attributes:
        classes: the classes, in file order.
        tags: the test tags.
        weapons, armour_list, shields_and_helms, tools, miscellany,
        vehicles_and_animals: the equipment list's sections (``armour_list`` because
            :meth:`armour` looks one up).
        kits: every starting kit.
        tables: the rollable and lookup tables.
    """

    classes: tuple[CharacterClass, ...]
    tags: tuple[Tag, ...]
    weapons: tuple[Weapon, ...]
    armour_list: tuple[Armour, ...]
    shields_and_helms: tuple[ArmourPiece, ...]
    tools: tuple[Gear, ...]
    miscellany: tuple[Gear, ...]
    vehicles_and_animals: tuple[Gear, ...]
    kits: tuple[Kit, ...]
    tables: tuple[Table, ...]
    _classes: MappingProxyType[str, CharacterClass] = field(init=False, repr=False)
    _items: MappingProxyType[str, EquipmentItem] = field(init=False, repr=False)
    _tables: MappingProxyType[str, Table] = field(init=False, repr=False)
    _tags: MappingProxyType[str, Tag] = field(init=False, repr=False)
    _implied: MappingProxyType[str, frozenset[str]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        classes: dict[str, CharacterClass] = {}
        for cls in self.classes:
            classes[_key(cls.id)] = cls
            classes[_key(cls.name)] = cls
        items: dict[str, EquipmentItem] = {}
        for item in self.equipment_items:
            for key in (item.id, item.name, *item.aliases):
                items[_key(key)] = item
        tables: dict[str, Table] = {}
        for table in self.tables:
            tables[_key(table.id)] = table
            tables[_key(table.name)] = table
        tags = {tag.id: tag for tag in self.tags}
        implied = {tag.id: frozenset(_closure(tag.id, tags)) for tag in self.tags}
        object.__setattr__(self, "_classes", MappingProxyType(classes))
        object.__setattr__(self, "_items", MappingProxyType(items))
        object.__setattr__(self, "_tables", MappingProxyType(tables))
        object.__setattr__(self, "_tags", MappingProxyType(tags))
        object.__setattr__(self, "_implied", MappingProxyType(implied))

    @property
    def equipment_items(self) -> tuple[EquipmentItem, ...]:
        """Every equipment entry of every section, in file order."""
        return (
            *self.weapons,
            *self.armour_list,
            *self.shields_and_helms,
            *self.tools,
            *self.miscellany,
            *self.vehicles_and_animals,
        )

    def class_(self, id_or_name: str) -> CharacterClass:
        """A class by id or name, case-insensitive (``"Warrior"``, ``"warrior"``).

        Raises:
            UnknownNameError: no such class.
        """
        found = self._classes.get(_key(id_or_name))
        if found is None:
            raise UnknownNameError("class", id_or_name, [c.id for c in self.classes])
        return found

    def kits_for(self, class_id: str) -> tuple[Kit, ...]:
        """A class's starting kits, by number (the class by id or name).

        Raises:
            UnknownNameError: no such class.
        """
        cls = self.class_(class_id)
        return tuple(sorted((k for k in self.kits if k.class_ == cls.id), key=lambda k: k.number))

    def kit(self, class_id: str, number: int) -> Kit:
        """A class's kit by its 1-based number.

        Raises:
            UnknownNameError: no such class, or no such kit for it.
        """
        kits = self.kits_for(class_id)
        for kit in kits:
            if kit.number == number:
                return kit
        cls = self.class_(class_id)
        raise UnknownNameError(f"{cls.id} kit", str(number), [str(k.number) for k in kits])

    def table(self, id_or_name: str) -> Table:
        """A table by id or name, case-insensitive (``"reactions"``).

        Raises:
            UnknownNameError: no such table.
        """
        found = self._tables.get(_key(id_or_name))
        if found is None:
            raise UnknownNameError("table", id_or_name, [t.id for t in self.tables])
        return found

    def equipment(self, id_or_name: str) -> EquipmentItem:
        """Any equipment entry by id, alias or name, case-insensitive.

        Returns:
            A :class:`Weapon`, :class:`Armour`, :class:`ArmourPiece` or :class:`Gear`.

        Raises:
            UnknownNameError: no such item.
        """
        found = self._items.get(_key(id_or_name))
        if found is None:
            raise UnknownNameError("equipment", id_or_name, [i.id for i in self.equipment_items])
        return found

    def armour(self, id_or_alias: str) -> Armour:
        """Body armour by id, alias or name (``"chain"``, ``"gambeson"``).

        Raises:
            UnknownNameError: no such armour (shields and helms are not armour here).
        """
        found = self._items.get(_key(id_or_alias))
        if not isinstance(found, Armour):
            raise UnknownNameError("armour", id_or_alias, [a.id for a in self.armour_list])
        return found

    def weapon(self, id_or_alias: str) -> Weapon:
        """A weapon by id, alias or name (``"sword"``, ``"mace"``).

        Raises:
            UnknownNameError: no such weapon.
        """
        found = self._items.get(_key(id_or_alias))
        if not isinstance(found, Weapon):
            raise UnknownNameError("weapon", id_or_alias, [w.id for w in self.weapons])
        return found

    def tag(self, tag_id: str) -> Tag:
        """A test tag by id.

        Raises:
            UnknownNameError: no such tag.
        """
        found = self._tags.get(_key(tag_id))
        if found is None:
            raise UnknownNameError("tag", tag_id, list(self._tags))
        return found

    def tags_implied(self, tag: str) -> frozenset[str]:
        """The tag and every tag it implies, transitively
        (``"picking-locks"`` -> ``{"picking-locks", "delicate"}``).

        Raises:
            UnknownNameError: no such tag.
        """
        return self._implied[self.tag(tag).id]

    def expand_tags(self, tags: Iterable[str]) -> frozenset[str]:
        """The union of :meth:`tags_implied` over ``tags``.

        Raises:
            UnknownNameError: a tag is unknown.
        """
        result: frozenset[str] = frozenset()
        for tag in tags:
            result |= self.tags_implied(tag)
        return result


def _closure(tag: str, tags: MappingProxyType[str, Tag] | dict[str, Tag]) -> set[str]:
    seen = {tag}
    stack = [tag]
    while stack:
        current = tags.get(stack.pop())
        if current is None:
            continue
        for implied in current.implies:
            if implied not in seen:
                seen.add(implied)
                stack.append(implied)
    return seen


# -- loading and validation ------------------------------------------------------------------


@cache
def load_content() -> Content:
    """Load and validate redhack's packaged data files (cached: loaded once).

    Raises:
        RulesDataError: a file is missing, malformed or inconsistent.
    """
    return _assemble(
        load_toml(DATA_PACKAGE, CLASSES_FILE, ClassesFile),
        load_toml(DATA_PACKAGE, TAGS_FILE, TagsFile),
        load_toml(DATA_PACKAGE, EQUIPMENT_FILE, EquipmentFile),
        load_toml(DATA_PACKAGE, KITS_FILE, KitsFile),
        load_toml(DATA_PACKAGE, TABLES_FILE, TablesFile),
    )


def load_content_from(directory: Path) -> Content:
    """Load and validate the data files in ``directory`` (not cached), e.g. a copy
    a campaign or a test has changed.

    Raises:
        RulesDataError: a file is missing, malformed or inconsistent.
    """
    return _assemble(
        load_toml_file(directory / CLASSES_FILE, ClassesFile),
        load_toml_file(directory / TAGS_FILE, TagsFile),
        load_toml_file(directory / EQUIPMENT_FILE, EquipmentFile),
        load_toml_file(directory / KITS_FILE, KitsFile),
        load_toml_file(directory / TABLES_FILE, TablesFile),
    )


def _assemble(
    classes: ClassesFile,
    tags: TagsFile,
    equipment: EquipmentFile,
    kits: KitsFile,
    tables: TablesFile,
) -> Content:
    tag_ids = _check_tags(tags)
    items = _check_equipment(equipment, tag_ids)
    class_map = _check_classes(classes, tag_ids, items)
    _check_gear_classes(equipment, class_map)
    _check_kits(kits, class_map, items)
    _check_tables(tables)
    return Content(
        classes=classes.classes,
        tags=tags.tags,
        weapons=equipment.weapons,
        armour_list=equipment.armour,
        shields_and_helms=equipment.shields_and_helms,
        tools=equipment.tools,
        miscellany=equipment.miscellany,
        vehicles_and_animals=equipment.vehicles_and_animals,
        kits=kits.kits,
        tables=tables.tables,
    )


def _check_tags(file: TagsFile) -> dict[str, Tag]:
    require_unique(TAGS_FILE, "tags", (t.id for t in file.tags))
    tags = {t.id: t for t in file.tags}
    for index, tag in enumerate(file.tags):
        label = entry_label(f"tags[{index}]", tag.id)
        for implied in tag.implies:
            if implied not in tags:
                raise RulesDataError(TAGS_FILE, label, f"implies unknown tag {implied!r}")
        if any(tag.id in _closure(i, tags) for i in tag.implies):
            raise RulesDataError(TAGS_FILE, label, "implies itself (a cycle of implies)")
    return tags


def _check_circumstances(
    file: str,
    label: str,
    field_name: str,
    circumstances: tuple[Circumstance, ...],
    *,
    tags: dict[str, Tag],
    items: dict[str, EquipmentItem],
) -> None:
    for index, circumstance in enumerate(circumstances):
        where = f"{field_name}[{index}]"
        if circumstance.tag is None and circumstance.attribute is None:
            raise RulesDataError(file, label, f"{where}: needs a tag or an attribute")
        for tag in (circumstance.tag, *circumstance.except_tags):
            if tag is not None and tag not in tags:
                raise RulesDataError(file, label, f"{where}: unknown tag {tag!r}")
        item = circumstance.requires_item
        if item is not None and item not in items:
            raise RulesDataError(
                file, label, f"{where}: requires_item {item!r} is not in {EQUIPMENT_FILE}"
            )


def _check_usage(file: str, label: str, usage: str | None) -> None:
    if usage is None:
        return
    try:
        UsageDie.parse(usage)
    except DiceError as error:
        raise RulesDataError(file, label, f"usage {usage!r} is not a usage die") from error


def _check_equipment(file: EquipmentFile, tags: dict[str, Tag]) -> dict[str, EquipmentItem]:
    labelled = [
        (f"{section}[{index}]", item)
        for section, entries in file.sections()
        for index, item in enumerate(entries)
    ]
    items: dict[str, EquipmentItem] = {}
    keys: dict[str, str] = {}
    for path, item in labelled:
        label = entry_label(path, item.id)
        if item.id in items:
            raise RulesDataError(EQUIPMENT_FILE, label, f"duplicate id {item.id!r}")
        items[item.id] = item
        if item.id != _key(item.id):
            raise RulesDataError(EQUIPMENT_FILE, label, "id must be lower-case kebab-case")
        for name in {_key(item.id), _key(item.name), *map(_key, item.aliases)}:
            if name in keys:
                raise RulesDataError(
                    EQUIPMENT_FILE, label, f"name or alias {name!r} is also {keys[name]}"
                )
            keys[name] = f"{path} (id {item.id!r})"
    for path, item in labelled:
        label = entry_label(path, item.id)
        for tag in item.tags:
            if tag not in tags:
                raise RulesDataError(EQUIPMENT_FILE, label, f"unknown tag {tag!r}")
        if isinstance(item, Weapon) and item.two_handed and item.hands != 2:
            raise RulesDataError(EQUIPMENT_FILE, label, "a 2h weapon must have hands = 2")
        if isinstance(item, Armour | ArmourPiece):
            _check_circumstances(
                EQUIPMENT_FILE,
                label,
                "disadvantage_on",
                item.disadvantage_on,
                tags=tags,
                items=items,
            )
        if isinstance(item, Gear):
            _check_usage(EQUIPMENT_FILE, label, item.usage)
            _check_circumstances(
                EQUIPMENT_FILE, label, "advantage_on", item.advantage_on, tags=tags, items=items
            )
            if item.fuel is not None and item.fuel not in items:
                raise RulesDataError(
                    EQUIPMENT_FILE, label, f"fuel {item.fuel!r} is not an equipment id"
                )
    return items


def _check_classes(
    file: ClassesFile, tags: dict[str, Tag], items: dict[str, EquipmentItem]
) -> dict[str, CharacterClass]:
    require_unique(CLASSES_FILE, "classes", (c.id for c in file.classes))
    require_unique(CLASSES_FILE, "classes", (_key(c.name) for c in file.classes), "name")
    for index, cls in enumerate(file.classes):
        label = entry_label(f"classes[{index}]", cls.id)
        if not cls.prime_requisites:
            raise RulesDataError(CLASSES_FILE, label, "has no prime requisites")
        if len(set(cls.prime_requisites)) != len(cls.prime_requisites):
            raise RulesDataError(CLASSES_FILE, label, "repeats a prime requisite")
        if cls.improvised_die >= cls.attack_die:
            raise RulesDataError(
                CLASSES_FILE,
                label,
                f"improvised_die d{cls.improvised_die} must be below attack_die "
                f"d{cls.attack_die} (RULINGS R8)",
            )
        require_unique(CLASSES_FILE, f"classes[{index}].features", (f.id for f in cls.features))
        for number, feature in enumerate(cls.features):
            feature_label = entry_label(f"{label}.features[{number}]", feature.id)
            _check_circumstances(
                CLASSES_FILE,
                feature_label,
                "advantage_on",
                feature.advantage_on,
                tags=tags,
                items=items,
            )
    return {c.id: c for c in file.classes}


def _check_gear_classes(file: EquipmentFile, classes: dict[str, CharacterClass]) -> None:
    for section, entries in file.sections():
        for index, item in enumerate(entries):
            for class_id in getattr(item, "only_for", ()):
                if class_id not in classes:
                    raise RulesDataError(
                        EQUIPMENT_FILE,
                        entry_label(f"{section}[{index}]", item.id),
                        f"only_for: unknown class {class_id!r}",
                    )


_KIT_KINDS: dict[str, tuple[type[Item], str | None]] = {
    "weapon": (Weapon, None),
    "armour": (Armour, None),
    "shield": (ArmourPiece, "shield"),
    "helm": (ArmourPiece, "helm"),
    "tool": (Gear, "class-tool"),
    "ammunition": (Gear, "ammunition"),
    "light": (Gear, "light"),
    "gear": (Item, None),
}
"""For each kit item kind: the equipment type a ``ref`` must name, and the
shield/helm kind or gear category it must have."""


def _check_kits(
    file: KitsFile, classes: dict[str, CharacterClass], items: dict[str, EquipmentItem]
) -> None:
    numbers: dict[str, list[int]] = {}
    for index, kit in enumerate(file.kits):
        label = f"kits[{index}] ({kit.label})"
        cls = classes.get(kit.class_)
        if cls is None:
            raise RulesDataError(KITS_FILE, label, f"class {kit.class_!r} is not in {CLASSES_FILE}")
        if kit.number in numbers.setdefault(kit.class_, []):
            raise RulesDataError(KITS_FILE, label, f"duplicate kit number {kit.number}")
        numbers[kit.class_].append(kit.number)
        if kit.coins is not None:
            try:
                parse(kit.coins)
            except DiceError as error:
                raise RulesDataError(KITS_FILE, label, f"coins: {error}") from error
        if not kit.items:
            raise RulesDataError(KITS_FILE, label, "has no items")
        for number, item in enumerate(kit.items):
            _check_kit_item(f"{label}.items[{number}] (name {item.name!r})", item, cls, items)
    for class_id, found in numbers.items():
        if sorted(found) != list(range(1, len(found) + 1)):
            raise RulesDataError(
                KITS_FILE,
                f"kits of {class_id!r}",
                f"numbers {sorted(found)} must run 1 to {len(found)}",
            )


def _check_kit_item(
    label: str, item: KitItem, cls: CharacterClass, items: dict[str, EquipmentItem]
) -> None:
    _check_usage(KITS_FILE, label, item.usage)
    target = None
    if item.ref is not None:
        target = items.get(item.ref)
        if target is None:
            raise RulesDataError(KITS_FILE, label, f"ref {item.ref!r} is not in {EQUIPMENT_FILE}")
        expected_type, subkind = _KIT_KINDS[item.kind]
        actual = target.category if isinstance(target, Gear) else target.kind
        if not isinstance(target, expected_type) or (subkind is not None and actual != subkind):
            raise RulesDataError(
                KITS_FILE, label, f"kind {item.kind!r} but ref {item.ref!r} is {actual!r}"
            )
    if item.kind != "weapon":
        if item.damage is not None or item.hands is not None:
            raise RulesDataError(KITS_FILE, label, "only a weapon has damage and hands")
        return
    if item.damage is None or item.hands is None:
        raise RulesDataError(KITS_FILE, label, "a weapon needs damage and hands")
    if isinstance(target, Weapon):
        if item.hands != target.hands:
            raise RulesDataError(
                KITS_FILE, label, f"hands {item.hands} but {target.id!r} needs {target.hands}"
            )
        two_handed = target.two_handed
    else:
        two_handed = item.hands == 2
    try:
        tree = parse(item.damage)
    except DiceError as error:
        raise RulesDataError(KITS_FILE, label, f"damage: {error}") from error
    expected = weapon_die(cls.attack_die, two_handed)
    if not (isinstance(tree, Dice) and tree.count == 1 and tree.keep is None) or (
        tree.sides != expected
    ):
        grip = "two-handed" if two_handed else "one-handed"
        raise RulesDataError(
            KITS_FILE,
            label,
            f"damage {item.damage!r}: a {grip} {cls.id} weapon deals 1d{expected} (RULINGS R8)",
        )


def _check_tables(file: TablesFile) -> None:
    require_unique(TABLES_FILE, "tables", (t.id for t in file.tables))
    for index, table in enumerate(file.tables):
        validate_table(table, file=TABLES_FILE, entry=entry_label(f"tables[{index}]", table.id))
