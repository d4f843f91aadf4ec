"""Wilderness journeys as pure functions: speed, hexes and the survival penalty, the
leader's survival roll, landscapes as campaign data, and the day's fatigue tests
(redhack: Wilderness Survival; RULINGS R21-R23, R29; docs/rulings.md H40-H49).

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

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

import msgspec

from ...errors import RuleError, RulesDataError
from ...rules.content import decode_toml, entry_label, load_toml_file, require_unique
from ...rules.render import describe_request
from ...rules.resolution import TestResult
from ...rules.tables import Table, TableRoll, roll_table, validate_table
from ...rules.words import counted
from ..base import TestOptions
from .character import Character, fold
from .core_rules import modifier
from .party import Needs, fatigue_step, with_fatigue_step

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .ruleset import Redhack

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

DEFAULT_HEX_MILES = 6
"""A hex's width in miles unless the plan says otherwise (RULINGS R21: 6 miles, -2 a
move). Meant to become the campaign setting ``hex-miles``."""

DEFAULT_MOVES = 2
"""Moves in a travel day unless the plan says otherwise: the text's horseback example
read by RULINGS R21 is a day of two moves (docs/rulings.md H40)."""

DRAINED = 5
"""The fatigue step at which maximum HP is halved (redhack: Wilderness Survival >
Fatigue Table, 5 Drained)."""

DYING = 7
"""The last step of the fatigue table ("Dead": dies within 24 hours without aid)."""

DRAGGING = 4
"""The fatigue step that costs the party 1 speed (4 Dragging; every worse step too)."""

NEEDS = ("hunger", "thirst", "exhaustion")
"""The fatigue tests, in the order a day makes them (RULINGS R23): one for each of
hungry, thirsty and tired."""


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


# -- the survival roll (RULINGS R22) -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SurvivalRoll:
    """The leader's survival roll (redhack: Wilderness Survival > Survival Tables;
    RULINGS R22).

    Attributes:
        leader: the leader's name.
        wis: the leader's WIS modifier.
        con: the leader's CON modifier.
        penalty: the day's travel penalty (subtracted).
        roll: the table roll (a natural 20 on redhack's table is a Discovery whatever
            the modifiers).
    """

    leader: str
    wis: int
    con: int
    penalty: int
    roll: TableRoll

    @property
    def result(self) -> str:
        """The entry's short result, e.g. ``"Uneventful"``."""
        return self.roll.entry.result

    def explain(self) -> str:
        """E.g. ``"Tomas leads (WIS +1, CON +1, penalty -4): survival: 1d20 [12] -> 12 -
        2 = 10: Trouble or Loss. ..."``."""
        return (
            f"{self.leader} leads (WIS {self.wis:+d}, CON {self.con:+d}, penalty "
            f"-{self.penalty}): {self.roll.explain()}"
        )


def survival_modifier(leader: Character, penalty: int) -> int:
    """The survival roll's modifier: the leader's WIS and CON modifiers less the travel
    penalty (RULINGS R4, R22).

    Raises:
        RuleError: a negative penalty.
    """
    if penalty < 0:
        raise RuleError(f"the travel penalty cannot be negative ({penalty})")
    return modifier(leader.score("WIS")) + modifier(leader.score("CON")) - penalty


def survival_roll(
    rng: random.Random, leader: Character, penalty: int, table: Table | None = None
) -> SurvivalRoll:
    """Roll the day's survival table: d20 + WIS modifier + CON modifier - penalty on
    ``table`` (a landscape's) or redhack's own ``survival`` table (redhack: Wilderness
    Survival > Survival Tables; RULINGS R22).

    Args:
        rng: the random source.
        leader: the party's leader.
        penalty: the day's travel penalty (:attr:`Movement.penalty`).
        table: a landscape's survival table, or ``None`` for the default.

    Raises:
        RuleError: a negative penalty.
        RulesDataError: the packaged tables are broken.
    """
    if table is None:
        from .content.loader import load_content

        table = load_content().table("survival")
    modified = survival_modifier(leader, penalty)
    return SurvivalRoll(
        leader.name,
        modifier(leader.score("WIS")),
        modifier(leader.score("CON")),
        penalty,
        roll_table(table, rng, modified),
    )


# -- landscapes (campaign data) -------------------------------------------------------------


class LandscapeEntry(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A landscape as its file names it (redhack: Wilderness Survival > Survival Tables:
    "prepare a custom table for each landscape").

    Attributes:
        id: kebab-case, unique in the file, e.g. ``"marsh"``.
        name: as shown.
        survival: the id of its survival table (a ``[[tables]]`` entry of the file).
        encounters: the id of its encounter table, if it has one.
        terrain: ``"difficult"`` makes the landscape difficult terrain by default.
        notes: anything the GM should know.
    """

    id: str
    name: str
    survival: str
    encounters: str | None = None
    terrain: Literal["normal", "difficult"] = "normal"
    notes: str = ""


class LandscapesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A landscapes file: ``[[landscapes]]`` and the ``[[tables]]`` they use (the shape
    of redhack's ``data/tables.toml``)."""

    landscapes: tuple[LandscapeEntry, ...]
    tables: tuple[Table, ...] = ()


class Landscape(msgspec.Struct, frozen=True, kw_only=True):
    """A landscape with its tables, as the campaign stores it (entity ``landscape``).

    Attributes:
        id: e.g. ``"marsh"``.
        name: as shown.
        survival: its survival table (RULINGS R22).
        encounters: its encounter table (rolled on a 1 or 2 of an encounter check,
            RULINGS R17), or ``None``.
        terrain: ``"normal"`` or ``"difficult"`` (RULINGS R21).
        notes: the GM's notes.
        file: the file it came from.
    """

    id: str
    name: str
    survival: Table
    encounters: Table | None = None
    terrain: Literal["normal", "difficult"] = "normal"
    notes: str = ""
    file: str = ""


def landscapes_from_text(text: str | bytes, file: str) -> tuple[Landscape, ...]:
    """Decode and validate a landscapes file's text (see :func:`load_landscapes`).

    Raises:
        RulesDataError: as :func:`load_landscapes`.
    """
    return _assemble(decode_toml(text, file, LandscapesFile), file)


def load_landscapes(path: Path) -> tuple[Landscape, ...]:
    """Load a campaign's landscapes file: ``[[landscapes]]`` naming their survival and
    encounter tables, and those ``[[tables]]`` in the shape of ``data/tables.toml``.

    Every table is validated as the packaged ones are: no overlapping ranges, no gaps,
    every roll of its dice on the table (:func:`~hacktable.rules.tables.validate_table`).
    A survival table must also be open at both ends (or clamped), since the leader's
    modifiers and the travel penalty can take the roll anywhere (RULINGS R22).

    Raises:
        RulesDataError: naming the file, the entry (``tables[1] (id 'marsh-survival')``,
            ``landscapes[0] (id 'marsh')``) and the reason.
    """
    return _assemble(load_toml_file(path, LandscapesFile), path.name)


def _assemble(data: LandscapesFile, file: str) -> tuple[Landscape, ...]:
    if not data.landscapes:
        raise RulesDataError(file, "(file)", "no [[landscapes]]")
    require_unique(file, "landscapes", (entry.id for entry in data.landscapes))
    require_unique(file, "tables", (table.id for table in data.tables))
    tables: dict[str, Table] = {}
    for index, table in enumerate(data.tables):
        validate_table(table, file=file, entry=entry_label(f"tables[{index}]", table.id))
        tables[table.id] = table
    found = []
    for index, entry in enumerate(data.landscapes):
        label = entry_label(f"landscapes[{index}]", entry.id)
        encounters = entry.encounters
        found.append(
            Landscape(
                id=entry.id,
                name=entry.name,
                survival=_pick(tables, file, label, "survival", entry.survival),
                encounters=None
                if encounters is None
                else _pick(tables, file, label, "encounters", encounters),
                terrain=entry.terrain,
                notes=entry.notes,
                file=file,
            )
        )
    return tuple(found)


def _pick(tables: dict[str, Table], file: str, label: str, role: str, table_id: str) -> Table:
    table = tables.get(table_id)
    if table is None:
        raise RulesDataError(file, label, f"{role}: no table {table_id!r} in the file's [[tables]]")
    if table.dice is None:
        raise RulesDataError(file, label, f"{role}: table {table_id!r} has no dice")
    ranges = [entry for entry in table.entries if entry.natural is None]
    if role == "survival" and table.clamp is None:
        if all(entry.low is not None for entry in ranges):
            reason = "is not open below (a lowest entry without 'low')"
        elif all(entry.high is not None for entry in ranges):
            reason = "is not open above (a highest entry without 'high')"
        else:
            return table
        raise RulesDataError(
            file,
            label,
            f"survival: table {table_id!r} {reason}, nor clamped: the roll's modifiers can "
            "take it anywhere (RULINGS R22; docs/rulings.md H49)",
        )
    return table


# -- fatigue (RULINGS R23) -------------------------------------------------------------------

Mode = Literal["advantage", "normal", "disadvantage", "automatic failure"]


def fatigue_mode(need: str, needs: Needs) -> Mode:
    """How today's fatigue test for ``need`` is made (redhack: Wilderness Survival >
    Fatigue Tests; RULINGS R23).

    Hunger and exhaustion: advantage until the first failure, normal until the second,
    then disadvantage. Thirst, by ``needs.thirst_days`` (the day of thirst being
    tested, from 1): advantage, normal, disadvantage, then automatic failure. Half
    rations keep advantage on hunger and thirst.

    >>> [fatigue_mode("thirst", Needs(thirst_days=d)) for d in (1, 2, 3, 4)]
    ['advantage', 'normal', 'disadvantage', 'automatic failure']
    >>> [fatigue_mode("hunger", Needs(hunger_failures=f)) for f in (0, 1, 2)]
    ['advantage', 'normal', 'disadvantage']

    Raises:
        RuleError: ``need`` is not one of :data:`NEEDS`.
    """
    if need not in NEEDS:
        raise RuleError(f"no fatigue test for {need!r} (choose from: {', '.join(NEEDS)})")
    if need in ("hunger", "thirst") and needs.half_rations:
        return "advantage"
    if need == "thirst":
        day = max(1, needs.thirst_days)
        return ("advantage", "normal", "disadvantage", "automatic failure")[min(day, 4) - 1]
    failures = needs.hunger_failures if need == "hunger" else needs.tired_failures
    return ("advantage", "normal", "disadvantage")[min(failures, 2)]


@dataclass(frozen=True, slots=True)
class FatigueTest:
    """One fatigue test (RULINGS R23).

    Attributes:
        need: ``"hunger"``, ``"thirst"`` or ``"exhaustion"``.
        mode: how it was made (:func:`fatigue_mode`).
        result: the CON test, or ``None`` for an automatic failure.
        step: the character's fatigue step afterwards.
        status: the fatigue table's name for ``step`` (``""`` at 0).
    """

    need: str
    mode: Mode
    result: TestResult | None
    step: int
    status: str

    @property
    def success(self) -> bool:
        """Whether the test was passed."""
        return self.result is not None and self.result.success

    def explain(self) -> str:
        """The test as it was made: its net advantage and disadvantage with their
        sources (:func:`~hacktable.rules.render.describe_request`, as the ``test``
        command shows them), the dice and the outcome, e.g. ``"hunger: CON test for
        fatigue, advantage (hunger, 0 failed), disadvantage (debilitated), net: they
        cancel: d20 17 > CON 13: fail => failure: fatigue step 4 Dragging"``; an
        automatic failure is ``"thirst (automatic failure): ..."``."""
        after = "" if self.success else f": fatigue step {self.step} {self.status}"
        if self.result is None:
            return (
                f"{self.need} ({self.mode}): fails automatically (fourth day of thirst or "
                f"later){after}"
            )
        made = describe_request(self.result.request)
        dice = f"{self.result.explanation} => {self.result.outcome}"
        return f"{self.need}: {made}: {dice}{after}"


@dataclass(frozen=True, slots=True)
class FatigueDay:
    """A character's fatigue tests for one day (RULINGS R23).

    Attributes:
        before: the character before the tests.
        character: the character after (fatigue step, and HP capped while Drained).
        needs: their needs after (failures counted, days of thirst).
        tests: the tests made, in the order of :data:`NEEDS`.
        notes: what the GM must hear: Drained (HP capped), Delirious, Dying.
    """

    before: Character
    character: Character
    needs: Needs
    tests: tuple[FatigueTest, ...]
    notes: tuple[str, ...]

    @property
    def step_before(self) -> int:
        """The fatigue step before the tests."""
        return fatigue_step(self.before)

    @property
    def step_after(self) -> int:
        """The fatigue step after the tests."""
        return fatigue_step(self.character)


def drained_cap(character: Character) -> int | None:
    """The HP a Drained (or worse) character may have: half the maximum, rounded down,
    at least 1; ``None`` above step 5 (redhack: Wilderness Survival > Fatigue Table,
    "Reduce max HP by half"; docs/rulings.md H44). The stored maximum is kept, so
    recovery restores it."""
    if fatigue_step(character) < DRAINED:
        return None
    return max(1, character.max_hp // 2)


def fatigue_day(
    rules: Redhack, character: Character, needs: Needs, rng: random.Random
) -> FatigueDay:
    """Make the day's fatigue tests: one CON test for each of hungry, thirsty and tired
    (a character eating half rations tests hunger too), each failure one step down the
    fatigue table, taken at once (redhack: Wilderness Survival > Fatigue Tests, Fatigue
    Table; RULINGS R23; docs/rulings.md H45).

    Each test goes through :meth:`Redhack.character_test`, so the character's fatigue
    step and injuries add their disadvantage. A thirsty character's days of thirst
    count up by one first. A Drained character's HP is capped at half the maximum
    (:func:`drained_cap`); Delirious and Dying are announced in ``notes``.

    Args:
        rules: the ruleset (tests, the fatigue table).
        character: the character.
        needs: their needs at the end of the day (after the evening meal and the
            night's rest).
        rng: the random source.
    """
    before = character
    wanted = []
    if needs.hungry or needs.half_rations:
        wanted.append("hunger")
    if needs.thirsty:
        wanted.append("thirst")
        needs = replace(needs, thirst_days=needs.thirst_days + 1)
    if needs.tired:
        wanted.append("exhaustion")
    tests = []
    for need in wanted:
        mode = fatigue_mode(need, needs)
        result = None
        if mode != "automatic failure":
            request = rules.character_test(
                character,
                "CON",
                TestOptions(
                    advantages=(_why(need, needs),) if mode == "advantage" else (),
                    disadvantages=(_why(need, needs),) if mode == "disadvantage" else (),
                    tags=("fatigue",),
                ),
            )
            result = rules.resolve_test(request, rng)
        if result is None or not result.success:
            character = with_fatigue_step(character, fatigue_step(character) + 1)
            if need == "hunger":
                needs = replace(needs, hunger_failures=needs.hunger_failures + 1)
            elif need == "exhaustion":
                needs = replace(needs, tired_failures=needs.tired_failures + 1)
        step = fatigue_step(character)
        tests.append(FatigueTest(need, mode, result, step, _status(rules, step)))
    notes = []
    cap = drained_cap(character)
    if cap is not None and character.hp > cap:
        notes.append(
            f"{character.name} is drained: HP {character.hp} -> {cap} (half of {character.max_hp})"
        )
        character = replace(character, hp=cap)
    step = fatigue_step(character)
    if step > fatigue_step(before) and step >= DRAINED:
        notes.append(f"{character.name} is {_status(rules, step)}: {_effect(rules, step)}")
    return FatigueDay(before, character, needs, tuple(tests), tuple(notes))


def _why(need: str, needs: Needs) -> str:
    if need in ("hunger", "thirst") and needs.half_rations:
        return "half rations"
    if need == "thirst":
        return f"thirst, day {needs.thirst_days}"
    failures = needs.hunger_failures if need == "hunger" else needs.tired_failures
    return f"{need}, {failures} failed"


def _status(rules: Redhack, step: int) -> str:
    return rules.lookup_table("fatigue", step).result if step else ""


def _effect(rules: Redhack, step: int) -> str:
    return rules.lookup_table("fatigue", step).effect


def recovered_step(step: int, rest: Literal["long", "day", "downtime"], clear: bool) -> int:
    """The fatigue step after a rest (redhack: Wilderness Survival > Fatigue Tests;
    RULINGS R23): a long rest that begins with none of hungry, thirsty and tired moves
    one step up, a full day of rest two (it too must begin clear: docs/rulings.md H46),
    a downtime all the way. Rest alone never brings back one dying (step 7): only aid
    does (docs/rulings.md H26).

    >>> recovered_step(3, "long", True), recovered_step(3, "long", False)
    (2, 3)
    >>> recovered_step(3, "day", True), recovered_step(1, "day", True)
    (1, 0)
    >>> recovered_step(6, "downtime", False), recovered_step(7, "downtime", True)
    (0, 7)
    """
    if step >= DYING:
        return step
    if rest == "downtime":
        return 0
    if not clear:
        return step
    return max(0, step - (1 if rest == "long" else 2))


def begins_clear(needs: Needs) -> bool:
    """Whether a rest begins with none of hungry, thirsty and tired (RULINGS R23)."""
    return not (needs.hungry or needs.thirsty or needs.tired)
