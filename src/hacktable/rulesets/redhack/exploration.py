"""Exploration rules as pure functions: encounter checks, reactions, climbing and
falling (redhack: Exploration & Dungeons; RULINGS R16-R20).

Each takes the caller's random source (RULINGS G1) and returns a value that records
every die and explains itself.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...dice.render import render_roll
from ...dice.roller import roll
from ...errors import RuleError
from ...rules.tables import Table, TableRoll, roll_table

__all__ = [
    "REACTIONS",
    "EncounterCheck",
    "climb_difficulty",
    "encounter_check",
    "fall_dice",
    "shift_reaction",
]


@dataclass(frozen=True, slots=True)
class EncounterCheck:
    """One encounter check (RULINGS R17).

    Attributes:
        faces: the d6 faces rolled (two when the GM rolls with advantage for a party
            using an unusual amount of light: the lower counts).
        value: the kept face, less 1 for a visible fire.
        outcome: ``"encounter"``, ``"sign"``, ``"remembered"`` (the creature whose sign
            was found is met) or ``"nothing"``.
        creature: the creature met or whose sign was found (from the location's table),
            or ``None`` if there is no table.
        creature_roll: the roll on the location's table, if one was made.
        sign: the creature to remember afterwards (``None`` clears the memory).
        explanation: the check in words.
    """

    faces: tuple[int, ...]
    value: int
    outcome: str
    creature: str | None
    creature_roll: TableRoll | None
    sign: str | None
    explanation: str

    @property
    def encounter(self) -> bool:
        """Whether the party meets something now."""
        return self.outcome in ("encounter", "remembered")


def encounter_check(
    rng: random.Random,
    *,
    table: Table | None = None,
    sign: str | None = None,
    fire: bool = False,
    light: bool = False,
) -> EncounterCheck:
    """Roll an encounter check (redhack: Exploration & Dungeons > Random Encounters;
    Wilderness Survival > Encounters in the Wild; RULINGS R17).

    d6: 1, an encounter now; 2, a sign of a creature (rolled on the table now and
    remembered); at the next 1 or 2 the remembered creature is met. A visible fire takes
    1 off the die. A party using an unusual amount of light has its encounters rolled
    "with advantage" (for the GM: the lower of two dice; docs/rulings.md H22).

    Args:
        rng: the random source.
        table: the location's encounter table, or ``None``.
        sign: the creature remembered from an earlier sign, if any.
        fire: the party shows a visible fire.
        light: the party uses an unusual amount of light.
    """
    faces: tuple[int, ...] = (rng.randrange(6) + 1,)
    if light:
        faces = (faces[0], rng.randrange(6) + 1)
    kept = min(faces)
    value = kept - 1 if fire else kept
    die = f"d6 {faces[0]}" if len(faces) == 1 else f"d6 {faces[0]}, {faces[1]} (lower: {kept})"
    if fire:
        die += f" - 1 (fire) = {value}"
    if value <= 2 and sign is not None:
        return EncounterCheck(
            faces,
            value,
            "remembered",
            sign,
            None,
            None,
            f"encounter check: {die}: the creature whose signs they found is upon them ({sign})",
        )
    if value <= 2:
        creature_roll = roll_table(table, rng) if table is not None else None
        creature = creature_roll.entry.result if creature_roll is not None else None
        found = f": {creature_roll.explain()}" if creature_roll is not None else ""
        if value <= 1:
            return EncounterCheck(
                faces,
                value,
                "encounter",
                creature,
                creature_roll,
                None,
                f"encounter check: {die}: an encounter{found}",
            )
        return EncounterCheck(
            faces,
            value,
            "sign",
            creature,
            creature_roll,
            creature or "creature",
            f"encounter check: {die}: signs of a creature{found} (remembered: the next 1 or 2 "
            "meets it)",
        )
    return EncounterCheck(
        faces, value, "nothing", None, None, sign, f"encounter check: {die}: nothing"
    )


REACTIONS = ("Hostile", "Threatening", "Cautious", "Friendly", "Ingratiating")
"""The reaction table's steps, worst to best (redhack: Exploration & Dungeons >
Reactions; RULINGS R18)."""


def shift_reaction(result: str, steps: int) -> str:
    """The reaction ``steps`` steps better (positive) or worse, within the table.

    Raises:
        RuleError: ``result`` is not a reaction.
    """
    if result not in REACTIONS:
        raise RuleError(f"{result!r} is not a reaction ({', '.join(REACTIONS)})")
    index = max(0, min(REACTIONS.index(result) + steps, len(REACTIONS) - 1))
    return REACTIONS[index]


def climb_difficulty(feet: int) -> int:
    """The DEX test's difficulty for a climb: 1 per 100 feet, at least 1 (RULINGS R20).

    Raises:
        RuleError: ``feet`` is not positive.
    """
    if feet <= 0:
        raise RuleError(f"a climb is a positive number of feet, not {feet}")
    return max(1, feet // 100)


def fall_dice(
    feet: int, rng: random.Random, first_failed: bool, second_failed: bool
) -> tuple[int, str]:
    """Fall damage (RULINGS R20): a failed save takes 1d6, and if the next save also
    fails, 2d6 more; the total is capped at 1d6 per 10 feet fallen (so a 10-foot fall
    deals at most one die, a 20-foot fall two). Returns ``(damage, explanation)``.
    """
    if not first_failed:
        return 0, "no damage"
    dice = 1 + (2 if second_failed else 0)
    cap = max(1, feet // 10)
    used = min(dice, cap)
    result = roll(f"{used}d6", rng)
    capped = f" (capped at {cap}d6 for {feet} feet)" if used < dice else ""
    return result.total, f"{render_roll(result)}{capped}"
