"""Keeping a campaign's characters: what every ruleset's ``character`` command does
beyond making one (which is the ruleset's own): showing the sheet, naming who plays a
character, handing it to another player, removing it, and the GM's miracle of bringing
the dead back (docs/rulings.md H106).
"""

from __future__ import annotations

from typing import Any, Literal

from ..errors import RuleError, UnknownNameError
from ..play.character import Character, fold
from ..play.events import Change, Event
from ..play.outcome import Reply
from ..play.players import OWNER, owner_of, seat_of, seats
from ..play.principal import NotAllowedError, Role
from .context import CampaignView, Context
from .grammar import Access
from .powers import CHARACTERS, CREATING

__all__ = [
    "ACTIONS",
    "CharacterAction",
    "access",
    "hand_over",
    "owner_of_new",
    "player_named",
    "remove",
    "revive",
    "show",
]

CharacterAction = Literal["new", "show", "list", "remove", "revive", "owner"]
"""What a ruleset's ``character`` command is asked to do."""

ACTIONS: tuple[str, ...] = ("new", "show", "list", "remove", "revive", "owner")
"""The ``character`` subcommands, in the order completion offers them."""


def access(action: str) -> Access:
    """Who may ask ``character ACTION``: anyone shows and lists; any player makes a
    character (their own: ``owner_of_new`` refuses a player's ``--player`` naming
    another); removing, reviving and handing out characters are the GM's
    (docs/rulings.md H106)."""
    if action in ("show", "list"):
        return Access.read()
    if action == "new":
        return Access.play(what="character new")
    return Access.gm(CHARACTERS, f"character {action}")


def player_named(session: CampaignView[Any], name: str) -> str | None:
    """The seated player ``name`` means, as seated; ``None`` for ``gm``.

    Raises:
        UnknownNameError: the campaign has no such player.
    """
    if fold(name) == "gm":
        return None
    seat = seat_of(session.state, name)
    if seat is None:
        raise UnknownNameError("player", name, ["gm", *(s.name for s in seats(session.state))])
    return seat.name


def owner_of_new(ctx: Context, player: str | None) -> str | None:
    """Who plays a new character: the player the GM names (``None``: the GM), or the
    player who makes it (docs/rulings.md H106).

    Raises:
        NotAllowedError: a player named another player.
        UnknownNameError: the GM named no player of the campaign.
    """
    principal = ctx.principal
    if principal.role is not Role.PLAYER:
        return None if player is None else player_named(ctx.session, player)
    if player is not None and fold(player) != fold(principal.name):
        raise NotAllowedError(principal.name, f"character new for {player}", CREATING)
    return principal.name


def show(ctx: Context, character: Character, *more: str) -> Reply:
    """``character show``: the ruleset's sheet and status lines, ``more`` lines, and
    who plays the character."""
    session = ctx.session
    ruleset = session.ruleset
    reply = (
        Reply()
        .extend(ruleset.character_sheet(character, session.state))
        .extend(ruleset.status_lines(character, session.state))
    )
    for line in more:
        reply.add(line, "note")
    owner = owner_of(session.state, character.key)
    return reply.add(f"Played by {owner}", "muted") if owner else reply


def hand_over(ctx: Context, character: Character, player: str) -> Reply:
    """``character owner``: ``character`` is played by ``player`` (or the GM) from now
    on (docs/rulings.md H106).

    Raises:
        UnknownNameError: no such player. RuleError: they play it already.
    """
    session = ctx.session
    owner = player_named(session, player)
    before = session.state.get(OWNER, character.key)
    who = owner or "the GM"
    if before == owner:
        raise RuleError(f"{character.name} is already played by {who}")
    summary = f"{character.name} is played by {who}"
    session.commit(
        Event(
            "character.owner",
            actor=character.name,
            summary=summary,
            changes=(Change(OWNER, character.key, before, owner),),
            command=ctx.line,
        )
    )
    return Reply().add(summary, "note")


def remove(ctx: Context, character: Character) -> Reply:
    """``character remove``: the character leaves the campaign, with whoever played it
    (undo brings them back)."""
    session = ctx.session
    owner = session.state.get(OWNER, character.key)
    session.commit(
        Event(
            "character.remove",
            actor=character.name,
            summary=f"{character.name} leaves the campaign",
            changes=(
                session.character_change(character, None),
                Change(OWNER, character.key, owner, None),
            ),
            command=ctx.line,
        )
    )
    return Reply().add(f"{character.name} removed (undo brings them back).", "note")


def revive(ctx: Context, character: Character, after: Character) -> Reply:
    """``character revive``: the GM's miracle, a dead ``character`` lives again as
    ``after`` (the ruleset clears what death left), with 1 HP.

    Raises:
        RuleError: the character is not dead.
    """
    if not character.dead:
        raise RuleError(f"{character.name} is not dead")
    alive = after.with_hp(1)
    summary = f"{character.name} is brought back (the GM's word): HP 1"
    ctx.session.commit_character("character.revive", character, alive, summary, ctx.line)
    return Reply().add(f"{character.name} lives again with 1 HP (the GM's word).", "note")
