"""fantasy-hack's bestiary: NPCs and monsters as data (``data/bestiary.toml``).

issue 11 §1: "a bestiary of at least 15 NPCs and monsters (level, HP, AC, to-hit,
damage, DEX) in our own words". Each :class:`Creature` is a frozen msgspec Struct;
decoding checks every field's type and range and rejects unknown fields; the loader
then checks ids are unique and each damage is a dice expression. Anything wrong is a
:class:`~hacktable.errors.RulesDataError` naming the file, the entry and the field.

A command will call :func:`load_bestiary` (cached) and :meth:`Bestiary.get` with the
name the GM typed; the combat, chase and hazard rules take the creature's plain ints
(:attr:`Creature.to_hit`, :attr:`Creature.ac`, :meth:`Creature.skill`, ...).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from ....errors import RulesDataError, UnknownNameError
from ....rules.content import (
    by_id_or_name,
    entry_label,
    load_toml,
    load_toml_file,
    require_dice,
    require_unique,
)

__all__ = [
    "BESTIARY_FILE",
    "SKILLS",
    "Bestiary",
    "BestiaryFile",
    "Creature",
    "load_bestiary",
    "load_bestiary_from",
]

BESTIARY_FILE = "bestiary.toml"
DATA_PACKAGE = "hacktable.rulesets.fantasy_hack.data"

SKILLS = ("athletics", "communication", "knowledge", "subterfuge", "survival")
"""The five skills (RULINGS F1)."""

Id = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
Text = Annotated[str, msgspec.Meta(min_length=1, max_length=300)]
Level = Annotated[int, msgspec.Meta(ge=0, le=20)]
Modifier = Annotated[int, msgspec.Meta(ge=-5, le=10)]
Rank = Annotated[int, msgspec.Meta(ge=0, le=30)]
Skill = Literal["athletics", "communication", "knowledge", "subterfuge", "survival"]


class Creature(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One NPC or monster.

    Attributes:
        id: kebab-case id (``"mugger"``).
        name: its name as shown.
        kind: ``"npc"`` (a person) or ``"monster"``; both die at 0 HP (RULINGS F1).
        level: its level (0 for vermin).
        hp: its hit points (1 or more).
        ac: its armour class (F2 for people: 10 + DEX + armour + level / 2).
        to_hit: the bonus its attack adds to d20 (Part III "Combat").
        damage: its attack's damage as a dice expression (STR already added).
        dex: its DEX modifier (initiative, chases; F3, F5).
        strength: its STR modifier, ``str`` in the file (poison, heat, resisting
            spells; 0 if left out).
        mnd: its MND modifier (hiding's search, resisting spells; 0 if left out).
        gear: what it wears and wields, in words (``""`` for beasts).
        skills: skill ranks it has apart from its level (docs/rulings.md H320).
        note: one line about it, in our own words.
    """

    id: Id
    name: Text
    kind: Literal["npc", "monster"]
    level: Level
    hp: Annotated[int, msgspec.Meta(ge=1, le=500)]
    ac: Annotated[int, msgspec.Meta(ge=5, le=35)]
    to_hit: Annotated[int, msgspec.Meta(ge=-5, le=30)]
    damage: Text
    dex: Modifier
    note: Text
    strength: Modifier = msgspec.field(default=0, name="str")
    mnd: Modifier = 0
    gear: str = ""
    skills: dict[Skill, Rank] = {}

    def skill(self, name: str) -> int:
        """The creature's rank in skill ``name``: the listed rank, else its level
        (docs/rulings.md H320).

        Raises:
            UnknownNameError: ``name`` is not one of the five skills (RULINGS F1).
        """
        key = name.casefold()
        if key not in SKILLS:
            raise UnknownNameError("skill", name, SKILLS)
        for skill, rank in self.skills.items():
            if skill == key:
                return rank
        return self.level

    def modifier(self, stat: str) -> int:
        """The creature's STR, DEX or MND modifier.

        Raises:
            UnknownNameError: ``stat`` is not STR, DEX or MND (RULINGS F1).
        """
        found = {"STR": self.strength, "DEX": self.dex, "MND": self.mnd}.get(stat.upper())
        if found is None:
            raise UnknownNameError("stat", stat, ("STR", "DEX", "MND"))
        return found


class BestiaryFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The whole of ``bestiary.toml``."""

    creature: tuple[Creature, ...]


class Bestiary(msgspec.Struct, frozen=True):
    """The loaded bestiary, in file order."""

    creatures: tuple[Creature, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """Every creature's name, for completion and errors."""
        return tuple(c.name for c in self.creatures)

    def get(self, name: str) -> Creature:
        """The creature whose id or name is ``name`` (case does not matter).

        Raises:
            UnknownNameError: no creature is called so.
        """
        return by_id_or_name(self.creatures, name, "creature")


def _validate(file: BestiaryFile) -> Bestiary:
    if not file.creature:
        raise RulesDataError(BESTIARY_FILE, "creature", "the bestiary needs a creature")
    require_unique(BESTIARY_FILE, "creature", (c.id for c in file.creature))
    for index, creature in enumerate(file.creature):
        where = entry_label(f"creature[{index}]", creature.id)
        require_dice(BESTIARY_FILE, where, "damage", creature.damage)
    return Bestiary(file.creature)


@cache
def load_bestiary() -> Bestiary:
    """Load and validate the packaged bestiary (cached: loaded once).

    Raises:
        RulesDataError: the file is missing, malformed or an entry is wrong.
    """
    return _validate(load_toml(DATA_PACKAGE, BESTIARY_FILE, BestiaryFile))


def load_bestiary_from(path: Path) -> Bestiary:
    """Load and validate a bestiary file on disk (a campaign's own; not cached).

    Raises:
        RulesDataError: the file is missing, malformed or an entry is wrong.
    """
    return _validate(load_toml_file(path, BestiaryFile))
