"""The ``fight`` command: ``fight start`` (:mod:`.fight_start`), ``fight add``
(:mod:`.fight_add`), ``fight status`` and ``fight end`` (:mod:`.fight_end`) under one
registration (redhack: Combat; RULINGS R5, R9, R12, R13, R31)."""

from __future__ import annotations

from collections.abc import Iterable

from ....errors import CommandError, HacktableError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Args
from ..view import CampaignView
from .act import Act
from .fight_add import FightAddIntent, add_monsters, monsters_for, read_add
from .fight_end import FightEndIntent, FightStatusIntent, end_fight, status_reply
from .fight_start import FightIntent, FightStartIntent, read_start, start_fight
from .registry import COMMANDS

__all__ = ["fight_command"]


def _complete_fight(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return ("start", "add", "status", "end")
    if words[0] == "add" and len(words) == 2:
        try:
            return [m.id for m in monsters_for(session).monsters]
        except HacktableError:
            return ()
    if words[0] == "start":
        return ("--unexpected", "--party", "--hidden", "--name")
    return ("--at", "--group", "--name", "--hp", "--important")


def _read_fight(args: Args) -> FightIntent:
    action = args.word("start, add, status or end").lower()
    if action == "start":
        return read_start(args)
    if action == "add":
        return read_add(args)
    if action == "status":
        args.done()
        return FightStatusIntent()
    if action == "end":
        args.done()
        return FightEndIntent()
    raise args.error(f"unknown subcommand {action!r}")


@COMMANDS.typed(
    "fight",
    "fight start [--unexpected] [--confined] [--party A,B] [--hidden A,B] [--name TEXT] | "
    "fight add N|DICE MONSTER [--at BAND] [--group G] [--name TEXT] [--hp N] [--important] | "
    "fight status | fight end",
    "run a fight by the rules: set it up, see where it stands, end it",
    FightIntent,
    _read_fight,
    details="""
fight start: the party (all characters, or --party) enters a fight. --unexpected: each
player makes a WIS test for surprise; failures do not act in round one, and any natural
20 gives the whole party a free round first (redhack: Combat > Initiative & Surprise;
RULINGS R13). --hidden: characters hidden when the fight begins (a Thief may backstab).
--confined: a confined space (a pike has disadvantage; 'flag fight confined [off]').
fight add 6 goblin --at near: a group of monsters from the bestiary, HP rolled HD d8
unless the stat block gives HP (RULINGS R5). The number may be dice, as encounter tables
give it: fight add 2d4 giant-rat rolls how many. --group G adds them to group G (to an
existing one, a leader joins their band: morale uses the group's highest score, R12).
--important: the group counts as an important foe for experience.
fight status: round, phase, order, HP, cleave dice, distances. fight end: the summary,
ammunition recovery (R9), a disrepair point when the gear was not maintained today (R31).
Then: init (round one), attack, defend, parry, hold, move, next, ... (help fight).
""",
    complete=_complete_fight,
)
def fight_command(ctx: Context, intent: FightIntent) -> Reply:
    """Dispatch the ``fight`` subcommands."""
    if isinstance(intent, FightStartIntent):
        return start_fight(ctx, intent)
    if isinstance(intent, FightAddIntent):
        return add_monsters(ctx, intent)
    if isinstance(intent, FightStatusIntent):
        return status_reply(Act(ctx))
    if isinstance(intent, FightEndIntent):
        return end_fight(ctx)
    raise CommandError("fight: ask to start, add, status or end", "fight")
