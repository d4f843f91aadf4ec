"""Shopping: ``buy`` and ``sell`` from the equipment list, with a haggle over the whole
order (redhack: Equipment > Equipment List, Haggling; RULINGS R29, R30, R35;
docs/rulings.md H190-H194). The rules are :mod:`..shop`'s."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ....errors import CommandError, HacktableError, RuleError
from ....play.outcome import Reply
from ...context import Context, ask_until
from ...grammar import Access, Args
from .. import shop
from ..character import Character
from ..shop import Order
from ..view import CampaignView
from .act import Act, RollOverridable, read_overrides, roll_fields
from .registry import COMMANDS
from .trade import haggle

__all__ = ["BuyIntent", "SellIntent", "buy_command", "complete_shop", "sell_command"]


@dataclass(frozen=True, slots=True)
class BuyIntent(RollOverridable):
    """Buy an order from the equipment list (redhack: Equipment; RULINGS R30).

    Attributes:
        character: the buyer's name.
        items: ``(name, quantity)`` of each line, names as typed (H190).
        haggle: ``haggle``, a CHA test over the whole order (R30).
        decline: ``decline``, do not pay a price a failed haggle raised (H194).
        advantages: how many ``adv`` the GM gave the haggle.
        disadvantages: how many ``dis``.
        penalty: ``penalty N``, added to the haggle's difficulty (RULINGS R2).
    """

    character: str
    items: tuple[tuple[str, int], ...]
    haggle: bool = False
    decline: bool = False
    advantages: int = 0
    disadvantages: int = 0
    penalty: int = 0

    def access(self) -> Access:
        """The buyer's player (their purse, docs/rulings.md H106); ``override`` is the
        GM's."""
        return self.acting(self.character)


@dataclass(frozen=True, slots=True)
class SellIntent(BuyIntent):
    """Sell carried items at the ``sell-price`` of their list price (RULINGS R35), the
    same fields as :class:`BuyIntent` (``decline``: do not sell at a price a failed
    haggle lowered)."""


def _read_order(args: Args) -> dict[str, Any]:
    name = args.word("NAME")
    words, overrides = read_overrides(args, args.rest())
    found: dict[str, Any] = {"haggle": False, "decline": False, "advantages": 0}
    found |= {"disadvantages": 0, "penalty": 0}
    pieces: list[list[str]] = [[]]
    items = iter(words)
    for word in items:
        low = word.lower().lstrip("-") if word.startswith("--") else word.lower()
        if low in ("haggle", "decline"):
            found[low] = True
        elif low in ("adv", "advantage"):
            found["advantages"] += 1
        elif low in ("dis", "disadvantage"):
            found["disadvantages"] += 1
        elif low == "penalty":
            found["penalty"] = args.to_int(next(items, ""), "penalty")
        else:
            for part in word.replace(",", " , ").split():
                if part == ",":
                    pieces.append([])
                else:
                    pieces[-1].append(part)
    order = tuple(_line(args, piece) for piece in pieces if piece)
    if not order:
        raise args.error("missing ITEM")
    return {"character": name, "items": order, **found, **roll_fields(overrides)}


def _line(args: Args, words: list[str]) -> tuple[str, int]:
    """One line of an order: the item's name and an optional ``xN`` (1 to 100)."""
    quantity = 1
    last = words[-1].lower()
    if len(words) > 1 and last.startswith("x") and last[1:].isdigit():
        quantity = args.to_int(last[1:], "quantity", minimum=1)
        if quantity > 100:
            raise args.error("at most 100 at a time")
        words = words[:-1]
    return " ".join(words), quantity


def _read_buy(args: Args) -> BuyIntent:
    return BuyIntent(**_read_order(args))


def _read_sell(args: Args) -> SellIntent:
    return SellIntent(**_read_order(args))


def complete_shop(session: CampaignView, words: list[str]) -> Iterable[str]:
    """Completion: a character's name, then the equipment list's ids and the order's
    words."""
    if not words:
        return session.names()
    return (*session.ruleset.item_names(), "haggle", "decline")


def _complete_sell(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return session.names()
    try:
        carried = session.character(words[0]).inventory
    except HacktableError:
        return ()
    return (*dict.fromkeys(i.ref for i in carried if i.ref), "haggle", "decline")


DETAILS = """
An order is everything named at once, separated by commas, each with an optional xN:
  buy Sly torches x2, rope, dagger          buy Tomas plate armour haggle
  sell Sly dagger, arrows x2                sell Tomas chain mail haggle
Prices are the equipment list's; a sale fetches the 'sell-price' setting's part of the
list price (half unless the campaign says otherwise, RULINGS R35) of items carried.
'haggle' makes one CHA test over the whole order (10 coins or more, RULINGS R30):
success takes the sum off (a sale: adds it), failure the other way, a critical +50%.
A later 'buy' is a new order: a discount does not apply to items added after. When a
failed haggle makes the price worse, the console asks whether to go ahead; a script
does unless told 'decline' (docs/rulings.md H194). Items without a list price (a
single torch, custom orders like field plate) are refused; give them and charge
'coins' instead. More than can be carried is refused (RULINGS R29).
"""


@COMMANDS.typed(
    "buy",
    "buy NAME ITEM [xN][, ITEM [xN]]... [haggle [adv|dis] [penalty N] [roll N]] [decline]",
    "buy an order from the equipment list (coins charged; haggle over the whole order)",
    BuyIntent,
    _read_buy,
    details=DETAILS,
    complete=complete_shop,
)
def buy_command(ctx: Context, intent: BuyIntent) -> Reply:
    """Buy."""
    act = Act(ctx, intent.overrides())
    character = act.character(intent.character)
    order = shop.order_of(act.ruleset.content, intent.items)
    listed = order.list_price
    if not intent.haggle and character.coins < listed:
        raise RuleError(
            f"{character.name} has {character.coins} coins; {order.describe()} costs "
            f"{listed} (redhack: Equipment)"
        )
    with_items = character
    for item, quantity in shop.bought_items(order):
        with_items = with_items.add_items(item, quantity)
    _carry(act, character, with_items.with_coins(max(0, character.coins - listed)))
    price = listed
    act.detail.update(order=order.to_json(), list=listed)
    if intent.haggle:
        price, _ = haggle(act, character, listed, False, intent)
        refusal = _refusal(act, character, with_items, price)
        if refusal or (price > listed and not _go_ahead(ctx, intent, f"pay {price} coins")):
            why = refusal or f"{character.name} declines to pay"
            return _declined(act, order, why, "buy", character.name)
    after = with_items.with_coins(character.coins - price)
    act.update(after)
    act.say(f"{character.name} buys {order.describe()} for {_coins(price)} (list {listed})")
    act.say(f"{character.name}: coins {character.coins} -> {after.coins}")
    for note in act.ruleset.carry_notes(character, after):
        act.say(note, "warning", log=False)
    act.detail.update(paid=price)
    return act.commit("buy", character.name)


@COMMANDS.typed(
    "sell",
    "sell NAME ITEM [xN][, ITEM [xN]]... [haggle [adv|dis] [penalty N] [roll N]] [decline]",
    "sell carried items at half their list price (haggle over the whole sale)",
    SellIntent,
    _read_sell,
    details=DETAILS,
    complete=_complete_sell,
)
def sell_command(ctx: Context, intent: SellIntent) -> Reply:
    """Sell."""
    act = Act(ctx, intent.overrides())
    character = act.character(intent.character)
    order = shop.sale_lines(act.ruleset.content, character, intent.items)
    setting = str(act.session.setting("sell-price"))
    offered = shop.sale_price(order, setting)
    without = shop.take_sold(character, order)
    _carry(act, character, without.with_coins(character.coins + offered))
    price = offered
    act.detail.update(order=order.to_json(), list=order.list_price, offered=offered)
    if intent.haggle:
        price, _ = haggle(act, character, offered, True, intent)
        refusal = _refusal(act, character, without, -price)
        if refusal or (price < offered and not _go_ahead(ctx, intent, f"sell for {price} coins")):
            why = refusal or f"{character.name} declines to sell"
            return _declined(act, order, why, "sell", character.name)
    after = without.with_coins(character.coins + price)
    act.update(after)
    exact = order.list_price * shop.SELL_PRICES[setting]
    floor = ", rounded down" if exact != offered else ""
    act.say(
        f"{character.name} sells {order.describe()} for {_coins(price)} "
        f"({setting} of the list's {order.list_price}{floor}, RULINGS R35)"
    )
    act.say(f"{character.name}: coins {character.coins} -> {after.coins}")
    act.detail.update(paid=price)
    return act.commit("sell", character.name)


def _coins(count: int) -> str:
    """``"1 coin"``, ``"5 coins"``."""
    return "1 coin" if count == 1 else f"{count} coins"


def _carry(act: Act, before: Character, after: Character) -> None:
    """Refuse what cannot be carried (RULINGS R29), before anything is rolled.

    Raises:
        RuleError: the ruleset's carry check refuses it.
    """
    too_much = act.ruleset.carry_check(before, after)
    if too_much:
        raise RuleError(too_much)


def _refusal(act: Act, before: Character, goods: Character, cost: int) -> str | None:
    """Why the haggled deal cannot go through (coins short, or more coins than can be
    carried), or ``None``."""
    if before.coins < cost:
        return f"{before.name} has only {before.coins} coins, not {cost}"
    return act.ruleset.carry_check(before, goods.with_coins(before.coins - cost))


def _go_ahead(ctx: Context, intent: BuyIntent, what: str) -> bool:
    """Whether to take a price a failed haggle made worse: the console asks; a script
    goes ahead unless told ``decline`` (docs/rulings.md H194)."""
    if ctx.ask is None:
        return not intent.decline

    def check(answer: str) -> None:
        if answer.lower() not in ("y", "yes", "n", "no"):
            raise CommandError("answer yes or no")

    command = "sell" if isinstance(intent, SellIntent) else "buy"
    answer = ask_until(ctx, f"{what}? (yes/no) ", check, what=command, command=command)
    return answer.lower() in ("y", "yes")


def _declined(act: Act, order: Order, why: str, verb: str, actor: str) -> Reply:
    """The haggle stands in the log, nothing changes hands (redhack: Equipment >
    Haggling: the vendor keeps the inflated price for this order; H194)."""
    act.say(
        f"{why}: nothing is {'bought' if verb == 'buy' else 'sold'} "
        f"({order.describe()}; the vendor holds to that price until a downtime action "
        "finds another, redhack: Equipment > Haggling)",
        "warning",
    )
    act.detail.update(paid=None)
    return act.commit(f"{verb}.declined", actor)
