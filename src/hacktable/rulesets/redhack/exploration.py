"""Exploration rules as pure functions: encounter checks, reactions, climbing and
falling (redhack: Exploration & Dungeons; RULINGS R16-R20).

Each takes the caller's random source (RULINGS G1) and returns a value that records
every die and explains itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ...dice.render import render_roll
from ...dice.roller import roll
from ...errors import RuleError
from ...rules.tables import Table, TableRoll, roll_table

__all__ = [
    "REACTIONS",
    "ROPE_ALL_FALL",
    "EncounterCheck",
    "RopeHold",
    "RopeStep",
    "climb_difficulty",
    "encounter_check",
    "fall_dice",
    "rope_neighbours",
    "rope_order",
    "rope_step",
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


# -- roped climbers (R20) -------------------------------------------------------------------

ROPE_ALL_FALL = 3
"""Once this many have fallen, everyone on an unsecured rope falls (redhack: Exploration
& Dungeons > Climbing, Falling & Natural Hazards; RULINGS R20)."""


def rope_order(names: Sequence[str], climber: str) -> tuple[str, ...]:
    """The rope's order, checked: the climbers roped together, end to end (redhack:
    Exploration & Dungeons > Climbing, Falling & Natural Hazards; RULINGS R20).

    Args:
        names: the characters on the rope in order (their canonical names).
        climber: the character who climbs; they must be on the rope.

    Raises:
        RuleError: an empty rope, a name twice, or the climber not on it.
    """
    if not names:
        raise RuleError("a rope needs the names of the climbers on it, like 'roped A,B,C'")
    seen: dict[str, str] = {}
    for name in names:
        if name.casefold() in seen:
            raise RuleError(f"{seen[name.casefold()]} is on the rope twice ({','.join(names)})")
        seen[name.casefold()] = name
    if climber.casefold() not in seen:
        raise RuleError(
            f"{climber} climbs but is not on the rope ({','.join(names)}): name them where "
            "they are tied in, e.g. 'roped " + ",".join((*names[:1], climber, *names[1:])) + "'"
        )
    return tuple(names)


def rope_neighbours(rope: Sequence[str], fallen: Sequence[str]) -> tuple[str, ...]:
    """Who may hold the fallen: the characters next to the fallen block on the rope and
    not fallen themselves, in rope order (redhack: Exploration & Dungeons > Climbing,
    Falling & Natural Hazards; RULINGS R20).

    The fallen are always one block: the first to fall, and each one pulled down was
    adjacent to those already falling.

    Raises:
        RuleError: somebody fallen is not on the rope.
    """
    missing = [n for n in fallen if n not in rope]
    if missing:
        raise RuleError(f"{', '.join(missing)} is not on the rope ({','.join(rope)})")
    if not fallen:
        return ()
    places = [rope.index(n) for n in fallen]
    return tuple(rope[i] for i in (min(places) - 1, max(places) + 1) if 0 <= i < len(rope))


@dataclass(frozen=True, slots=True)
class RopeHold:
    """A rope neighbour's STR save to hold the fallen (RULINGS R20).

    Attributes:
        name: the neighbour.
        success: whether they held.
        face: the kept d20 face of their save, or ``None`` if they could not hold the
            rope at all (at 0 HP or dead) and made no save.
    """

    name: str
    success: bool
    face: int | None = None


@dataclass(frozen=True, slots=True)
class RopeStep:
    """What one round of holding the rope decides (RULINGS R20).

    Attributes:
        holders: the neighbours who saved and hold the fallen (none: nobody holds).
        pulled: the neighbour pulled down with them, or ``None``.
        fallen: everyone falling after this step, in rope order.
        everyone: three have fallen, so the whole rope falls.
        explanation: the step in words.
    """

    holders: tuple[str, ...]
    pulled: str | None
    fallen: tuple[str, ...]
    everyone: bool
    explanation: str


def _names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def rope_step(rope: Sequence[str], fallen: Sequence[str], holds: Sequence[RopeHold]) -> RopeStep:
    """Decide a round of holding the rope from the neighbours' saves (redhack: Exploration
    & Dungeons > Climbing, Falling & Natural Hazards; RULINGS R20: roped climbers follow
    the text).

    "If a character falls adjacent characters on the rope may make a STR save; if at
    least one of them makes it, the character who fell only has to save against losing
    items. If no adjacent character saves, the one who rolled the lowest will also fall;
    adjacent characters may save on his behalf, but now two people are falling they save
    with disadvantage due to the extra weight. Once three characters have fallen only
    superhuman strength or a secured rope will prevent everyone from falling."

    - Any hold succeeds: the fallen are held (they only save against losing items).
    - Nobody holds: the neighbour with the lowest kept d20 face among the failed saves
      is pulled down too (ties: the first on the rope). A neighbour who could not hold
      (0 HP or dead) rolled nothing; if nobody rolled, the first of them on the rope
      is pulled down as dead weight.
    - Once :data:`ROPE_ALL_FALL` have fallen, everyone on the rope falls.

    Args:
        rope: the rope's order (:func:`rope_order`).
        fallen: those falling so far.
        holds: one for each of :func:`rope_neighbours` ``(rope, fallen)``.

    Raises:
        RuleError: the holds are not exactly the fallen's neighbours, or nobody can
            hold (there are no neighbours).
    """
    neighbours = rope_neighbours(rope, fallen)
    if not neighbours:
        raise RuleError("nobody is next to the fallen on the rope to hold them")
    if sorted(h.name for h in holds) != sorted(neighbours):
        raise RuleError(
            f"the holds ({', '.join(h.name for h in holds) or 'none'}) are not the "
            f"fallen's neighbours on the rope ({', '.join(neighbours)})"
        )
    ordered = sorted(holds, key=lambda h: rope.index(h.name))
    falling = _names([n for n in rope if n in fallen])
    holders = tuple(h.name for h in ordered if h.success)
    if holders:
        return RopeStep(
            holders,
            None,
            tuple(n for n in rope if n in fallen),
            False,
            f"{_names(holders)} hold{'s' if len(holders) == 1 else ''} {falling}: "
            "only items are at risk",
        )
    rolled = [h for h in ordered if h.face is not None]
    if rolled:
        lowest = min(rolled, key=lambda h: h.face if h.face is not None else 21)
        pulled, why = lowest.name, f"{lowest.name} (lowest roll {lowest.face})"
    else:
        pulled, why = ordered[0].name, f"{ordered[0].name} cannot hold the rope and"
    now = tuple(n for n in rope if n in fallen or n == pulled)
    text = f"Nobody holds: {why} is pulled down too"
    everyone = len(now) >= ROPE_ALL_FALL
    if everyone:
        rest = [n for n in rope if n not in now]
        text += f"; {len(now)} have fallen: everyone on the rope falls" + (
            f" ({_names(rest)} too)" if rest else ""
        )
        now = tuple(rope)
    return RopeStep((), pulled, now, everyone, text)
