"""black-sword-hack's character: the core character with what the game adds to it.

black-sword-hack 2.1-2.2; RULINGS B2 (the Doom die), B4 (attributes, origin,
backgrounds, HP), B7 (stories and levels). The ruleset names this class as its
``character_type``; inside the ruleset ``Character`` means this class.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...dice.usage import UsageDie
from ...play.character import Character as CoreCharacter
from ...play.character import Item, Scored, fold

__all__ = [
    "ATTRIBUTES",
    "IMPAIRED",
    "INJURED",
    "MAX_SCORE",
    "ORIGINS",
    "SESSION_CONDITIONS",
    "Character",
    "Item",
    "fold",
]

ATTRIBUTES: tuple[str, ...] = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
"""The six attributes, in the order they are rolled (RULINGS B4)."""

ORIGINS: tuple[str, ...] = ("barbarian", "civilized", "decadent")
"""The three origins (RULINGS B4)."""

MAX_SCORE = 18
"""No attribute is ever above 18, at creation or on levelling (RULINGS B4)."""

IMPAIRED = "impaired"
"""Helpless 3: disadvantage on DEX tests until the session ends (2.1.13; RULINGS B8)."""

INJURED = "injured"
"""Helpless 4: disadvantage on all attribute tests until the session ends (2.1.13)."""

SESSION_CONDITIONS: tuple[str, ...] = (IMPAIRED, INJURED)
"""Conditions that last until the GM closes the game session (RULINGS B8)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Character(Scored, CoreCharacter):
    """A black-sword-hack player character: the core, and the game's own.

    The core's ``xp`` counts the character's stories (RULINGS B7: a level is gained
    when the stories equal the current level, and they are spent).

    Attributes:
        origin: ``barbarian``, ``civilized`` or ``decadent`` (RULINGS B4).
        scores: ``(attribute, score)`` pairs in STR, DEX, CON, INT, WIS, CHA order.
        backgrounds: the content ids of the character's backgrounds (three at
            creation: two of the origin and one of any, RULINGS B4).
        gifts: the content ids of the character's gifts (chosen at levels 3, 5, 7, 9,
            RULINGS B7; a background may grant one).
        doom: the Doom die as it stands now (``EXHAUSTED``: Doomed, RULINGS B2).
        doom_size: the Doom die's full size, restored by a long rest (ud6, ud8 at
            level 10, RULINGS B2, B7).
        spent: ids of the gifts and backgrounds used since the last long rest, those
            that "require a long rest to refresh" (2.2).
    """

    origin: str
    scores: tuple[tuple[str, int], ...]
    backgrounds: tuple[str, ...] = ()
    gifts: tuple[str, ...] = ()
    doom: UsageDie = UsageDie.UD6
    doom_size: UsageDie = UsageDie.UD6
    spent: tuple[str, ...] = ()

    def with_score(self, attribute: str, value: int) -> Character:
        """A copy with ``attribute`` set to ``value``, kept within 1 .. 18 (RULINGS B4).

        Raises:
            UnknownNameError: no such attribute.
        """
        self.score(attribute)  # the attribute exists
        wanted = attribute.upper()
        clamped = max(1, min(MAX_SCORE, value))
        scores = tuple((n, clamped if n == wanted else s) for n, s in self.scores)
        return replace(self, scores=scores)

    @property
    def stories(self) -> int:
        """The character's stories (experience, RULINGS B7): the core's ``xp``."""
        return self.xp

    @property
    def doomed(self) -> bool:
        """Whether the Doom die is exhausted: disadvantage on attribute tests until a
        long rest (RULINGS B2)."""
        return self.doom.exhausted

    @property
    def helpless(self) -> bool:
        """At 0 HP a character is Helpless, able only to talk feebly (2.1.12)."""
        return self.hp == 0 and not self.dead
