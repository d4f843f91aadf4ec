"""Wilderness journeys as pure functions: speed, hexes and the survival penalty, the
leader's survival roll, landscapes as campaign data, and the day's fatigue tests
(redhack: Wilderness Survival; RULINGS R21-R23, R29; docs/rulings.md H40-H49).

This module is the journey itself (:class:`TravelPlan`, :class:`Journey`); the rules
it builds on are :mod:`.travel_speed` (speed, hexes, who slows the party),
:mod:`.survival` (the leader's survival roll), :mod:`.landscapes` (campaign data) and
:mod:`.fatigue` (fatigue tests and recovery). It re-exports every name they had here
before it was split.

Every function that rolls takes the caller's random source (RULINGS G1) and returns a
value that records its dice and explains itself. The console's ``travel`` commands
(:mod:`.commands.travel`) and ``benchmarks/journey.py`` build on these.

>>> horseback = SpeedConditions(mounts=1, light=True)
>>> speed(horseback)
2
>>> movement(speed(horseback), moves=2).explain()
'speed +2: 3 hexes a move; 2 moves: 6 hexes; survival penalty -4 (-2 a move, 6-mile hexes)'
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import RuleError
from .fatigue import (
    DRAINED,
    NEEDS,
    FatigueDay,
    FatigueTest,
    begins_clear,
    drained_cap,
    fatigue_day,
    fatigue_mode,
    recovered_step,
)
from .landscapes import (
    Landscape,
    LandscapeEntry,
    LandscapesFile,
    landscapes_from_text,
    load_landscapes,
)
from .survival import SurvivalRoll, survival_modifier, survival_roll
from .travel_speed import (
    DEFAULT_HEX_MILES,
    DEFAULT_MOVES,
    Movement,
    SpeedConditions,
    hindrances,
    movement,
    party_hindrance,
    penalty_per_move,
    speed,
    travelling_light,
)

__all__ = [
    "DEFAULT_HEX_MILES",
    "DEFAULT_MOVES",
    "DRAINED",
    "NEEDS",
    "FatigueDay",
    "FatigueTest",
    "Journey",
    "Landscape",
    "LandscapeEntry",
    "LandscapesFile",
    "Movement",
    "SpeedConditions",
    "SurvivalRoll",
    "TravelPlan",
    "begins_clear",
    "drained_cap",
    "fatigue_day",
    "fatigue_mode",
    "hindrances",
    "landscapes_from_text",
    "load_landscapes",
    "movement",
    "party_hindrance",
    "penalty_per_move",
    "recovered_step",
    "speed",
    "survival_modifier",
    "survival_roll",
    "travelling_light",
]

# -- the journey -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TravelPlan:
    """How the party means to travel (redhack: Wilderness Survival > Speed, Survival
    Tables; RULINGS R21, R22).

    Attributes:
        landscape: the campaign landscape's id (its survival and encounter tables), or
            ``""`` for redhack's own survival table.
        road: following a road.
        mounts: the mounts' speed bonus (0: on foot).
        light: travelling light (every PC under half their STR in items).
        difficult: difficult terrain.
        search: conducting a search.
        hex_miles: a hex's width in miles (default 6: RULINGS R21).
        moves: moves each day (default 2: docs/rulings.md H40).
        leader: the leader's name (``""``: the best WIS + CON modifiers, H43).
        days: the days planned (0: until the GM ends the journey).
        half_rations: the party eats half rations (RULINGS R23).
        slowed: the names of PCs the GM rules slowed.

    Raises:
        RuleError: a negative bonus, moves or days, or a hex under a mile.
    """

    landscape: str = ""
    road: bool = False
    mounts: int = 0
    light: bool = False
    difficult: bool = False
    search: bool = False
    hex_miles: int = DEFAULT_HEX_MILES
    moves: int = DEFAULT_MOVES
    leader: str = ""
    days: int = 0
    half_rations: bool = False
    slowed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name, value in (("mounts", self.mounts), ("moves", self.moves), ("days", self.days)):
            if value < 0:
                raise RuleError(f"{name} cannot be negative ({value})")
        penalty_per_move(self.hex_miles)

    def conditions(self, hindered: int) -> SpeedConditions:
        """The speed conditions with ``hindered`` (see :func:`hindrances`)."""
        return SpeedConditions(
            self.mounts, self.light, self.road, hindered, self.difficult, self.search
        )


@dataclass(frozen=True, slots=True)
class Journey:
    """A journey in progress (the campaign entity ``journey``/``current``).

    Attributes:
        plan: how the party travels.
        started: the campaign day it began.
        days: days travelled so far.
        hexes: hexes covered so far.
        banked: moves carried toward the next hex (RULINGS R21 at negative speed).
    """

    plan: TravelPlan
    started: int = 1
    days: int = 0
    hexes: int = 0
    banked: int = 0

    @property
    def finished(self) -> bool:
        """Whether every planned day has been travelled (never, if none were planned)."""
        return bool(self.plan.days) and self.days >= self.plan.days
