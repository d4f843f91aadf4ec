"""The injuries table applied to a character (redhack: Combat > Damage & Injuries;
RULINGS R11): a pure function, used when a character at 0 HP is bandaged, healed or
tended at a rest, and when aid reaches one dying of fatigue (R23)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ...dice.render import render_roll
from ...dice.roller import roll
from ...dice.usage import UsageDie
from ...play.character import Character
from ..base import Ruleset

__all__ = ["ATTRIBUTE_BY_D6", "InjuryOutcome", "apply_injury"]

ATTRIBUTE_BY_D6 = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
"""The ability a 4 (debilitated) hits, by a d6 (the text: "randomly selected")."""


@dataclass(frozen=True, slots=True)
class InjuryOutcome:
    """A roll on the injuries table and what it did.

    Attributes:
        character: the character afterwards.
        value: the table's result, 1-6.
        lines: ``(text, style)`` lines explaining it.
    """

    character: Character
    value: int
    lines: tuple[tuple[str, str], ...]


def apply_injury(
    ruleset: Ruleset,
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
                replace(character, conditions=tuple(conditions)), value, tuple(lines)
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
        return InjuryOutcome(after, value, tuple(lines))
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
        return InjuryOutcome(after, value, tuple(lines))
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
    return InjuryOutcome(after, value, tuple(lines))
