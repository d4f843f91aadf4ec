"""``alms``: a cleric pays the alms a prayer asked for and they could not pay, or the GM
forgives them (redhack: Spellcasting > Divine Magic, prayer 11; docs/rulings.md H171,
H242)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....errors import RuleError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CHARACTERS
from .act import Act
from .common import character_names
from .miracles import owed_alms
from .registry import COMMANDS

__all__ = ["AlmsIntent"]


@dataclass(frozen=True, slots=True)
class AlmsIntent(Intent):
    """Pay owed alms from the cleric's coins, or clear them (H242).

    Attributes:
        name: the cleric, as given.
        clear: ``clear``: the GM forgives the debt, nothing paid.
        amount: ``pay N``: how much is paid (``None``: all that is owed).
    """

    name: str
    clear: bool = False
    amount: int | None = None

    def access(self) -> Access:
        """Paying is the cleric's player's (or the GM's); clearing the GM's alone."""
        if self.clear:
            return Access.gm(CHARACTERS, "forgive alms")
        return Access.play(self.name, what="pay alms")


def _read_alms(args: Args) -> AlmsIntent:
    name = args.word("NAME")
    word = args.word("pay or clear").lower()
    if word == "clear":
        args.done()
        return AlmsIntent(name, clear=True)
    if word not in ("pay", "paid"):
        raise args.error("'alms NAME pay [N]' or 'alms NAME clear'")
    amount = None if args.empty else args.integer("N", minimum=1)
    args.done()
    return AlmsIntent(name, amount=amount)


@COMMANDS.typed(
    "alms",
    "alms NAME pay [N] | alms NAME clear",
    "pay the alms a prayer asked for (from the coins), or the GM clears them",
    AlmsIntent,
    _read_alms,
    details="""
Prayer 11 asks 10 x level x 1d6 coins; what the cleric cannot pay is owed ("Owes alms"
on the sheet; H171). "alms Tomas pay" pays all that is owed from Tomas's coins, "alms
Tomas pay 20" pays 20 of it; "alms Tomas clear" is the GM forgiving the rest (H242).
  alms Tomas pay 30
""",
    complete=lambda session, words: (
        character_names(session) if not words else ("pay", "clear") if len(words) == 1 else ()
    ),
)
def alms_command(ctx: Context, intent: AlmsIntent) -> Reply:
    """Pay or clear owed alms."""
    act = Act(ctx)
    cleric = act.character(intent.name)
    owed = owed_alms(cleric)
    if owed == 0:
        raise RuleError(f"{cleric.name} owes no alms (prayer 11; H171)")
    rest = tuple(c for c in cleric.conditions if c.split(":", 1)[0] != "owes-alms")
    if intent.clear:
        act.update(replace(cleric, conditions=rest))
        act.say(f"{cleric.name}'s {owed} coins of alms are forgiven (the GM's; H242)")
        return act.commit("alms", cleric.name)
    amount = owed if intent.amount is None else intent.amount
    if amount > owed:
        raise RuleError(f"{cleric.name} owes {owed} coins of alms, not {amount}")
    if amount > cleric.coins:
        raise RuleError(f"{cleric.name} has only {cleric.coins} coins: {owed} are owed")
    left = owed - amount
    conditions = (*rest, f"owes-alms: {left}") if left else rest
    act.update(replace(cleric.with_coins(cleric.coins - amount), conditions=conditions))
    act.say(
        f"{cleric.name} pays {amount} coins of alms"
        + (f": {left} still owed" if left else ": the debt is paid")
    )
    act.detail["alms"] = {"paid": amount, "owed": left}
    return act.commit("alms", cleric.name)
