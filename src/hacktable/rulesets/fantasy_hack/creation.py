"""Making a fantasy-hack character (RULINGS F1, F4; docs/rulings.md H301, H302).

Stats: 4d6 drop the lowest, three times (every die recorded), or the array 16, 13, 11
(the campaign's ``stat-method``), or scores given as rolled at the table; assigned as
the player likes (an order of the stats, highest first; by default the class's key
stat first, H302), then the race's +2 (never above 18). HP = STR score + 1d6 at level
1 (``hp-method``), +2 a level above it (:mod:`.levels`). Each class has a starting kit.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ...errors import RuleError
from ..base import Creation
from .character import (
    KEY_STAT,
    MAX_LEVEL,
    MAX_SCORE,
    RACE_STAT,
    STATS,
    FantasyHackCharacter,
    Item,
    class_named,
    race_named,
)
from .equipment import make_item
from .levels import STAT_LEVELS, gain_level

__all__ = [
    "ARRAY",
    "KITS",
    "CharacterSpec",
    "RolledStat",
    "assign",
    "build_character",
    "default_order",
    "roll_stats",
    "starting_kit",
]

ARRAY = (16, 13, 11)
"""The array a campaign may use instead of rolling (RULINGS F1, *setting*)."""

KITS: dict[str, tuple[str, ...]] = {
    "fighter": ("sword", "mail-shirt", "shield", "throwing-axe", "torch", "rations"),
    "rogue": ("short-sword", "dagger", "leather-armour", "thieves-tools", "rope", "rations"),
    "outdoorsman": ("longbow", "arrows", "throwing-axe", "mail-shirt", "rope", "rations"),
    "expert": ("short-sword", "leather-armour", "healers-kit", "torch", "rations"),
    "sorcerer": ("staff", "dagger", "spellbook", "torch", "rations"),
}
"""Each class's starting kit (docs/rulings.md H303): the weapon and armour first are
worn; the Outdoorsman wears medium armour (F4)."""


@dataclass(frozen=True, slots=True)
class RolledStat:
    """One 4d6-drop-the-lowest roll (F1).

    Attributes:
        dice: the four faces, as rolled.
        dropped: the face dropped (the lowest).
        score: the sum of the other three.
    """

    dice: tuple[int, int, int, int]
    dropped: int
    score: int


@dataclass(frozen=True, slots=True)
class CharacterSpec:
    """What a player chose for a new character.

    Attributes:
        name: the name.
        race: a race (F1).
        klass: a class (F1, F4).
        scores: STR, DEX, MND as given (dice rolled at the table, G5), or ``None``.
        method: ``4d6-drop-lowest`` or ``array`` (the campaign's ``stat-method``),
            when ``scores`` is ``None``.
        order: the stats from the highest value to the lowest (``None``: H302's
            default).
        level: the level to start at (1-10; the GM's discretion, Level Advancement).
        affinities: an Expert's affinities, one for each of levels 1, 3, 6, 9 reached.
        raises: the stats raised at levels 3, 6, 9 reached (missing: the key stat).
        hp_method: ``rolled`` (STR + 1d6) or ``maximum`` (STR + 6), H301.
        rolled: the 4d6 rolls already made (the console rolls them before it asks the
            order, so the player assigns what they see: F1 "as the player likes";
            docs/rulings.md H478), or ``None``: rolled here.
    """

    name: str
    race: str
    klass: str
    scores: tuple[int, int, int] | None = None
    method: str = "4d6-drop-lowest"
    order: tuple[str, ...] | None = None
    level: int = 1
    affinities: tuple[tuple[str, str], ...] = ()
    raises: tuple[str, ...] = ()
    hp_method: str = "rolled"
    rolled: tuple[RolledStat, ...] | None = None


def roll_stats(rng: random.Random) -> tuple[RolledStat, ...]:
    """Three rolls of 4d6, each dropping the lowest (RULINGS F1)."""
    rolled = []
    for _ in STATS:
        dice = (
            (rng.randrange(6) + 1),
            (rng.randrange(6) + 1),
            (rng.randrange(6) + 1),
            (rng.randrange(6) + 1),
        )
        rolled.append(RolledStat(dice, min(dice), sum(dice) - min(dice)))
    return tuple(rolled)


def default_order(klass: str) -> tuple[str, ...]:
    """The class's key stat first, then the others in STR, DEX, MND order (H302).

    >>> default_order("expert")
    ('MND', 'STR', 'DEX')
    """
    key = KEY_STAT[klass]
    return (key, *(s for s in STATS if s != key))


def assign(values: tuple[int, ...], order: tuple[str, ...]) -> dict[str, int]:
    """The highest value to ``order[0]``, the next to ``order[1]``... (F1: "assigned
    as the player likes").

    Raises:
        RuleError: ``order`` is not STR, DEX and MND once each.
    """
    wanted = tuple(s.upper() for s in order)
    if sorted(wanted) != sorted(STATS):
        raise RuleError(
            f"an order names STR, DEX and MND once each, highest first, not {','.join(order)}"
        )
    return dict(zip(wanted, sorted(values, reverse=True), strict=True))


def starting_kit(klass: str) -> tuple[Item, ...]:
    """The class's kit, its first weapon, armour and shield worn (H303)."""
    items: list[Item] = []
    worn: set[str] = set()
    for ref in KITS[klass]:
        item, _ = make_item(ref)
        if item.kind in ("weapon", "armour", "shield") and item.kind not in worn:
            worn.add(item.kind)
            item = replace(item, equipped=True)
        items.append(item)
    return tuple(items)


def build_character(
    spec: CharacterSpec, rng: random.Random, ruleset: str = "fantasy-hack"
) -> Creation[FantasyHackCharacter]:
    """Make the character (RULINGS F1, F4): stats, race, HP, kit, then each level above
    1 through :func:`.levels.gain_level`. Every die is in the detail.

    Raises:
        UnknownNameError: an unknown race or class.
        RuleError: a score outside 3-18, a bad order or level, an Expert with no
            affinity, an affinity for any other class (F4), or more affinities or
            stat raises than the levels give.
    """
    race = race_named(spec.race)
    klass = class_named(spec.klass)
    if not 1 <= spec.level <= MAX_LEVEL:
        raise RuleError(f"a fantasy-hack character is level 1 to {MAX_LEVEL}, not {spec.level}")
    lines: list[str] = []
    detail: dict[str, object] = {"race": race, "class": klass}
    if spec.scores is not None:
        if any(not 3 <= s <= MAX_SCORE for s in spec.scores):
            raise RuleError("a stat is 3 to 18 (4d6 drop the lowest, F1)")
        values = dict(zip(STATS, spec.scores, strict=True))
        lines.append("Stats as given: " + ", ".join(f"{s} {v}" for s, v in values.items()))
        detail["given"] = list(spec.scores)
    else:
        if spec.method == "array":
            pool: tuple[int, ...] = ARRAY
            lines.append("Stats: the array 16, 13, 11 (F1)")
            detail["array"] = list(ARRAY)
        else:
            rolled = spec.rolled or roll_stats(rng)
            pool = tuple(r.score for r in rolled)
            for r in rolled:
                faces = ", ".join(map(str, r.dice))
                lines.append(f"4d6 {faces}, drop the lowest {r.dropped}: {r.score}")
            detail["rolls"] = [[list(r.dice), r.dropped, r.score] for r in rolled]
        order = spec.order or default_order(klass)
        values = assign(pool, order)
        lines.append(
            "Assigned, highest first: "
            + ", ".join(f"{s} {values[s]}" for s in (x.upper() for x in order))
        )
        detail["order"] = [s.upper() for s in order]
    raised = RACE_STAT.get(race)
    if raised is not None:
        before = values[raised]
        values[raised] = min(MAX_SCORE, before + 2)
        capped = " (18 is the most)" if before + 2 > MAX_SCORE else ""
        lines.append(f"{race.title()}: {raised} {before} -> {values[raised]}{capped}")
    else:
        lines.append("Human: +1 to every skill")
    if klass == "expert" and not spec.affinities:
        raise RuleError(
            "an Expert starts with an affinity: --affinity SKILL:FIELD, like "
            "Knowledge:magical-lore (RULINGS F4)"
        )
    if klass != "expert" and spec.affinities:
        raise RuleError(f"only an Expert has affinities (RULINGS F4), not a {klass}")
    gives = [n for n in range(2, spec.level + 1) if n in STAT_LEVELS]
    if len(spec.affinities) > 1 + len(gives) and klass == "expert":
        raise RuleError(
            f"an Expert of level {spec.level} has {1 + len(gives)} affinities (levels 1, 3, "
            f"6, 9: RULINGS F4), not {len(spec.affinities)}"
        )
    if len(spec.raises) > len(gives):
        raise RuleError(
            f"level {spec.level} gives {len(gives)} stat raises (levels 3, 6, 9), not "
            f"{len(spec.raises)}: --raise names one stat for each"
        )
    if spec.hp_method == "maximum":
        die, how = 6, "the d6's maximum 6 (hp-method maximum)"
    else:
        die = rng.randrange(6) + 1
        how = f"1d6 {die}"
    hp = values["STR"] + die
    lines.append(f"HP {hp} = STR {values['STR']} + {how} (F1)")
    detail["hp_die"] = die
    character = FantasyHackCharacter(
        name=spec.name,
        ruleset=ruleset,
        hp=hp,
        max_hp=hp,
        race=race,
        klass=klass,
        scores=tuple((s, values[s]) for s in STATS),
        affinities=spec.affinities[:1],
        inventory=starting_kit(klass),
    )
    if klass == "expert":
        skill, field = spec.affinities[0]
        lines.append(f"Affinity: +2 to {skill} in {field} (F4)")
    raises = list(spec.raises)
    affinities = list(spec.affinities[1:])
    for _ in range(spec.level - 1):
        level = character.level + 1
        stat = (raises.pop(0) if raises else None) if level % 3 == 0 else None
        affinity = (
            (affinities.pop(0) if affinities else None)
            if klass == "expert" and level % 3 == 0
            else None
        )
        gain = gain_level(character, stat, affinity)
        character = gain.character
        lines.extend(gain.lines)
    detail |= {
        "scores": [list(p) for p in character.scores],
        "hp": character.max_hp,
        "level": character.level,
    }
    return Creation(character, tuple(lines), detail)
