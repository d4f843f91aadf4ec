"""Trade: ``haggle`` (redhack: Equipment > Haggling; RULINGS R30)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ....dice.render import render_roll
from ....dice.roller import roll
from ....play.outcome import Reply
from ....rules.resolution import Critical
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args
from ..character import Character
from ..haggling import haggle_dice
from ..shop import haggled
from .act import Act, Overridable, action_fields, read_overrides
from .registry import COMMANDS


class HaggleTerms(Protocol):
    """The GM's terms of a haggle's CHA test: ``adv``, ``dis``, ``penalty N``."""

    @property
    def advantages(self) -> int: ...
    @property
    def disadvantages(self) -> int: ...
    @property
    def penalty(self) -> int: ...


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
    act = Act(ctx, intent.overrides())
    character = act.character(intent.character)
    haggle(act, character, intent.price, intent.selling, intent)
    return act.commit("haggle", character.name)


def haggle(
    act: Act, character: Character, price: int, selling: bool, terms: HaggleTerms
) -> tuple[int, bool]:
    """Make the CHA test of a haggle over ``price`` and show how the price moves
    (redhack: Equipment > Haggling; RULINGS R30); ``haggle`` and the shop's ``buy`` and
    ``sell`` (the whole order, :mod:`.shop`) share it.

    Returns:
        The price afterwards, and whether the test succeeded.

    Raises:
        RuleError: a price under 10 coins.
    """
    dice = haggle_dice(price)
    request = act.ruleset.character_test(
        character,
        "CHA",
        TestOptions(
            penalty=terms.penalty,
            advantages=("GM",) * terms.advantages,
            disadvantages=("GM",) * terms.disadvantages,
            tags=("haggling",),
        ),
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} haggles over {price} coins", request, result)
    swing = roll(dice, act.rng)
    critical = result.critical is not Critical.NONE
    final = haggled(price, swing.total, result.success, critical, selling)
    text = render_roll(swing)
    if critical:
        text += f", critical: +50% = {swing.total + swing.total // 2}"
    act.say(
        f"The price moves by {text}: {price} -> {final} coins "
        f"({'selling' if selling else 'buying'})",
        "success" if result.success else "failure",
    )
    act.detail.update(price=price, final=final, dice=dice)
    return final, result.success
