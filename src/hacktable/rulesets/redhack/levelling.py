"""Gaining a level: the cost, the hit die, the roll against every attribute and the
prime requisite's second chance (redhack: Experience & Gaining Levels; Core Rules >
Attributes and Modifiers; RULINGS R28; docs/rulings.md H185-H187).

Pure: every die comes from the random source handed in, and every roll is kept in the
result so the command can show and record it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ...dice.render import render_roll
from ...dice.roller import roll
from ...errors import RuleError
from .character import Character
from .experience import check_off, needed

__all__ = [
    "MAX_SCORE",
    "AttributeRoll",
    "apply_level",
    "check_can_level",
    "cost_bounds",
    "cost_expression",
    "roll_attribute",
    "roll_cost",
    "unrisen_primes",
]

MAX_SCORE = 19
"""No attribute rises above 19 through experience (redhack: Core Rules > Attributes
and Modifiers, "lower and upper caps of 2 and 19")."""


@dataclass(frozen=True, slots=True)
class AttributeRoll:
    """One d20 against an attribute when levelling (RULINGS R28).

    Attributes:
        attribute: e.g. ``"STR"``.
        before: the score rolled against.
        face: the d20.
        after: the score after (``before + 1`` when the d20 is higher, at most 19).
        again: this is the prime requisite's second roll.
    """

    attribute: str
    before: int
    face: int
    after: int
    again: bool = False

    @property
    def rose(self) -> bool:
        """Whether the score went up."""
        return self.after > self.before

    @property
    def capped(self) -> bool:
        """Whether the d20 beat the score but 19 held it."""
        return self.face > self.before and not self.rose

    def describe(self) -> str:
        """E.g. ``"STR 12: d20 15 > 12: +1 -> 13"``; says so when 19 caps it and that 1
        and 20 are not special."""
        head = f"{self.attribute} {self.before}: d20 {self.face}"
        if self.rose:
            return f"{head} > {self.before}: +1 -> {self.after}"
        if self.capped:
            return f"{head} > {self.before}, but 19 is the cap: stays {self.before}"
        special = " (not a test: 20 is not special)" if self.face == 20 else ""
        return f"{head} <= {self.before}: no change{special}"


def cost_expression(level: int) -> str:
    """The coins a level costs: (L)d6 x L for a character of level L before levelling
    (redhack: Experience & Gaining Levels, "at 3rd level you must roll 3d6x3")."""
    return f"{level}d6x{level}"


def cost_bounds(level: int) -> tuple[int, int]:
    """The least and most the level costs: L x L and 6L x L."""
    return level * level, 6 * level * level


def roll_cost(character: Character, rng: random.Random) -> tuple[int, str]:
    """The level's cost rolled, and how (``"3d6x3: [2, 5, 4] x 3 -> 33"``)."""
    rolled = roll(cost_expression(character.level), rng)
    return rolled.total, render_roll(rolled)


def check_can_level(character: Character, has_action: bool) -> None:
    """Refuse a level the character cannot take yet, before any die is rolled.

    Raises:
        RuleError: dead; short of experience (as many as the level, R28); no downtime
            action left (docs/rulings.md H183); or too few coins for even the least
            the level can cost (docs/rulings.md H186).
    """
    if character.dead:
        raise RuleError(f"{character.name} is dead")
    need = needed(character)
    if character.xp < need:
        raise RuleError(
            f"{character.name} has {character.xp} experience: level {character.level + 1} "
            f"needs {need} (redhack: Experience & Gaining Levels)"
        )
    if not has_action:
        raise RuleError(
            f"{character.name} has no downtime action: levelling is one, and a downtime "
            "rest grants one ('rest downtime'; docs/rulings.md H183)"
        )
    least, _ = cost_bounds(character.level)
    if character.coins < least:
        raise RuleError(
            f"{character.name} has {character.coins} coins: level {character.level + 1} "
            f"costs {cost_expression(character.level)}, at least {least} "
            "(redhack: Experience & Gaining Levels)"
        )


def roll_attribute(
    attribute: str, score: int, rng: random.Random, again: bool = False
) -> AttributeRoll:
    """A d20 against ``score``: higher adds 1 (this is not a test: 1 and 20 are not
    special), never above 19 (RULINGS R28; Core Rules > Attributes and Modifiers)."""
    face = roll("1d20", rng).total
    after = min(score + 1, MAX_SCORE) if face > score else score
    return AttributeRoll(attribute, score, face, max(after, score), again)


def unrisen_primes(primes: Iterable[str], rolls: Iterable[AttributeRoll]) -> tuple[str, ...]:
    """The prime requisites that did not rise and could (below 19): those one of which
    may be rolled again (redhack: Experience & Gaining Levels, "If you fail to gain a
    point of one or both of your Prime Requisites ... you may roll one of them
    again")."""
    by_attribute = {r.attribute: r for r in rolls}
    return tuple(
        p
        for p in primes
        if p in by_attribute and not by_attribute[p].rose and by_attribute[p].after < MAX_SCORE
    )


def apply_level(
    character: Character, cost: int, hit_points: int, rolls: Iterable[AttributeRoll]
) -> Character:
    """``character`` one level up: experience equal to the old level checked off, the
    cost paid, the hit die added to max HP and to HP (docs/rulings.md H185), each
    attribute as rolled (the last roll of each counts).

    Raises:
        RuleError: fewer coins than ``cost`` (docs/rulings.md H186).
    """
    if cost > character.coins:
        raise RuleError(f"{character.name} has only {character.coins} coins")
    scores = dict(character.scores)
    for rolled in rolls:
        scores[rolled.attribute] = rolled.after
    after = check_off(character, needed(character))
    return replace(
        after,
        level=character.level + 1,
        coins=character.coins - cost,
        max_hp=character.max_hp + hit_points,
        hp=character.hp + hit_points,
        scores=tuple((a, scores[a]) for a, _ in character.scores),
    )
