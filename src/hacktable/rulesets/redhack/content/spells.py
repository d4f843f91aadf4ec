"""The spell list as validated data: ``data/spells.toml`` and a campaign's own spells
and "wandering spell" tables (RULINGS R26, R32, R33; docs/rulings.md H156).

A spell's duration is one of ``instant``, ``permanent``, ``"N rounds"``, ``"N ticks"``,
``"N hours"`` or ``"variable udN"`` (a usage die rolled with the lights, RULINGS R33);
:class:`Duration` is its parsed form. Every error in a file raises
:class:`~hacktable.errors.RulesDataError` naming the file, the entry and the reason.

Sources: redhack: Spellcasting (Arcane Magic, Divine Magic), Saving Throws & Effect
Tests; RULINGS R26, R32, R33. The packaged facts come from the Basic Fantasy RPG
(CC BY-SA 4.0), credited in the data file's header.

>>> spells = load_spells()
>>> fireball = spells.get("fireball")
>>> fireball.level, fireball.save, fireball.effect_test
(3, 'DEX', 'WIS')
>>> [s.id for s in spells.cures()]
['cure-light-wounds', 'cure-serious-wounds', 'cure-critical-wounds', 'heal']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Literal

import msgspec

from ....dice.parser import parse
from ....dice.usage import UsageDie
from ....errors import HacktableError, RuleError, RulesDataError, UnknownNameError
from ....rules.content import entry_label, load_toml, load_toml_file, require_unique
from ....rules.tables import Table, validate_table
from .schemas import Attribute, lookup_key

if TYPE_CHECKING:
    from ....play.state import CampaignState

__all__ = [
    "CAMPAIGN_FILE",
    "SPELLS_FILE",
    "Duration",
    "Spell",
    "SpellList",
    "SpellsFile",
    "campaign_spells",
    "load_spells",
    "load_spells_from",
    "spell_from_json",
]

DATA_PACKAGE = "hacktable.rulesets.redhack.data"
"""The package holding redhack's data files."""

SPELLS_FILE = "spells.toml"
"""The packaged spell list's file name."""

CAMPAIGN_FILE = "campaign"
"""The ``file`` named by errors in spells a campaign keeps in its log."""

SpellKind = Literal["arcane", "divine"]
SpellRange = Literal["self", "touch", "close", "near", "far", "distant"]
FoeFlag = Literal["stunned", "held", "blinded", "hindered"]
"""A fight's foe conditions a spell can set (``commands/fight.py`` ``FOE_FLAGS``)."""
Level = Annotated[int, msgspec.Meta(ge=0, le=7)]
TradeLevel = Annotated[int, msgspec.Meta(ge=1, le=7)]

_KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_TIMED = re.compile(r"^(?P<count>[1-9][0-9]*) (?P<unit>rounds|ticks|hours)$")
_VARIABLE = re.compile(r"^variable (?P<die>ud[0-9]+)$")


@dataclass(frozen=True, slots=True)
class Duration:
    """A spell's duration on the campaign's clock (RULINGS R33).

    Attributes:
        unit: ``instant``, ``permanent``, ``rounds``, ``ticks``, ``hours`` or
            ``variable`` (a usage die rolled with the lights every 3 ticks, R16).
        count: how many rounds, ticks or hours (0 otherwise).
        die: the usage die of a variable duration.
    """

    unit: Literal["instant", "permanent", "rounds", "ticks", "hours", "variable"]
    count: int = 0
    die: UsageDie | None = None

    @property
    def lasting(self) -> bool:
        """Whether the spell becomes an ongoing effect on the clock."""
        return self.unit in ("rounds", "ticks", "hours", "variable")

    @classmethod
    def parse(cls, text: str) -> Duration:
        """``"instant"``, ``"permanent"``, ``"6 rounds"``, ``"3 ticks"``, ``"2 hours"``,
        ``"variable ud8"``.

        Raises:
            RuleError: none of these.
        """
        if text in ("instant", "permanent"):
            return cls("instant" if text == "instant" else "permanent")
        timed = _TIMED.match(text)
        if timed:
            count = int(timed.group("count"))
            unit = timed.group("unit")
            if unit == "rounds":
                return cls("rounds", count)
            return cls("ticks", count) if unit == "ticks" else cls("hours", count)
        variable = _VARIABLE.match(text)
        if variable:
            return cls("variable", die=UsageDie.parse(variable.group("die")))
        raise RuleError(
            f"a duration is instant, permanent, 'N rounds', 'N ticks', 'N hours' or "
            f"'variable udN', not {text!r}"
        )


class Spell(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One spell or prayer (RULINGS R32; the data file's header gives each field).

    Attributes:
        id: kebab-case, unique.
        name: as shown.
        kind: ``arcane`` or ``divine``.
        level: 0 (an arcane cantrip) to 7.
        range: self, touch or a range band.
        duration: as :meth:`Duration.parse` reads it.
        save: the target player's saving-throw attribute (R33), if any.
        effect_test: the caster's effect-test attribute against a monster's HD, if any.
        damage: dice dealt, if any.
        heal: a cure of the trade table (its amount is a campaign setting, R33).
        trade: the least memorised level a cleric may trade for this cure.
        light: it sheds light like a torch while it lasts (a light source, RULINGS R16;
            docs/rulings.md H176).
        foe_flag: the condition it sets on a foe it affects, until it ends (H176).
        effect: one line.
        source: where the facts come from.
    """

    id: str
    name: str
    kind: SpellKind
    level: Level
    range: SpellRange
    duration: str
    effect: str
    source: str
    save: Attribute | None = None
    effect_test: Attribute | None = None
    damage: str | None = None
    heal: bool = False
    trade: TradeLevel | None = None
    light: bool = False
    foe_flag: FoeFlag | None = None

    @property
    def lasting(self) -> Duration:
        """The parsed duration."""
        return Duration.parse(self.duration)

    @property
    def cantrip(self) -> bool:
        """A level-0 arcane spell, cast at will (RULINGS R25)."""
        return self.level == 0

    def line(self) -> str:
        """E.g. ``"Fireball (arcane 3; far; instant; save DEX, effect WIS; 6d6)"``."""
        bits = [f"{self.kind} {self.level}" if self.level else f"{self.kind} cantrip"]
        bits += [self.range, self.duration]
        tests = []
        if self.save:
            tests.append(f"save {self.save}")
        if self.effect_test:
            tests.append(f"effect {self.effect_test}")
        if tests:
            bits.append(", ".join(tests))
        if self.damage:
            bits.append(self.damage)
        return f"{self.name} ({'; '.join(bits)}): {self.effect}"


class SpellsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A spells file: ``[[spells]]`` and, in a campaign's file, ``[[tables]]`` of
    wandering spells whose results are spell ids (R26 Inspiration)."""

    spells: tuple[Spell, ...] = ()
    tables: tuple[Table, ...] = ()


@dataclass(frozen=True)
class SpellList:
    """Spells looked up by id or name (case-insensitive), and wandering-spell tables.

    Attributes:
        spells: in file order (the campaign's after the packaged ones).
        tables: wandering-spell tables.
    """

    spells: tuple[Spell, ...]
    tables: tuple[Table, ...] = ()
    _by_key: MappingProxyType[str, Spell] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        keys: dict[str, Spell] = {}
        for spell in self.spells:
            keys[lookup_key(spell.id)] = spell
            keys[lookup_key(spell.name)] = spell
        object.__setattr__(self, "_by_key", MappingProxyType(keys))

    @property
    def ids(self) -> tuple[str, ...]:
        """Every spell's id."""
        return tuple(s.id for s in self.spells)

    def get(self, id_or_name: str, kind: str | None = None) -> Spell:
        """The spell with this id or name, or the one whose id or name starts with it;
        with ``kind``, a caster's own kind of a spell both magics share a name with
        ("hold person" for a cleric: Hold Person (prayer); docs/rulings.md H280).

        Raises:
            UnknownNameError: none, or several, match.
        """
        found = self._get(id_or_name)
        if kind is None or found.kind == kind:
            return found
        key = lookup_key(found.name)
        twins = [s for s in self.spells if s.kind == kind and lookup_key(s.name).startswith(key)]
        return twins[0] if len(twins) == 1 else found

    def _get(self, id_or_name: str) -> Spell:
        key = lookup_key(id_or_name)
        found = self._by_key.get(key)
        if found is not None:
            return found
        starts = {s.id: s for k, s in self._by_key.items() if k.startswith(key)} if key else {}
        if len(starts) == 1:
            return next(iter(starts.values()))
        raise UnknownNameError("spell", id_or_name, sorted(starts) or list(self.ids))

    def of(self, kind: str, level: int | None = None) -> tuple[Spell, ...]:
        """The spells of a kind (and level)."""
        return tuple(
            s for s in self.spells if s.kind == kind and (level is None or s.level == level)
        )

    def cures(self) -> tuple[Spell, ...]:
        """The cures of the trade table, from the least trade level up."""
        return tuple(sorted((s for s in self.spells if s.trade), key=lambda s: s.trade or 0))

    def table(self, table_id: str) -> Table:
        """A wandering-spell table.

        Raises:
            UnknownNameError: no such table.
        """
        for table in self.tables:
            if lookup_key(table.id) == lookup_key(table_id):
                return table
        raise UnknownNameError("wandering-spell table", table_id, [t.id for t in self.tables])

    def merged(self, spells: Iterable[Spell], tables: Iterable[Table] = ()) -> SpellList:
        """A list with ``spells`` added (a campaign's spell replaces a packaged one of
        the same id) and ``tables``."""
        extra = {s.id: s for s in spells}
        kept = tuple(s for s in self.spells if s.id not in extra)
        more = {t.id: t for t in tables}
        kept_tables = tuple(t for t in self.tables if t.id not in more)
        return SpellList((*kept, *extra.values()), (*kept_tables, *more.values()))


@cache
def load_spells() -> SpellList:
    """Load and validate the packaged spell list (cached: loaded once).

    Raises:
        RulesDataError: the file is missing, malformed or inconsistent.
    """
    return _assemble(SPELLS_FILE, load_toml(DATA_PACKAGE, SPELLS_FILE, SpellsFile), None)


def load_spells_from(path: Path, known: SpellList | None = None) -> SpellList:
    """Load and validate a campaign's spells file (its spells and tables only); its
    tables' results must be spells of ``known`` (default: the packaged list) or of the
    file.

    Raises:
        RulesDataError: naming the file, the entry and the reason.
    """
    return _assemble(path.name, load_toml_file(path, SpellsFile), known or load_spells())


def campaign_spells(state: CampaignState) -> SpellList:
    """The packaged spell list with a campaign's own spells and wandering-spell tables,
    kept in its state (entities ``spell`` and ``spell-table``; H156).

    Raises:
        RulesDataError: a stored spell does not validate.
    """
    from ....play.codec import from_json

    own = [spell_from_json(data) for data in state.values("spell")]
    tables = [from_json(Table, data) for data in state.values("spell-table")]
    packaged = load_spells()
    return packaged.merged(own, tables) if own or tables else packaged


def spell_from_json(data: object) -> Spell:
    """Validate one spell kept in a campaign's log.

    Raises:
        RulesDataError: with ``file`` ``"campaign"``, naming the spell and the reason.
    """
    entry_id = data.get("id") if isinstance(data, dict) else None
    label = entry_label("spell", entry_id if isinstance(entry_id, str) else None)
    try:
        spell = msgspec.convert(data, Spell)
    except msgspec.ValidationError as error:
        raise RulesDataError(CAMPAIGN_FILE, label, " ".join(str(error).split())) from error
    _check_spell(CAMPAIGN_FILE, label, spell)
    return spell


def _assemble(file: str, decoded: SpellsFile, known: SpellList | None) -> SpellList:
    require_unique(file, "spells", (s.id for s in decoded.spells))
    require_unique(file, "tables", (t.id for t in decoded.tables))
    for index, spell in enumerate(decoded.spells):
        _check_spell(file, entry_label(f"spells[{index}]", spell.id), spell)
    found = SpellList(decoded.spells, decoded.tables)
    every = found if known is None else known.merged(decoded.spells)
    for index, table in enumerate(decoded.tables):
        label = entry_label(f"tables[{index}]", table.id)
        validate_table(table, file=file, entry=label)
        for entry in table.entries:
            try:
                every.get(entry.result)
            except UnknownNameError as error:
                raise RulesDataError(file, label, f"{entry.result!r} is not a spell") from error
    if known is None:
        trades = [s.trade for s in found.cures()]
        if trades != [1, 3, 5, 6]:
            raise RulesDataError(
                file, "spells", "the cures must trade from levels 1, 3, 5 and 6 (the trade table)"
            )
    return found


def _check_spell(file: str, label: str, spell: Spell) -> None:
    def fail(reason: str) -> RulesDataError:
        return RulesDataError(file, label, reason)

    if not _KEBAB.fullmatch(spell.id):
        raise fail(f"id {spell.id!r} is not kebab-case")
    if spell.level == 0 and spell.kind != "arcane":
        raise fail("only arcane spells have cantrips (level 0)")
    try:
        Duration.parse(spell.duration)
        if spell.damage:
            parse(spell.damage)
    except HacktableError as error:
        raise fail(str(error)) from error
    if spell.trade is not None and (not spell.heal or spell.kind != "divine"):
        raise fail("only a divine cure (heal = true) has a trade level")
    if not spell.source.strip():
        raise fail("a spell cites its source")
