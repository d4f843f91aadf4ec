"""A fight's rounds: ``init`` starts the next round with the players' DEX initiative
tests, ``next`` moves it on from phase to phase (redhack: Combat > Initiative &
Surprise; RULINGS R10, R13, G5)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....errors import RuleError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import FIGHTS
from .act import Act
from .mechanics import end_of_round, incapacitated, start_round, tick_ongoing
from .registry import COMMANDS

__all__ = ["InitIntent", "NextIntent", "init_command", "next_command"]


@dataclass(frozen=True, slots=True)
class InitIntent(Intent):
    """Start the next round: every player makes a DEX initiative test (redhack: Combat >
    Initiative & Surprise; RULINGS R13).

    Attributes:
        roll: ``roll N[,N...]``: the d20s the players rolled at the table, in the
            fight's order of players (RULINGS G5; docs/rulings.md H247).
    """

    roll: tuple[int, ...] = ()

    def access(self) -> Access:
        """The GM's: it rolls for everyone (docs/rulings.md H106)."""
        return Access.gm(FIGHTS, "roll initiative")

    def entered(self) -> tuple[int, ...]:
        """The dice entered with ``roll`` (RULINGS G5)."""
        return self.roll


def _read_init(args: Args) -> InitIntent:
    faces: tuple[int, ...] = ()
    if not args.empty:
        if args.word("roll").lower() != "roll":
            raise args.error("init takes only 'roll N,N,...'")
        faces = args.faces(args.word("the faces rolled"))
    args.done()
    return InitIntent(faces)


@COMMANDS.typed(
    "init",
    "init [roll N,N,...]",
    "start the next round: every player makes a DEX initiative test (R13)",
    InitIntent,
    _read_init,
    details="""
Each player makes a DEX test: success acts before the monsters, failure after them. A
player who held their action to the end of the last round acts first without a roll.
In an unexpected fight, players who failed the surprise test skip round one, unless a
natural 20 won the party a free round (then 'init' starts the free round).
"roll 10,19,15,15" takes the d20s the players rolled at the table, in the fight's order
of players (RULINGS G5).
""",
)
def init_command(ctx: Context, intent: InitIntent) -> Reply:
    """Start the next round."""
    act = Act(ctx)
    fight = act.need_fight()
    if fight.phase not in ("setup", "after") and fight.round > 0:
        raise RuleError(f"round {fight.round} is in its {fight.phase} phase: use 'next'")
    if not fight.active_foes():
        raise RuleError("there are no monsters in the fight: 'fight add N MONSTER'")
    if fight.phase == "after":
        end_of_round(act)
    start_round(act)
    return act.commit("fight.round")


@dataclass(frozen=True, slots=True)
class NextIntent(Intent):
    """Move the fight on: players before, monsters, players after, next round (redhack:
    Combat > Initiative & Surprise; RULINGS R10, R13)."""

    def access(self) -> Access:
        """The GM's (docs/rulings.md H106)."""
        return Access.gm(FIGHTS, "move the fight on")


def _read_next(args: Args) -> NextIntent:
    args.done()
    return NextIntent()


@COMMANDS.typed(
    "next",
    "next",
    "move the fight on: players before -> monsters -> players after -> next round",
    NextIntent,
    _read_next,
    details="""
Within a phase the players act in any order. 'next' moves to the monsters' turn (declare
their attacks with 'defend PLAYER MONSTER'), then to the players who lost initiative,
then starts the next round. Ongoing damage is rolled on the turn of whoever caused it
(RULINGS R10).
""",
)
def next_command(ctx: Context, intent: NextIntent) -> Reply:
    """Advance the fight's phase."""
    act = Act(ctx)
    fight = act.need_fight()
    if fight.phase == "setup":
        raise RuleError("the fight has not started: 'init' rolls initiative for round one")
    waiting = [
        f.name
        for f in fight.fighters
        if not f.acted
        and not f.holding
        and act.character(f.name).hp > 0
        and incapacitated(act.character(f.name)) is None
        and fight.acting_phase(f) == fight.phase
    ]
    if waiting:
        act.say(f"Did not act: {', '.join(waiting)}", "muted")
    if fight.phase == "free-round":
        act.fight = replace(fight, phase="setup")
        act.fight = replace(act.need_fight(), free_round=False)
        start_round(act)
    elif fight.phase == "before":
        act.fight = replace(fight, phase="monsters")
        act.say(
            f"Round {fight.round}: the monsters act ('defend PLAYER MONSTER' for each attack)",
            "title",
        )
        tick_ongoing(act, {f.key for f in fight.foes})
    elif fight.phase == "monsters":
        act.fight = replace(fight, phase="after")
        after = [f.name for f in fight.fighters if f.initiative == "after"]
        act.say(
            f"Round {fight.round}: players after the monsters: {', '.join(after) or 'nobody'}",
            "title",
        )
        tick_ongoing(act, set(after))
    else:
        end_of_round(act)
        if not act.need_fight().active_foes():
            act.say("No monsters are left fighting: 'fight end'", "note")
        start_round(act)
    return act.commit("fight.next")
