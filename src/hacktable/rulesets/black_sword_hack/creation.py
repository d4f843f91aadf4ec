"""Making a black-sword-hack character (RULINGS B4, B2).

Attributes are rolled in order, each 2d6 read on B4's table; the origin is chosen (or
rolled, 1d3); three backgrounds, two of the origin and one of any (or rolled, 1dN of
those left each), each +1 to the attribute it names, none above 18; max HP = CON +
(level - 1) (+ what gifts add); the Doom die starts at the campaign's size (ud6 by
default, RULINGS B2).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ...dice.usage import UsageDie
from ...errors import RuleError, UnknownNameError
from ..base import Creation
from . import effects
from .character import ATTRIBUTES, MAX_SCORE, ORIGINS, Character, Item
from .content.index import Content
from .content.schemas import Background
from .doom import doom_die_at

__all__ = [
    "CharacterSpec",
    "build_character",
    "chosen_backgrounds",
    "max_hp",
    "origin_named",
    "roll_scores",
    "rolled_backgrounds",
    "score_of_roll",
    "starting_items",
]


@dataclass(frozen=True, slots=True)
class CharacterSpec:
    """What a player chose for a new character; what is left ``None`` is rolled.

    Attributes:
        name: the character's name.
        origin: ``barbarian``, ``civilized`` or ``decadent`` (``None``: rolled).
        backgrounds: three background ids or names, two of the origin first
            (``None``: rolled).
        doom: the Doom die's size (the campaign's ``doom-die`` setting).
    """

    name: str
    origin: str | None = None
    backgrounds: tuple[str, ...] | None = None
    doom: UsageDie = UsageDie.UD6


def score_of_roll(total: int) -> int:
    """The score a 2d6 total gives (RULINGS B4): 2-3 -> 8, 4-5 -> 9, 6-7 -> 10,
    8-9 -> 11, 10-11 -> 12, 12 -> 13.

    >>> [score_of_roll(t) for t in range(2, 13)]
    [8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13]
    """
    if not 2 <= total <= 12:
        raise ValueError(f"2d6 cannot total {total}")
    return 8 + total // 2 - 1 if total < 12 else 13


def roll_scores(rng: random.Random) -> tuple[tuple[str, tuple[int, int], int], ...]:
    """2d6 for each attribute in order (RULINGS B4): ``(attribute, dice, score)``."""
    rolled = []
    for attribute in ATTRIBUTES:
        dice = (rng.randrange(6) + 1, rng.randrange(6) + 1)
        rolled.append((attribute, dice, score_of_roll(sum(dice))))
    return tuple(rolled)


def origin_named(name: str) -> str:
    """The origin ``name`` means: its id, case-insensitive, or a unique beginning
    (``"barb"``) (RULINGS B4).

    Raises:
        UnknownNameError: no origin, or several, begin so.
    """
    wanted = name.strip().lower()
    if wanted in ORIGINS:
        return wanted
    found = [origin for origin in ORIGINS if wanted and origin.startswith(wanted)]
    if len(found) != 1:
        raise UnknownNameError("origin", name, ORIGINS)
    return found[0]


def chosen_backgrounds(
    content: Content, origin: str, names: tuple[str, ...]
) -> tuple[Background, ...]:
    """The three backgrounds ``names`` for a character of ``origin``, checked against
    RULINGS B4: three different ones, at least two of the origin (the third is of any).

    Raises:
        UnknownNameError: an unknown background.
        RuleError: not three, one twice, or fewer than two of the origin.
    """
    found = tuple(content.background(name) for name in names)
    if len(found) != 3:
        raise RuleError(
            f"a character has three backgrounds, not {len(found)}: two {origin} ones and "
            "one of any origin (RULINGS B4)"
        )
    if len({b.id for b in found}) != 3:
        raise RuleError("choose three different backgrounds (RULINGS B4)")
    others = [b for b in found if b.origin != origin]
    if len(others) > 1:
        listed = " and ".join(f"{b.name} ({b.origin.title()})" for b in others)
        raise RuleError(
            f"two of the three backgrounds must be {origin.title()}, but {listed} are not "
            "(RULINGS B4: two of the origin, one of any)"
        )
    return found


def _pick(
    options: list[Background], rng: random.Random, lines: list[str], rolls: list[list[int]]
) -> Background:
    """Roll 1dN for one of ``options`` (the dice recorded)."""
    face = rng.randrange(len(options)) + 1
    picked = options[face - 1]
    rolls.append([len(options), face])
    lines.append(f"Background: 1d{len(options)} {face} -> {picked.name}")
    return picked


def rolled_backgrounds(
    content: Content, origin: str, rng: random.Random, lines: list[str], rolls: list[list[int]]
) -> tuple[Background, ...]:
    """Two backgrounds of ``origin`` and one of any, each rolled on 1dN of what is left
    (RULINGS B4): the dice go to ``rolls`` as ``[sides, face]``, the words to
    ``lines``."""
    own = list(content.backgrounds_of(origin))
    first = _pick(own, rng, lines, rolls)
    second = _pick([b for b in own if b is not first], rng, lines, rolls)
    third = _pick([b for b in content.backgrounds if b not in (first, second)], rng, lines, rolls)
    return first, second, third


def max_hp(content: Content, character: Character) -> int:
    """Max HP = CON + (level - 1) (RULINGS B4, B7), plus what gifts add.

    >>> 11 + (4 - 1)  # CON 11 at level 4
    14
    """
    base = character.score("CON") + character.level - 1
    return base + effects.max_hp_bonus(content, character)


def starting_items() -> tuple[Item, ...]:
    """What every new character carries: a weapon in hand, light armour worn, a dagger,
    a torch and rations (our default; the GM gives and takes with ``give``/``drop``)."""
    return (
        Item("Sword", "weapon", "sword", damage="1d6", hands=1, equipped=True),
        Item("Dagger", "weapon", "dagger", damage="1d6", hands=1),
        Item("Light Armour", "armour", "light-armour", equipped=True),
        Item("Torch", "light", "torch", usage=UsageDie.UD6),
        Item("Rations", "ration", "rations", usage=UsageDie.UD6),
    )


def build_character(
    content: Content,
    spec: CharacterSpec,
    scores: tuple[tuple[str, tuple[int, int], int], ...],
    rng: random.Random,
    ruleset: str = "black-sword-hack",
) -> Creation[Character]:
    """Build the character from rolled ``scores`` (RULINGS B4); an origin or
    backgrounds the spec leaves out are rolled (1d3, then 1dN each). Every die is in
    the creation's detail.

    Raises:
        UnknownNameError: an unknown origin or background.
        RuleError: backgrounds that break B4 (not three, fewer than two of the origin,
            twice the same).
    """
    lines: list[str] = []
    for attribute, dice, score in scores:
        lines.append(f"{attribute}: 2d6 {dice[0]}+{dice[1]} = {sum(dice)} -> {score}")
    detail: dict[str, object] = {"scores": [[a, list(d), s] for a, d, s in scores]}
    if spec.origin is None:
        face = rng.randrange(len(ORIGINS)) + 1
        origin = ORIGINS[face - 1]
        lines.append(f"Origin: 1d3 {face} -> {origin.title()}")
        detail["origin_roll"] = face
    else:
        origin = origin_named(spec.origin)
    if spec.backgrounds is None:
        rolls: list[list[int]] = []
        backgrounds = rolled_backgrounds(content, origin, rng, lines, rolls)
        detail["background_rolls"] = rolls
    else:
        backgrounds = chosen_backgrounds(content, origin, spec.backgrounds)
    values = {attribute: score for attribute, _dice, score in scores}
    raised: list[list[object]] = []
    for background in backgrounds:
        before = values[background.attribute]
        values[background.attribute] = min(MAX_SCORE, before + 1)
        capped = " (18 is the most)" if before + 1 > MAX_SCORE else ""
        lines.append(
            f"Background {background.name}: {background.attribute} "
            f"{before} -> {values[background.attribute]}{capped}"
        )
        raised.append([background.id, background.attribute, before, values[background.attribute]])
    character = Character(
        name=spec.name,
        ruleset=ruleset,
        hp=1,
        max_hp=1,
        origin=origin,
        scores=tuple((a, values[a]) for a in ATTRIBUTES),
        backgrounds=tuple(b.id for b in backgrounds),
        inventory=starting_items(),
        doom=spec.doom,
        doom_size=spec.doom,
    )
    steps = effects.doom_steps(content, character)
    if steps:
        doom = doom_die_at(1, spec.doom, steps)
        character = replace(character, doom=doom, doom_size=doom)
    top = max_hp(content, character)
    character = replace(character, hp=top, max_hp=top)
    bonus = effects.max_hp_bonus(content, character)
    extra = f" + {bonus} (gifts)" if bonus else ""
    lines.append(f"HP {top} (CON {values['CON']} + level 1 - 1{extra}); Doom die {character.doom}")
    detail |= {
        "origin": origin,
        "backgrounds": [b.id for b in backgrounds],
        "raised": raised,
        "hp": top,
        "doom": str(character.doom),
    }
    return Creation(character, tuple(lines), detail)
