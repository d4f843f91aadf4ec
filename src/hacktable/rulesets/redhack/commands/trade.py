"""Trade: ``haggle`` (redhack: Equipment > Haggling; RULINGS R30)."""

from __future__ import annotations

from dataclasses import dataclass

from ....dice.render import render_roll
from ....dice.roller import roll
from ....play.outcome import Reply
from ....rules.resolution import Critical
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args
from ..haggling import haggle_dice
from .act import Act, Overridable, action_fields, read_overrides
from .registry import COMMANDS


@dataclass(frozen=True, slots=True)
class HaggleIntent(Overridable):
    """Haggle over a price of 10 coins or more: a CHA test moves it (redhack: Equipment >
    Haggling; RULINGS R30).

    Attributes:
        character: the haggler's name.
        price: the price asked, in coins (1 or more).
        selling: ``sell``, the character sells (success raises the price).
        advantages: how many ``adv`` the GM gave.
        disadvantages: how many ``dis``.
        penalty: ``penalty N``, added to the test's difficulty (RULINGS R2).
    """

    character: str
    price: int
    selling: bool = False
    advantages: int = 0
    disadvantages: int = 0
    penalty: int = 0

    def access(self) -> Access:
        """The haggler's player; ``override`` is the GM's (docs/rulings.md H106)."""
        return self.acting(self.character)


def _read_haggle(args: Args) -> HaggleIntent:
    name = args.word("NAME")
    price = args.integer("PRICE", minimum=1)
    words, overrides = read_overrides(args, args.rest())
    selling = False
    advantages = disadvantages = 0
    penalty = 0
    items = iter(words)
    for word in items:
        low = word.lower()
        if low == "sell":
            selling = True
        elif low in ("adv", "advantage"):
            advantages += 1
        elif low in ("dis", "disadvantage"):
            disadvantages += 1
        elif low == "penalty":
            penalty = args.to_int(next(items, ""), "penalty")
        else:
            raise args.error(f"unexpected {word!r}")
    return HaggleIntent(
        name,
        price,
        selling,
        advantages,
        disadvantages,
        penalty,
        **action_fields(overrides),
    )


@COMMANDS.typed(
    "haggle",
    "haggle NAME PRICE [sell] [adv|dis] [penalty N] [roll N]",
    "haggle over an order of 10 coins or more: a CHA test moves the price",
    HaggleIntent,
    _read_haggle,
    details="""
Make a CHA test (haggling); roll (d6-1) for each unit of the price's tens digit,
(d6-1) x 10 for each of its hundreds, and so on; a critical adds 50% (rounded down).
Success takes the sum off the price (or adds it when selling), failure the other way
(redhack: Equipment > Haggling; RULINGS R30). Only the price is worked out: pay it with
'coins'.
""",
    complete=lambda s, w: [c.name for c in s.characters()] if not w else ("sell",),
)
def haggle_command(ctx: Context, intent: HaggleIntent) -> Reply:
    """Haggle."""
    name, price, selling = intent.character, intent.price, intent.selling
    penalty, advantages, disadvantages = intent.penalty, intent.advantages, intent.disadvantages
    act = Act(ctx, intent.overrides())
    character = act.character(name)
    dice = haggle_dice(price)
    request = act.ruleset.character_test(
        character,
        "CHA",
        TestOptions(
            penalty=penalty,
            advantages=("GM",) * advantages,
            disadvantages=("GM",) * disadvantages,
            tags=("haggling",),
        ),
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} haggles over {price} coins", request, result)
    swing = roll(dice, act.rng)
    amount = swing.total
    text = render_roll(swing)
    if result.critical is not Critical.NONE:
        amount += amount // 2
        text += f", critical: +50% = {amount}"
    better = result.success
    if selling:
        final = price + amount if better else max(0, price - amount)
    else:
        final = max(0, price - amount) if better else price + amount
    act.say(
        f"The price moves by {text}: {price} -> {final} coins "
        f"({'selling' if selling else 'buying'})",
        "success" if better else "failure",
    )
    act.detail.update(price=price, final=final, dice=dice)
    return act.commit("haggle", character.name)
