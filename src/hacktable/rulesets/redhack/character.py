"""redhack's character: the core character (:class:`hacktable.play.character.Character`)
with what redhack adds to it.

redhack: Character Creation (1. Attributes, 2. Class, 3. Backgrounds, 4. Starting
Equipment); Combat > Damage & Injuries (a mortal wound's duration die, RULINGS R11).
The ruleset names this class as its ``character_type``, so the engine decodes redhack
characters into it; inside the ruleset ``Character`` means this class.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ...dice.usage import UsageDie
from ...play.character import Character as CoreCharacter
from ...play.character import Item, Scored, fold
from .magic.state import Magic

__all__ = ["Background", "Character", "Experience", "Item", "fold"]


@dataclass(frozen=True, slots=True)
class Background:
    """A background sentence and the tests it gives advantage or disadvantage on.

    redhack: Character Creation > 3. Backgrounds. Tags are free words the GM and player
    agree on (``"climbing"``, ``"haggling"``); a test made ``for`` a tag picks them up.
    """

    text: str = ""
    advantages: tuple[str, ...] = ()
    disadvantages: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Experience:
    """One experience gained (redhack: Experience & Gaining Levels; see
    :mod:`.experience`).

    Attributes:
        source: ``foe``, ``save``, ``treasure``, ``quest``, ``place`` or ``gm`` (the
            text's five and the GM's word: :data:`.experience.SOURCES`).
        note: what it was for (the foe, the place, the quest), ``""`` if nothing.
        when: the campaign's clock when it was gained (``"day 3, 14:20"``).
    """

    source: Literal["foe", "save", "treasure", "quest", "place", "gm"]
    note: str = ""
    when: str = ""

    def describe(self) -> str:
        """E.g. ``"quest: rescue the miller's son (day 3, 14:20)"``."""
        note = f": {self.note}" if self.note else ""
        when = f" ({self.when})" if self.when else ""
        return f"{self.source}{note}{when}"


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
        experiences: the records of the ``xp`` not yet checked off, oldest first
            (redhack: Experience & Gaining Levels; docs/rulings.md H180).
        downtime_actions: downtime actions not yet spent (a downtime rest grants one:
            docs/rulings.md H183; :mod:`.downtime`).
        magic: a caster's book, slots, memorising allowance and patrons (RULINGS R25-R27,
            R34; :mod:`.magic`).
        techniques: the ids of their technique backgrounds (``data/techniques.toml``;
            redhack: Character Creation > 3. Backgrounds).
    """

    class_id: str
    scores: tuple[tuple[str, int], ...]
    hit_die: int
    background: Background = Background()
    kit: int | None = None
    mortal_wound: UsageDie | None = None
    experiences: tuple[Experience, ...] = ()
    magic: Magic = field(default_factory=Magic)
    downtime_actions: int = 0
    techniques: tuple[str, ...] = ()
