"""Initiative and the turn: ``init`` and ``next`` (black-sword-hack 2.1.1, 2.1.2,
2.1.11; RULINGS B2, B3)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....errors import RuleError
from ....play.outcome import Reply
from ....rules.resolution import Critical, TestKind
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import FIGHTS
from .. import effects, sources
from ..fight import OPPOSITION
from ..turns import end_go, first_able, first_turn_budget, initiative_order, seating_order
from .fight_status import order_line
from .hits import tick_ongoing
from .registry import COMMANDS
from .staging import Stage

__all__ = ["InitIntent", "NextIntent", "announce_go"]


@dataclass(frozen=True, slots=True)
class InitIntent(Intent):
    """Roll initiative: one WIS test per player, once, at the start of the fight
    (black-sword-hack 2.1.1; RULINGS B3)."""

    def access(self) -> Access:
        """The GM's: it rolls for everyone."""
        return Access.gm(FIGHTS, "roll initiative")


def _read_init(args: Args) -> InitIntent:
    args.done()
    return InitIntent()


def announce_go(stage: Stage) -> None:
    """Say whose go it now is, and what they have (2.1.1, 2.1.2, 2.1.4)."""
    fight = stage.need_fight()
    if fight.current == OPPOSITION:
        stage.say(
            f"Turn {fight.turn}: the opposition's go: each of its actions is defended with "
            "'defend NAME parry|dodge against OPPONENT [ACTION]' (black-sword-hack 2.1.4)",
            "title",
        )
        return
    fighter = fight.fighter(fight.current or "")
    stage.say(
        f"Turn {fight.turn}: {fighter.name}'s go ({fighter.actions} "
        f"action{'' if fighter.actions == 1 else 's'})",
        "title",
    )


@COMMANDS.typed(
    "init",
    "init",
    "roll initiative: one WIS test each, once; winners act before the opposition",
    InitIntent,
    _read_init,
    details="""
Each character makes a WIS test at the start of the fight (not every turn): those who
succeed act before the opposition, in the table's seating order, the rest after it
(characters the GM plays last; RULINGS B3). A critical success gives three actions on
the first turn, a critical failure one (and a Doom roll, B2). Then 'next' ends each go.
""",
)
def init_command(ctx: Context, intent: InitIntent) -> Reply:
    """Roll initiative and begin turn 1."""
    stage = Stage(ctx)
    fight = stage.need_fight()
    if fight.started:
        raise RuleError("initiative is rolled once, at the start of the fight (RULINGS B3)")
    if not fight.fighting_foes():
        raise RuleError("there is no opposition yet: 'fight add OPPONENT' first")
    before: list[str] = []
    after: list[str] = []
    fighters = []
    names = seating_order(stage.session.state, [f.name for f in fight.fighters])
    for name in names:
        fighter = fight.fighter(name)
        character = stage.character(name)
        if character.dead or character.helpless:
            after.append(name)
            fighters.append(replace(fighter, initiative="after", actions=0))
            continue
        request = sources.character_test(
            stage.content,
            character,
            "WIS",
            TestOptions(kind=TestKind.INITIATIVE),
            use="initiative",
        )
        result = stage.test(f"{name} (initiative)", request)
        extra = effects.first_turn_actions(stage.content, character)
        budget = first_turn_budget(result.critical, extra)
        side = "before" if result.success else "after"
        (before if result.success else after).append(name)
        fighters.append(replace(fighter, initiative=side, actions=budget, taken=()))
        if result.critical is not Critical.NONE or extra:
            stage.say(
                f"  {name} has {budget} action{'' if budget == 1 else 's'} on the first turn "
                "(black-sword-hack 2.1.1" + (f"; {extra} from gifts" if extra else "") + ")",
                "note",
            )
        if result.critical is Critical.FAILURE:
            stage.doom(character, "critical failure")
    ordered = replace(
        fight,
        fighters=tuple(next(f for f in fighters if f.key == k.key) for k in fight.fighters),
        order=initiative_order(before, after),
        turn=1,
        go=0,
    )
    stage.fight = first_able(ordered, stage.can_act)
    stage.say(f"Order: {order_line(stage.need_fight())}", "note")
    announce_go(stage)
    return stage.commit("fight.init")


@dataclass(frozen=True, slots=True)
class NextIntent(Intent):
    """End whoever's go it is; after the last, a new turn (black-sword-hack 2.1.1,
    2.1.2, 2.1.11)."""

    def access(self) -> Access:
        """The GM's: moving the fight on."""
        return Access.gm(FIGHTS, "move the fight on")


def _read_next(args: Args) -> NextIntent:
    args.done()
    return NextIntent()


@COMMANDS.typed(
    "next",
    "next",
    "end this go; after the last in the order, a new turn",
    NextIntent,
    _read_next,
    details="""
The order of play is the players who won initiative, the opposition, then the rest
(RULINGS B3); the Helpless are passed over. A new turn gives everyone two actions again
and rolls every ongoing damage die (2.1.11); entangled and pinned foes are free again.
""",
)
def next_command(ctx: Context, intent: NextIntent) -> Reply:
    """End the current go."""
    stage = Stage(ctx)
    fight = stage.need_fight()
    if not fight.started:
        raise RuleError("the fight has not begun: 'init' rolls initiative first (RULINGS B3)")
    current = fight.current
    if current is not None and current != OPPOSITION:
        fighter = fight.fighter(current)
        if fighter.actions and stage.can_act(current):
            stage.say(f"{fighter.name} ends their go with {fighter.actions} unused", "muted")
    moved, new_turn = end_go(fight, stage.can_act)
    stage.fight = moved
    if new_turn:
        stage.say(f"Turn {moved.turn} begins", "title")
        tick_ongoing(stage)
        stage.fight = first_able(stage.need_fight(), stage.can_act)
    if not stage.need_fight().fighting_foes():
        stage.say("No opponent is left fighting: 'fight end'", "note")
    announce_go(stage)
    return stage.commit("fight.next")
