"""The party's place and time, and each character's needs (redhack: Exploration &
Dungeons, Wilderness Survival, Resting; RULINGS R16-R23).

Both are entities of the campaign state, changed only by events: the party's state is
kind ``"party"``, key ``"state"``; a character's needs are kind ``"needs"``, keyed by
the character's key. A character's fatigue step is one of the fatigue conditions on the
character (:data:`FATIGUE_STEPS`), so every test sees its effect.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...errors import RuleError
from .character import Character

__all__ = [
    "ENVIRONMENTS",
    "FATIGUE_STEPS",
    "Needs",
    "PartyState",
    "fatigue_step",
    "with_fatigue_step",
]

ENVIRONMENTS = ("dungeon", "wilderness", "town", "safe")
"""Where the party is: a dungeon (street or indoors: time in ticks), the wilderness
(time in days and hexes), a town, or another safe place (full-day rests allowed)."""

FATIGUE_STEPS = (
    "",
    "distressed",
    "distracted",
    "exhausted",
    "dragging",
    "drained",
    "delirious",
    "dying",
)
"""Condition id of each step of the fatigue table, by failed fatigue tests (0-7;
RULINGS R23). Step 3 is the text's "Debilitated", kept apart from the injury."""

MINUTES_PER_DAY = 24 * 60


@dataclass(frozen=True, slots=True)
class PartyState:
    """Where and when the party is.

    Attributes:
        environment: one of :data:`ENVIRONMENTS`.
        location: the id of the encounter table for where they are (``""``: none).
        day: the campaign day, from 1.
        minute: minutes since midnight of ``day`` (0-1439).
        half_ticks: half-ticks spent in the current dungeon (a tick is 5-10 minutes; a
            fast search takes half a tick). Every 3 ticks the party checks for
            encounters and rolls each lit light source (RULINGS R16).
        sign: the creature whose sign was found (RULINGS R17): met at the next 1 or 2.
        fire: the party shows a visible fire (R17: -1 on the encounter die).
        careless: moving fast and carelessly: disadvantage on search and surprise tests.
        light: the party is using an unusual amount of light: encounter checks with
            the GM's advantage (the lower of two dice); advantage on search and surprise.
    """

    environment: str = "town"
    location: str = ""
    day: int = 1
    minute: int = 8 * 60
    half_ticks: int = 0
    sign: str | None = None
    fire: bool = False
    careless: bool = False
    light: bool = False

    def later(self, minutes: int) -> PartyState:
        """The state ``minutes`` later (the day rolls over at midnight).

        Raises:
            RuleError: ``minutes`` is negative (time only moves forward).
        """
        if minutes < 0:
            raise RuleError("time only moves forward")
        total = self.minute + minutes
        return replace(
            self, day=self.day + total // MINUTES_PER_DAY, minute=total % MINUTES_PER_DAY
        )

    @property
    def minutes(self) -> int:
        """Minutes since the start of day 1."""
        return (self.day - 1) * MINUTES_PER_DAY + self.minute

    @property
    def clock(self) -> str:
        """E.g. ``"day 3, 14:20"``."""
        return f"day {self.day}, {self.minute // 60:02d}:{self.minute % 60:02d}"

    @property
    def ticks(self) -> float:
        """Ticks spent in the current dungeon."""
        return self.half_ticks / 2


@dataclass(frozen=True, slots=True)
class Needs:
    """A character's food, water and sleep (redhack: Wilderness Survival > Fatigue &
    Supplies; Resting; RULINGS R19, R23).

    Attributes:
        hungry: missed the day's food.
        thirsty: missed the day's water.
        tired: missed the day's long rest.
        hunger_failures: failed hunger tests so far (advantage until the first, normal
            until the second, then disadvantage).
        tired_failures: failed exhaustion tests so far (the same steps).
        thirst_days: consecutive days thirsty (day 1 advantage, 2 normal, 3
            disadvantage, 4 and later automatic failure).
        half_rations: eating half rations (ignore 2s on the ration die; keep advantage
            on hunger and thirst tests).
        ate_day: the last day they ate a day's food (0: never).
        drank_day: the last day they drank a day's water.
        slept_day: the last day they had a long rest.
        healing_blocked: skipped food and water at a short rest: no more healing until
            they eat and drink (RULINGS R19).
        dying_since: when they reached step 7 of the fatigue table, in minutes since the
            start of day 1 (-1: not dying). Without aid they die 24 hours later
            (redhack: Wilderness Survival > Fatigue Table; docs/rulings.md H26).
        fatigue_tested_day: the last campaign day their day's fatigue tests were made
            (0: never): a travel day or a long or full day's rest makes them at most
            once a day (docs/rulings.md H50).
    """

    hungry: bool = False
    thirsty: bool = False
    tired: bool = False
    hunger_failures: int = 0
    tired_failures: int = 0
    thirst_days: int = 0
    half_rations: bool = False
    ate_day: int = 0
    drank_day: int = 0
    slept_day: int = 0
    healing_blocked: bool = False
    dying_since: int = -1
    fatigue_tested_day: int = 0


def fatigue_step(character: Character) -> int:
    """The character's step on the fatigue table (0-7), from their conditions."""
    for step, condition in enumerate(FATIGUE_STEPS):
        if step and character.has_condition(condition):
            return step
    return 0


def with_fatigue_step(character: Character, step: int) -> Character:
    """A copy on fatigue step ``step`` (clamped to 0-7), replacing the old step."""
    step = max(0, min(step, len(FATIGUE_STEPS) - 1))
    kept = tuple(c for c in character.conditions if c.split(":", 1)[0] not in FATIGUE_STEPS[1:])
    if step:
        kept += (FATIGUE_STEPS[step],)
    return replace(character, conditions=kept)
