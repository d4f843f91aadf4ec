"""Initiative, the order of play and the action budget (black-sword-hack 2.1.1, 2.1.2;
RULINGS B2, B3).

Initiative is one WIS test per player when the fight begins (B3): those who succeed
act before the opposition, the rest after it, each group in the table's seating order
(characters the GM plays last). Each turn a character takes two actions (move, attack,
use something, cast...); three on the first turn after a critical success on the
initiative test, one after a critical failure (2.1.1). Taking the same action twice
in a turn rolls the Doom die, and a Doomed character, with no die to roll, cannot
(B2; the ``doomed-actions`` setting may allow it).

:func:`spend_action` is the one way an action is paid for: ``attack``, ``move`` and
``act`` call it, and so may ``cast``::

    spent = spend_action(fight, "Kull", "cast", doomed=kull.doomed)
    if spent.repeat:  # the same action twice this turn: roll the Doom die
        ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from ...errors import RuleError
from ...play.players import characters_of, owner_of, seats
from ...play.state import CampaignState
from ...rules.resolution import Critical
from .character import fold
from .fight import OPPOSITION, Fight, Fighter

__all__ = [
    "ACTIONS_PER_TURN",
    "Spent",
    "action_refusals",
    "end_go",
    "first_able",
    "first_turn_budget",
    "initiative_order",
    "seating_order",
    "spend_action",
]

ACTIONS_PER_TURN = 2
"""Two actions a turn (black-sword-hack 2.1.2)."""


def seating_order(state: CampaignState, names: Iterable[str]) -> list[str]:
    """``names`` in the table's seating order: each seated player's characters in the
    order they were made, player by player, then the characters the GM plays (RULINGS
    B3; docs/rulings.md H138)."""
    wanted = {fold(name): name for name in names}
    ordered: list[str] = []
    for seat in seats(state):
        for name in characters_of(state, seat.name):
            if fold(name) in wanted and wanted[fold(name)] not in ordered:
                ordered.append(wanted[fold(name)])
    for key in state.keys("character"):
        if key in wanted and owner_of(state, key) is None and wanted[key] not in ordered:
            ordered.append(wanted[key])
    ordered += [name for name in wanted.values() if name not in ordered]
    return ordered


def first_turn_budget(critical: Critical, extra: int = 0) -> int:
    """The actions of the first turn after an initiative test that was ``critical``:
    three after a critical success, one after a critical failure, else two
    (black-sword-hack 2.1.1), plus ``extra`` from gifts and backgrounds
    (:func:`.effects.first_turn_actions`).

    >>> first_turn_budget(Critical.SUCCESS), first_turn_budget(Critical.FAILURE)
    (3, 1)
    >>> first_turn_budget(Critical.NONE), first_turn_budget(Critical.SUCCESS, extra=1)
    (2, 4)
    """
    base = ACTIONS_PER_TURN
    if critical is Critical.SUCCESS:
        base = 3
    elif critical is Critical.FAILURE:
        base = 1
    return base + extra


def initiative_order(before: Iterable[str], after: Iterable[str]) -> tuple[str, ...]:
    """The order of play (RULINGS B3): the winners of initiative, the opposition, the
    rest, each group as given (in seating order)."""
    return (*(fold(n) for n in before), OPPOSITION, *(fold(n) for n in after))


@dataclass(frozen=True, slots=True)
class Spent:
    """An action paid for.

    Attributes:
        fight: the fight afterwards.
        action: the action's name.
        repeat: the character took it already this turn: the Doom die is rolled (B2).
        free: flurry's extra attack: it cost no action (docs/rulings.md H132).
        overridden: the rules the GM set aside to allow it (shown and logged).
    """

    fight: Fight
    action: str
    repeat: bool = False
    free: bool = False
    overridden: tuple[str, ...] = ()


def action_refusals(
    fight: Fight,
    fighter: Fighter,
    action: str,
    *,
    free_repeats: frozenset[str] = frozenset(),
    doomed: bool = False,
    doomed_allowed: bool = False,
) -> list[str]:
    """Why the rules refuse ``fighter`` taking ``action`` now: not begun, not their go,
    no action left (2.1.2; 2.1.1 for the first turn), or the same action twice while
    Doomed (RULINGS B2). Empty when they may (docs/rulings.md H138)."""
    if fighter.extra_attack and action == "attack":
        return []
    reasons: list[str] = []
    if not fight.started:
        reasons.append("the fight has not begun: 'init' rolls initiative first (RULINGS B3)")
    elif fight.current != fighter.key:
        reasons.append(
            f"it is {fight.whose_go()} go, not {fighter.name}'s (black-sword-hack 2.1.1; "
            "'next' ends a go)"
        )
    if fight.started and fighter.actions <= 0:
        reasons.append(
            f"{fighter.name} has no action left this turn (two a turn, black-sword-hack "
            "2.1.2; three or one on the first after a critical initiative, 2.1.1)"
        )
    if action in fighter.taken and action not in free_repeats and doomed and not doomed_allowed:
        reasons.append(
            f"{fighter.name} is Doomed and cannot take the same action ({action}) twice in a "
            "turn: there is no Doom die to roll until a long rest (RULINGS B2)"
        )
    return reasons


def spend_action(
    fight: Fight,
    name: str,
    action: str,
    *,
    free_repeats: frozenset[str] = frozenset(),
    doomed: bool = False,
    doomed_allowed: bool = False,
    override: bool = False,
) -> Spent:
    """Pay for ``name`` taking ``action`` (``"attack"``, ``"move"``, ``"cast"``,
    ``"act: WORD"``) in ``fight`` (black-sword-hack 2.1.2; RULINGS B2).

    Flurry's extra attack (the fighter's ``extra_attack``) pays for the next attack and
    is no repeat; any other action forfeits it (docs/rulings.md H132).

    Args:
        fight: the fight.
        name: the character's name.
        action: the action.
        free_repeats: actions the character may repeat without a Doom roll
            (:func:`.effects.free_repeats`).
        doomed: the character is Doomed (no Doom die to roll).
        doomed_allowed: the ``doomed-actions`` setting lets a Doomed character repeat.
        override: the GM sets aside what the rules refuse (it is listed in
            :attr:`Spent.overridden`).

    Raises:
        UnknownNameError: ``name`` is not in the fight.
        RuleError: the rules refuse it (naming the rule) and there is no override.
    """
    fighter = fight.fighter(name)
    reasons = action_refusals(
        fight,
        fighter,
        action,
        free_repeats=free_repeats,
        doomed=doomed,
        doomed_allowed=doomed_allowed,
    )
    if reasons and not override:
        raise RuleError(f"{reasons[0]} (the GM may add 'override')")
    if fighter.extra_attack and action == "attack":
        after = replace(fighter, extra_attack=False)
        return Spent(fight.with_fighter(after), action, free=True)
    repeat = action in fighter.taken and action not in free_repeats and not doomed
    after = replace(
        fighter,
        actions=max(0, fighter.actions - 1),
        taken=(*fighter.taken, action),
        extra_attack=False,
    )
    return Spent(fight.with_fighter(after), action, repeat, False, tuple(reasons))


def end_go(fight: Fight, can_act: Callable[[str], bool]) -> tuple[Fight, bool]:
    """End whoever's go it is: the next in the order of play who can act has theirs
    (``can_act(key)`` is false for the Helpless and the dead; the opposition always
    has its go). After the last, a new turn begins: every fighter gets two actions and
    a clean slate, marks of the turn that ended lapse (2.1.2, 2.1.10).

    Returns:
        ``(fight, new_turn)``; on a new turn the caller rolls ongoing damage (2.1.11)
        and then calls :func:`first_able` again (someone may have fallen).
    """
    after = replace(fight, fighters=tuple(replace(f, extra_attack=False) for f in fight.fighters))
    go = after.go + 1
    while go < len(after.order) and not _able(after.order[go], can_act):
        go += 1
    if go < len(after.order):
        return replace(after, go=go), False
    turn = after.turn + 1
    fighters = tuple(
        replace(f, actions=ACTIONS_PER_TURN, taken=(), extra_attack=False) for f in after.fighters
    )
    foes = tuple(
        replace(f, marks=tuple(m for m in f.marks if m.until == 0 or m.until >= turn))
        for f in after.foes
    )
    return replace(after, turn=turn, go=0, fighters=fighters, foes=foes), True


def first_able(fight: Fight, can_act: Callable[[str], bool]) -> Fight:
    """The fight with the go moved on from where it is to the first in the order who
    can act (the opposition always can)."""
    go = fight.go
    while go < len(fight.order) and not _able(fight.order[go], can_act):
        go += 1
    return replace(fight, go=min(go, len(fight.order) - 1))


def _able(key: str, can_act: Callable[[str], bool]) -> bool:
    return key == OPPOSITION or can_act(key)
