"""skill-die's fight data (``data/foes.toml``, ``data/gear.toml``): the schemas of S5's
stock foes, weapons and armour (frozen msgspec Structs) and their checked loader.

Sources: RULINGS S5 (the plain tracker: attacks are STR or DEX checks against the
defence DC, 10 + DEX modifier + armour; damage a dice expression), S3 (foes' HP);
docs/rulings.md H430-H432. The text itself has no fights, foes or gear: every entry is
our own words.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated, Literal, TypeVar

import msgspec

from ...dice.parser import parse
from ...errors import HacktableError, RulesDataError
from ...play.character import fold
from ...rules.content import load_toml, require_unique

__all__ = [
    "Armour",
    "FightContent",
    "FoeEntry",
    "Weapon",
    "load_fight_content",
]

DATA_PACKAGE = "hacktable.rulesets.skill_die.data"
FOES_FILE = "foes.toml"
GEAR_FILE = "gear.toml"

Id = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$", max_length=30)]
"""An entry's id: lower-case words joined by hyphens (``"dock-thug"``)."""

Positive = Annotated[int, msgspec.Meta(ge=1)]

T = TypeVar("T", "Weapon", "Armour")


class FoeEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A stock foe (RULINGS S5; docs/rulings.md H431).

    Attributes:
        id: what ``fight add NAME from ID`` names.
        name: as shown.
        level: its level (for the GM; the tracker shows it).
        hp: its hit points.
        defence: the DC an attack on it must meet or beat.
        to_hit: added to its d20 when it attacks.
        damage: a dice expression.
        dex: its DEX score (initiative: d20 + DEX modifier, ties to the higher DEX).
        text: one line on it.
    """

    id: Id
    name: str
    level: Annotated[int, msgspec.Meta(ge=0, le=10)]
    hp: Positive
    defence: Annotated[int, msgspec.Meta(ge=1, le=40)]
    to_hit: Annotated[int, msgspec.Meta(ge=-5, le=10)]
    damage: str
    dex: Annotated[int, msgspec.Meta(ge=1, le=30)]
    text: str = ""


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A weapon: its damage and the ability its attack check uses (RULINGS S5;
    docs/rulings.md H430).

    Attributes:
        id: its id (``give NAME pistol``).
        name: as shown.
        damage: a dice expression.
        ability: ``STR`` or ``DEX``.
        text: one line on it.
    """

    id: Id
    name: str
    damage: str
    ability: Literal["STR", "DEX"]
    text: str = ""


class Armour(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Armour: what it adds to the defence DC when worn (RULINGS S5; docs/rulings.md
    H432).

    Attributes:
        id: its id (``give NAME flak-vest``).
        name: as shown.
        armour: added to the defence DC.
        text: one line on it.
    """

    id: Id
    name: str
    armour: Annotated[int, msgspec.Meta(ge=1, le=10)]
    text: str = ""


class FoesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``foes.toml``."""

    foes: tuple[FoeEntry, ...]


class GearFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``gear.toml``."""

    weapons: tuple[Weapon, ...]
    armour: tuple[Armour, ...]


@dataclass(frozen=True, slots=True)
class FightContent:
    """The packaged foes, weapons and armour, checked.

    Attributes:
        foes: by id, in the file's order.
        weapons: by id.
        armour: by id.
    """

    foes: dict[str, FoeEntry]
    weapons: dict[str, Weapon]
    armour: dict[str, Armour]

    def foe(self, ref: str) -> FoeEntry | None:
        """The foe ``ref`` names (its id or name, case-insensitive), or ``None``."""
        wanted = fold(ref).replace(" ", "-")
        for entry in self.foes.values():
            if wanted in (entry.id, fold(entry.name).replace(" ", "-")):
                return entry
        return None

    def weapon(self, ref: str | None) -> Weapon | None:
        """The weapon ``ref`` names (id or name), or ``None``."""
        return _find(self.weapons, ref)

    def armour_of(self, ref: str | None) -> Armour | None:
        """The armour ``ref`` names (id or name), or ``None``."""
        return _find(self.armour, ref)


def _find(entries: dict[str, T], ref: str | None) -> T | None:
    if ref is None:
        return None
    wanted = fold(ref).replace(" ", "-")
    for entry in entries.values():
        if wanted in (entry.id, fold(entry.name).replace(" ", "-")):
            return entry
    return None


@cache
def load_fight_content() -> FightContent:
    """The packaged fight data, loaded and checked once per process.

    Raises:
        RulesDataError: a file is missing, malformed or inconsistent (a damage that is
            no dice expression, an id twice, a name shared by a weapon and armour).
    """
    foes = load_toml(DATA_PACKAGE, FOES_FILE, FoesFile)
    gear = load_toml(DATA_PACKAGE, GEAR_FILE, GearFile)
    require_unique(FOES_FILE, "foes", (f.id for f in foes.foes))
    require_unique(GEAR_FILE, "gear", [*(w.id for w in gear.weapons), *(a.id for a in gear.armour)])
    _check_damage(FOES_FILE, "foes", [f.damage for f in foes.foes])
    _check_damage(GEAR_FILE, "weapons", [w.damage for w in gear.weapons])
    return FightContent(
        {f.id: f for f in foes.foes},
        {w.id: w for w in gear.weapons},
        {a.id: a for a in gear.armour},
    )


def _check_damage(file: str, section: str, damages: list[str]) -> None:
    """Refuse a damage that is no dice expression.

    Raises:
        RulesDataError: one is not.
    """
    for index, damage in enumerate(damages):
        try:
            parse(damage)
        except HacktableError as error:
            raise RulesDataError(
                file, f"{section}[{index}]", f"damage {damage!r}: {error}"
            ) from None
