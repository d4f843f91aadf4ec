"""Checks of the decoded data files against each other, with file/entry/reason errors.

Every reference must resolve: test tags to tags.toml, ``requires_item``, ``fuel`` and
kit ``ref`` to equipment.toml, ``only_for`` and kit classes to classes.toml; kit weapon
dice must follow the class's attack die (RULINGS R8). The entry-level checks of the
same entries (unique ids and names, usage dice, a 2H weapon's hands) run in the same
pass, in file order, so the first fault found is the one reported.

Sources: redhack: Character Creation > 2. Class, 4. Starting Equipment; Equipment;
RULINGS R7, R8, R29, R31.
"""

from __future__ import annotations

from ....dice.notation import Dice
from ....dice.parser import parse
from ....dice.usage import UsageDie
from ....errors import DiceError, RulesDataError
from ....rules.content import entry_label, require_unique
from .equipment import (
    EQUIPMENT_FILE,
    Armour,
    ArmourPiece,
    EquipmentFile,
    EquipmentItem,
    Gear,
    Item,
    Weapon,
)
from .rules import weapon_die
from .schemas import (
    CLASSES_FILE,
    KITS_FILE,
    CharacterClass,
    Circumstance,
    ClassesFile,
    KitItem,
    KitsFile,
    Tag,
    lookup_key,
)

__all__ = ["check_classes", "check_equipment", "check_gear_classes", "check_kits"]


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


def check_equipment(file: EquipmentFile, tags: dict[str, Tag]) -> dict[str, EquipmentItem]:
    """Check equipment.toml: ids unique and kebab-case, names and aliases unambiguous,
    tags known, a 2H weapon two-handed, usage dice valid, ``disadvantage_on`` and
    ``advantage_on`` well formed, ``fuel`` an equipment id (RULINGS R7, R8, R29).

    Args:
        file: the decoded equipment.toml.
        tags: the known test tags by id (tags.toml).

    Returns:
        Every entry by id.

    Raises:
        RulesDataError: the first entry at fault, with the reason.
    """
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
        if item.id != lookup_key(item.id):
            raise RulesDataError(EQUIPMENT_FILE, label, "id must be lower-case kebab-case")
        for name in {lookup_key(item.id), lookup_key(item.name), *map(lookup_key, item.aliases)}:
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


def check_classes(
    file: ClassesFile, tags: dict[str, Tag], items: dict[str, EquipmentItem]
) -> dict[str, CharacterClass]:
    """Check classes.toml: ids and names unique, prime requisites present and distinct,
    the improvised die below the attack die (RULINGS R8), feature ids unique, and every
    feature's ``advantage_on`` naming known tags and equipment.

    Args:
        file: the decoded classes.toml.
        tags: the known test tags by id (tags.toml).
        items: the equipment entries by id (equipment.toml).

    Returns:
        Every class by id.

    Raises:
        RulesDataError: the first entry at fault, with the reason.
    """
    require_unique(CLASSES_FILE, "classes", (c.id for c in file.classes))
    require_unique(CLASSES_FILE, "classes", (lookup_key(c.name) for c in file.classes), "name")
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


def check_gear_classes(file: EquipmentFile, classes: dict[str, CharacterClass]) -> None:
    """Check that every equipment entry's ``only_for`` names classes of classes.toml.

    Raises:
        RulesDataError: the first entry at fault, with the reason.
    """
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


def check_kits(
    file: KitsFile, classes: dict[str, CharacterClass], items: dict[str, EquipmentItem]
) -> None:
    """Check kits.toml: each kit's class known, numbers running 1 to n per class,
    coins valid dice, items present and each item's ``ref``, kind, hands and damage
    agreeing with equipment.toml and the class's attack die (redhack: Character Creation
    > 4. Starting Equipment; RULINGS R8).

    Args:
        file: the decoded kits.toml.
        classes: the classes by id (classes.toml).
        items: the equipment entries by id (equipment.toml).

    Raises:
        RulesDataError: the first kit or item at fault, with the reason.
    """
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
