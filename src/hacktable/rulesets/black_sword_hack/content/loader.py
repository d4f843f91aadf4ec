"""Load and validate black-sword-hack's data files (``data/*.toml``) into
:class:`.Content`.

Each file is decoded with its schema (:mod:`.schemas`) and checked within itself and
against the others; anything wrong raises :class:`~hacktable.errors.RulesDataError`
naming the file, the entry and the reason. The packaged files are loaded once per
process (:func:`load_content` is cached).

Sources: RULINGS B4 (backgrounds and gifts), B6 (opponents), black-sword-hack 2.1.13.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from ....dice.usage import UsageDie
from ....errors import RulesDataError
from ....rules.content import load_toml, load_toml_file, require_unique
from ....rules.tables import validate_table
from .index import Content
from .schemas import (
    BACKGROUNDS_FILE,
    EQUIPMENT_FILE,
    GIFTS_FILE,
    OPPONENTS_FILE,
    SPELLS_FILE,
    TABLES_FILE,
    BackgroundsFile,
    Effect,
    EquipmentFile,
    Gift,
    GiftsFile,
    OpponentsFile,
    SpellsFile,
    TablesFile,
)

__all__ = ["DATA_FILES", "DATA_PACKAGE", "load_content", "load_content_from"]

DATA_PACKAGE = "hacktable.rulesets.black_sword_hack.data"
"""The package holding black-sword-hack's data files."""

DATA_FILES = (
    BACKGROUNDS_FILE,
    GIFTS_FILE,
    OPPONENTS_FILE,
    EQUIPMENT_FILE,
    SPELLS_FILE,
    TABLES_FILE,
)
"""Every data file :func:`load_content` reads."""


@cache
def load_content() -> Content:
    """Load and validate the packaged data files (cached: loaded once).

    Raises:
        RulesDataError: a file is missing, malformed or inconsistent.
    """
    return _assemble(
        load_toml(DATA_PACKAGE, BACKGROUNDS_FILE, BackgroundsFile),
        load_toml(DATA_PACKAGE, GIFTS_FILE, GiftsFile),
        load_toml(DATA_PACKAGE, OPPONENTS_FILE, OpponentsFile),
        load_toml(DATA_PACKAGE, EQUIPMENT_FILE, EquipmentFile),
        load_toml(DATA_PACKAGE, SPELLS_FILE, SpellsFile),
        load_toml(DATA_PACKAGE, TABLES_FILE, TablesFile),
    )


def load_content_from(directory: Path) -> Content:
    """Load and validate the data files in ``directory`` (not cached).

    Raises:
        RulesDataError: a file is missing, malformed or inconsistent.
    """
    return _assemble(
        load_toml_file(directory / BACKGROUNDS_FILE, BackgroundsFile),
        load_toml_file(directory / GIFTS_FILE, GiftsFile),
        load_toml_file(directory / OPPONENTS_FILE, OpponentsFile),
        load_toml_file(directory / EQUIPMENT_FILE, EquipmentFile),
        load_toml_file(directory / SPELLS_FILE, SpellsFile),
        load_toml_file(directory / TABLES_FILE, TablesFile),
    )


_NEEDS: dict[str, tuple[str, ...]] = {
    "damage-die": ("die",),
    "critical-range": ("amount",),
    "doom-die": ("amount",),
    "armour": ("amount",),
    "first-turn-actions": ("amount",),
    "free-repeat": ("action",),
    "max-hp": ("amount",),
    "short-rest": ("amount",),
    "sorcery": ("attribute",),
}
"""The fields each effect kind must set (:class:`~.schemas.Effect`)."""


def _check_effect(file: str, entry: str, effect: Effect) -> None:
    for needed in _NEEDS.get(effect.kind, ()):
        if not getattr(effect, needed):
            raise RulesDataError(file, entry, f"a {effect.kind} effect needs {needed!r}")
    if effect.kind == "advantage" and not (effect.attribute or effect.use or effect.tags):
        raise RulesDataError(file, entry, "an advantage effect names an attribute, a use or tags")


def _assemble(
    backgrounds: BackgroundsFile,
    gifts: GiftsFile,
    opponents: OpponentsFile,
    equipment: EquipmentFile,
    spells: SpellsFile,
    tables: TablesFile,
) -> Content:
    require_unique(BACKGROUNDS_FILE, "background", (b.id for b in backgrounds.background))
    require_unique(GIFTS_FILE, "gift", (g.id for g in gifts.gift))
    require_unique(OPPONENTS_FILE, "opponent", (o.id for o in opponents.opponent))
    require_unique(EQUIPMENT_FILE, "item", (i.id for i in equipment.item))
    require_unique(SPELLS_FILE, "spell", (s.id for s in spells.spell))
    require_unique(TABLES_FILE, "table", (t.id for t in tables.table))
    gift_ids = {g.id for g in gifts.gift}
    for background in backgrounds.background:
        for effect in background.effects:
            _check_effect(BACKGROUNDS_FILE, background.id, effect)
        if background.gift is not None and background.gift not in gift_ids:
            raise RulesDataError(
                BACKGROUNDS_FILE, background.id, f"grants an unknown gift {background.gift!r}"
            )
    spell_ids = {s.id for s in spells.spell}
    for gift in gifts.gift:
        for effect in gift.effects:
            _check_effect(GIFTS_FILE, gift.id, effect)
        _check_gift_spells(gift, spell_ids)
    for spell in spells.spell:
        if spell.damage is not None and not _ONE_DIE.match(spell.damage):
            raise RulesDataError(
                SPELLS_FILE, spell.id, f"damage is one die (1d4 to 1d12), not {spell.damage!r}"
            )
    for opponent in opponents.opponent:
        if not opponent.actions:
            raise RulesDataError(OPPONENTS_FILE, opponent.id, "an opponent needs an action")
        for action in opponent.actions:
            if not action.defend:
                raise RulesDataError(OPPONENTS_FILE, opponent.id, f"{action.name}: defend with?")
            if action.ongoing is not None:
                _usage(OPPONENTS_FILE, opponent.id, action.ongoing)
    for item in equipment.item:
        if item.usage is not None:
            _usage(EQUIPMENT_FILE, item.id, item.usage)
        if item.kind == "weapon" and item.hands is None:
            raise RulesDataError(EQUIPMENT_FILE, item.id, "a weapon says its hands (1 or 2)")
    for table in tables.table:
        validate_table(table, file=TABLES_FILE, entry=table.id)
    return Content(
        backgrounds.background,
        gifts.gift,
        opponents.opponent,
        equipment.item,
        spells.spell,
        tables.table,
    )


_ONE_DIE = re.compile(r"^1d(4|6|8|10|12)$")
"""A sorcery's damage: one die (:func:`..damage.roll_damage` rolls one)."""


def _check_gift_spells(gift: Gift, spell_ids: set[str]) -> None:
    """A gift teaches only sorceries that exist, and a sorcery gift teaches at least one
    (docs/rulings.md H124)."""
    for spell in gift.spells:
        if spell not in spell_ids:
            raise RulesDataError(GIFTS_FILE, gift.id, f"teaches an unknown sorcery {spell!r}")
    if any(e.kind == "sorcery" for e in gift.effects) and not gift.spells:
        raise RulesDataError(GIFTS_FILE, gift.id, "a sorcery gift teaches at least one sorcery")


def _usage(file: str, entry: str, text: str) -> None:
    try:
        UsageDie.parse(text)
    except ValueError as error:
        raise RulesDataError(file, entry, f"not a usage die: {text!r}") from error
