"""Landscapes as campaign data: a survival and an encounter table for a kind of country,
loaded from a TOML file and validated as the packaged tables are (redhack: Wilderness
Survival > Survival Tables; RULINGS R17, R21, R22; docs/rulings.md H49). Part of
:mod:`.travel`, which re-exports every name."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import msgspec

from ...errors import RulesDataError
from ...rules.content import decode_toml, entry_label, load_toml_file, require_unique
from ...rules.tables import Table, validate_table

__all__ = [
    "Landscape",
    "LandscapeEntry",
    "LandscapesFile",
    "landscapes_from_text",
    "load_landscapes",
]


class LandscapeEntry(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A landscape as its file names it (redhack: Wilderness Survival > Survival Tables:
    "prepare a custom table for each landscape").

    Attributes:
        id: kebab-case, unique in the file, e.g. ``"marsh"``.
        name: as shown.
        survival: the id of its survival table (a ``[[tables]]`` entry of the file).
        encounters: the id of its encounter table, if it has one.
        terrain: ``"difficult"`` makes the landscape difficult terrain by default.
        notes: anything the GM should know.
    """

    id: str
    name: str
    survival: str
    encounters: str | None = None
    terrain: Literal["normal", "difficult"] = "normal"
    notes: str = ""


class LandscapesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A landscapes file: ``[[landscapes]]`` and the ``[[tables]]`` they use (the shape
    of redhack's ``data/tables.toml``)."""

    landscapes: tuple[LandscapeEntry, ...]
    tables: tuple[Table, ...] = ()


class Landscape(msgspec.Struct, frozen=True, kw_only=True):
    """A landscape with its tables, as the campaign stores it (entity ``landscape``).

    Attributes:
        id: e.g. ``"marsh"``.
        name: as shown.
        survival: its survival table (RULINGS R22).
        encounters: its encounter table (rolled on a 1 or 2 of an encounter check,
            RULINGS R17), or ``None``.
        terrain: ``"normal"`` or ``"difficult"`` (RULINGS R21).
        notes: the GM's notes.
        file: the file it came from.
    """

    id: str
    name: str
    survival: Table
    encounters: Table | None = None
    terrain: Literal["normal", "difficult"] = "normal"
    notes: str = ""
    file: str = ""


def landscapes_from_text(text: str | bytes, file: str) -> tuple[Landscape, ...]:
    """Decode and validate a landscapes file's text (see :func:`load_landscapes`).

    Raises:
        RulesDataError: as :func:`load_landscapes`.
    """
    return _assemble(decode_toml(text, file, LandscapesFile), file)


def load_landscapes(path: Path) -> tuple[Landscape, ...]:
    """Load a campaign's landscapes file: ``[[landscapes]]`` naming their survival and
    encounter tables, and those ``[[tables]]`` in the shape of ``data/tables.toml``.

    Every table is validated as the packaged ones are: no overlapping ranges, no gaps,
    every roll of its dice on the table (:func:`~hacktable.rules.tables.validate_table`).
    A survival table must also be open at both ends (or clamped), since the leader's
    modifiers and the travel penalty can take the roll anywhere (RULINGS R22).

    Raises:
        RulesDataError: naming the file, the entry (``tables[1] (id 'marsh-survival')``,
            ``landscapes[0] (id 'marsh')``) and the reason.
    """
    return _assemble(load_toml_file(path, LandscapesFile), path.name)


def _assemble(data: LandscapesFile, file: str) -> tuple[Landscape, ...]:
    if not data.landscapes:
        raise RulesDataError(file, "(file)", "no [[landscapes]]")
    require_unique(file, "landscapes", (entry.id for entry in data.landscapes))
    require_unique(file, "tables", (table.id for table in data.tables))
    tables: dict[str, Table] = {}
    for index, table in enumerate(data.tables):
        validate_table(table, file=file, entry=entry_label(f"tables[{index}]", table.id))
        tables[table.id] = table
    found = []
    for index, entry in enumerate(data.landscapes):
        label = entry_label(f"landscapes[{index}]", entry.id)
        encounters = entry.encounters
        found.append(
            Landscape(
                id=entry.id,
                name=entry.name,
                survival=_pick(tables, file, label, "survival", entry.survival),
                encounters=None
                if encounters is None
                else _pick(tables, file, label, "encounters", encounters),
                terrain=entry.terrain,
                notes=entry.notes,
                file=file,
            )
        )
    return tuple(found)


def _pick(tables: dict[str, Table], file: str, label: str, role: str, table_id: str) -> Table:
    table = tables.get(table_id)
    if table is None:
        raise RulesDataError(file, label, f"{role}: no table {table_id!r} in the file's [[tables]]")
    if table.dice is None:
        raise RulesDataError(file, label, f"{role}: table {table_id!r} has no dice")
    ranges = [entry for entry in table.entries if entry.natural is None]
    if role == "survival" and table.clamp is None:
        if all(entry.low is not None for entry in ranges):
            reason = "is not open below (a lowest entry without 'low')"
        elif all(entry.high is not None for entry in ranges):
            reason = "is not open above (a highest entry without 'high')"
        else:
            return table
        raise RulesDataError(
            file,
            label,
            f"survival: table {table_id!r} {reason}, nor clamped: the roll's modifiers can "
            "take it anywhere (RULINGS R22; docs/rulings.md H49)",
        )
    return table
