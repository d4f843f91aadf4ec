"""The Doom die: ``doom`` (RULINGS B2; black-sword-hack 2.1.2, 2.1.10), and the Doom
roll every command that needs one commits (:func:`commit_doom`)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....errors import RuleError
from ....play.outcome import Reply
from ....play.principal import Role
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from .. import doom
from ..character import Character
from ..legal import OFFERS
from .registry import COMMANDS

if TYPE_CHECKING:
    from ..ruleset import BlackSwordHack

__all__ = ["DoomIntent", "commit_doom"]


@dataclass(frozen=True, slots=True)
class DoomIntent(Intent):
    """A Doom roll the GM asks for (RULINGS B2), or a player for their own character.

    Attributes:
        character: the character's name, as given.
        why: why it is rolled (a key of :data:`.doom.WHY`: ``gm`` unless given).
    """

    character: str
    why: str = "gm"

    def access(self) -> Access:
        """The character's player, or the GM."""
        return Access.play(self.character)


def commit_doom(
    ctx: Context, reply: Reply, character: Character, why: str, rng: random.Random
) -> Character:
    """Roll ``character``'s Doom die for ``why`` (RULINGS B2), say it in ``reply`` and
    commit the step it took (a ``doom`` event); return the character afterwards.

    Raises:
        RuleError: the character is Doomed: there is no die to roll.
    """
    rolled = doom.roll_doom(character, why, rng)
    text = rolled.explain()
    reply.add(f"  {text}", "critical" if rolled.doomed else "dice")
    if rolled.doomed:
        reply.add(
            f"  {character.name} has disadvantage on attribute tests until a long rest "
            "(RULINGS B2)",
            "warning",
        )
    ctx.session.commit_character(
        "doom",
        character,
        rolled.character,
        f"{character.name}: {text}",
        ctx.line,
        detail={
            "why": why,
            "die": str(rolled.roll.before),
            "faces": list(rolled.roll.rolls),
            "kept": rolled.roll.kept,
            "after": str(rolled.roll.after),
            "doomed": rolled.doomed,
        },
    )
    return rolled.character


def _read_doom(args: Args) -> DoomIntent:
    name = args.word("NAME")
    why = (args.optional() or "gm").lower()
    args.done()
    if why not in doom.WHY or why in ("critical failure", "player"):
        choices = ", ".join(w for w in doom.WHY if w not in ("critical failure", "player"))
        raise args.error(f"why is one of {choices}, not {why!r}")
    return DoomIntent(name, why)


@COMMANDS.typed(
    "doom",
    "doom NAME [gm|repeat|effect|sorcery]",
    "roll a character's Doom die (the GM asks, or a player for their own)",
    DoomIntent,
    _read_doom,
    details="""
The Doom die is a usage die (ud6 to start, ud8 at level 10): a 1 or 2 steps it down,
and once it is exhausted the character is Doomed, with disadvantage on attribute tests
until a long rest restores it (RULINGS B2, G3). It is rolled for the same action twice
in a turn (repeat), an attack effect declared (effect), sorcery's price (sorcery), after
a critical failure (the test rolls it itself) or when the GM asks (gm, the default). A
Doomed character has no die to roll.
""",
    complete=lambda s, w: (
        [c.name for c in s.characters()] if not w else ("gm", "repeat", "effect", "sorcery")
    ),
)
def doom_command(ctx: Context, intent: DoomIntent) -> Reply:
    """Roll a Doom die."""
    session = ctx.session
    character: Character = session.character(intent.character)
    if character.dead:
        raise RuleError(f"{character.name} is dead: there is no Doom die to roll")
    reply = Reply().add(f"{character.name}'s Doom die ({character.doom})", "title")
    why = intent.why
    if why == "gm" and ctx.principal.role is Role.PLAYER:
        why = "player"  # a player rolling their own die unasked
    commit_doom(ctx, reply, character, why, session.rng())
    return reply


def offer(
    ruleset: BlackSwordHack, view: CampaignView[Character], principal_role: str
) -> list[Intent]:
    """A Doom roll for each living character who has a die to roll."""
    del ruleset, principal_role
    return [Words("doom", (c.name,)) for c in view.characters() if not c.dead and not c.doomed]


OFFERS.append(offer)
