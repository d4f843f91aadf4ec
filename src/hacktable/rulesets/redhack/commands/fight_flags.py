"""The GM's flags in a fight: ``flag`` sets a foe's condition or status, a
character's hidden or invisible flag, or the fight's confined space (redhack: Combat;
Thief > Backstab; RULINGS R12; docs/rulings.md H224)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....errors import CommandError, RuleError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import FLAGS
from .act import Act, fighter_character, replace_fighter
from .fight_words import complete_names, is_character
from .registry import COMMANDS

__all__ = [
    "FIGHTER_FLAGS",
    "FIGHT_FLAGS",
    "FOE_FLAGS",
    "FOE_STATUSES",
    "FlagIntent",
    "flag_command",
]

FOE_FLAGS = ("stunned", "held", "blinded", "hindered", "shield")
FOE_STATUSES = ("fighting", "broken", "out", "fled", "surrendered", "turned")
FIGHTER_FLAGS = ("hidden", "invisible")
FIGHT_FLAGS = ("confined",)


@dataclass(frozen=True, slots=True)
class FlagIntent(Intent):
    """The GM sets a foe's condition or status, or a character's hidden or invisible
    flag (redhack: Combat; Thief > Backstab; RULINGS R12).

    Attributes:
        who: a character's name, or a foe's key or name, as given.
        flag: the condition, status or flag, lower-cased as given (one of
            :data:`FOE_FLAGS`, :data:`FOE_STATUSES`, :data:`FIGHTER_FLAGS` when resolved).
        off: turn it off (``off``).
    """

    who: str
    flag: str
    off: bool = False

    def access(self) -> Access:
        """The GM's call, for characters too (docs/rulings.md H106)."""
        return Access.gm(FLAGS, "flag")


def _read_flag(args: Args) -> FlagIntent:
    who, flag = args.word("WHO"), args.word("FLAG").lower()
    off = args.optional() == "off"
    args.done()
    return FlagIntent(who, flag, off)


@COMMANDS.typed(
    "flag",
    "flag WHO FLAG [off]",
    "set a foe's condition or status, or a character's hidden/invisible flag",
    FlagIntent,
    _read_flag,
    details=f"""
Foes: {", ".join(FOE_FLAGS)} (conditions; a shield: a flail ignores a point of its AC) or
{", ".join(FOE_STATUSES)} (status: a broken foe that flees or surrenders). Characters:
{", ".join(FIGHTER_FLAGS)} (for backstab). The fight: "flag fight confined [off]" (a pike
has disadvantage in a confined space).
Logged as the GM's call.
""",
    complete=complete_names,
)
def flag_command(ctx: Context, intent: FlagIntent) -> Reply:
    """Set a flag."""
    act = Act(ctx)
    fight = act.need_fight()
    who, flag, off = intent.who, intent.flag, intent.off
    if who.lower() == "fight" and not fight.has_foe(who):
        if flag not in FIGHT_FLAGS:
            raise CommandError(f"the fight's flag is one of {', '.join(FIGHT_FLAGS)}", "flag")
        act.fight = replace(fight, confined=not off)
        act.say(f"The fight is {'no longer ' if off else ''}in a confined space")
        return act.commit("fight.flag")
    if is_character(act, who) and fight.has_fighter(act.session.character(who).name):
        fighter, _ = fighter_character(act, who)
        if flag not in FIGHTER_FLAGS:
            raise CommandError(f"a character's flag is one of {', '.join(FIGHTER_FLAGS)}", "flag")
        if flag == "hidden":
            fighter = replace(fighter, hidden=not off)
        else:
            fighter = replace(fighter, invisible=not off)
        replace_fighter(act, fighter)
        act.say(f"{fighter.name} is {'no longer ' if off else ''}{flag}")
        return act.commit("fight.flag", fighter.name)
    foe = fight.foe(who)
    if flag in FOE_STATUSES:
        if off:
            raise CommandError("a status is set, not turned off: give another status", "flag")
        act.fight = fight.with_foe(replace(foe, status=flag))
        act.say(f"{foe.name} is now {flag}")
    elif flag in FOE_FLAGS:
        if not foe.fighting and not off:
            raise RuleError(f"{foe.name} is {foe.status}: out of the fight")
        conditions = tuple(c for c in foe.conditions if c != flag)
        if not off:
            conditions += (flag,)
        act.fight = fight.with_foe(replace(foe, conditions=conditions))
        act.say(f"{foe.name} is {'no longer ' if off else ''}{flag}")
    else:
        raise CommandError(f"a foe's flag is one of {', '.join(FOE_FLAGS + FOE_STATUSES)}", "flag")
    return act.commit("fight.flag")
