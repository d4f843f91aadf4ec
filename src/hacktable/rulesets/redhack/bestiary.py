"""redhack's bestiary: monsters as validated data, and their loader.

The packaged bestiary (``data/bestiary.toml``) holds classic old-school creatures whose
numbers come from the Basic Fantasy Role-Playing Game, 4th Edition (CC BY-SA 4.0),
converted to redhack's scales; ``docs/bestiary.md`` says how, and gives the source's
attribution. A campaign may add its own monsters from a TOML file of the same schema
(:func:`load_bestiary_from`) or as JSON-like data kept in its log
(:func:`monster_from_json`); :meth:`Bestiary.merged` puts them together.

A monster's numbers are redhack's:

* ``hd`` - Hit Dice, the difficulty of a player's defence (redhack: Combat > Attacking
  & Defending); ``0`` for creatures of less than one Hit Die.
* ``ac`` - monster AC 1-12, the difficulty of a player's attack (redhack: Combat > AC &
  Armour; RULINGS R7: none 1 ... full plate 9, then 10, 11, 12).
* ``hp`` - hit points as the stat block gives them, else HD d8 (RULINGS R5).
* attack damage - from the stat block, else damage by HD (RULINGS R5).
* ``morale`` - 2-12; roll 2d6 on or under it to hold (RULINGS R12).

Every error in a data file raises :class:`~hacktable.errors.RulesDataError` naming the
file, the entry and the reason, in one line.

Sources: redhack: Combat (Attacking & Defending, AC & Armour, Morale); redhack: Core
Rules > Monster Rolls; RULINGS R5, R7, R12, R15.

>>> bestiary = load_bestiary()
>>> goblin = bestiary.get("Goblin")
>>> goblin.hd, goblin.ac, goblin.hp_dice(), goblin.damage()
(1, 4, '1d8-1', '1d6')
>>> bestiary.get("skeleton").is_undead()
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Annotated

import msgspec

from ...dice.notation import bounds
from ...dice.parser import parse
from ...errors import DiceError, RulesDataError, UnknownNameError
from ...rules.content import entry_label, load_toml, load_toml_file, require_unique

__all__ = [
    "BESTIARY_FILE",
    "CAMPAIGN_FILE",
    "DATA_PACKAGE",
    "TAGS",
    "Attack",
    "Bestiary",
    "BestiaryFile",
    "Monster",
    "ac_from_bfrpg",
    "ac_from_descending",
    "damage_by_hd",
    "describe",
    "load_bestiary",
    "load_bestiary_from",
    "monster_from_json",
]

DATA_PACKAGE = "hacktable.rulesets.redhack.data"
"""The package holding redhack's data files."""

BESTIARY_FILE = "bestiary.toml"
"""The packaged bestiary's file name."""

CAMPAIGN_FILE = "campaign"
"""The ``file`` named by errors in monsters a campaign keeps in its log."""

TAGS: MappingProxyType[str, str] = MappingProxyType(
    {
        "animal": "a natural creature, however large (wolves, bears, giant rats)",
        "aquatic": "lives in or under water and swims well",
        "beast": "a monstrous creature, neither animal nor humanoid (owlbear, harpy)",
        "construct": "made, not born (golems, living statues)",
        "disease": "its attack can pass on a disease",
        "flying": "flies",
        "giant": "a humanoid much bigger than a man (ogres, trolls, giants)",
        "goblinoid": "goblins and their kin (hobgoblins, bugbears)",
        "human": "a human being",
        "humanoid": "walks, speaks and fights like a person, with weapons",
        "leader": "leads others of its kind; its morale is the group's (RULINGS R12)",
        "level-drain": "its touch drains experience levels",
        "ooze": "an amorphous jelly or slime",
        "paralysis": "its attack can paralyse",
        "poison": "its attack is venomous",
        "regenerates": "heals by itself during a fight",
        "resists-weapons": "ordinary weapons do not harm it (silver or magic needed)",
        "shield": "carries a shield (a flail ignores a point of its AC)",
        "undead": "animated dead; Turn Undead works on it (RULINGS R15)",
        "vermin": "insects, spiders, centipedes, worms and other crawling things",
    }
)
"""The tags a monster may carry, with what each means (``bestiary.toml`` header)."""

_DAMAGE_BY_HD: tuple[str, ...] = (
    "1d4",  # 0 (less than 1 HD)
    "1d4",
    "1d6",
    "2d4",
    "1d10",
    "1d12",
    "1d6+1d8",
    "2d8",
    "3d6",
    "2d10",
    "1d10+1d12",  # 10 and more
)

_KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_AT_ENTRY = re.compile(r"^(?P<message>.*?)\s+-\s+at\s+`\$\.monsters\[\d+\]\.?(?P<field>[^`]*)`$")
_AT_ROOT = re.compile(r"^(?P<message>.*?)\s+-\s+at\s+`\$\.?(?P<field>[^`]*)`$")
_MONSTER_ENTRY = re.compile(
    r"monsters\[\d+\](?: \((?:id|name) (?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\))?"
)

NonNegative = Annotated[int, msgspec.Meta(ge=0)]
Positive = Annotated[int, msgspec.Meta(ge=1)]
MonsterAc = Annotated[int, msgspec.Meta(ge=1, le=12)]
Morale = Annotated[int, msgspec.Meta(ge=2, le=12)]


def damage_by_hd(hd: int) -> str:
    """A monster's damage when its stat block gives none (RULINGS R5, the Black Hack's
    table): 1: d4, 2: d6, 3: 2d4, 4: d10, 5: d12, 6: d6+d8, 7: 2d8, 8: 3d6, 9: 2d10,
    10 or more: d10+d12. Less than 1 HD (``0``) deals as 1 HD.

    Args:
        hd: the monster's Hit Dice.

    Returns:
        The damage as dice notation, e.g. ``"2d4"``.

    Raises:
        ValueError: ``hd`` is negative.

    >>> damage_by_hd(3), damage_by_hd(12)
    ('2d4', '1d10+1d12')
    """
    if hd < 0:
        raise ValueError(f"Hit Dice cannot be negative: {hd}")
    return _DAMAGE_BY_HD[min(hd, len(_DAMAGE_BY_HD) - 1)]


def ac_from_bfrpg(ascending: int) -> int:
    """Convert a Basic Fantasy RPG (ascending) Armor Class to redhack's monster AC:
    ``ascending - 10``, kept within 1-12 (redhack: Combat > AC & Armour; RULINGS R7).

    Unarmoured (11) is 1, leather (13) 3, chain (15) 5, plate (17) 7, as in redhack's
    table; see ``docs/bestiary.md``.

    >>> ac_from_bfrpg(11), ac_from_bfrpg(14), ac_from_bfrpg(10), ac_from_bfrpg(25)
    (1, 4, 1, 12)
    """
    return max(1, min(12, ascending - 10))


def ac_from_descending(descending: int) -> int:
    """Convert a classic descending Armor Class to redhack's monster AC: ``10 - AC``,
    kept within 1-12 (AC 9, no armour, is 1; AC 1, full plate, is 9).

    >>> ac_from_descending(9), ac_from_descending(4), ac_from_descending(-5)
    (1, 6, 12)
    """
    return max(1, min(12, 10 - descending))


# -- schema ------------------------------------------------------------------------------


class Attack(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One of a monster's attacks in a round.

    Attributes:
        name: what it attacks with (``"weapon"``, ``"claw"``, ``"bite"``).
        damage: dice notation; ``None`` when the stat block gives no damage (a touch
            that only drains or paralyses), so damage by HD applies (RULINGS R5).
        count: how many such attacks it makes each round (two claws: 2).
        notes: special effects or alternatives, in brief.
    """

    name: str
    damage: str | None = None
    count: Positive = 1
    notes: str = ""


class Monster(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A monster's stat block on redhack's scales (redhack: Combat; RULINGS R5, R7, R12).

    Attributes:
        id: kebab-case, unique in a bestiary.
        name: as shown to the table.
        hd: Hit Dice, the players' defence difficulty; 0 for less than one.
        ac: monster AC 1-12, the players' attack difficulty (RULINGS R7).
        attacks: its attacks each round, in order.
        hp: hit points where the stat block gives them (dice or a number); otherwise
            HD d8 (RULINGS R5). A roll below 1 counts as 1.
        morale: 2-12, or ``None`` to use the CHA test instead (RULINGS R12).
        number: how many appear (dice), if the source says.
        tags: from :data:`TAGS`.
        notes: what it is and what it does, in brief.
        source: where the numbers come from.
    """

    id: str
    name: str
    hd: NonNegative
    ac: MonsterAc
    attacks: tuple[Attack, ...] = ()
    hp: Positive | str | None = None
    morale: Morale | None = None
    number: str | None = None
    tags: tuple[str, ...] = ()
    notes: str = ""
    source: str

    def hp_dice(self) -> str:
        """The hit points to roll: the stat block's ``hp`` if given (a number as its
        text), else HD d8, and 1d4 for less than one Hit Die (RULINGS R5)."""
        if self.hp is not None:
            return str(self.hp)
        return "1d4" if self.hd == 0 else f"{self.hd}d8"

    def damage(self, attack: Attack | None = None) -> str:
        """An attack's damage as dice notation (RULINGS R5).

        Args:
            attack: one of the monster's attacks; ``None`` for its first attack.

        Returns:
            The attack's damage, or damage by HD (:func:`damage_by_hd`) when the attack
            gives none or the monster has no attacks.
        """
        if attack is None and self.attacks:
            attack = self.attacks[0]
        if attack is not None and attack.damage is not None:
            return attack.damage
        return damage_by_hd(self.hd)

    def is_undead(self) -> bool:
        """Whether it is undead, so Turn Undead works on it (RULINGS R15)."""
        return "undead" in self.tags


class BestiaryFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A bestiary file: one ``[[monsters]]`` table per monster."""

    monsters: tuple[Monster, ...]


# -- the bestiary ----------------------------------------------------------------------


def _key(name: str) -> str:
    """Normalise a name for lookup: case-insensitive, spaces and underscores as ``-``."""
    return re.sub(r"[\s_]+", "-", name.strip().lower())


@dataclass(frozen=True)
class Bestiary:
    """Monsters with lookups; immutable.

    Attributes:
        monsters: in file order (a campaign's additions after the packaged ones).

    Raises:
        ValueError: two monsters share an id.
    """

    monsters: tuple[Monster, ...]
    _by_key: MappingProxyType[str, Monster] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ids = [m.id for m in self.monsters]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise ValueError(f"monster ids repeat: {', '.join(repeated)}")
        by_key: dict[str, Monster] = {}
        for monster in self.monsters:
            by_key.setdefault(_key(monster.name), monster)
        for monster in self.monsters:  # an id wins over another monster's name
            by_key[_key(monster.id)] = monster
        object.__setattr__(self, "_by_key", MappingProxyType(by_key))

    def __len__(self) -> int:
        return len(self.monsters)

    def __iter__(self) -> Iterator[Monster]:
        return iter(self.monsters)

    @property
    def ids(self) -> tuple[str, ...]:
        """Every monster's id, in order."""
        return tuple(m.id for m in self.monsters)

    def get(self, id_or_name: str) -> Monster:
        """A monster by id or name, case-insensitive, or by the start of one if only
        one monster's id or name starts so (``"hobgob"``).

        Raises:
            UnknownNameError: no monster, or several, match.
        """
        key = _key(id_or_name)
        found = self._by_key.get(key)
        if found is not None:
            return found
        matches = {m.id: m for k, m in self._by_key.items() if key and k.startswith(key)}
        if len(matches) == 1:
            return next(iter(matches.values()))
        raise UnknownNameError("monster", id_or_name, tuple(matches) or self.ids)

    def search(self, text: str) -> tuple[Monster, ...]:
        """Monsters whose id, name, a tag or notes contain ``text``, case-insensitive,
        in order."""
        needle = text.strip().lower()
        return tuple(
            m
            for m in self.monsters
            if any(needle in part.lower() for part in (m.id, m.name, m.notes, *m.tags))
        )

    def merged(self, extra: Iterable[Monster]) -> Bestiary:
        """A bestiary with a campaign's own monsters added; one whose id is already
        present replaces that monster in its place."""
        monsters = {m.id: m for m in self.monsters}
        for monster in extra:
            monsters[monster.id] = monster
        return Bestiary(tuple(monsters.values()))


# -- loading and validation --------------------------------------------------------------


@cache
def load_bestiary() -> Bestiary:
    """Load and validate the packaged bestiary (cached: loaded once).

    Raises:
        RulesDataError: the file is missing, malformed or inconsistent.
    """
    file = _decoded(lambda: load_toml(DATA_PACKAGE, BESTIARY_FILE, BestiaryFile))
    return _assemble(BESTIARY_FILE, file)


def load_bestiary_from(path: Path) -> Bestiary:
    """Load and validate a campaign's own bestiary file (the packaged file's schema).

    Args:
        path: the TOML file.

    Raises:
        RulesDataError: naming the file, the entry (``monsters[2] (id 'ogre')``) and the
            reason.
    """
    file = _decoded(lambda: load_toml_file(path, BestiaryFile))
    return _assemble(path.name, file)


def monster_from_json(data: object) -> Monster:
    """Validate one monster given as JSON-like data (a campaign's own monster, kept in
    its log), as :func:`load_bestiary_from` validates a file's entry.

    Raises:
        RulesDataError: with ``file`` ``"campaign"``, the entry (``monster (id
            'ogre')``) and the reason.
    """
    entry_id = data.get("id") if isinstance(data, dict) else None
    label = entry_label("monster", entry_id if isinstance(entry_id, str) else None)
    try:
        monster = msgspec.convert(data, Monster)
    except msgspec.ValidationError as error:
        message = " ".join(str(error).split())
        found = _AT_ROOT.match(message)
        if found:
            where = found.group("field")
            message = f"{where}: {found.group('message')}" if where else found.group("message")
        raise RulesDataError(CAMPAIGN_FILE, label, message) from error
    _check_monster(CAMPAIGN_FILE, label, monster)
    return monster


def _decoded(load: Callable[[], BestiaryFile]) -> BestiaryFile:
    """Run a loader; a decoding error names the monster as its entry and the field at
    fault first in its reason (``monsters[2] (id 'ogre')``, ``attacks[0].count:
    Expected `int` >= 1``) rather than an attack as the entry and the path after."""
    try:
        return load()
    except RulesDataError as error:
        found = _AT_ENTRY.match(error.reason)
        monster = _MONSTER_ENTRY.match(error.entry)
        if found is None or monster is None:
            raise
        where = found.group("field")
        reason = f"{where}: {found.group('message')}" if where else found.group("message")
        raise RulesDataError(error.file, monster.group(0), reason) from error


def _assemble(file: str, decoded: BestiaryFile) -> Bestiary:
    require_unique(file, "monsters", (m.id for m in decoded.monsters))
    for index, monster in enumerate(decoded.monsters):
        _check_monster(file, entry_label(f"monsters[{index}]", monster.id), monster)
    return Bestiary(decoded.monsters)


MAX_HD = 100
"""The largest HD a stat block may give (its HP dice must stay within the dice limits)."""


def _check_monster(file: str, label: str, monster: Monster) -> None:
    """The checks beyond types: id form, dice that parse, known tags, a cited source."""

    def fail(reason: str) -> RulesDataError:
        return RulesDataError(file, label, reason)

    if not _KEBAB.fullmatch(monster.id):
        raise fail("id: must be lower-case kebab-case, e.g. 'giant-rat'")
    for name, text in (("name", monster.name), ("source", monster.source)):
        if not text.strip():
            raise fail(f"{name}: must not be empty")
    if monster.hd > MAX_HD:
        raise fail(f"hd: at most {MAX_HD}, not {monster.hd}")
    if isinstance(monster.hp, str):
        _check_dice(fail, "hp", monster.hp)
        if bounds(parse(monster.hp))[1] < 1:
            raise fail(f"hp: {monster.hp!r} can never give 1 HP or more")
    if monster.number is not None:
        _check_dice(fail, "number", monster.number)
    for index, attack in enumerate(monster.attacks):
        if not attack.name.strip():
            raise fail(f"attacks[{index}].name: must not be empty")
        if attack.damage is not None:
            _check_dice(fail, f"attacks[{index}].damage", attack.damage)
    for tag in monster.tags:
        if tag not in TAGS:
            raise fail(f"tags: unknown tag {tag!r} (known: {', '.join(TAGS)})")


def _check_dice(fail: Callable[[str], RulesDataError], where: str, expression: str) -> None:
    try:
        parse(expression)
    except DiceError as error:
        raise fail(f"{where}: {error}") from error


# -- display -----------------------------------------------------------------------------


def describe(monster: Monster) -> tuple[str, ...]:
    """A stat block as lines: the numbers, then tags, notes, attack notes and source.

    >>> describe(load_bestiary().get("goblin"))[0]
    'Goblin  HD 1  AC 4  HP 1d8-1  morale 7  damage weapon 1d6  appearing 2d4'
    """
    parts = [monster.name, f"HD {monster.hd}", f"AC {monster.ac}", f"HP {monster.hp_dice()}"]
    if monster.morale is not None:
        parts.append(f"morale {monster.morale}")
    if monster.attacks:
        attacks = []
        for attack in monster.attacks:
            text = f"{attack.name} {monster.damage(attack)}"
            if attack.damage is None:
                text += " (by HD)"
            if attack.count > 1:
                text += f" x{attack.count}"
            attacks.append(text)
        parts.append("damage " + ", ".join(attacks))
    else:
        parts.append(f"damage {monster.damage()} (by HD)")
    if monster.number is not None:
        parts.append(f"appearing {monster.number}")
    lines = ["  ".join(parts)]
    if monster.tags:
        lines.append("tags: " + ", ".join(monster.tags))
    if monster.notes:
        lines.append(monster.notes)
    lines.extend(f"{a.name}: {a.notes}" for a in monster.attacks if a.notes)
    lines.append(f"source: {monster.source}")
    return tuple(lines)
