"""Load and validate redhack's data files (``data/*.toml``) into :class:`.Content`.

Each file is decoded with its schema (:mod:`.schemas`, :mod:`.equipment`), checked
within itself (ids unique, tags' implications acyclic, tables covering their rolls)
and against the others (:mod:`.crosschecks`); anything wrong raises
:class:`~hacktable.errors.RulesDataError` naming the file, the entry and the reason.
The packaged files are loaded once per process (:func:`load_content` is cached).

Sources: redhack: Character Creation; Equipment; the tables' own sections; RULINGS R7,
R8, R11, R17, R18, R22, R23, R26, R27, R29, R31.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ....errors import RulesDataError
from ....rules.content import entry_label, load_toml, load_toml_file, require_unique
from ....rules.tables import validate_table
from .crosschecks import check_classes, check_equipment, check_gear_classes, check_kits
from .equipment import EQUIPMENT_FILE, EquipmentFile
from .index import Content
from .rules import tag_closure
from .schemas import (
    CLASSES_FILE,
    KITS_FILE,
    TABLES_FILE,
    TAGS_FILE,
    ClassesFile,
    KitsFile,
    TablesFile,
    Tag,
    TagsFile,
)

__all__ = ["DATA_FILES", "DATA_PACKAGE", "load_content", "load_content_from"]

DATA_PACKAGE = "hacktable.rulesets.redhack.data"
"""The package holding redhack's data files."""

DATA_FILES = (CLASSES_FILE, TAGS_FILE, EQUIPMENT_FILE, KITS_FILE, TABLES_FILE)
"""Every data file :func:`load_content` reads."""


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
    items = check_equipment(equipment, tag_ids)
    class_map = check_classes(classes, tag_ids, items)
    check_gear_classes(equipment, class_map)
    check_kits(kits, class_map, items)
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
        if any(tag.id in tag_closure(i, tags) for i in tag.implies):
            raise RulesDataError(TAGS_FILE, label, "implies itself (a cycle of implies)")
    return tags


def _check_tables(file: TablesFile) -> None:
    require_unique(TABLES_FILE, "tables", (t.id for t in file.tables))
    for index, table in enumerate(file.tables):
        validate_table(table, file=TABLES_FILE, entry=entry_label(f"tables[{index}]", table.id))
