"""Containers: ``put`` an item or coins in a sack, pouch or backpack, and ``take`` them
out (redhack: Equipment > Encumberance, Miscellany; RULINGS R29; docs/rulings.md
H195-H198). The rules are :mod:`..containers`'s."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from ....engine.commands.inventory import find_carried
from ....errors import HacktableError, RuleError, UnknownNameError
from ....play.character import fold
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from .. import containers
from ..character import Character
from ..view import CampaignView
from .common import redhack_of
from .registry import COMMANDS

__all__ = ["PutIntent", "TakeIntent", "put_command", "take_command"]


@dataclass(frozen=True, slots=True)
class PutIntent(Intent):
    """Put an item, or coins, in a container (RULINGS R29).

    Attributes:
        character: whose.
        item: the item's name (``""`` for coins).
        container: the container's name or label (``small-sack-2``).
        coins: how many coins, or 0 for an item.
    """

    character: str
    item: str
    container: str
    coins: int = 0

    def access(self) -> Access:
        """The character's player (their inventory, docs/rulings.md H106)."""
        return Access.play(self.character)


@dataclass(frozen=True, slots=True)
class TakeIntent(PutIntent):
    """Take an item, or coins, out of a container (``container`` ``""``: whichever
    holds the item)."""


def _split(args: Args, word: str) -> tuple[str, str, str, int]:
    name = args.word("NAME")
    words = args.rest()
    lows = [w.lower() for w in words]
    if word in lows:
        at = len(lows) - 1 - lows[::-1].index(word)
        thing, container = words[:at], " ".join(words[at + 1 :])
        if not container:
            raise args.error(f"missing CONTAINER after {word!r}")
    elif word == "from":
        thing, container = words, ""
    else:
        raise args.error(f"put ITEM {word} CONTAINER")
    if not thing:
        raise args.error("missing ITEM")
    coins = 0
    if len(thing) == 2 and thing[1].lower() in ("coins", "coin", "gp"):
        coins = args.to_int(thing[0], "coins", minimum=1)
        return name, "", container, coins
    return name, " ".join(thing), container, coins


def _read_put(args: Args) -> PutIntent:
    return PutIntent(*_split(args, "in"))


def _read_take(args: Args) -> TakeIntent:
    return TakeIntent(*_split(args, "from"))


def _complete(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return session.names()
    try:
        inventory = session.character(words[0]).inventory
    except HacktableError:
        return ()
    kept = [i.label or (i.ref or "") for i in inventory if containers.holds(i) is not None]
    return (*dict.fromkeys(i.ref for i in inventory if i.ref), "coins", "in", "from", *kept)


def _containers(
    character: Character, name: str, fits: Callable[[int], object]
) -> tuple[Character, int]:
    """The character after ``fits`` with the container called ``name`` (its label, or
    its name: of several, the first for which ``fits`` succeeds).

    Raises:
        UnknownNameError: no container by that name.
        RuleError: none of them will do (the first one's reason).
    """
    inventory = character.inventory
    found = [i for i, item in enumerate(inventory) if item.label and fold(item.label) == fold(name)]
    if not found:
        found = [i for i in character.find_items(name) if containers.holds(inventory[i])]
    if not found:
        choices = [i.label or i.name for i in inventory if containers.holds(i) is not None]
        raise UnknownNameError("container", name, choices)
    first: RuleError | None = None
    for index in found:
        try:
            after = fits(index)
        except RuleError as error:
            first = first or error
            continue
        assert isinstance(after, Character)
        return after, index
    assert first is not None
    raise first


def _numbered(character: Character, name: str) -> Character:
    """The character with the Nth container of a kind labelled ``REF-N`` when ``name``
    says so and no container has that label yet: "small-sack-2" is the second Small
    Sack on the sheet, before either was used (docs/rulings.md H282)."""
    inventory = character.inventory
    if any(item.label and fold(item.label) == fold(name) for item in inventory):
        return character
    base, _, number = fold(name).rpartition("-")
    if not base or not number.isdigit() or int(number) < 2:
        return character
    kind = [i for i, item in enumerate(inventory) if item.ref == base and containers.holds(item)]
    if len(kind) < int(number) or inventory[kind[int(number) - 1]].label:
        return character
    index = kind[int(number) - 1]
    return character.replace_item(index, replace(inventory[index], label=f"{base}-{number}"))


def _finish(ctx: Context, before: Character, after: Character, summary: str, action: str) -> Reply:
    ruleset = redhack_of(ctx.session)
    too_much = ruleset.carry_check(before, after)
    if too_much:
        raise RuleError(too_much)
    ctx.session.commit_character(action, before, after, summary, ctx.line)
    reply = Reply().add(summary)
    for note in ruleset.carry_notes(before, after):
        reply.add(note, "warning")
    return reply


PUT_DETAILS = """
A coin pouch holds 250 coins; a small sack 5 items or 1,250 coins; a large sack or a
backpack 10 items or 2,500 coins (250 coins fill an item's room); a quiver or case
holds arrows and quarrels. A backpack and a quiver are worn and leave the hands free.
What is in a container counts once: the container takes the slots of what it holds.
At most DEX items are held or in pockets and clothes: each sack or pouch counts one,
worn containers and worn armour none (redhack: Equipment > Encumberance; RULINGS R29).
  put Sly rope in backpack          put Sly 500 coins in small-sack
  put Sly torches in small-sack-2   (a container's label, shown on the sheet)
"""


@COMMANDS.typed(
    "put",
    "put NAME ITEM in CONTAINER | put NAME N coins in CONTAINER",
    "put an item or coins in a sack, pouch, backpack or quiver",
    PutIntent,
    _read_put,
    details=PUT_DETAILS,
    complete=_complete,
)
def put_command(ctx: Context, intent: PutIntent) -> Reply:
    """Put something in a container."""
    before: Character = ctx.session.character(intent.character)
    source = _numbered(before, intent.container)
    if intent.coins:
        after, into = _containers(
            source, intent.container, lambda i: containers.put_coins(source, intent.coins, i)
        )
        what = f"{intent.coins} coins"
    else:
        index = find_carried(ctx.session.ruleset, source, intent.item)  # (H284)
        after, into = _containers(
            source, intent.container, lambda i: containers.put_item(source, index, i)
        )
        what = source.inventory[index].name
    container = after.inventory[into]
    summary = f"{before.name} puts {what} in the {container.name} [{container.label}]"
    return _finish(ctx, before, after, summary, "item.put")


@COMMANDS.typed(
    "take",
    "take NAME ITEM [from CONTAINER] | take NAME N coins from CONTAINER",
    "take an item or coins out of a container, into hand",
    TakeIntent,
    _read_take,
    details="""
The item goes back into hand, pockets and clothes (at most DEX of them, RULINGS R29).
  take Sly rope from backpack       take Sly 200 coins from small-sack
""",
    complete=_complete,
)
def take_command(ctx: Context, intent: TakeIntent) -> Reply:
    """Take something out of a container."""
    before: Character = ctx.session.character(intent.character)
    if intent.coins:
        if not intent.container:
            raise RuleError("take N coins from CONTAINER: name the container")
        after, out_of = _containers(
            before, intent.container, lambda i: containers.take_coins(before, intent.coins, i)
        )
        what = f"{intent.coins} coins"
    else:
        inside = [i for i in before.find_items(intent.item) if before.inventory[i].holder] or [
            before.find_item(intent.item)
        ]
        index = inside[0]
        item = before.inventory[index]
        if intent.container:
            _, out_of = _containers(before, intent.container, lambda i: before)
            label = before.inventory[out_of].label
            matching = [i for i in inside if before.inventory[i].holder == label]
            if not matching:
                raise RuleError(f"{item.name} is not in the {before.inventory[out_of].name}")
            index = matching[0]
        else:
            out_of = next(
                (i for i, c in enumerate(before.inventory) if c.label and c.label == item.holder),
                index,
            )
        after = containers.take_item(before, index)
        what = before.inventory[index].name
    container = before.inventory[out_of]
    summary = f"{before.name} takes {what} out of the {container.name}"
    return _finish(ctx, before, after, summary, "item.take")
