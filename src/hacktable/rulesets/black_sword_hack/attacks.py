"""A character's attack: the weapon, the test, the damage and the ten attack effects
(black-sword-hack 2.1.3, 2.1.5, 2.1.6, 2.1.9, 2.1.10; RULINGS B1, B2, B4, B5).

A melee attack is a STR test, a ranged one a DEX test (2.1.3), with the threat level
added to the d20 when the foe's level is higher (2.1.5; B1). A hit deals the weapon's
damage die (1d6, unarmed 1d4, or what a gift makes it; 2.1.6), rolled with advantage
for a two-handed weapon (2.1.9); a critical success deals the die's maximum plus
another die (2.1.3); the target's armour comes off (B5). An attack effect is declared
before the test and costs a Doom roll; it happens on a hit whatever the Doom roll
shows (B2). Opponents have no effects (2.1.10; B6).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ...errors import RuleError, UnknownNameError
from .character import Character, Item, fold
from .content.index import Content
from .damage import DamageRoll, roll_damage
from .fight import OPPOSITION, Fight, Foe, Mark

__all__ = [
    "EFFECTS",
    "EFFECT_TEXT",
    "NO_DAMAGE",
    "UNARMED",
    "HitDamage",
    "Weapon",
    "choose_weapon",
    "damage_bounds",
    "effect_mark",
    "effect_named",
    "hit_damage",
    "mark_sources",
    "sweep_targets",
]

EFFECTS: tuple[str, ...] = (
    "break",
    "brutal",
    "disarm",
    "entangle",
    "flurry",
    "pin-down",
    "sacrifice",
    "shove",
    "sweep",
    "vicious",
)
"""The ten attack effects (black-sword-hack 2.1.10)."""

EFFECT_TEXT: dict[str, str] = {
    "break": "the target's weapon (or a piece of its equipment) breaks; no damage (H130)",
    "brutal": "the Doom roll is added to the damage",
    "disarm": "no damage, but the target is disarmed",
    "entangle": "no damage; further attacks on the target this turn have advantage",
    "flurry": "regular damage, and at once another attack (free)",
    "pin-down": "regular damage, and the target cannot move this turn",
    "sacrifice": "double damage (triple on a critical), but the weapon breaks",
    "shove": "no damage, but the target is pushed (down, over, away)",
    "sweep": "damage to everyone close, friend and foe",
    "vicious": "regular damage and ongoing damage (ud4)",
}
"""What each effect does on a hit, in our words (black-sword-hack 2.1.10)."""

NO_DAMAGE = frozenset({"break", "disarm", "entangle", "shove"})
"""Effects whose hit does no damage (2.1.10; break: docs/rulings.md H130)."""

_ALIASES = {"pin": "pin-down", "pindown": "pin-down", "pin-down": "pin-down"}

UNARMED = ("unarmed", "fists", "fist", "hands", "bare-hands")
"""Words that name fighting with bare hands (1d4, 2.1.6)."""


def effect_named(word: str) -> str | None:
    """The attack effect ``word`` names (``"pin"`` is pin down), or ``None``.

    >>> effect_named("Sweep"), effect_named("pin"), effect_named("kick")
    ('sweep', 'pin-down', None)
    """
    key = "-".join(fold(word).replace("_", "-").split())
    key = _ALIASES.get(key, key)
    return key if key in EFFECTS else None


@dataclass(frozen=True, slots=True)
class Weapon:
    """What an attack is made with.

    Attributes:
        name: as shown (``"Sword"``, ``"bare hands"``).
        index: its place in the inventory (``None``: bare hands).
        use: ``melee``, ``ranged`` or ``unarmed`` (the damage die's use, 2.1.6).
        two_handed: damage with advantage (2.1.9).
    """

    name: str
    index: int | None
    use: str
    two_handed: bool = False

    @property
    def attribute(self) -> str:
        """STR for melee, DEX for a ranged weapon (2.1.3)."""
        return "DEX" if self.use == "ranged" else "STR"

    @property
    def test_use(self) -> str:
        """What the test is for, as effects name it: ``melee`` or ``ranged``."""
        return "ranged" if self.use == "ranged" else "melee"


def _weapon(content: Content, index: int, item: Item) -> Weapon:
    known = content.item(item.ref or item.name)
    ranged = "ranged" in item.types or (known is not None and known.ranged)
    two = item.hands == 2 or "2h" in item.types or (known is not None and known.hands == 2)
    return Weapon(item.name, index, "ranged" if ranged else "melee", two)


def choose_weapon(content: Content, character: Character, named: str | None) -> Weapon:
    """The weapon ``character`` attacks with: the one ``named`` (bare hands for
    ``unarmed``), else the weapon in hand, else the first carried, else bare hands
    (docs/rulings.md H143).

    Raises:
        UnknownNameError: they carry nothing called ``named``.
        RuleError: what is named is not a weapon.
    """
    if named is not None and "-".join(fold(named).split()) in UNARMED:
        return Weapon("bare hands", None, "unarmed")
    if named is not None:
        index = character.find_item(named)
        item = character.inventory[index]
        if item.kind != "weapon":
            raise RuleError(f"{item.name} is not a weapon: attack 'with' a weapon, or unarmed")
        return _weapon(content, index, item)
    weapons = [(i, item) for i, item in enumerate(character.inventory) if item.kind == "weapon"]
    held = [(i, item) for i, item in weapons if item.equipped]
    for index, item in held or weapons:
        return _weapon(content, index, item)
    return Weapon("bare hands", None, "unarmed")


@dataclass(frozen=True, slots=True)
class HitDamage:
    """The damage of a hit, before armour.

    Attributes:
        roll: the damage roll (``None`` for an effect that does no damage).
        doom: the Doom roll added by brutal (0 otherwise).
        multiplier: sacrifice's 2 (3 on a critical), else 1.
        total: the damage before armour.
        explanation: in words.
    """

    roll: DamageRoll | None
    doom: int
    multiplier: int
    total: int
    explanation: str


def hit_damage(
    die: str,
    rng: random.Random,
    *,
    two_handed: bool = False,
    critical: bool = False,
    effect: str | None = None,
    doom: int = 0,
) -> HitDamage:
    """The damage of a hit (2.1.3, 2.1.6, 2.1.9, 2.1.10): the die (with advantage when
    two-handed; the maximum plus another die on a critical), brutal's Doom roll added,
    sacrifice's double (triple on a critical) applied to it all (docs/rulings.md H131);
    nothing for break, disarm, entangle and shove.

    Args:
        die: the damage die (:func:`.effects.damage_die`).
        rng: the random source (RULINGS G1).
        two_handed: roll twice and keep the higher (RULINGS G2).
        critical: the attack was a critical success.
        effect: the attack effect declared, if any.
        doom: the Doom roll's face (for brutal).
    """
    if effect in NO_DAMAGE:
        return HitDamage(None, 0, 0, 0, f"{effect}: no damage (2.1.10)")
    roll = roll_damage(die, rng, two_handed=two_handed, critical=critical)
    total, text = roll.total, roll.explanation
    added = 0
    if effect == "brutal" and doom:
        added = doom
        total += doom
        text = f"{text} + Doom roll {doom} (brutal) = {total}"
    multiplier = 1
    if effect == "sacrifice":
        multiplier = 3 if critical else 2
        base = total
        total *= multiplier
        how = "triple on a critical" if critical else "double"
        text = f"{text}; sacrifice: {base} x {multiplier} ({how}) = {total}"
    return HitDamage(roll, added, multiplier, total, text)


def damage_bounds(
    die: str, *, critical: bool = False, effect: str | None = None, doom: int = 0
) -> tuple[int, int]:
    """The least and the most a hit's damage can be, before armour, as
    :func:`hit_damage` rolls it (2.1.3, 2.1.10; docs/rulings.md H131): what a player who
    rolls their own dice can enter (RULINGS G5; fixing any other total is the GM's,
    docs/rulings.md H106).

    >>> damage_bounds("1d6"), damage_bounds("1d6", critical=True)
    ((1, 6), (7, 12))
    >>> damage_bounds("1d6", effect="brutal", doom=3), damage_bounds("1d4", effect="shove")
    ((4, 9), (0, 0))
    """
    if effect in NO_DAMAGE:
        return 0, 0
    sides = int(die.lower().split("d", 1)[1])
    low, high = (sides + 1, 2 * sides) if critical else (1, sides)
    if effect == "brutal":
        low, high = low + doom, high + doom
    if effect == "sacrifice":
        times = 3 if critical else 2
        low, high = low * times, high * times
    return low, high


def mark_sources(foe: Foe) -> tuple[str, ...]:
    """The advantages an attack on ``foe`` has from the marks on it: entangled
    (2.1.10: further attacks on it this turn have advantage)."""
    mark = foe.marked("entangled")
    if mark is None:
        return ()
    return (f"{foe.name} is entangled (2.1.10)",)


def effect_mark(fight: Fight, effect: str, by: str) -> Mark | None:
    """The mark a hit with ``effect`` leaves on its target (2.1.10): entangled and
    pinned for this turn; disarmed until the opposition's next go has passed
    (docs/rulings.md H134); its weapon broken for the fight (H130); else ``None``."""
    if effect == "entangle":
        return Mark("entangled", fight.turn, by)
    if effect == "pin-down":
        return Mark("pinned", fight.turn, by)
    if effect == "disarm":
        to_come = OPPOSITION in fight.order and fight.order.index(OPPOSITION) >= fight.go
        return Mark("disarmed", fight.turn if to_come else fight.turn + 1, by)
    if effect == "break":
        return Mark("broken", 0, by)
    return None


def sweep_targets(
    fight: Fight,
    attacker: str,
    target: Foe,
    close: tuple[str, ...] | None,
    can_be_hurt: Callable[[str], bool],
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Who a sweep damages: ``(foe keys, fighter names)`` (2.1.10: everyone close,
    friend and foe; RULINGS B5). The GM names who is close (``close``, the target
    always among them); otherwise everyone in the fight is: every foe still fighting
    and every other character who can be hurt (docs/rulings.md H133).

    Raises:
        UnknownNameError: a name in ``close`` is nobody in the fight.
    """
    foes = [target.key]
    fighters: list[str] = []
    if close is None:
        foes += [f.key for f in fight.foes if f.fighting and f.key != target.key]
        fighters = [
            f.name for f in fight.fighters if f.key != fold(attacker) and can_be_hurt(f.name)
        ]
        return tuple(foes), tuple(fighters)
    for name in close:
        if fight.has_fighter(name):
            fighter = fight.fighter(name)
            if fighter.key != fold(attacker) and fighter.name not in fighters:
                fighters.append(fighter.name)
        elif fight.has_foe(name):
            key = fight.foe(name).key
            if key not in foes:
                foes.append(key)
        else:
            raise UnknownNameError(
                "opponent or character in this fight",
                name,
                [f.key for f in fight.foes] + [f.name for f in fight.fighters],
            )
    return tuple(foes), tuple(fighters)
