"""The day's fatigue tests and recovery from fatigue: one CON test for each of hungry,
thirsty and tired, each failure a step down the fatigue table, a Drained character's HP
cap, and the steps a rest brings back (redhack: Wilderness Survival > Fatigue Tests,
Fatigue Table; RULINGS R23; docs/rulings.md H26, H44-H46). Part of :mod:`.travel`, which
re-exports every name."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Literal

from ...errors import RuleError
from ...rules.render import describe_request
from ...rules.resolution import TestResult
from ..base import TestOptions
from .character import Character
from .party import Needs, fatigue_step, with_fatigue_step

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .ruleset import Redhack

__all__ = [
    "DRAINED",
    "DYING",
    "NEEDS",
    "FatigueDay",
    "FatigueTest",
    "Mode",
    "begins_clear",
    "drained_cap",
    "fatigue_day",
    "fatigue_mode",
    "recovered_step",
]

DRAINED = 5
"""The fatigue step at which maximum HP is halved (redhack: Wilderness Survival >
Fatigue Table, 5 Drained)."""

DYING = 7
"""The last step of the fatigue table ("Dead": dies within 24 hours without aid)."""

NEEDS = ("hunger", "thirst", "exhaustion")
"""The fatigue tests, in the order a day makes them (RULINGS R23): one for each of
hungry, thirsty and tired."""


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
