"""Usage dice: ``usage`` rolls an item's usage die, for every ruleset (RULINGS G2, G3;
docs/rulings.md H15); the ruleset names the advantages a character has on it
(:meth:`~hacktable.rulesets.base.Ruleset.usage_advantages`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ...dice import Advantage, roll_usage
from ...errors import RuleError
from ...play.character import Character, Item
from ...play.outcome import Reply
from ...rulesets.context import Context
from ...rulesets.grammar import Access, Args, Intent
from .inventory import complete_items
from .registry import CORE

__all__ = ["UsageIntent", "usage_command"]


@dataclass(frozen=True, slots=True)
class UsageIntent(Intent):
    """Roll an item's usage die and step it down on a 1-2 (RULINGS G2, G3;
    docs/rulings.md H15; the ruleset's ``usage_advantages``, e.g. redhack's RULINGS R31).

    Attributes:
        character: the character's name.
        item: the item's name, as given.
        advantages: how many ``adv`` the GM gave.
        disadvantages: how many ``dis``.
    """

    character: str
    item: str
    advantages: int = 0
    disadvantages: int = 0
    faces: tuple[int, ...] = ()

    def access(self) -> Access:
        """The character's player rolls their usage dice (docs/rulings.md H106)."""
        return Access.play(self.character)

    def entered(self) -> tuple[int, ...]:
        """The faces entered with ``roll N[,N]`` (RULINGS G5)."""
        return self.faces


def _read_usage(args: Args) -> UsageIntent:
    name = args.word("NAME")
    words = args.rest()
    faces: tuple[int, ...] = ()
    if "roll" in (low := [w.lower() for w in words]):
        at = low.index("roll")
        if at + 1 >= len(words):
            raise args.error("roll takes the faces rolled, like 'roll 2'")
        faces = args.faces(words[at + 1])
        words = [*words[:at], *words[at + 2 :]]
    advantages = sum(1 for w in words if w.lower() in ("adv", "advantage"))
    disadvantages = sum(1 for w in words if w.lower() in ("dis", "disadvantage"))
    item_words = [w for w in words if w.lower() not in ("adv", "advantage", "dis", "disadvantage")]
    if not item_words:
        raise args.error("missing ITEM")
    return UsageIntent(name, " ".join(item_words), advantages, disadvantages, faces)


def usage_odds(ctx: Context, intent: UsageIntent) -> tuple[str, Fraction]:
    """The die ``intent`` would roll, in words, and the exact chance that it steps
    down (a 1 or 2 kept, RULINGS G3; advantage keeps the higher of two, G2): what the
    web table shows before the Roll (issue 12 §2; docs/rulings.md H684).

    Raises:
        UnknownNameError: no such character or item.
        RuleError: the item has no usage die, or it is exhausted.
    """
    character, _index, item, advantage, _sources = _usage_of(ctx, intent)
    assert item.usage is not None  # _usage_of refuses an item without one
    sides = item.usage.value
    low = Fraction(2, sides)
    if advantage is Advantage.ADVANTAGE:
        chance = low * low
    elif advantage is Advantage.DISADVANTAGE:
        chance = 1 - (1 - low) * (1 - low)
    else:
        chance = low
    kept = {Advantage.ADVANTAGE: ", advantage", Advantage.DISADVANTAGE: ", disadvantage"}
    return f"{character.name}'s {item.name} ({item.usage}{kept.get(advantage, '')})", chance


def _usage_of(
    ctx: Context, intent: UsageIntent
) -> tuple[Character, int, Item, Advantage, list[str]]:
    """The character, the item's index and the item ``intent`` rolls, the net
    advantage and its sources (RULINGS G2, G3).

    Raises:
        UnknownNameError: no such character or item.
        RuleError: the item has no usage die, or it is exhausted.
    """
    session = ctx.session
    character = session.character(intent.character)
    advantages = ["GM"] * intent.advantages
    disadvantages = ["GM"] * intent.disadvantages
    index = character.find_item(intent.item)
    # Of several items of that name (two torches), roll the first that is not used up.
    live = [
        i
        for i in character.find_items(intent.item)
        if (die := character.inventory[i].usage) is not None and not die.exhausted
    ]
    index = live[0] if live else index
    item = character.inventory[index]
    if item.usage is None:
        raise RuleError(f"{character.name}'s {item.name} has no usage die")
    if item.usage.exhausted:
        raise RuleError(f"{character.name}'s {item.name} is exhausted")
    advantages += session.ruleset.usage_advantages(character, item)
    advantage = Advantage.net(len(advantages), len(disadvantages))
    return character, index, item, advantage, advantages


@CORE.typed(
    "usage",
    "usage NAME ITEM [adv|dis] [roll N[,N]]",
    "roll an item's usage die (torch, rations, arrows...) and step it down on a 1-2",
    UsageIntent,
    _read_usage,
    details="""
A roll of 1 or 2 steps the die down: ud20 > ud12 > ud10 > ud8 > ud6 > ud4 > exhausted
(RULINGS G3). Advantage rolls twice and keeps the higher (G2); where the rules give a
character advantage on an item's die, the roll says why. "roll 2" takes the die the
player rolled at the table (RULINGS G5): "usage Sly torch roll 2".
""",
    complete=complete_items,
)
def usage_command(ctx: Context, intent: UsageIntent) -> Reply:
    """Roll and update a usage die."""
    session = ctx.session
    character, index, item, advantage, advantages = _usage_of(ctx, intent)
    assert item.usage is not None  # _usage_of refuses an item without one
    result = roll_usage(item.usage, session.rng(), advantage)
    after = character.replace_item(index, replace(item, usage=result.after))
    why = ""
    sources = [s for s in advantages if s != "GM"]
    if sources:
        why = f" ({'; '.join(sources)})"
    summary = f"{character.name}'s {item.name}: {result.explain()}{why}"
    reply = Reply().add(summary, "dice")
    if result.after.exhausted:
        reply.add(f"{character.name}'s {item.name} is used up.", "warning")
    detail = {
        "item": item.name,
        "before": str(result.before),
        "rolls": list(result.rolls),
        "kept": result.kept,
        "after": str(result.after),
        "advantage": advantage.name.lower(),
    }
    session.commit_character("usage", character, after, summary, ctx.line, detail)
    return reply
