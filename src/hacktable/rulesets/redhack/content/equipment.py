"""The schema of redhack's equipment list, equipment.toml (frozen msgspec Structs).

Sources: redhack: Equipment > Equipment List, Weapons, Armour, Class Tools, Miscellany,
Vehicles & Animals; Combat > Weapon Types, AC & Armour, Ongoing Damage; RULINGS R7, R8,
R10, R29.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, ClassVar, Literal

import msgspec

from ....dice.usage import UsageDie
from .schemas import Circumstance, GearCategory, NonNegative, RangeBand, WeaponType

__all__ = [
    "EQUIPMENT_FILE",
    "AcRule",
    "Armour",
    "ArmourPiece",
    "EquipmentFile",
    "EquipmentItem",
    "Gear",
    "Item",
    "ThrownAttack",
    "Weapon",
    "WeaponRules",
]

EQUIPMENT_FILE = "equipment.toml"


class Item(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Fields every equipment entry has (redhack: Equipment > Equipment List).

    Attributes:
        id: kebab-case, unique in equipment.toml.
        name: as the list writes it.
        source: the list's section (and rulings).
        cost: price in coins, or ``None`` when the list gives none.
        cost_note: anything about the price ("1000+: custom order ...").
        custom_order: made to order (field and full plate, §): not bought off the list
            (docs/rulings.md H192).
        aliases: other ids it can be looked up by (``"gambeson"``).
        slots: encumbrance slots it takes (RULINGS R29), 1 unless said.
        tags: test tags (tags.toml) it is used for.
        notes: the list's notes, in our words or quoted.
    """

    id: str
    name: str
    source: str
    cost: NonNegative | None = None
    cost_note: str = ""
    custom_order: bool = False
    aliases: tuple[str, ...] = ()
    slots: NonNegative = 1
    tags: tuple[str, ...] = ()
    notes: str = ""


class WeaponRules(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A weapon's optional rules (redhack: Equipment > Weapons, the list's "Optional
    Rules" column; docs/rulings.md H221-H224).

    Attributes:
        fires_first: fires once per round, but always before the monsters (crossbows).
        max_targets: at most this many targets in one attack, cleave dice included
            (the long bow's 4); ``None``: unlimited (the short bow).
        ignores_shield_ac: points of AC it ignores on a target with a shield (flail).
        confined_disadvantage: disadvantage in confined spaces (pike).
        outreaches_long: foes' weapons do not count as Long against its wielder unless
            they are of the same kind (pike).
    """

    fires_first: bool = False
    max_targets: Annotated[int, msgspec.Meta(ge=1)] | None = None
    ignores_shield_ac: NonNegative = 0
    confined_disadvantage: bool = False
    outreaches_long: bool = False


class Weapon(Item, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A weapon (redhack: Equipment > Weapons; Combat > Weapon Types).

    Attributes:
        types: from ``short``, ``long``, ``2h``, ``ranged``, ``thrown``, ``one-shot``.
        hands: hands needed to use it (a bow needs two but is not 2H).
        disadvantage_at: the range band from which shots have disadvantage.
        rules: its optional rules (crossbows, long bow, flail, pike).
    """

    kind: ClassVar[str] = "weapon"

    types: tuple[WeaponType, ...] = ()
    hands: Literal[1, 2] = 1
    disadvantage_at: RangeBand | None = None
    rules: WeaponRules = WeaponRules()

    @property
    def two_handed(self) -> bool:
        """Whether it is a 2H weapon, dealing one die type better (RULINGS R8)."""
        return "2h" in self.types


class AcRule(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """How an armour sets a player's AC (redhack: Combat > AC & Armour; RULINGS R7).

    Attributes:
        base: ``"dex"`` (DEX + plus), ``"half-dex"`` (DEX // 2 + plus) or ``"fixed"``
            (plus alone).
        plus: the number added (or the fixed AC).
    """

    base: Literal["dex", "half-dex", "fixed"]
    plus: int

    def value(self, dex: int) -> int:
        """The AC for a DEX score, e.g. chain mail with DEX 13: 13 // 2 + 9 = 15."""
        if self.base == "dex":
            return dex + self.plus
        if self.base == "half-dex":
            return dex // 2 + self.plus
        return self.plus

    def __str__(self) -> str:
        if self.base == "fixed":
            return str(self.plus)
        base = "DEX" if self.base == "dex" else "½ DEX"
        return base if self.plus == 0 else f"{base}+{self.plus}"


class Armour(Item, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Body armour, "None" included (redhack: Equipment > Armour; RULINGS R7).

    Attributes:
        category: ``none``, ``light``, ``medium`` or ``heavy``.
        ac: the player's AC rule.
        monster_ac: the AC of a monster wearing it (1-12).
        dnd_ac: the D&D AC it corresponds to, for converting stat blocks.
        disadvantage_on: the tests it hinders (RULINGS R7).
    """

    kind: ClassVar[str] = "armour"

    category: Literal["none", "light", "medium", "heavy"]
    ac: AcRule
    monster_ac: Annotated[int, msgspec.Meta(ge=1, le=12)]
    dnd_ac: int | None = None
    disadvantage_on: tuple[Circumstance, ...] = ()

    def player_ac(self, dex: int) -> int:
        """The wearer's AC for a DEX score, before shield and helm (RULINGS R7)."""
        return self.ac.value(dex)

    @property
    def ac_is_dex_test(self) -> bool:
        """Whether a defence in it counts as a DEX test: unarmoured, light or medium
        (redhack: Combat > AC & Armour)."""
        return self.category != "heavy"


class ArmourPiece(Item, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A shield or helm: +1 AC each (redhack: Equipment > Armour; RULINGS R7).

    Attributes:
        kind: ``"shield"`` or ``"helm"``.
        ac_bonus: added to the wearer's AC.
        hands: hands it takes up (a shield takes one).
        disadvantage_on: the tests it hinders (the helm's).
    """

    kind: Literal["shield", "helm"]
    ac_bonus: int
    hands: NonNegative = 0
    disadvantage_on: tuple[Circumstance, ...] = ()


class ThrownAttack(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Gear that can be thrown as a weapon (redhack: Equipment > Miscellany; Combat >
    Ongoing Damage; RULINGS R10).

    Attributes:
        damage: dice, or ``"improvised"`` for the thrower's improvised die.
        ongoing: a usage die of ongoing damage set on a hit (``"ud6"``).
        ongoing_now: whether the ongoing damage is rolled at once on a hit.
        only_against: target tags it works against (holy water: ``undead``).
    """

    damage: str = "improvised"
    ongoing: str | None = None
    ongoing_now: bool = False
    only_against: tuple[str, ...] = ()


class Gear(Item, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Class tools, miscellany, vehicles and animals (redhack: Equipment > Class
    Tools, Miscellany, Vehicles & Animals).

    Attributes:
        category: ``class-tool``, ``ammunition``, ``container``, ``light``,
            ``provisions``, ``adventuring``, ``animal``, ``vehicle`` or ``tack``.
        usage: its usage die (``"ud6"``), or ``None``.
        light_source: whether it gives light (torch, lantern).
        fuel: the equipment id it burns (the lantern's ``"oil"``), or ``None``.
        holds_items: a container's capacity in items, or ``None``.
        holds_coins: a container's capacity in coins, or ``None``.
        worn: a worn container (quiver, backpack): not counted against DEX.
        only_for: class ids that may use it (empty: anyone).
        advantage_on: tests it gives advantage on.
        thrown: how it works thrown as a weapon, if it can be.
        improvised_fire: can be used in melee as an improvised weapon dealing fire
            damage (a torch; docs/rulings.md H225).
        needed_for: test tags that have disadvantage without it (the holy symbol for
            turning undead; thieves' tools for picking locks and disarming traps).
    """

    kind: ClassVar[str] = "gear"

    category: GearCategory
    usage: str | None = None
    light_source: bool = False
    fuel: str | None = None
    holds_items: NonNegative | None = None
    holds_coins: NonNegative | None = None
    worn: bool = False
    only_for: tuple[str, ...] = ()
    advantage_on: tuple[Circumstance, ...] = ()
    thrown: ThrownAttack | None = None
    improvised_fire: bool = False
    needed_for: tuple[str, ...] = ()

    @property
    def usage_die(self) -> UsageDie | None:
        """:attr:`usage` as a :class:`~hacktable.dice.UsageDie`."""
        return None if self.usage is None else UsageDie.parse(self.usage)


EquipmentItem = Weapon | Armour | ArmourPiece | Gear
"""Any entry of equipment.toml."""


class EquipmentFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """equipment.toml, one array per section of the equipment list."""

    weapons: tuple[Weapon, ...] = ()
    armour: tuple[Armour, ...] = ()
    shields_and_helms: tuple[ArmourPiece, ...] = ()
    tools: tuple[Gear, ...] = ()
    miscellany: tuple[Gear, ...] = ()
    vehicles_and_animals: tuple[Gear, ...] = ()

    def sections(self) -> Iterator[tuple[str, tuple[EquipmentItem, ...]]]:
        """``(section name, entries)`` in file order."""
        yield "weapons", self.weapons
        yield "armour", self.armour
        yield "shields_and_helms", self.shields_and_helms
        yield "tools", self.tools
        yield "miscellany", self.miscellany
        yield "vehicles_and_animals", self.vehicles_and_animals
