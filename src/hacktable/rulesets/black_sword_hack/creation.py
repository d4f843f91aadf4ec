"""Making a black-sword-hack character (RULINGS B4, B2).

Attributes are rolled in order, each 2d6 read on B4's table; the origin is chosen (or
rolled, 1d3); three backgrounds, two of the origin and one of any, each +1 to the
attribute it names, none above 18; max HP = CON + (level - 1) (+ what gifts add);
the Doom die starts at the campaign's size (ud6 by default, RULINGS B2).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ...dice.usage import UsageDie
from ...errors import CommandError
from ..base import Creation
from . import effects
from .character import ATTRIBUTES, MAX_SCORE, ORIGINS, Character, Item
from .content.index import Content
from .content.schemas import Background

__all__ = [
    "CharacterSpec",
    "build_character",
    "max_hp",
    "roll_scores",
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
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        rolled.append((attribute, dice, score_of_roll(sum(dice))))
    return tuple(rolled)


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


def _choose_backgrounds(
    content: Content, origin: str, chosen: tuple[str, ...] | None, rng: random.Random
) -> tuple[Background, ...]:
    if chosen is not None:
        found = tuple(content.background(name) for name in chosen)
        if len(found) != 3 or len({b.id for b in found}) != 3:
            raise CommandError("choose three different backgrounds", "character")
        own = sum(1 for b in found if b.origin == origin)
        if own < 2:
            raise CommandError(
                f"two of the three backgrounds must be {origin} (RULINGS B4)", "character"
            )
        return found
    own_list = list(content.backgrounds_of(origin))
    first = rng.sample(own_list, 2)
    rest = [b for b in content.backgrounds if b not in first]
    return (*first, rng.choice(rest))


def build_character(
    content: Content,
    spec: CharacterSpec,
    scores: tuple[tuple[str, tuple[int, int], int], ...],
    rng: random.Random,
    ruleset: str = "black-sword-hack",
) -> Creation[Character]:
    """Build the character from rolled ``scores`` (RULINGS B4).

    Raises:
        UnknownNameError: an unknown origin or background.
        CommandError: backgrounds that break B4 (not three, fewer than two of the
            origin, twice the same).
    """
    lines: list[str] = []
    for attribute, dice, score in scores:
        lines.append(f"{attribute}: 2d6 {dice[0]}+{dice[1]} = {sum(dice)} -> {score}")
    origin = spec.origin
    if origin is None:
        origin = ORIGINS[rng.randint(1, 3) - 1]
        lines.append(f"Origin: 1d3 -> {origin.title()}")
    elif origin.lower() not in ORIGINS:
        from ...errors import UnknownNameError

        raise UnknownNameError("origin", origin, ORIGINS)
    origin = origin.lower()
    backgrounds = _choose_backgrounds(content, origin, spec.backgrounds, rng)
    values = {attribute: score for attribute, _dice, score in scores}
    for background in backgrounds:
        before = values[background.attribute]
        values[background.attribute] = min(MAX_SCORE, before + 1)
        lines.append(
            f"Background {background.name}: {background.attribute} "
            f"{before} -> {values[background.attribute]}"
        )
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
        doom = spec.doom
        for _ in range(steps):
            doom = doom.step_up()
        character = replace(character, doom=doom, doom_size=doom)
    top = max_hp(content, character)
    character = replace(character, hp=top, max_hp=top)
    lines.append(f"HP {top} (CON {values['CON']} + level 1 - 1); Doom die {character.doom}")
    detail: dict[str, object] = {
        "scores": [[a, list(d), s] for a, d, s in scores],
        "origin": origin,
        "backgrounds": [b.id for b in backgrounds],
    }
    return Creation(character, tuple(lines), detail)
