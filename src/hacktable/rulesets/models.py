"""What differs between the Hack rulesets' fights and bodies, declared as data.

Each ruleset declares these on its class (:class:`~hacktable.rulesets.base.Ruleset`):
how defence works, how initiative is rolled, what a turn allows, when hit points put a
character out or kill them, and which resource dice its characters carry. The engine
and front ends read a ruleset's shape from them (the web table shows a side-based or
an ordered turn list, a Doom die or not) without knowing the ruleset; the ruleset's
own rules apply them.

The four rulesets, as their texts and RULINGS have them:

============== ======================= ===================== ======== ================
ruleset        defence                 initiative            turn     out / dead
============== ======================= ===================== ======== ================
redhack        AC as the difficulty    a DEX test per side,  1 + move 0 / by injuries
               (R6)                    every round (R13)
black-sword    armour reduces damage   one WIS test, once    2        0 / Helpless
hack           (B5)                    per fight (B3)                 table (B8)
fantasy-hack   AC as the target (F2)   d20 + DEX, ordered    its      0 / -10 (F1)
                                       (F3)                  issue
skill-die      AC as the target (S5)   d20 + DEX, ordered    its      0 / -20 (S3)
                                       (S5)                  issue
============== ======================= ===================== ======== ================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["ActionBudget", "DefenceModel", "HitPoints", "InitiativeModel", "ResourceDie"]


class DefenceModel(Enum):
    """How armour and defence work."""

    AC_AS_DIFFICULTY = "ac-as-difficulty"
    """The player rolls every test: attacking, the target's AC is the difficulty;
    defending, the player tests their AC against the attacker's HD (redhack R6)."""
    DAMAGE_REDUCTION = "damage-reduction"
    """The player rolls attack and defence as attribute tests; armour subtracts its
    rating from each hit (black-sword-hack B5)."""
    AC_AS_TARGET = "ac-as-target"
    """d20 + modifiers meeting or beating the target's AC hits (fantasy-hack F2,
    skill-die S5)."""


class InitiativeModel(Enum):
    """How the order of acting is found."""

    SIDES_EACH_ROUND = "sides-each-round"
    """Every round each player tests: success acts before the monsters, failure after
    (redhack R13)."""
    TEST_ONCE = "test-once"
    """One test per player when the fight begins; the sides keep their places
    (black-sword-hack B3)."""
    ORDERED_ROLL = "ordered-roll"
    """Every combatant rolls d20 + modifier once; highest first, kept for the fight
    (fantasy-hack F3, skill-die S5)."""


@dataclass(frozen=True, slots=True)
class ActionBudget:
    """What one combatant may do in a turn.

    Attributes:
        actions: actions a turn (attack, cast, use something...).
        moves: moves a turn besides the actions (0 where moving is an action).
        source: the rule it comes from.
    """

    actions: int
    moves: int
    source: str


@dataclass(frozen=True, slots=True)
class HitPoints:
    """When hit points put a character out of the fight, and when they kill.

    Attributes:
        out_at: at or below this a character is out of the fight.
        floor: the lowest HP can go (0 where damage stops at 0).
        dead_at: at or below this a character dies (``None``: HP alone never kills;
            a table or a clock decides, as redhack's injuries table does).
        source: the rule it comes from.
    """

    out_at: int
    floor: int
    dead_at: int | None
    source: str


@dataclass(frozen=True, slots=True)
class ResourceDie:
    """A usage die every character carries apart from their items (black-sword-hack's
    Doom die). The usage-die chain itself is shared (RULINGS G3).

    Attributes:
        id: e.g. ``"doom"``.
        name: as shown, e.g. ``"Doom die"``.
        start: the die a new character has, e.g. ``"ud6"``.
        source: the rule it comes from.
    """

    id: str
    name: str
    start: str
    source: str
