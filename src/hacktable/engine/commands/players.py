"""``player``: the campaign's players, in seating order (docs/rulings.md H106).

A player acts for the characters they play (``character new ... --player NAME``,
``character owner``); the GM plays the rest. Seating and unseating players is the GM's;
anyone may see who sits where.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...errors import RuleError, UnknownNameError
from ...play.character import fold
from ...play.events import Change, Event
from ...play.outcome import Reply
from ...play.players import OWNER, PLAYER, RESERVED, characters_of, seat_of, seats
from ...rulesets.context import Context
from ...rulesets.grammar import Access, Args, Intent
from ...rulesets.powers import PLAYERS
from .registry import CORE

__all__ = ["PlayerIntent", "player_command"]

PlayerAction = Literal["list", "add", "remove"]
"""What ``player`` does."""


@dataclass(frozen=True, slots=True)
class PlayerIntent(Intent):
    """List the players, seat one, or unseat one (docs/rulings.md H106).

    Attributes:
        action: ``"list"``, ``"add"`` or ``"remove"``.
        name: the player's name (add, remove), spaces collapsed.
    """

    action: PlayerAction = "list"
    name: str = ""

    def access(self) -> Access:
        """Anyone lists the players; seating and unseating them is the GM's."""
        if self.action == "list":
            return Access.read()
        return Access.gm(PLAYERS, f"player {self.action}")


def _read_player(args: Args) -> PlayerIntent:
    action = (args.optional() or "list").lower()
    if action == "list":
        args.done()
        return PlayerIntent()
    if action not in ("add", "remove"):
        raise args.error(f"unknown subcommand {action!r}")
    name = " ".join(" ".join(args.rest()).split())
    if not name or not fold(name):
        raise args.error("missing NAME")
    if action == "add":
        if len(name) > 40:
            raise args.error("a player's name has at most 40 characters")
        if any(not ch.isprintable() for ch in name) or name.startswith("-"):
            raise args.error("a player's name is printable and does not start with '-'")
        if fold(name) in RESERVED:
            raise args.error(f"{name!r} names the GM or an observer, not a player")
    return PlayerIntent("add" if action == "add" else "remove", name)


@CORE.typed(
    "player",
    "player [list] | player add NAME | player remove NAME",
    "the campaign's players in seating order, and the characters each plays",
    PlayerIntent,
    _read_player,
    details="""
"player add Ann" seats Ann (the GM's); "character new ... --player Ann" or "character
owner NAME Ann" gives her a character, and "hacktable play --as Ann" runs the console as
her: she acts for her own characters only, and never uses a GM power (docs/rulings.md
H106). "player remove Ann" unseats her: the GM plays her characters from then on.
""",
    aliases=("players",),
)
def player_command(ctx: Context, intent: PlayerIntent) -> Reply:
    """List, seat or unseat players."""
    if intent.action == "add":
        return _add(ctx, intent.name)
    if intent.action == "remove":
        return _remove(ctx, intent.name)
    state = ctx.session.state
    reply = Reply()
    for seat in seats(state):
        plays = ", ".join(characters_of(state, seat.name)) or "no characters"
        reply.add(f"{seat.seat:>2}  {seat.name:<16} {plays}")
    if not reply.lines:
        reply.add("No players yet: the GM plays every character ('player add NAME').", "note")
    return reply


def _add(ctx: Context, name: str) -> Reply:
    session = ctx.session
    state = session.state
    key = fold(name)
    seated = seat_of(state, name)
    if seated is not None:
        raise RuleError(f"{seated.name} is already a player (seat {seated.seat})")
    character = state.get("character", key)
    if isinstance(character, dict):
        shown = character.get("name", name)
        raise RuleError(f"{shown} is a character's name: a player needs a name of their own")
    number = max((seat.seat for seat in seats(state)), default=0) + 1
    summary = f"{name} joins the table (seat {number})"
    session.commit(
        Event(
            "player.add",
            summary=summary,
            changes=(Change(PLAYER, key, None, {"name": name, "seat": number}),),
            command=ctx.line,
        )
    )
    return Reply().add(summary, "note")


def _remove(ctx: Context, name: str) -> Reply:
    session = ctx.session
    state = session.state
    seated = seat_of(state, name)
    if seated is None:
        raise UnknownNameError("player", name, [seat.name for seat in seats(state)])
    played = characters_of(state, seated.name)
    owned = [
        Change(OWNER, key, state.get(OWNER, key), None)
        for key in state.keys(OWNER)
        if fold(str(state.get(OWNER, key))) == fold(seated.name)
    ]
    summary = f"{seated.name} leaves the table"
    if played:
        summary += f": the GM plays {', '.join(played)}"
    session.commit(
        Event(
            "player.remove",
            summary=summary,
            changes=(
                Change(PLAYER, fold(seated.name), state.get(PLAYER, fold(seated.name)), None),
                *owned,
            ),
            command=ctx.line,
        )
    )
    return Reply().add(summary, "note")
