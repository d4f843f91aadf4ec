"""The other actions of a turn: ``move`` and ``act`` (black-sword-hack 2.1.2; RULINGS
B2). Each costs one of the turn's two actions, and taking one twice in a turn rolls
the Doom die; ``cast`` pays the same way (:meth:`.staging.Stage.take_action`)."""

from __future__ import annotations

from dataclasses import dataclass

from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import OVERRIDING
from ..character import fold
from .attack import refuse_opponent
from .complete import complete_fighter
from .registry import COMMANDS
from .staging import Stage

__all__ = ["ActIntent", "MoveIntent", "act_name"]


def act_name(what: str) -> str:
    """The action ``act`` takes, for the repeat rule: its first word (``"act: search"``;
    docs/rulings.md H137).

    >>> act_name("Search the altar"), act_name("drink the potion")
    ('act: search', 'act: drink')
    """
    words = fold(what).split()
    return f"act: {words[0]}" if words else "act"


def _read_rest(args: Args) -> tuple[list[str], bool]:
    words, override = [], False
    for word in args.rest():
        if word.lower() == "override":
            override = True
        elif word.strip():
            words.append(word)
    return words, override


@dataclass(frozen=True, slots=True)
class MoveIntent(Intent):
    """A character moves (black-sword-hack 2.1.2): one of the turn's actions.

    Attributes:
        name: the character's name, as given.
        where: where to, in words (``""``: unsaid).
        override: the GM sets aside what the rules refuse (logged).
    """

    name: str
    where: str = ""
    override: bool = False

    def access(self) -> Access:
        """The character's player; ``override`` is the GM's."""
        if self.override:
            return Access.gm(OVERRIDING, "override the rules")
        return Access.play(self.name)


def _read_move(args: Args) -> MoveIntent:
    name = args.word("NAME")
    words, override = _read_rest(args)
    return MoveIntent(name, " ".join(words), override)


@COMMANDS.typed(
    "move",
    "move NAME [WHERE...] [override]",
    "a character moves: one of the turn's two actions",
    MoveIntent,
    _read_move,
    details="""
Moving is one of the two actions of a turn (black-sword-hack 2.1.2); moving twice in a
turn rolls the Doom die (RULINGS B2). Distances are the table's: say where.
""",
    complete=complete_fighter,
)
def move_command(ctx: Context, intent: MoveIntent) -> Reply:
    """A move."""
    stage = Stage(ctx, intent.override)
    refuse_opponent(stage, intent.name, None)
    fighter, character = stage.fighter(intent.name)
    stage.take_action(fighter.name, "move")
    where = f" {intent.where}" if intent.where else ""
    stage.say(f"{character.name} moves{where}")
    stage.say(f"  {stage.actions_left(fighter.name)}", "muted", log=False)
    return stage.commit("move", character.name)


@dataclass(frozen=True, slots=True)
class ActIntent(Intent):
    """A character takes any other action: uses something, searches, shouts, drinks
    (black-sword-hack 2.1.2): one of the turn's actions.

    Attributes:
        name: the character's name, as given.
        what: what they do, in words (its first word names the action, H137).
        override: the GM sets aside what the rules refuse (logged).
    """

    name: str
    what: str
    override: bool = False

    def access(self) -> Access:
        """The character's player; ``override`` is the GM's."""
        if self.override:
            return Access.gm(OVERRIDING, "override the rules")
        return Access.play(self.name)


def _read_act(args: Args) -> ActIntent:
    name = args.word("NAME")
    words, override = _read_rest(args)
    if not words:
        raise args.error("missing WHAT (what the character does)")
    return ActIntent(name, " ".join(words), override)


@COMMANDS.typed(
    "act",
    "act NAME WHAT... [override]",
    "a character takes another action (use something, search...): one of the turn's two",
    ActIntent,
    _read_act,
    details="""
Any action but an attack, a move or a spell: using something, searching, opening,
shouting (black-sword-hack 2.1.2). Its first word names it: 'act Kull drink potion'
twice in a turn is the same action twice and rolls the Doom die (RULINGS B2;
docs/rulings.md H137). The GM says what it achieves; a test is 'test'.
""",
    complete=complete_fighter,
)
def act_command(ctx: Context, intent: ActIntent) -> Reply:
    """Another action."""
    stage = Stage(ctx, intent.override)
    refuse_opponent(stage, intent.name, None)
    fighter, character = stage.fighter(intent.name)
    stage.take_action(fighter.name, act_name(intent.what))
    stage.say(f"{character.name}: {intent.what}")
    stage.say(f"  {stage.actions_left(fighter.name)}", "muted", log=False)
    return stage.commit("act", character.name)
