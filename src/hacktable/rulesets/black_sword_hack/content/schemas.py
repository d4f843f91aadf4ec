"""The schemas of black-sword-hack's data files (frozen msgspec Structs).

Decoding a file with these types checks every field's type and range and rejects
unknown fields; what needs more than one entry or file is checked by :mod:`.loader`.

Sources: RULINGS B4 (backgrounds and gifts are data: name, text, attribute, tags),
B5 (armour ratings), B6 (opponents: level, fixed HP, armour, actions naming the
attribute defended with and a fixed damage); black-sword-hack 2.1.6-2.1.9 (weapons,
armour, shields, two-handed weapons).
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

import msgspec

from ....rules.tables import Table

__all__ = [
    "BACKGROUNDS_FILE",
    "EFFECT_KINDS",
    "EQUIPMENT_FILE",
    "GIFTS_FILE",
    "OPPONENTS_FILE",
    "SPELLS_FILE",
    "TABLES_FILE",
    "Attribute",
    "Background",
    "BackgroundsFile",
    "Effect",
    "EquipmentFile",
    "EquipmentItem",
    "Gift",
    "GiftsFile",
    "Opponent",
    "OpponentAction",
    "OpponentsFile",
    "Origin",
    "Spell",
    "SpellsFile",
    "TablesFile",
    "Use",
]

BACKGROUNDS_FILE = "backgrounds.toml"
GIFTS_FILE = "gifts.toml"
OPPONENTS_FILE = "opponents.toml"
EQUIPMENT_FILE = "equipment.toml"
SPELLS_FILE = "spells.toml"
TABLES_FILE = "tables.toml"

Attribute = Literal["STR", "DEX", "CON", "INT", "WIS", "CHA"]
"""An attribute's name (RULINGS B4)."""

Origin = Literal["barbarian", "civilized", "decadent"]
"""An origin (RULINGS B4)."""

Id = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
"""A kebab-case content id."""

Text = Annotated[str, msgspec.Meta(min_length=1, max_length=600)]
Positive = Annotated[int, msgspec.Meta(ge=1)]
NonNegative = Annotated[int, msgspec.Meta(ge=0)]

Use = Literal["test", "attack", "melee", "ranged", "parry", "dodge", "initiative", "cast", "save"]
"""What a test is for, as an effect names it: any test, an attack (melee or ranged), a
defence (parry or dodge), the initiative test, casting sorcery, a save against harm."""

EffectKind = Literal[
    "advantage",
    "damage-die",
    "critical-range",
    "doom-die",
    "armour",
    "first-turn-actions",
    "free-repeat",
    "max-hp",
    "short-rest",
    "sorcery",
]

EFFECT_KINDS: tuple[str, ...] = get_args(EffectKind)
"""Every effect kind a gift or background may have (see :class:`Effect`)."""


class Effect(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What a gift or background changes, as data the rules read (:mod:`..effects`).

    Kinds and the fields each reads:

    - ``advantage``: advantage on tests of ``attribute`` (any if unset) made for
      ``use`` (any if unset) or carrying one of ``tags``;
    - ``damage-die``: the damage die becomes ``die`` (``"d8"``) for ``use``
      (``melee``, ``ranged``, ``attack`` for every weapon; ``unarmed`` in ``tags``
      for bare hands);
    - ``critical-range``: attack tests of ``use`` are critical successes on a
      natural ``amount`` or less (``2``: a natural 1 or 2);
    - ``doom-die``: the Doom die is ``amount`` sizes larger (ud6 -> ud8);
    - ``armour``: ``amount`` is added to the armour rating (natural armour);
    - ``first-turn-actions``: ``amount`` more actions on the first turn of a fight;
    - ``free-repeat``: taking ``action`` twice in a turn rolls no Doom die;
    - ``max-hp``: ``amount`` more maximum HP;
    - ``short-rest``: ``amount`` more HP healed by a short rest;
    - ``sorcery``: the character can cast sorcery, testing ``attribute``.

    Attributes:
        kind: the kind of effect.
        attribute: the attribute it concerns.
        use: what the test is for.
        tags: test tags it concerns.
        die: a die size, ``"d4"`` to ``"d12"``.
        amount: a number.
        action: an action's name (``"attack"``, ``"move"``).
    """

    kind: EffectKind
    attribute: Attribute | None = None
    use: Use | None = None
    tags: tuple[str, ...] = ()
    die: Literal["d4", "d6", "d8", "d10", "d12"] | None = None
    amount: int = 0
    action: str | None = None


class Background(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A background (RULINGS B4): two of the character's origin and one of any.

    Attributes:
        id: kebab-case id.
        name: as shown.
        origin: the origin it belongs to.
        attribute: the attribute it gives +1 to.
        text: what it is, in our own words.
        tags: tests it helps, as the GM judges (free words).
        effects: what it changes mechanically.
        gift: a gift it grants (a sorcerer's background grants sorcery).
    """

    id: Id
    name: Text
    origin: Origin
    attribute: Attribute
    text: Text
    tags: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    gift: str | None = None


class Gift(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A gift (RULINGS B4, B7: chosen at levels 3, 5, 7, 9).

    Attributes:
        id: kebab-case id.
        name: as shown.
        text: what it is, in our own words.
        effects: what it changes mechanically (none: a gift the GM judges).
        long_rest: it is spent when used and refreshed by a long rest (2.2).
        spells: the ids of the sorceries it teaches (a gift with a ``sorcery`` effect
            teaches at least one; docs/rulings.md H124).
    """

    id: Id
    name: Text
    text: Text
    effects: tuple[Effect, ...] = ()
    long_rest: bool = False
    spells: tuple[str, ...] = ()


class OpponentAction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One of an opponent's actions (RULINGS B6).

    Attributes:
        name: e.g. ``"spear"``.
        defend: the attributes a player may defend with (``["STR", "DEX"]``: parry or
            dodge; ``["DEX"]``: dodge only).
        damage: the fixed damage a failed defence takes (before armour).
        ranged: a missile: only dodged (2.1.4), or parried with a shield where the
            campaign allows it (B5).
        ongoing: a usage die of ongoing damage a hit leaves (``"ud4"``), or ``None``.
    """

    name: Text
    defend: tuple[Attribute, ...]
    damage: NonNegative
    ranged: bool = False
    ongoing: str | None = None


class Opponent(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A monster or NPC of the bestiary (RULINGS B6).

    Attributes:
        id: kebab-case id.
        name: as shown.
        level: its level (threat level, 2.1.5).
        hp: its fixed hit points.
        armour: its armour rating (0-3), subtracted from each hit.
        actions: what it does on its turn.
        morale: its morale (``None``: the campaign's setting, B6).
        text: a line about it, in our own words.
    """

    id: Id
    name: Text
    level: Positive
    hp: Positive
    armour: Annotated[int, msgspec.Meta(ge=0, le=3)]
    actions: tuple[OpponentAction, ...]
    morale: Annotated[int, msgspec.Meta(ge=2, le=12)] | None = None
    text: str = ""


class EquipmentItem(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A piece of equipment (black-sword-hack 2.1.6-2.1.9; RULINGS B4, B5).

    Attributes:
        id: kebab-case id.
        name: as shown.
        kind: ``weapon``, ``armour``, ``shield``, ``light``, ``ration`` or ``gear``.
        hands: a weapon's hands (2: damage with advantage, 2.1.9).
        ranged: a missile weapon (attacks test DEX, 2.1.3).
        armour: an armour's rating: light 1, medium 2, heavy 3 (B5).
        usage: its usage die (``"ud6"``), or ``None``.
        aliases: other names it is found by.
    """

    id: Id
    name: Text
    kind: Literal["weapon", "armour", "shield", "light", "ration", "gear"]
    hands: Literal[1, 2] | None = None
    ranged: bool = False
    armour: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0
    usage: str | None = None
    aliases: tuple[str, ...] = ()


class Spell(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A sorcery a sorcerer can cast, its Doom die the cost (docs/rulings.md H124-H126).

    Attributes:
        id: kebab-case id.
        name: as shown.
        attribute: the attribute tested to cast it (``None``: the caster's sorcery
            effect's).
        text: its effect, in our own words.
        damage: the die of damage it deals a target on a success (one die, ``"1d6"``;
            the die's maximum and another on a critical success), or ``None``.
        defend: the attribute a target defends with, if it can.
    """

    id: Id
    name: Text
    text: Text
    attribute: Attribute | None = None
    damage: str | None = None
    defend: Attribute | None = None


class BackgroundsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``backgrounds.toml``."""

    background: tuple[Background, ...]


class GiftsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``gifts.toml``."""

    gift: tuple[Gift, ...]


class OpponentsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``opponents.toml``."""

    opponent: tuple[Opponent, ...]


class EquipmentFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``equipment.toml``."""

    item: tuple[EquipmentItem, ...]


class SpellsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``spells.toml``."""

    spell: tuple[Spell, ...]


class TablesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``tables.toml``."""

    table: tuple[Table, ...]
