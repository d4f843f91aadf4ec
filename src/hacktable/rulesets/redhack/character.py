"""redhack's character: the core character (:class:`hacktable.play.character.Character`)
with what redhack adds to it.

redhack: Character Creation (1. Attributes, 2. Class, 3. Backgrounds, 4. Starting
Equipment); Combat > Damage & Injuries (a mortal wound's duration die, RULINGS R11).
The ruleset names this class as its ``character_type``, so the engine decodes redhack
characters into it; inside the ruleset ``Character`` means this class.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...dice.usage import UsageDie
from ...play.character import Character as CoreCharacter
from ...play.character import Item, Scored, fold

__all__ = ["Background", "Character", "Item", "fold"]


@dataclass(frozen=True, slots=True)
class Background:
    """A background sentence and the tests it gives advantage or disadvantage on.

    redhack: Character Creation > 3. Backgrounds. Tags are free words the GM and player
    agree on (``"climbing"``, ``"haggling"``); a test made ``for`` a tag picks them up.
    """

    text: str = ""
    advantages: tuple[str, ...] = ()
    disadvantages: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Character(Scored, CoreCharacter):
    """A redhack player character: the core, and redhack's own.

    Attributes:
        class_id: the class's content id, e.g. ``"warrior"``.
        scores: ``(attribute, score)`` pairs in STR, DEX, CON, INT, WIS, CHA order
            (3d6 in order at creation; redhack: Character Creation > 1. Attributes).
        hit_die: sides of the class hit die (d10 warrior ... d4 wizard).
        background: the background sentence and its tags.
        kit: the starting kit's number, if one was taken.
        mortal_wound: the duration die of a mortally wounded character (RULINGS R11).
        techniques: the ids of their technique backgrounds (``data/techniques.toml``;
            redhack: Character Creation > 3. Backgrounds).
    """

    class_id: str
    scores: tuple[tuple[str, int], ...]
    hit_die: int
    background: Background = Background()
    kit: int | None = None
    mortal_wound: UsageDie | None = None
    techniques: tuple[str, ...] = ()
