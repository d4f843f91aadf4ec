"""The GM's harms outside an attack: ``ongoing`` damage (black-sword-hack 2.1.11) and
``helpless``, the Helpless roll of a character dragged to safety (2.1.12, 2.1.13;
RULINGS B8)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....dice.usage import UsageDie
from ....errors import DiceError, RuleError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import FIGHTS
from ..character import fold
from ..fight import Ongoing
from .complete import complete_target
from .fight import roll_the_helpless
from .hits import add_ongoing
from .registry import COMMANDS
from .staging import Stage

__all__ = ["HelplessIntent", "OngoingIntent", "OngoingStopIntent"]


@dataclass(frozen=True, slots=True)
class OngoingIntent(Intent):
    """Ongoing damage on a character or an opponent: a usage die rolled as damage at
    the start of each turn until depleted (2.1.11; RULINGS G3).

    Attributes:
        target: a character's name or an opponent's key, as given.
        die: the usage die (``ud4``, ``ud6``...).
        label: what it is (``"burning oil"``), ``""`` for ``"ongoing damage"``.
    """

    target: str
    die: str = "ud4"
    label: str = ""

    def access(self) -> Access:
        """The GM's: what fire and poison do."""
        return Access.gm(FIGHTS, "deal ongoing damage")


@dataclass(frozen=True, slots=True)
class OngoingStopIntent(OngoingIntent):
    """Ongoing damage stopped (doused in water, an anti-venom: 2.1.11): all on the
    target, or that called ``label``."""


def _read_ongoing(args: Args) -> OngoingIntent:
    first = args.word("NAME or stop")
    if first.lower() == "stop":
        target = args.word("NAME")
        return OngoingStopIntent(target, "ud4", " ".join(args.rest()))
    die = args.word("the usage die (ud4, ud6...)")
    try:
        UsageDie.parse(die)
    except DiceError as error:
        raise args.error(f"{die!r} is not a usage die: ud4, ud6, ud8, ud10, ud12, ud20") from error
    return OngoingIntent(first, str(UsageDie.parse(die)), " ".join(args.rest()))


@COMMANDS.typed(
    "ongoing",
    "ongoing NAME udN [WHAT...] | ongoing stop NAME [WHAT...]",
    "ongoing damage (fire, acid, poison): a usage die rolled as damage each turn",
    OngoingIntent,
    _read_ongoing,
    details="""
Acid, poison and fire deal ongoing damage: a usage die (generally ud4 or ud6) rolled
as damage at the start of each new turn until it is depleted, a 1 or 2 stepping it
down (black-sword-hack 2.1.11; RULINGS G3). Armour does not stop it (docs/rulings.md
H136). 'ongoing stop NAME' ends it (jumping into water, an anti-venom unguent). A
vicious attack (2.1.10) puts a ud4 on its target.
""",
    complete=complete_target,
)
def ongoing_command(ctx: Context, intent: OngoingIntent) -> Reply:
    """Start or stop ongoing damage."""
    stage = Stage(ctx)
    fight = stage.need_fight()
    if not isinstance(intent, OngoingStopIntent):
        label = intent.label or "ongoing damage"
        add_ongoing(stage, intent.target, Ongoing(UsageDie.parse(intent.die), label, "GM"))
        return stage.commit("ongoing")
    wanted = fold(intent.label)
    if fight.has_foe(intent.target) and not fight.has_fighter(intent.target):
        foe = fight.foe(intent.target)
        kept = tuple(o for o in foe.ongoing if wanted and fold(o.label) != wanted)
        stopped, name = len(foe.ongoing) - len(kept), foe.name
        stage.fight = fight.with_foe(replace(foe, ongoing=kept))
    else:
        fighter, character = stage.fighter(intent.target)
        kept = tuple(o for o in fighter.ongoing if wanted and fold(o.label) != wanted)
        stopped, name = len(fighter.ongoing) - len(kept), character.name
        stage.fight = fight.with_fighter(replace(fighter, ongoing=kept))
    if not stopped:
        raise RuleError(
            f"{name} suffers no ongoing damage" + (f" called {intent.label!r}" if wanted else "")
        )
    stage.say(f"{name}'s ongoing damage stops ({stopped} die{'' if stopped == 1 else 's'})")
    return stage.commit("ongoing.stop")


@dataclass(frozen=True, slots=True)
class HelplessIntent(Intent):
    """A Helpless character dragged to a safe place rolls the Helpless d6 now (2.1.12,
    2.1.13; RULINGS B8).

    Attributes:
        name: the character's name, as given.
    """

    name: str

    def access(self) -> Access:
        """The GM's: who is safe is the GM's to say."""
        return Access.gm(FIGHTS, "roll the Helpless d6")


def _read_helpless(args: Args) -> HelplessIntent:
    name = args.word("NAME")
    args.done()
    return HelplessIntent(name)


@COMMANDS.typed(
    "helpless",
    "helpless NAME",
    "a Helpless character dragged to safety rolls the Helpless d6 now",
    HelplessIntent,
    _read_helpless,
    details="""
At 0 HP a character is Helpless (2.1.12). When the fight is over ('fight end' rolls
for everyone) or they are dragged to a safe place (this command), the d6: 1 Scratched,
2 Missed (a random carried item is destroyed), 3 Impaired (disadvantage on DEX tests),
4 Injured (disadvantage on all tests), both until the session ends, 5 Butchered (a
point of STR on 1-3, DEX on 4-6, lost for good), 6 Killed. Survivors get 1d4 HP at
once (2.1.13; RULINGS B8).
""",
)
def helpless_command(ctx: Context, intent: HelplessIntent) -> Reply:
    """Roll one character's Helpless d6."""
    stage = Stage(ctx)
    character = stage.character(intent.name)
    if not character.helpless:
        state = "dead" if character.dead else f"not Helpless (HP {character.hp})"
        raise RuleError(f"{character.name} is {state}: the Helpless roll is for 0 HP (2.1.12)")
    stage.say(f"{character.name} is dragged to safety (2.1.12)", "title")
    roll_the_helpless(stage, character.name)
    return stage.commit("helpless", character.name)
