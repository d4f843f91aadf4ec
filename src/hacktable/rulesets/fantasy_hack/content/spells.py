"""fantasy-hack's starter list of sorcerer spells as data (``data/spells.toml``).

RULINGS F4: "A starter list of sorcerer spells (levels 0-5, each with its stat, HP
cost and effect) ships as data in our own words." Each :class:`Spell` is a frozen
msgspec Struct; decoding checks every field's type and range and rejects unknown
fields; the loader then checks ids are unique, damage is a dice expression and a
resisted-for-half spell has damage. Anything wrong is a
:class:`~hacktable.errors.RulesDataError` naming the file, the entry and the field.

A command will call :func:`load_spells` (cached), :meth:`SpellList.get` with the name
the GM typed, and hand the :class:`Spell` to :mod:`..sorcery`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from ....errors import RulesDataError
from ....rules.content import (
    by_id_or_name,
    entry_label,
    load_toml,
    load_toml_file,
    require_dice,
    require_unique,
)

__all__ = ["SPELLS_FILE", "Spell", "SpellList", "SpellsFile", "load_spells", "load_spells_from"]

SPELLS_FILE = "spells.toml"
DATA_PACKAGE = "hacktable.rulesets.fantasy_hack.data"

Id = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
Text = Annotated[str, msgspec.Meta(min_length=1, max_length=300)]


class Spell(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One sorcerer spell (RULINGS F4).

    Attributes:
        id: kebab-case id.
        name: its name as shown.
        level: its level L, 0-5 (the cost is 1 + 2L HP; the DC 10 + L + MND).
        resist: the stat a target resists with: ``"STR"`` (the body), ``"DEX"`` (to
            dodge), ``"MND"`` (the mind), or ``"none"``.
        to_hit: whether it needs a Magic To Hit roll against AC (Part III "Combat").
        damage: its damage as dice, or ``None``.
        on_resist: what a resisted spell does: ``"negates"`` (nothing) or ``"half"``
            its damage.
        duration: how long it lasts, in words.
        effect: what it does, in our own words.
    """

    id: Id
    name: Text
    level: Annotated[int, msgspec.Meta(ge=0, le=5)]
    resist: Literal["STR", "DEX", "MND", "none"]
    duration: Text
    effect: Annotated[str, msgspec.Meta(min_length=1, max_length=400)]
    to_hit: bool = False
    damage: str | None = None
    on_resist: Literal["negates", "half"] = "negates"

    @property
    def cost(self) -> int:
        """Its HP cost, 1 + 2L (RULINGS F4)."""
        return 1 + 2 * self.level


class SpellsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The whole of ``spells.toml``."""

    spell: tuple[Spell, ...]


class SpellList(msgspec.Struct, frozen=True):
    """The loaded spells, in file order."""

    spells: tuple[Spell, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """Every spell's name, for completion and errors."""
        return tuple(s.name for s in self.spells)

    def get(self, name: str) -> Spell:
        """The spell whose id or name is ``name`` (case does not matter).

        Raises:
            UnknownNameError: no spell is called so.
        """
        return by_id_or_name(self.spells, name, "spell")

    def of_level(self, level: int) -> tuple[Spell, ...]:
        """The spells of level ``level``."""
        return tuple(s for s in self.spells if s.level == level)


def _validate(file: SpellsFile) -> SpellList:
    if not file.spell:
        raise RulesDataError(SPELLS_FILE, "spell", "the list needs a spell")
    require_unique(SPELLS_FILE, "spell", (s.id for s in file.spell))
    for index, spell in enumerate(file.spell):
        where = entry_label(f"spell[{index}]", spell.id)
        if spell.damage is not None:
            require_dice(SPELLS_FILE, where, "damage", spell.damage)
        if spell.on_resist == "half" and spell.damage is None:
            raise RulesDataError(SPELLS_FILE, where, "on_resist: half of no damage")
        if spell.on_resist == "half" and spell.resist == "none":
            raise RulesDataError(SPELLS_FILE, where, "on_resist: a spell nobody resists")
    return SpellList(file.spell)


@cache
def load_spells() -> SpellList:
    """Load and validate the packaged spells (cached: loaded once).

    Raises:
        RulesDataError: the file is missing, malformed or an entry is wrong.
    """
    return _validate(load_toml(DATA_PACKAGE, SPELLS_FILE, SpellsFile))


def load_spells_from(path: Path) -> SpellList:
    """Load and validate a spells file on disk (a campaign's own; not cached).

    Raises:
        RulesDataError: the file is missing, malformed or an entry is wrong.
    """
    return _validate(load_toml_file(path, SpellsFile))
