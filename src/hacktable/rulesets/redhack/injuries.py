"""The injuries table applied to a character (redhack: Combat > Damage & Injuries;
RULINGS R11): pure functions, used when a character at 0 HP is bandaged, healed or
tended at a rest, and when aid reaches one dying of fatigue (R23); and a mortal wound's
duration die."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ...dice.render import render_roll
from ...dice.roller import roll
from ...dice.usage import UsageDie, UsageRoll, roll_usage
from ...errors import RuleError
from ..base import Ruleset, TableOutcome
from .character import Character

__all__ = [
    "ATTRIBUTE_BY_D6",
    "DurationOutcome",
    "InjuryOutcome",
    "apply_injury",
    "injury_refusal",
    "roll_duration_die",
    "tend",
]

ATTRIBUTE_BY_D6 = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
"""The ability a 4 (debilitated) hits, by a d6 (the text: "randomly selected")."""


@dataclass(frozen=True, slots=True)
class InjuryOutcome:
    """A roll on the injuries table and what it did.

    Attributes:
        character: the character afterwards.
        value: the table's result, 1-6.
        lines: ``(text, style)`` lines explaining it.
        table: the injuries table as read (for the command's outcome).
    """

    character: Character
    value: int
    lines: tuple[tuple[str, str], ...]
    table: TableOutcome | None = None


def apply_injury(
    ruleset: Ruleset[Character],
    character: Character,
    rng: random.Random,
    *,
    doomed: str = "mortally-wounded",
    mortal_die: UsageDie = UsageDie.UD4,
    heal: int | None = None,
) -> InjuryOutcome:
    """Roll 1d6 on the injuries table and apply it (RULINGS R11): 1 unconscious, 2
    wounded, 3 injured (conditions with their effect on tests), 4 debilitated (-2 to a
    random ability), 5 disabled, 6 doomed (dead, or mortally wounded with ``mortal_die``,
    as the campaign setting ``doomed`` says). A survivor gains 1d4 HP when bandaged, or
    the ``heal`` they were given (docs/rulings.md H24), and may fight at once. The 1d4
    is for one brought back from 0 HP: a character above 0 (aid for one dying of
    fatigue, R23 and docs/rulings.md H26) gains none, and the line says so.
    """
    outcome = ruleset.roll_table("injuries", rng)
    lines: list[tuple[str, str]] = [(f"{character.name}: {outcome.explanation}", "dice")]
    conditions = list(character.conditions)
    scores = dict(character.scores)
    value = outcome.value
    if value == 2 and not character.has_condition("wounded"):
        conditions.append("wounded")
    elif value == 3 and not character.has_condition("injured"):
        conditions.append("injured")
    elif value == 4:
        which = roll("1d6", rng)
        attribute = ATTRIBUTE_BY_D6[which.total - 1]
        scores[attribute] = max(2, scores[attribute] - 2)
        conditions.append(f"debilitated: {attribute} -2")
        lines.append(
            (
                f"Debilitated: {render_roll(which)} -> {attribute} "
                f"{character.score(attribute)} -> {scores[attribute]}",
                "",
            )
        )
    elif value == 5:
        conditions.append("disabled: the GM names the limb or eye")
    elif value >= 6:
        if doomed == "dead":
            conditions.append("dead")
            lines.append((f"{character.name} is dead.", "critical"))
            return InjuryOutcome(
                replace(character, conditions=tuple(conditions)), value, tuple(lines), outcome
            )
        conditions.append("mortally-wounded")
        lines.append(
            (
                f"{character.name} is mortally wounded: duration die {mortal_die}, rolled at every "
                "torch check, rest and downtime day ('mortal NAME'); exhausted, they die",
                "critical",
            )
        )
        after = replace(character, conditions=tuple(conditions), mortal_wound=mortal_die)
        return InjuryOutcome(after, value, tuple(lines), outcome)
    if heal is None and character.hp > 0:
        after = replace(
            character,
            conditions=tuple(conditions),
            scores=tuple((a, scores[a]) for a, _ in character.scores),
        )
        lines.append(
            (
                f"{character.name} survives at {character.hp} HP: not at 0 HP, so no HP is "
                "gained (the 1d4 is for wounds: RULINGS R11)",
                "success",
            )
        )
        return InjuryOutcome(after, value, tuple(lines), outcome)
    if heal is None:
        gained = roll("1d4", rng)
        amount, how = gained.total, render_roll(gained)
    else:
        amount, how = max(1, heal), f"the healing: {max(1, heal)}"
    after = replace(
        character,
        conditions=tuple(conditions),
        scores=tuple((a, scores[a]) for a, _ in character.scores),
    ).with_hp(character.hp + amount)
    lines.append((f"{character.name} survives and gains {how} HP: HP {after.hp}", "success"))
    return InjuryOutcome(after, value, tuple(lines), outcome)


def injury_refusal(character: Character) -> str | None:
    """Why ``character`` should not roll on the injuries table, for the GM to override
    (not at 0 HP nor dying of fatigue), or ``None`` (RULINGS R11, R23).

    Raises:
        RuleError: the character is dead, or mortally wounded (only exceptional healing
            helps).
    """
    if character.dead:
        raise RuleError(f"{character.name} is dead")
    if character.mortal_wound is not None:
        raise RuleError(f"{character.name} is mortally wounded: only exceptional healing helps")
    if character.hp > 0 and not character.has_condition("dying"):
        return f"{character.name} is not out of the fight ({character.hp} HP)"
    return None


def tend(
    ruleset: Ruleset[Character],
    character: Character,
    rng: random.Random,
    *,
    doomed: str = "mortally-wounded",
    mortal_die: UsageDie = UsageDie.UD4,
) -> InjuryOutcome:
    """A character at 0 HP healed or bandaged rolls 1d6 on the injuries table
    (:func:`apply_injury`; redhack: Combat > Damage & Injuries; RULINGS R11). Aid for
    one dying of fatigue (step 7) is the same roll (redhack: Wilderness Survival >
    Fatigue Table, "roll on the OOA table if aid is provided"); a survivor is back on
    step 6, delirious (docs/rulings.md H26). One dying of fatigue while not at 0 HP
    gains no HP (they were dying of fatigue, not of wounds); one brought back from 0 HP
    keeps no more than the Drained cap of step 6 (half their maximum, H44)."""
    from .party import FATIGUE_STEPS, with_fatigue_step
    from .travel import drained_cap

    outcome = apply_injury(ruleset, character, rng, doomed=doomed, mortal_die=mortal_die)
    after = outcome.character
    if not character.has_condition("dying") or after.dead:
        return outcome
    lines = list(outcome.lines)
    after = with_fatigue_step(after, FATIGUE_STEPS.index("delirious"))
    lines.append(
        (
            f"{after.name} is aided: back to delirious on the fatigue table (docs/rulings.md H26)",
            "success",
        )
    )
    cap = drained_cap(after)
    if cap is not None and after.hp > cap > character.hp:
        lines.append(
            (f"{after.name} is drained: HP {after.hp} -> {cap} (half of {after.max_hp})", "warning")
        )
        after = replace(after, hp=cap)
    return InjuryOutcome(after, outcome.value, tuple(lines), outcome.table)


@dataclass(frozen=True, slots=True)
class DurationOutcome:
    """A duration die rolled: the character afterwards, and the roll."""

    character: Character
    roll: UsageRoll

    @property
    def died(self) -> bool:
        """Whether the die ran out, and the character died of their wounds."""
        return self.roll.after.exhausted


def roll_duration_die(character: Character, rng: random.Random) -> DurationOutcome:
    """A mortally wounded character rolls their duration die (RULINGS R11: at every
    torch check, every rest and every downtime day); once it is exhausted they die.

    Raises:
        RuleError: the character is not mortally wounded.
    """
    if character.mortal_wound is None:
        raise RuleError(f"{character.name} is not mortally wounded")
    usage = roll_usage(character.mortal_wound, rng)
    if usage.after.exhausted:
        after = replace(character, mortal_wound=None, conditions=(*character.conditions, "dead"))
    else:
        after = replace(character, mortal_wound=usage.after)
    return DurationOutcome(after, usage)
