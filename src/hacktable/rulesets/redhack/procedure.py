"""The fight's finer procedure (redhack: Combat > Initiative & Surprise, Holding
Actions & Reactions, Ongoing Damage; Wilderness Survival > Fatigue Table, Dragging;
RULINGS R10, R11, R13, R23; docs/rulings.md H226-H229): alerting a surprised ally,
monsters holding their actions, an action spent against ongoing damage, a Dragging
character's moves, and who makes no surprise test.

Pure functions on values; :mod:`.commands.procedure` and the ``fight``, ``hold`` and
``move`` commands call them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...dice.usage import UsageDie
from ...errors import RuleError
from .actors import incapacitated
from .character import Character
from .fight import Fight, Fighter, Foe, Ongoing
from .party import FATIGUE_STEPS, fatigue_step

__all__ = [
    "DRAGGING_STEP",
    "Smothered",
    "alert",
    "dragging_move",
    "end_foe_holds",
    "hold_foe",
    "no_surprise_test",
    "smother",
]

DRAGGING_STEP = FATIGUE_STEPS.index("dragging")
"""Step 4 of the fatigue table, Dragging (RULINGS R23)."""


def no_surprise_test(character: Character) -> str | None:
    """Why ``character`` makes no surprise test when a fight begins unexpectedly, or
    ``None``: one out of the fight at 0 HP (RULINGS R11), mortally wounded, delirious
    or dying (:func:`.actors.incapacitated`) takes no part in round one and cannot be
    surprised (issue 10 §10; docs/rulings.md H229)."""
    why = incapacitated(character)
    if why is None and character.hp <= 0:
        why = "out of the fight (0 HP)"
    return why


def alert(fight: Fight, alerter: Fighter, ally: Fighter) -> Fight:
    """A player who was not surprised spends their action to alert a surprised one, who
    may then act at once (redhack: Combat > Initiative & Surprise, "this means the
    original player does not get to act"; docs/rulings.md H226). The ally acts in the
    alerter's phase of round one.

    Raises:
        RuleError: not round one, the alerter was surprised too, has acted, or the ally
            was not surprised.
    """
    if alerter.key == ally.key:
        raise RuleError(f"{alerter.name} cannot alert themselves")
    if ally.initiative != "surprised" or fight.round != 1:
        raise RuleError(
            f"{ally.name} is not surprised now: an alert wakes a player surprised in round "
            "one (redhack: Combat > Initiative & Surprise)"
        )
    if alerter.initiative == "surprised":
        raise RuleError(f"{alerter.name} was surprised too: only one who was not can alert")
    if alerter.acted:
        raise RuleError(f"{alerter.name} has already acted this round: the alert is an action")
    phase = fight.acting_phase(alerter)
    if alerter.holding:
        phase = fight.phase
    fight = fight.with_fighter(alerter.after_action())
    return fight.with_fighter(replace(ally, initiative=phase))


def dragging_move(fighter: Fighter, character: Character) -> str | None:
    """What a Dragging character's move costs: one who moved last round "cannot move in
    combat two rounds in a row without sacrificing a full action to do so" (redhack:
    Wilderness Survival > Fatigue Table, step 4; docs/rulings.md H228).

    Returns:
        ``None`` when the move is free; else why it costs this round's action.

    Raises:
        RuleError: it would cost the action, and the action is already spent.
    """
    if fatigue_step(character) < DRAGGING_STEP or not fighter.moved_last or fighter.moves:
        return None
    if fighter.acted and not fighter.holding:
        raise RuleError(
            f"{fighter.name} is dragging and moved last round: a move now costs the action, "
            "and it is spent (redhack: Wilderness Survival > Fatigue Table)"
        )
    return f"{fighter.name} is dragging and moved last round: this move costs the action"


def hold_foe(fight: Fight, foe: Foe) -> Fight:
    """A monster holds its action: it may act after anyone this round; if it has not by
    the round's end it acts first next round, after any players still holding (redhack:
    Combat > Holding Actions & Reactions; docs/rulings.md H227).

    Raises:
        RuleError: it is out of the fight, has attacked this round, or the round is
            the party's free round, in which monsters do not act (RULINGS R13; H283).
    """
    if fight.phase == "free-round":
        raise RuleError(
            f"{foe.name} does not act in the party's free round: no action to hold (RULINGS R13)"
        )
    if not foe.fighting:
        raise RuleError(f"{foe.name} is {foe.status}: not in the fight")
    if foe.attacks_made:
        raise RuleError(f"{foe.name} has attacked this round: nothing left to hold")
    return fight.with_foe(replace(foe, holding=True))


def end_foe_holds(fight: Fight) -> tuple[Fight, tuple[str, ...]]:
    """At a round's end, monsters still holding with no attack made act first next
    round (after held players); every other hold is spent (H227).

    Returns:
        The fight, and the names of the monsters holding over.
    """
    foes = []
    over = []
    for foe in fight.foes:
        held = foe.holding and not foe.attacks_made and foe.fighting
        if held:
            over.append(foe.name)
        foes.append(replace(foe, holding=False, held_over=held))
    return replace(fight, foes=tuple(foes)), tuple(over)


@dataclass(frozen=True, slots=True)
class Smothered:
    """An action spent against ongoing damage: the effect before, and after (``None``:
    ended)."""

    foe: Foe
    label: str
    before: UsageDie
    after: UsageDie | None


def smother(foe: Foe, label: str | None, end: bool) -> Smothered:
    """The foe spends its action against an ongoing damage (redhack: Combat > Ongoing
    Damage, "Spending an action may degrade the die or end the effect prematurely";
    docs/rulings.md H226): the die steps down one size (a ud4 ends), or, when the GM
    says the means are at hand (``end``: water, rolling in mud), the effect ends. The
    foe's attacks for the round are spent.

    Raises:
        RuleError: no such ongoing damage on it.
    """
    if not foe.fighting:
        raise RuleError(f"{foe.name} is {foe.status}: not in the fight")
    matches = [
        i
        for i, o in enumerate(foe.ongoing)
        if label is None or o.label.lower().startswith(label.lower())
    ]
    if not matches:
        what = "ongoing damage" if label is None else f"ongoing {label!r}"
        raise RuleError(f"{foe.name} has no {what} on it")
    index = matches[0]
    effect: Ongoing = foe.ongoing[index]
    after = None if end else effect.die.step_down()
    if after is not None and after.exhausted:
        after = None
    kept = list(foe.ongoing)
    if after is None:
        del kept[index]
    else:
        kept[index] = replace(effect, die=after)
    per_round = sum(a.count for a in foe.attacks) or 1
    changed = replace(foe, ongoing=tuple(kept), attacks_made=max(foe.attacks_made, per_round))
    return Smothered(changed, effect.label, effect.die, after)
