"""The schemas of redhack's classes, tags, kits and tables files (frozen msgspec Structs).

Decoding a file with these types checks every field's type and range (and rejects
unknown fields); what needs more than one entry or file is checked by
:mod:`.crosschecks` and :mod:`.loader`. The equipment list's schema is in
:mod:`.equipment`.

Sources: redhack: Character Creation > 1. Attributes, 2. Class, 4. Starting Equipment;
the tables' own sections; RULINGS R8.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Annotated, Literal

import msgspec

from ....dice.usage import UsageDie
from ....errors import UnknownNameError
from ....rules.tables import Table

__all__ = [
    "ATTRIBUTES",
    "CLASSES_FILE",
    "KITS_FILE",
    "TABLES_FILE",
    "TAGS_FILE",
    "Attribute",
    "CharacterClass",
    "Circumstance",
    "ClassesFile",
    "Feature",
    "GearCategory",
    "Kit",
    "KitItem",
    "KitItemKind",
    "KitsFile",
    "NonNegative",
    "Positive",
    "RangeBand",
    "TablesFile",
    "Tag",
    "TagsFile",
    "WeaponType",
    "lookup_key",
]

CLASSES_FILE = "classes.toml"
TAGS_FILE = "tags.toml"
KITS_FILE = "kits.toml"
TABLES_FILE = "tables.toml"


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


def lookup_key(name: str) -> str:
    """Normalise a name for lookup: case-insensitive, spaces and underscores as ``-``.

    An id in the data files is its own key (lower-case kebab-case).

    >>> lookup_key("  Thief Skills"), lookup_key("shields_and_helms")
    ('thief-skills', 'shields-and-helms')
    """
    return re.sub(r"[\s_]+", "-", name.strip().lower())


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
        key = lookup_key(id_or_name)
        for feature in self.features:
            if key in (feature.id, lookup_key(feature.name)):
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


class KitsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """kits.toml."""

    kits: tuple[Kit, ...]


class TablesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """tables.toml."""

    tables: tuple[Table, ...]
