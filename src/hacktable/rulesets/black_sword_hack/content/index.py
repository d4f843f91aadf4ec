"""The loaded content: every entry of black-sword-hack's data files, looked up by id or
name (case-insensitive; spaces and underscores read as hyphens).

Sources: RULINGS B4 (backgrounds, gifts), B6 (opponents); black-sword-hack 2.1.6-2.1.9
(equipment), 2.1.13 (the Helpless table).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from ....errors import UnknownNameError
from ....rules.tables import Table
from .schemas import Background, EquipmentItem, Gift, Opponent, Spell

__all__ = ["Content", "lookup_key"]

T = TypeVar("T", Background, Gift, Opponent, EquipmentItem, Spell, Table)


def lookup_key(name: str) -> str:
    """A name's key: lower case, spaces, underscores and apostrophes as hyphens.

    >>> lookup_key("  City Guard"), lookup_key("iron_skin")
    ('city-guard', 'iron-skin')
    """
    return re.sub(r"[\s_']+", "-", name.strip().lower()).strip("-")


def _index(entries: Iterable[T], *extra: tuple[str, T]) -> MappingProxyType[str, T]:
    found: dict[str, T] = {}
    for entry in entries:
        found.setdefault(lookup_key(entry.id), entry)
        found.setdefault(lookup_key(entry.name), entry)
    for key, entry in extra:
        found.setdefault(lookup_key(key), entry)
    return MappingProxyType(found)


@dataclass(frozen=True)
class Content:
    """All of black-sword-hack's content, validated, with lookups.

    Attributes:
        backgrounds: in file order (grouped by origin).
        gifts: in file order.
        opponents: the bestiary.
        equipment: weapons, armour, shields and gear.
        spells: the sorceries.
        tables: the rollable tables (Helpless, ...).
    """

    backgrounds: tuple[Background, ...]
    gifts: tuple[Gift, ...]
    opponents: tuple[Opponent, ...]
    equipment: tuple[EquipmentItem, ...]
    spells: tuple[Spell, ...]
    tables: tuple[Table, ...]
    _backgrounds: MappingProxyType[str, Background] = field(init=False, repr=False)
    _gifts: MappingProxyType[str, Gift] = field(init=False, repr=False)
    _opponents: MappingProxyType[str, Opponent] = field(init=False, repr=False)
    _equipment: MappingProxyType[str, EquipmentItem] = field(init=False, repr=False)
    _spells: MappingProxyType[str, Spell] = field(init=False, repr=False)
    _tables: MappingProxyType[str, Table] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        aliases = [(alias, item) for item in self.equipment for alias in item.aliases]
        set_ = object.__setattr__
        set_(self, "_backgrounds", _index(self.backgrounds))
        set_(self, "_gifts", _index(self.gifts))
        set_(self, "_opponents", _index(self.opponents))
        set_(self, "_equipment", _index(self.equipment, *aliases))
        set_(self, "_spells", _index(self.spells))
        set_(self, "_tables", _index(self.tables))

    @staticmethod
    def _find(index: MappingProxyType[str, T], what: str, name: str) -> T:
        found = index.get(lookup_key(name))
        if found is None:
            raise UnknownNameError(what, name, sorted({e.id for e in index.values()}))
        return found

    def background(self, name: str) -> Background:
        """The background with this id or name.

        Raises:
            UnknownNameError: none.
        """
        return self._find(self._backgrounds, "background", name)

    def backgrounds_of(self, origin: str) -> tuple[Background, ...]:
        """The backgrounds of ``origin``, in file order."""
        return tuple(b for b in self.backgrounds if b.origin == origin)

    def gift(self, name: str) -> Gift:
        """The gift with this id or name.

        Raises:
            UnknownNameError: none.
        """
        return self._find(self._gifts, "gift", name)

    def opponent(self, name: str) -> Opponent:
        """The bestiary's opponent with this id or name.

        Raises:
            UnknownNameError: none.
        """
        return self._find(self._opponents, "opponent", name)

    def item(self, name: str) -> EquipmentItem | None:
        """The equipment with this id, name or alias, or ``None``."""
        return self._equipment.get(lookup_key(name))

    def spell(self, name: str) -> Spell:
        """The sorcery with this id or name.

        Raises:
            UnknownNameError: none.
        """
        return self._find(self._spells, "spell", name)

    def table(self, table_id: str) -> Table:
        """The table with this id or name.

        Raises:
            UnknownNameError: none.
        """
        return self._find(self._tables, "table", table_id)
