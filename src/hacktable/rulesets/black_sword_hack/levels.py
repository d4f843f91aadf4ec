"""Stories and levels 1-10 (RULINGS B7, B4, B2).

A level is gained when the character's stories (experience) reach the current level;
the stories are then spent. Level 2 and 6 give +1 to one attribute, 4 and 8 +1 to two
different attributes (docs/rulings.md H121), 3, 5, 7 and 9 a gift the character does
not have; every level raises max HP by the formula CON + (level - 1) (+ what gifts add,
RULINGS B4); at level 10 the Doom die becomes one size larger (B2). No attribute goes
above 18 (B4). Level 10 is the top.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...dice.usage import UsageDie
from ...errors import RuleError
from . import effects
from .character import ATTRIBUTES, MAX_SCORE, Character
from .content.index import Content
from .content.schemas import Gift
from .creation import max_hp

__all__ = [
    "MAX_LEVEL",
    "Gains",
    "LevelChoices",
    "LevelUp",
    "due",
    "gains_at",
    "gift_choices",
    "level_up",
    "open_attributes",
    "require_due",
    "with_stories",
]

MAX_LEVEL = 10
"""The highest level (RULINGS B7)."""


@dataclass(frozen=True, slots=True)
class Gains:
    """What reaching a level gives (RULINGS B7).

    Attributes:
        level: the level reached (2 to 10).
        attributes: how many different attributes gain +1 (0, 1 or 2).
        gift: whether a gift is chosen.
        doom: whether the Doom die grows one size.
    """

    level: int
    attributes: int
    gift: bool
    doom: bool

    def describe(self) -> str:
        """E.g. ``"+1 to two different attributes, +1 max HP"``."""
        parts = []
        if self.attributes == 1:
            parts.append("+1 to one attribute")
        elif self.attributes == 2:
            parts.append("+1 to two different attributes")
        if self.gift:
            parts.append("a gift")
        parts.append("+1 max HP")
        if self.doom:
            parts.append("the Doom die one size larger")
        return ", ".join(parts)


def gains_at(level: int) -> Gains:
    """What reaching ``level`` gives (RULINGS B7).

    >>> [gains_at(n).attributes for n in range(2, 11)]
    [1, 0, 2, 0, 1, 0, 2, 0, 0]
    >>> [n for n in range(2, 11) if gains_at(n).gift], gains_at(10).doom
    ([3, 5, 7, 9], True)

    Raises:
        RuleError: ``level`` is not 2 to 10.
    """
    if not 2 <= level <= MAX_LEVEL:
        raise RuleError(f"levels run from 2 to {MAX_LEVEL} when gained, not {level} (RULINGS B7)")
    attributes = {2: 1, 6: 1, 4: 2, 8: 2}.get(level, 0)
    return Gains(level, attributes, level in (3, 5, 7, 9), level == MAX_LEVEL)


def due(character: Character) -> bool:
    """Whether ``character`` can gain a level now: their stories have reached their
    level, below the top (RULINGS B7; docs/rulings.md H120)."""
    return character.level < MAX_LEVEL and character.stories >= character.level


def with_stories(character: Character, amount: int) -> Character:
    """``character`` with ``amount`` more stories (negative: fewer), never below 0
    (RULINGS B7).

    Raises:
        RuleError: it would take the stories below 0.
    """
    total = character.stories + amount
    if total < 0:
        raise RuleError(f"{character.name} has only {character.stories} stories")
    return replace(character, xp=total)


def open_attributes(character: Character) -> tuple[str, ...]:
    """The attributes that can still rise: those below 18 (RULINGS B4)."""
    return tuple(a for a in ATTRIBUTES if character.score(a) < MAX_SCORE)


def gift_choices(content: Content, character: Character) -> tuple[Gift, ...]:
    """The gifts the character may choose: every gift they do not have (RULINGS B7)."""
    have = effects.gift_ids(content, character)
    return tuple(g for g in content.gifts if g.id not in have)


@dataclass(frozen=True, slots=True)
class LevelChoices:
    """What the player chose for the level.

    Attributes:
        attributes: the attributes to raise (as many as the level gives, different).
        gift: the gift's id or name, at levels 3, 5, 7 and 9.
    """

    attributes: tuple[str, ...] = ()
    gift: str | None = None


@dataclass(frozen=True, slots=True)
class LevelUp:
    """A level gained.

    Attributes:
        character: the character afterwards.
        gains: what the level gave.
        lines: what happened, in words.
        detail: the same as data, for the event.
    """

    character: Character
    gains: Gains
    lines: tuple[str, ...]
    detail: dict[str, object]


def _check_attributes(character: Character, gains: Gains, chosen: tuple[str, ...]) -> None:
    """The chosen attributes fit the level (RULINGS B4, B7; docs/rulings.md H121).

    Raises:
        RuleError: the wrong number, the same one twice, or one already at 18.
    """
    wanted = min(gains.attributes, len(open_attributes(character)))
    if len(chosen) != wanted:
        what = {0: "no attribute", 1: "+1 to one attribute", 2: "+1 to two attributes"}[wanted]
        menu = "|".join(open_attributes(character))
        hint = " ".join([character.name, *[menu] * wanted, *(["gift GIFT"] if gains.gift else [])])
        raise RuleError(
            f"level {gains.level} gives {what}, not {len(chosen)} (RULINGS B7): level {hint}"
        )
    if len(set(chosen)) != len(chosen):
        raise RuleError(
            f"level {gains.level} raises two different attributes, not {chosen[0]} twice "
            "(docs/rulings.md H121)"
        )
    for attribute in chosen:
        if character.score(attribute) >= MAX_SCORE:
            raise RuleError(
                f"{character.name}'s {attribute} is already {MAX_SCORE}, the most an "
                "attribute can be (RULINGS B4): choose another"
            )


def _check_gift(
    content: Content, character: Character, gains: Gains, name: str | None
) -> Gift | None:
    """The chosen gift fits the level (RULINGS B7): the gift, or ``None`` at a level
    that gives none.

    Raises:
        RuleError: a gift at a level that gives none, none at one that does, or one the
            character has.
        UnknownNameError: no such gift.
    """
    if not gains.gift:
        if name is None:
            return None
        raise RuleError(
            f"level {gains.level} gives no gift: gifts come at levels 3, 5, 7 and 9 (RULINGS B7)"
        )
    if name is None:
        raise RuleError(
            f"level {gains.level} gives a gift (RULINGS B7): level {character.name} gift GIFT"
        )
    gift = content.gift(name)
    if gift.id in effects.gift_ids(content, character):
        raise RuleError(f"{character.name} already has {gift.name}: choose a gift they lack")
    return gift


def _attribute(character: Character, name: str) -> str:
    """The attribute ``name`` means, upper case.

    Raises:
        UnknownNameError: no such attribute.
    """
    character.score(name)
    return name.upper()


def _grow_doom(die: UsageDie, steps: int) -> UsageDie:
    for _ in range(steps):
        die = die.step_up()
    return die


def require_due(character: Character) -> None:
    """Check that ``character`` can gain a level now (RULINGS B7; docs/rulings.md H122).

    Raises:
        RuleError: they are dead or Helpless, at level 10, or their stories have not
            reached their level.
    """
    name = character.name
    if character.dead:
        raise RuleError(f"{name} is dead")
    if character.helpless:
        raise RuleError(
            f"{name} is Helpless: the Helpless roll comes first, then the level "
            "(docs/rulings.md H122)"
        )
    if character.level >= MAX_LEVEL:
        raise RuleError(f"{name} is level {MAX_LEVEL}, the top (RULINGS B7)")
    if character.stories < character.level:
        raise RuleError(
            f"{name} has {character.stories} of the {character.level} stories level "
            f"{character.level + 1} needs (RULINGS B7)"
        )


def level_up(content: Content, character: Character, choices: LevelChoices) -> LevelUp:
    """Gain the next level with ``choices`` (RULINGS B7, B4, B2).

    The stories are spent (those beyond the level are kept, docs/rulings.md H120);
    max HP is recomputed by the formula and current HP rises as much (H122); the Doom
    die grows one size at level 10, and with a gift that makes it larger, its full size
    and the die as it stands alike (an exhausted die stays exhausted until a long rest,
    H123).

    Raises:
        RuleError: the character cannot gain a level now (dead, Helpless, stories short
            of the level, level 10), or the choices do not fit the level.
        UnknownNameError: an unknown attribute or gift.
    """
    require_due(character)
    gains = gains_at(character.level + 1)
    chosen = tuple(_attribute(character, a) for a in choices.attributes)
    _check_attributes(character, gains, chosen)
    gift = _check_gift(content, character, gains, choices.gift)
    name = character.name
    lines = [f"{name} reaches level {gains.level}: {gains.describe()} (RULINGS B7)"]
    stories_left = character.stories - character.level
    after = replace(character, level=gains.level, xp=stories_left)
    lines.append(f"Stories {character.stories} -> {stories_left} (spent)")
    raised: list[list[object]] = []
    for attribute in chosen:
        before = after.score(attribute)
        after = after.with_score(attribute, before + 1)
        raised.append([attribute, before, after.score(attribute)])
        lines.append(f"{attribute} {before} -> {after.score(attribute)}")
    if gift is not None:
        after = replace(after, gifts=(*after.gifts, gift.id))
        lines.append(f"Gift: {gift.name}: {gift.text}")
    old_steps = effects.doom_steps(content, character) + int(character.level >= MAX_LEVEL)
    new_steps = effects.doom_steps(content, after) + int(after.level >= MAX_LEVEL)
    if new_steps > old_steps:
        grow = new_steps - old_steps
        size = _grow_doom(after.doom_size, grow)
        now = after.doom if after.doom.exhausted else _grow_doom(after.doom, grow)
        lines.append(f"Doom die {after.doom} (of {after.doom_size}) -> {now} (of {size})")
        after = replace(after, doom=now, doom_size=size)
    top = max_hp(content, after)
    gained = top - character.max_hp
    after = replace(after, max_hp=top, hp=max(0, min(top, character.hp + gained)))
    bonus = effects.max_hp_bonus(content, after)
    extra = f" + {bonus} (gifts)" if bonus else ""
    lines.append(
        f"HP {character.hp}/{character.max_hp} -> {after.hp}/{after.max_hp} "
        f"(CON {after.score('CON')} + level {after.level} - 1{extra})"
    )
    detail: dict[str, object] = {
        "level": [character.level, after.level],
        "stories": [character.stories, after.stories],
        "raised": raised,
        "gift": None if gift is None else gift.id,
        "hp": [character.hp, after.hp],
        "max_hp": [character.max_hp, after.max_hp],
        "doom": [str(character.doom), str(after.doom)],
        "doom_size": [str(character.doom_size), str(after.doom_size)],
    }
    return LevelUp(after, gains, tuple(lines), detail)
