"""redhack's content as data: classes, tags, equipment, starting kits and tables.

The rules content lives in the TOML files of ``hacktable/rulesets/redhack/data``;
this package is their schema (frozen msgspec Structs) and loader. Every file is
validated on load, within itself and across files (ids unique, every reference
resolves, every tag is known, kit weapon dice follow RULINGS R8, tables cover their
rolls); anything wrong raises :class:`~hacktable.errors.RulesDataError` naming the
file, the entry and the reason.

Its modules, one concern each (this package re-exports their public names):

- :mod:`.schemas`: the schemas of classes.toml, tags.toml, kits.toml and tables.toml,
  the attributes, and how names are normalised for lookup;
- :mod:`.equipment`: the schema of equipment.toml;
- :mod:`.rules`: the weapon die chain (RULINGS R8) and tag implication;
- :mod:`.index`: :class:`Content`, every entry looked up by id, name or alias;
- :mod:`.names`: item names as players type them ("plate armour", "chainmail");
- :mod:`.crosschecks`: the checks of the files against each other;
- :mod:`.loader`: reading, checking and assembling the files (cached once per process).

Names are loaded on first use (PEP 562): importing one of the modules (``.equipment``
for its schema, say) does not import the loader, its checks and the TOML reader, which
the console's first prompt does not need (``benchmarks/play_startup.py``).

Sources: redhack: Character Creation > 2. Class, 4. Starting Equipment; Equipment;
Combat > AC & Armour; the tables' own sections; RULINGS R7, R8, R11, R17, R18, R22,
R23, R26, R27, R29, R31.

>>> from hacktable.rulesets.redhack.content import load_content
>>> content = load_content()
>>> content.class_("Warrior").hit_die
10
>>> content.armour("gambeson").id
'padded'
"""

from __future__ import annotations

from ....lazy import lazy_names

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from .equipment import (
        EQUIPMENT_FILE,
        AcRule,
        Armour,
        ArmourPiece,
        EquipmentFile,
        EquipmentItem,
        Gear,
        Item,
        ThrownAttack,
        Weapon,
    )
    from .index import Content
    from .loader import DATA_FILES, DATA_PACKAGE, load_content, load_content_from
    from .rules import weapon_die
    from .schemas import (
        ATTRIBUTES,
        CLASSES_FILE,
        KITS_FILE,
        TABLES_FILE,
        TAGS_FILE,
        Attribute,
        CharacterClass,
        Circumstance,
        ClassesFile,
        Feature,
        GearCategory,
        Kit,
        KitItem,
        KitItemKind,
        KitsFile,
        NonNegative,
        Positive,
        RangeBand,
        TablesFile,
        Tag,
        TagsFile,
        WeaponType,
    )

_WHERE = {
    "ATTRIBUTES": "schemas",
    "AcRule": "equipment",
    "Armour": "equipment",
    "ArmourPiece": "equipment",
    "Attribute": "schemas",
    "CLASSES_FILE": "schemas",
    "CharacterClass": "schemas",
    "Circumstance": "schemas",
    "ClassesFile": "schemas",
    "Content": "index",
    "DATA_FILES": "loader",
    "DATA_PACKAGE": "loader",
    "EQUIPMENT_FILE": "equipment",
    "EquipmentFile": "equipment",
    "EquipmentItem": "equipment",
    "Feature": "schemas",
    "Gear": "equipment",
    "GearCategory": "schemas",
    "Item": "equipment",
    "KITS_FILE": "schemas",
    "Kit": "schemas",
    "KitItem": "schemas",
    "KitItemKind": "schemas",
    "KitsFile": "schemas",
    "NonNegative": "schemas",
    "Positive": "schemas",
    "RangeBand": "schemas",
    "TABLES_FILE": "schemas",
    "TAGS_FILE": "schemas",
    "TablesFile": "schemas",
    "Tag": "schemas",
    "TagsFile": "schemas",
    "ThrownAttack": "equipment",
    "Weapon": "equipment",
    "WeaponType": "schemas",
    "load_content": "loader",
    "load_content_from": "loader",
    "weapon_die": "rules",
}

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
    "Attribute",
    "CharacterClass",
    "Circumstance",
    "ClassesFile",
    "Content",
    "EquipmentFile",
    "EquipmentItem",
    "Feature",
    "Gear",
    "GearCategory",
    "Item",
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
    "ThrownAttack",
    "Weapon",
    "WeaponType",
    "load_content",
    "load_content_from",
    "weapon_die",
]

__getattr__, __dir__ = lazy_names(__name__, _WHERE, globals())
