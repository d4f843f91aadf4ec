"""A character's purse and inventory: ``coins``, ``give``, ``drop`` and ``equip``, for
every ruleset (docs/rulings.md H15, H106; ``usage`` is :mod:`.usage`).

What differs between rulesets comes through the contract
(:class:`~hacktable.rulesets.base.Ruleset`): the equipment list (``make_item``), the
carry limit (``carry_check``), wearing and readying (``equip``), how a character is
protected (``protection``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...dice import UsageDie
from ...errors import HacktableError, RuleError, UnknownNameError
from ...play.character import Character
from ...play.outcome import Reply
from ...rulesets.base import check_player_gains
from ...rulesets.context import CampaignView, Context
from ...rulesets.grammar import Access, Args, Intent
from ...rulesets.powers import CARRYING
from .registry import CORE

if TYPE_CHECKING:
    from ...rulesets.base import Ruleset

__all__ = [
    "CoinsIntent",
    "DropIntent",
    "EquipIntent",
    "GiveIntent",
    "coins_command",
    "complete_items",
    "drop_command",
    "equip_command",
    "give_command",
    "names_first",
]


def names_first(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    """Completion of a command whose first word is a character's name."""
    return session.names() if not words else ()


def _amount(args: Args, what: str) -> tuple[str, int]:
    text = args.word(f"+N, -N or N ({what})")
    if text.startswith("="):
        text = text[1:]
    mode = "set" if text[:1] not in ("+", "-") else ("add" if text[0] == "+" else "subtract")
    value = abs(args.to_int(text, what))
    return mode, value


# -- coins -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoinsIntent(Intent):
    """Give, take or set a character's coins, never below 0; more than the character
    can carry is refused by the ruleset's :meth:`~hacktable.rulesets.base.Ruleset.carry_check`
    (redhack: Equipment > Coins, RULINGS R29).

    Attributes:
        character: the character's name.
        mode: ``"add"``, ``"subtract"`` or ``"set"``.
        amount: how many coins, 0 or more.
    """

    character: str
    mode: str
    amount: int

    def access(self) -> Access:
        """The character's player: their purse, as their inventory (docs/rulings.md
        H106)."""
        return Access.play(self.character)


def _read_coins(args: Args) -> CoinsIntent:
    name = args.word("NAME")
    mode, value = _amount(args, "coins")
    args.done()
    return CoinsIntent(name, mode, value)


@CORE.typed(
    "coins",
    "coins NAME +N|-N|N",
    "give (+N), take (-N) or set (N) a character's coins",
    CoinsIntent,
    _read_coins,
    complete=names_first,
)
def coins_command(ctx: Context, intent: CoinsIntent) -> Reply:
    """Change coins; a character cannot go below 0."""
    session = ctx.session
    character = session.character(intent.character)
    mode, value = intent.mode, intent.amount
    target = {"set": value, "add": character.coins + value, "subtract": character.coins - value}[
        mode
    ]
    if target > character.coins:
        check_player_gains(ctx.principal, session.setting, f"add coins to {character.name}")
    after = character.with_coins(target)
    too_much = session.ruleset.carry_check(character, after)
    if too_much:
        raise RuleError(too_much)
    summary = f"{character.name}: coins {character.coins} -> {after.coins}"
    reply = Reply().add(summary)
    reply.adjust(f"{character.name}'s coins", target, after.coins, "coins never go below 0")
    for note in session.ruleset.carry_notes(character, after):
        reply.add(note, "warning")
    session.commit_character("coins", character, after, summary, ctx.line)
    return reply


# -- items -------------------------------------------------------------------------------


def complete_items(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    if not words:
        return session.names()
    if len(words) == 1:
        try:
            return [item.name for item in session.character(words[0]).inventory]
        except HacktableError:
            return ()
    return ("adv", "dis")


@dataclass(frozen=True, slots=True)
class GiveIntent(Intent):
    """Add an item to a character's inventory: from the equipment list, or custom gear
    when asked for (the ruleset's ``make_item`` and ``carry_check``; docs/rulings.md H15
    on several dice, H191 on custom gear).

    Attributes:
        character: the character's name.
        item: the item's name, as given (spaces collapsed).
        usage: ``ud N``, the usage die it comes with (``None``: the list's, if any).
        quantity: ``xN``, how many (1 to 100).
        force: ``force``, give it even when it is more than the character can carry.
        custom: ``custom``, custom gear: a name the equipment list lacks (H191).
    """

    character: str
    item: str
    usage: UsageDie | None = None
    quantity: int = 1
    force: bool = False
    custom: bool = False

    def access(self) -> Access:
        """The character's player manages their inventory; ``force`` (past what they
        can carry) is the GM's (docs/rulings.md H106)."""
        if self.force:
            return Access.gm(CARRYING, "give with force")
        return Access.play(self.character)


def _read_give(args: Args) -> GiveIntent:
    name = args.word("NAME")
    words = args.rest()
    usage: UsageDie | None = None
    quantity = 1
    name_words = []
    force = custom = False
    while words and words[-1].lower().lstrip("-") in ("force", "custom"):
        flag = words.pop().lower().lstrip("-")
        force, custom = force or flag == "force", custom or flag == "custom"
    items = iter(words)
    for word in items:
        low = word.lower()
        if low == "ud":
            usage = UsageDie.parse(next(items, ""))
        elif low.startswith("ud") and low[2:].isdigit():
            usage = UsageDie.parse(low)
        elif low.startswith("x") and len(low) > 1 and low[1:].lstrip("+-").isdigit():
            quantity = args.to_int(low[1:], "quantity", minimum=1)
            if quantity > 100:
                raise args.error("at most 100 at a time")
        else:
            name_words.append(word)
    item_name = " ".join(" ".join(name_words).split())
    if not item_name:
        raise args.error("missing ITEM")
    if len(item_name) > 60 or any(not ch.isprintable() for ch in item_name):
        raise args.error("an item's name is at most 60 printable characters")
    return GiveIntent(name, item_name, usage, quantity, force, custom)


@CORE.typed(
    "give",
    "give NAME ITEM [ud N] [xN] [custom] [force]",
    "add an item to a character's inventory (from the equipment list, or custom gear)",
    GiveIntent,
    _read_give,
    details="""
An item named in the equipment list takes its usage die, damage and slots from there
(give Aldric "50' rope", give Mirela rations, give Tomas plate armour). A name the list
lacks is refused ("did you mean ...?"); "custom" (or --custom) adds it as custom gear
(give Mirela lucky stone custom). "ud8" sets the usage die, "x3" the quantity.
""",
    complete=lambda session, words: (
        session.names() if not words else (*session.ruleset.item_names(), "custom", "force")
    ),
)
def give_command(ctx: Context, intent: GiveIntent) -> Reply:
    """Add an item."""
    session = ctx.session
    character = session.character(intent.character)
    check_player_gains(ctx.principal, session.setting, f"give {character.name} gear")
    quantity = intent.quantity
    item, known = session.ruleset.make_item(intent.item, intent.custom)
    if intent.usage is not None:
        item = replace(item, usage=intent.usage)
    # Each with a usage die has its own: three torches burn one after the other (H15).
    after = character.add_items(item, quantity)
    if item.usage is not None or item.kind == "container":
        shown = item.describe() if quantity == 1 else f"{quantity} x {item.describe()}"
    else:
        shown = (replace(item, quantity=quantity) if quantity != 1 else item).describe()
    too_much = session.ruleset.carry_check(character, after)
    if too_much and not intent.force:
        raise RuleError(f"{too_much} (add 'force' to give it anyway)")
    summary = f"{character.name} gains {shown}"
    session.commit_character("item.give", character, after, summary, ctx.line)
    reply = Reply().add(summary)
    if not known:
        reply.add("(custom gear: not from the equipment list)", "muted")
    for note in session.ruleset.carry_notes(character, after):
        reply.add(note, "warning")
    return reply


@dataclass(frozen=True, slots=True)
class DropIntent(Intent):
    """Remove an item from a character's inventory (an exhausted one stays until
    dropped: docs/rulings.md H15).

    Attributes:
        character: the character's name.
        item: the item's name, as given.
    """

    character: str
    item: str

    def access(self) -> Access:
        """The character's player (docs/rulings.md H106)."""
        return Access.play(self.character)


def _read_drop(args: Args) -> DropIntent:
    name = args.word("NAME")
    return DropIntent(name, " ".join(args.rest()) or args.word("ITEM"))


@CORE.typed(
    "drop",
    "drop NAME ITEM",
    "remove an item from a character's inventory",
    DropIntent,
    _read_drop,
    complete=complete_items,
)
def drop_command(ctx: Context, intent: DropIntent) -> Reply:
    """Remove an item."""
    session = ctx.session
    character = session.character(intent.character)
    index = find_carried(session.ruleset, character, intent.item)
    item = character.inventory[index]
    after = character.remove_item(index)
    summary = f"{character.name} drops {item.describe()}"
    session.commit_character("item.drop", character, after, summary, ctx.line)
    return Reply().add(summary)


def find_carried(ruleset: Ruleset[Any], character: Character, name: str) -> int:
    """The index of the carried item called ``name`` (``Character.find_item``), else
    of the first item of the list entry ``name`` resolves to as ``give`` reads it
    ("leather armour" finds "Leather"; docs/rulings.md H284).

    Raises:
        UnknownNameError: neither finds one (the inventory's names offered).
    """
    try:
        return character.find_item(name)
    except UnknownNameError as missing:
        try:
            ref = ruleset.make_item(name)[0].ref
        except HacktableError:
            raise missing from None
        for index, item in enumerate(character.inventory):
            if ref is not None and item.ref == ref:
                return index
        raise


@dataclass(frozen=True, slots=True)
class EquipIntent(Intent):
    """Wear or ready an item, or take it off (the ruleset's ``equip``; what it does to
    the character's protection is the ruleset's ``protection``: redhack's AC, RULINGS
    R7).

    Attributes:
        character: the character's name.
        item: the item's name, as given.
        off: ``off``, take it off (or put the weapon away).
    """

    character: str
    item: str
    off: bool = False

    def access(self) -> Access:
        """The character's player (docs/rulings.md H106)."""
        return Access.play(self.character)


def _read_equip(args: Args) -> EquipIntent:
    name = args.word("NAME")
    words = args.rest()
    off = bool(words) and words[-1].lower() == "off"
    if off:
        words = words[:-1]
    if not words:
        raise args.error("missing ITEM")
    return EquipIntent(name, " ".join(words), off)


def _protection_change(before: str | None, after: str | None, kind: str) -> str | None:
    """How equipping changed the character's protection, in the ruleset's terms
    (:meth:`~hacktable.rulesets.base.Ruleset.protection`), or ``None`` to say nothing:
    the ruleset names none, or neither it changed nor the item is armour, a shield or a
    helm. The leading words both share are said once: ``"AC 12"`` and ``"AC 13"`` are
    ``"AC 12 -> 13"``."""
    if before is None or after is None:
        return None
    if before == after and kind not in ("armour", "shield", "helm"):
        return None
    first, second = before.split(), after.split()
    shared = 0
    while shared < min(len(first), len(second)) - 1 and first[shared] == second[shared]:
        shared += 1
    return f"{before} -> {' '.join(second[shared:])}"


@CORE.typed(
    "equip",
    "equip NAME ITEM | equip NAME ITEM off",
    "wear or ready an item (armour, a shield or a helm protects only when worn)",
    EquipIntent,
    _read_equip,
    complete=complete_items,
)
def equip_command(ctx: Context, intent: EquipIntent) -> Reply:
    """Equip or unequip an item."""
    session = ctx.session
    character = session.character(intent.character)
    off = intent.off
    index = find_carried(session.ruleset, character, intent.item)
    item = character.inventory[index]
    after = session.ruleset.equip(character, index, not off)
    if item.kind == "weapon":
        verb = "puts away" if off else "readies"
    else:
        verb = "takes off" if off else "equips"
    summary = f"{character.name} {verb} {item.name}"
    dropped = [
        other.name
        for was, other in zip(character.inventory, after.inventory, strict=True)
        if was.equipped and not other.equipped and other is not item and was is not item
    ]
    if dropped:
        summary += f" and puts away {', '.join(dropped)}"
    protection = _protection_change(
        session.ruleset.protection(character), session.ruleset.protection(after), item.kind
    )
    if protection:
        summary += f" ({protection})"
    elif item.kind == "weapon" and not off:
        summary += ": attacks use it unless told otherwise"
    reply = Reply()
    session.commit_character("item.equip", character, after, summary, ctx.line)
    return reply.add(summary)
