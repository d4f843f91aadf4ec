"""The ``bestiary`` command: the opponents a fight can be set up with, the packaged
ones and the campaign's own (RULINGS B6)."""

from __future__ import annotations

from dataclasses import dataclass

from ....errors import RuleError, UnknownNameError
from ....play.events import Change, Event
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CONTENT
from ..content.schemas import Opponent
from ..opponents import (
    OPPONENT_KIND,
    campaign_opponents,
    custom_opponent,
    describe_opponent,
    find_opponent,
    opponent_id,
    opponent_json,
    parse_action,
)
from ..ruleset import BlackSwordHack
from .fight import read_add
from .registry import COMMANDS

__all__ = ["BestiaryAddIntent", "BestiaryIntent", "BestiaryRemoveIntent"]


@dataclass(frozen=True, slots=True)
class BestiaryIntent(Intent):
    """The bestiary: every opponent, or one.

    Attributes:
        name: the opponent to show, ``""`` for the list.
    """

    name: str = ""

    def access(self) -> Access:
        """Anyone may read it."""
        return Access.read()


@dataclass(frozen=True, slots=True)
class BestiaryAddIntent(BestiaryIntent):
    """The campaign's own opponent, kept for its fights (RULINGS B6).

    Attributes:
        level, hp, armour, morale: its stats (armour 0 unless given; morale
            ``None``: the campaign's setting).
        actions: its actions, ``NAME:DEFEND:DAMAGE[:ranged][:udN]``.
    """

    level: int = 1
    hp: int = 1
    armour: int = 0
    morale: int | None = None
    actions: tuple[str, ...] = ()

    def access(self) -> Access:
        """The GM's: the campaign's content."""
        return Access.gm(CONTENT, "bestiary add")


@dataclass(frozen=True, slots=True)
class BestiaryRemoveIntent(BestiaryIntent):
    """One of the campaign's own opponents removed."""

    def access(self) -> Access:
        """The GM's: the campaign's content."""
        return Access.gm(CONTENT, "bestiary remove")


def _read_bestiary(args: Args) -> BestiaryIntent:
    first = args.optional()
    if first is None:
        return BestiaryIntent()
    if first.lower() == "remove":
        name = args.word("NAME")
        args.done()
        return BestiaryRemoveIntent(name)
    if first.lower() != "add":
        args.done()
        return BestiaryIntent(first)
    added = read_add(args)
    if added.count != 1 or added.label or added.group or added.leader:
        raise args.error("xN, as, group and leader are for 'fight add'")
    if added.level is None or added.hp is None or not added.actions:
        raise args.error("an opponent needs a level, hp and an action")
    return BestiaryAddIntent(
        added.opponent, added.level, added.hp, added.armour or 0, added.morale, added.actions
    )


@COMMANDS.typed(
    "bestiary",
    "bestiary [NAME] | bestiary add NAME level L hp H [armour A] [morale M] "
    "action NAME:DEFEND:DAMAGE[:ranged][:udN]... | bestiary remove NAME",
    "the opponents a fight can have: level, HP, armour, actions (RULINGS B6)",
    BestiaryIntent,
    _read_bestiary,
    details="""
Every opponent has a level (its threat, 2.1.5), fixed HP, an armour rating and
actions, each naming the attributes a player defends with and a fixed damage (RULINGS
B6). 'bestiary add' keeps a campaign's own opponent (found before the packaged ones by
'fight add'); DEFEND is STR/DEX (parry or dodge) or DEX (dodge only), ':ranged' marks
a missile, ':ud4' ongoing damage on a hit.
""",
)
def bestiary_command(ctx: Context, intent: BestiaryIntent) -> Reply:
    """List, show, add or remove opponents."""
    session = ctx.session
    ruleset = session.ruleset
    assert isinstance(ruleset, BlackSwordHack)
    own = campaign_opponents(session.state)
    if isinstance(intent, BestiaryAddIntent):
        return _add(ctx, intent, own)
    if isinstance(intent, BestiaryRemoveIntent):
        return _remove(ctx, intent, own)
    reply = Reply()
    if intent.name:
        found = find_opponent(ruleset.content, own, intent.name)
        if found is None:
            choices = [o.id for o in own] + [o.id for o in ruleset.content.opponents]
            raise UnknownNameError("opponent", intent.name, choices)
        reply.add(describe_opponent(found), "title")
        if found.text:
            reply.add(f"  {found.text}")
        reply.add(f"  id: {found.id}" + (" (this campaign's)" if found in own else ""), "muted")
        return reply
    reply.add(f"Bestiary ({len(own) + len(ruleset.content.opponents)} opponents)", "title")
    for opponent in (*own, *ruleset.content.opponents):
        mine = " (this campaign's)" if opponent in own else ""
        reply.add(f"  {opponent.id}: {describe_opponent(opponent)}{mine}")
    return reply


def _add(ctx: Context, intent: BestiaryAddIntent, own: list[Opponent]) -> Reply:
    key = opponent_id(intent.name)
    if any(o.id == key for o in own):
        raise RuleError(f"the campaign has an opponent {key!r} already: 'bestiary remove' first")
    opponent = custom_opponent(
        intent.name,
        intent.level,
        intent.hp,
        intent.armour,
        [parse_action(a) for a in intent.actions],
        intent.morale,
    )
    line = f"The campaign's bestiary gains {describe_opponent(opponent)}"
    ctx.session.commit(
        Event(
            "bestiary.add",
            summary=line,
            changes=(Change(OPPONENT_KIND, key, None, opponent_json(opponent)),),
            command=ctx.line,
        )
    )
    return Reply().add(line)


def _remove(ctx: Context, intent: BestiaryRemoveIntent, own: list[Opponent]) -> Reply:
    key = opponent_id(intent.name)
    if not any(o.id == key for o in own):
        raise UnknownNameError("opponent of this campaign", intent.name, [o.id for o in own])
    line = f"The campaign's bestiary loses {key}"
    ctx.session.commit(
        Event(
            "bestiary.remove",
            summary=line,
            changes=(Change(OPPONENT_KIND, key, ctx.session.state.get(OPPONENT_KIND, key), None),),
            command=ctx.line,
        )
    )
    return Reply().add(line)
