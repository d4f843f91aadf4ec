"""A party's speed in the wilderness: the conditions that set it, the hexes a day's
moves cover and the survival penalty they cost, and who slows the party (redhack:
Wilderness Survival > Speed; RULINGS R21, R29; docs/rulings.md H40-H42). Part of
:mod:`.travel`, which re-exports every name.

>>> horseback = SpeedConditions(mounts=1, light=True)
>>> speed(horseback)
2
>>> movement(speed(horseback), moves=2).explain()
'speed +2: 3 hexes a move; 2 moves: 6 hexes; survival penalty -4 (-2 a move, 6-mile hexes)'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...errors import RuleError
from ...rules.words import counted
from .character import Character, fold
from .party import fatigue_step

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .ruleset import Redhack

__all__ = [
    "DEFAULT_HEX_MILES",
    "DEFAULT_MOVES",
    "DRAGGING",
    "Movement",
    "SpeedConditions",
    "hindrances",
    "movement",
    "party_hindrance",
    "penalty_per_move",
    "speed",
    "travelling_light",
]

DEFAULT_HEX_MILES = 6
"""A hex's width in miles unless the plan says otherwise (RULINGS R21: 6 miles, -2 a
move). Meant to become the campaign setting ``hex-miles``."""

DEFAULT_MOVES = 2
"""Moves in a travel day unless the plan says otherwise: the text's horseback example
read by RULINGS R21 is a day of two moves (docs/rulings.md H40)."""

DRAGGING = 4
"""The fatigue step that costs the party 1 speed (4 Dragging; every worse step too)."""


# -- speed (RULINGS R21) -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SpeedConditions:
    """What sets a party's speed (redhack: Wilderness Survival > Speed; RULINGS R21).

    Attributes:
        mounts: the mounts' bonus: 0 on foot, 1 or more with appropriate mounts.
        light: every PC carries less than half the items allowed (+1).
        road: following a road (+1).
        hindered: the most of slowed, dragging and encumbered that any one PC has: the
            first costs 1, each additional one 1 more (docs/rulings.md H41).
        difficult: difficult terrain (-1).
        search: the party is conducting a search (-1).
    """

    mounts: int = 0
    light: bool = False
    road: bool = False
    hindered: int = 0
    difficult: bool = False
    search: bool = False

    def terms(self) -> tuple[tuple[str, int], ...]:
        """The conditions that count, each with its part of the speed."""
        found = (
            ("mounts", self.mounts),
            ("travelling light", int(self.light)),
            ("road", int(self.road)),
            ("slowed, dragging or encumbered", -self.hindered),
            ("difficult terrain", -int(self.difficult)),
            ("searching", -int(self.search)),
        )
        return tuple((name, value) for name, value in found if value)


def speed(conditions: SpeedConditions) -> int:
    """The party's speed: the sum of its conditions, 0 being normal walking pace
    (redhack: Wilderness Survival > Speed; RULINGS R21).

    >>> speed(SpeedConditions(road=True, hindered=2))
    -1
    """
    return sum(value for _, value in conditions.terms())


def penalty_per_move(hex_miles: int) -> int:
    """The survival roll's penalty for each move: ``max(1, round(0.4 x miles))``
    (RULINGS R21; the text: a 10-mile hex -4, a 2 or 3 mile hex -1).

    >>> [penalty_per_move(m) for m in (1, 2, 3, 5, 6, 10, 12)]
    [1, 1, 1, 2, 2, 4, 5]

    Raises:
        RuleError: ``hex_miles`` is not positive.
    """
    if hex_miles < 1:
        raise RuleError(f"a hex is at least 1 mile across, not {hex_miles}")
    return max(1, round(0.4 * hex_miles))


@dataclass(frozen=True, slots=True)
class Movement:
    """A day's moves at a speed (RULINGS R21).

    Attributes:
        speed: the party's speed.
        moves: moves made.
        hex_miles: a hex's width in miles.
        hexes: hexes covered.
        banked: moves spent toward a hex not yet crossed, carried to the next day
            (only at a negative speed; docs/rulings.md H42).
        per_move: the survival penalty for each move.
    """

    speed: int
    moves: int
    hex_miles: int
    hexes: int
    banked: int
    per_move: int

    @property
    def penalty(self) -> int:
        """The survival roll's penalty for the day: ``per_move`` x ``moves``."""
        return self.per_move * self.moves

    @property
    def hexes_per_move(self) -> int:
        """Hexes covered by each move at a speed of 0 or more: speed + 1."""
        return self.speed + 1 if self.speed >= 0 else 0

    @property
    def moves_per_hex(self) -> int:
        """Moves each hex takes: 1 at a speed of 0 or more, else ``|speed| + 1``."""
        return 1 if self.speed >= 0 else -self.speed + 1

    def explain(self) -> str:
        """E.g. ``"speed -1: 2 moves a hex; 3 moves: 1 hex (1 move toward the next);
        survival penalty -6 (-2 a move, 6-mile hexes)"``."""
        if self.speed >= 0:
            rate = f"{counted(self.hexes_per_move, 'hex')} a move"
        else:
            rate = f"{counted(self.moves_per_hex, 'move')} a hex"
        carried = f" ({counted(self.banked, 'move')} toward the next)" if self.banked else ""
        return (
            f"speed {self.speed:+d}: {rate}; {counted(self.moves, 'move')}: "
            f"{counted(self.hexes, 'hex')}{carried}; survival penalty -{self.penalty} "
            f"(-{self.per_move} a move, {self.hex_miles}-mile hexes)"
        )


def movement(
    speed: int, moves: int, hex_miles: int = DEFAULT_HEX_MILES, banked: int = 0
) -> Movement:
    """Hexes covered by ``moves`` moves at ``speed`` (redhack: Wilderness Survival >
    Speed; RULINGS R21): at speed s > 0 each move covers s + 1 hexes; at s < 0 every
    hex takes |s| + 1 moves (moves ``banked`` from earlier days count toward the
    first); at 0, one hex a move.

    >>> m = movement(-2, moves=2, banked=2)
    >>> m.hexes, m.banked, m.penalty
    (1, 1, 4)

    Raises:
        RuleError: a negative number of moves or banked moves, or a hex under a mile.
    """
    if moves < 0:
        raise RuleError(f"the number of moves cannot be negative ({moves})")
    if banked < 0:
        raise RuleError(f"moves carried over cannot be negative ({banked})")
    per_move = penalty_per_move(hex_miles)
    if speed >= 0:
        return Movement(speed, moves, hex_miles, moves * (speed + 1), 0, per_move)
    cost = -speed + 1
    hexes, left = divmod(banked + moves, cost)
    return Movement(speed, moves, hex_miles, hexes, left, per_move)


# -- who slows the party (RULINGS R29) -----------------------------------------------------


def travelling_light(rules: Redhack, character: Character) -> bool:
    """Whether the character carries less than half the items allowed before
    encumbrance (STR; redhack: Wilderness Survival > Speed, +1; RULINGS R29)."""
    return 2 * rules.load(character) < character.score("STR")


def hindrances(rules: Redhack, character: Character, slowed: bool = False) -> tuple[str, ...]:
    """What slows the party from this character: ``slowed`` (the GM's word),
    ``dragging`` (fatigue step 4 or worse) and ``encumbered`` (over STR items,
    RULINGS R29) (redhack: Wilderness Survival > Speed)."""
    found = []
    if slowed:
        found.append("slowed")
    if fatigue_step(character) >= DRAGGING:
        found.append("dragging")
    if rules.encumbrance(character) != "unencumbered":
        found.append("encumbered")
    return tuple(found)


def party_hindrance(
    rules: Redhack, characters: Iterable[Character], slowed: Iterable[str] = ()
) -> tuple[int, dict[str, tuple[str, ...]]]:
    """The party's hindrance for :class:`SpeedConditions` (the most any one PC has,
    docs/rulings.md H41) and each hindered PC's hindrances."""
    wanted = {fold(name) for name in slowed}
    found = {
        c.name: words
        for c in characters
        if not c.dead and (words := hindrances(rules, c, c.key in wanted))
    }
    return max((len(words) for words in found.values()), default=0), found
