"""The loaded content: every entry of redhack's data files, looked up by id or name.

Sources: redhack: Character Creation > 2. Class, 4. Starting Equipment; Equipment;
the tables' own sections.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from types import MappingProxyType

from ....errors import UnknownNameError
from ....rules.tables import Table
from .equipment import Armour, ArmourPiece, EquipmentItem, Gear, Weapon
from .names import entry_keys, suggest, typed_keys
from .rules import tag_closure
from .schemas import CharacterClass, Kit, Tag, lookup_key

__all__ = ["Content"]


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
    _loose: MappingProxyType[str, EquipmentItem] = field(init=False, repr=False)
    _tables: MappingProxyType[str, Table] = field(init=False, repr=False)
    _tags: MappingProxyType[str, Tag] = field(init=False, repr=False)
    _implied: MappingProxyType[str, frozenset[str]] = field(init=False, repr=False)
    _tag_ids: frozenset[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        classes: dict[str, CharacterClass] = {}
        for cls in self.classes:
            classes[lookup_key(cls.id)] = cls
            classes[lookup_key(cls.name)] = cls
        items: dict[str, EquipmentItem] = {}
        for item in self.equipment_items:
            for key in (item.id, item.name, *item.aliases):
                items[lookup_key(key)] = item
        loose: dict[str, EquipmentItem] = {}
        for item in self.equipment_items:
            for key in entry_keys(item.id, item.name, item.aliases):
                loose.setdefault(key, item)
        tables: dict[str, Table] = {}
        for table in self.tables:
            tables[lookup_key(table.id)] = table
            tables[lookup_key(table.name)] = table
        tags = {tag.id: tag for tag in self.tags}
        implied = {tag.id: frozenset(tag_closure(tag.id, tags)) for tag in self.tags}
        object.__setattr__(self, "_classes", MappingProxyType(classes))
        object.__setattr__(self, "_items", MappingProxyType(items))
        object.__setattr__(self, "_loose", MappingProxyType(loose))
        object.__setattr__(self, "_tables", MappingProxyType(tables))
        object.__setattr__(self, "_tags", MappingProxyType(tags))
        object.__setattr__(self, "_implied", MappingProxyType(implied))
        object.__setattr__(self, "_tag_ids", frozenset(tags))

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

    @property
    def tag_ids(self) -> frozenset[str]:
        """The id of every test tag (tags.toml), exactly as written."""
        return self._tag_ids

    def class_(self, id_or_name: str) -> CharacterClass:
        """A class by id or name, case-insensitive (``"Warrior"``, ``"warrior"``).

        Raises:
            UnknownNameError: no such class.
        """
        found = self._classes.get(lookup_key(id_or_name))
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
        found = self._tables.get(lookup_key(id_or_name))
        if found is None:
            raise UnknownNameError("table", id_or_name, [t.id for t in self.tables])
        return found

    def find_equipment(self, name: str) -> EquipmentItem | None:
        """An equipment entry by id, alias or name as a player types it ("plate
        armour", "chainmail", "torches": docs/rulings.md H190), or ``None``."""
        found = self._items.get(lookup_key(name))
        if found is not None:
            return found
        for key in typed_keys(name):
            found = self._loose.get(key)
            if found is not None:
                return found
        return None

    def _unknown(self, kind: str, name: str, entries: Iterable[EquipmentItem]) -> UnknownNameError:
        """An unknown item of ``entries``, with the name it most likely meant."""
        listed = tuple(entries)
        names = {
            key: entry.name
            for key, entry in self._loose.items()
            if any(entry is other for other in listed)
        }
        return UnknownNameError(kind, name, [i.id for i in listed], suggest(name, names))

    def equipment(self, id_or_name: str) -> EquipmentItem:
        """Any equipment entry by id, alias or name, as a player types it
        (:meth:`find_equipment`).

        Returns:
            A :class:`Weapon`, :class:`Armour`, :class:`ArmourPiece` or :class:`Gear`.

        Raises:
            UnknownNameError: no such item ("did you mean ...?").
        """
        found = self.find_equipment(id_or_name)
        if found is None:
            raise self._unknown("equipment", id_or_name, self.equipment_items)
        return found

    def armour(self, id_or_alias: str) -> Armour:
        """Body armour by id, alias or name (``"chain"``, ``"gambeson"``).

        Raises:
            UnknownNameError: no such armour (shields and helms are not armour here).
        """
        found = self.find_equipment(id_or_alias)
        if not isinstance(found, Armour):
            raise self._unknown("armour", id_or_alias, self.armour_list)
        return found

    def weapon(self, id_or_alias: str) -> Weapon:
        """A weapon by id, alias or name (``"sword"``, ``"mace"``).

        Raises:
            UnknownNameError: no such weapon.
        """
        found = self.find_equipment(id_or_alias)
        if not isinstance(found, Weapon):
            raise self._unknown("weapon", id_or_alias, self.weapons)
        return found

    def tag(self, tag_id: str) -> Tag:
        """A test tag by id.

        Raises:
            UnknownNameError: no such tag.
        """
        found = self._tags.get(lookup_key(tag_id))
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
