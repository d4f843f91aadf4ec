"""``invite`` and ``revoke``: who may join the web table (issue 12 §1; docs/rulings.md
H644). Both are the GM's, at the console and on the GM's page alike, which runs them
through the command layer.

An invite is a one-time link whose token the log keeps hashed (H610, H611); revoking a
player ends their web sessions at once and kills their unused invites (H642).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from ...errors import UnknownNameError
from ...play.character import fold
from ...play.outcome import Reply
from ...play.players import seat_of, seats
from ...play.principal import GM
from ...rulesets.context import Context
from ...rulesets.grammar import Access, Args, Intent
from ...rulesets.powers import WEB_TABLE
from .campaign import session_of
from .registry import CORE

__all__ = ["InviteIntent", "RevokeIntent", "invite_command", "revoke_command"]

OBSERVERS = ("observer", "observers")
"""The words that name the observers, who share one name (``"observer"``)."""

InviteAction = Literal["list", "player", "character", "observer"]


@dataclass(frozen=True, slots=True)
class InviteIntent(Intent):
    """List the open invites and sign-ins, or make a one-time invite (H644).

    Attributes:
        action: ``"list"``, ``"observer"``, ``"player"`` (``name`` is a player) or
            ``"character"`` (``name`` is a character: its player is invited).
        name: the player or character.
    """

    action: InviteAction = "list"
    name: str = ""

    def access(self) -> Access:
        """The GM's alone."""
        return Access.gm(WEB_TABLE, "invite")


def _read_invite(args: Args) -> InviteIntent:
    first = args.optional()
    if first is None or first.lower() == "list":
        args.done()
        return InviteIntent()
    if first.lower() in OBSERVERS:
        args.done()
        return InviteIntent("observer")
    if first.lower() == "player":
        name = " ".join(args.rest())
        if not name:
            raise args.error("missing PLAYER")
        return InviteIntent("player", name)
    return InviteIntent("character", " ".join([first, *args.rest()]))


def _link(ctx: Context, token: str) -> str:
    """The invite's path at the web table (``/t/NAME/join?token=...``)."""
    from ...web.hub import table_id

    return f"/t/{table_id(session_of(ctx).store.location)}/join?token={token}"


@CORE.typed(
    "invite",
    "invite [list] | invite CHARACTER | invite player PLAYER | invite observer",
    "a one-time link to join the web table as a player or an observer; the open ones",
    InviteIntent,
    _read_invite,
    details="""
"invite Aldric" makes a link for the player of Aldric; "invite player Ann" names the
player; "invite observer" lets someone watch. Each link works once (the log keeps only
its hash); put it after the server's address ("hacktable serve" prints it). "invite"
alone lists the invites not used yet and who is signed in. "revoke Ann" ends Ann's
sessions and her unused links (docs/rulings.md H642, H644).
""",
    complete=lambda s, w: (
        ["observer", "player", *sorted(s.state.keys("character"))] if not w else ()
    ),
)
def invite_command(ctx: Context, intent: InviteIntent) -> Reply:
    """Make an invite, or list them."""
    from ...web.invites import create_invite

    session = session_of(ctx)
    if intent.action == "list":
        return _listing(ctx)
    role = "observer" if intent.action == "observer" else "player"
    player = intent.name if intent.action == "player" else ""
    character = intent.name if intent.action == "character" else ""
    made = create_invite(session, role, player, character)
    who = made.principal.name if role == "player" else "an observer"
    path = _link(ctx, made.token)
    reply = Reply().add(f"Invite for {who} (one use), after the server's address: {path}", "note")
    reply.data["invite"] = {
        "token": made.token,
        "path": path,
        "role": role,
        "player": made.principal.name,
        "seq": made.seq,
    }
    return reply


def _listing(ctx: Context) -> Reply:
    """The open invites and the signed-in sessions, as lines and as data."""
    from ...web.invites import OPEN, invite_book
    from ...web.sessions import Sessions

    session = session_of(ctx)
    book = invite_book(session)
    open_ones: list[dict[str, str | int]] = [
        {"seq": e.seq, "at": e.at, "role": e.record["role"], "player": e.record["player"]}
        for e in book.values()
        if e.state == OPEN
    ]
    known = Sessions()
    known.fold(session.store.events())
    signed: list[dict[str, str | int]] = [
        {
            "seq": grant.seq,
            "role": grant.principal.role.value,
            "player": grant.principal.name,
            "expires": grant.expires.isoformat(),
        }
        for grant in known.signed_in(datetime.now(UTC))  # an expired one signs nobody in
    ]
    reply = Reply()
    for item in open_ones:
        reply.add(f"#{item['seq']} open invite for {item['player']} ({str(item['at'])[:16]})")
    for item in signed:
        until = str(item["expires"])[:10]
        reply.add(f"#{item['seq']} {item['player']} signed in (until {until})")
    if not reply.lines:
        reply.add("No open invites and nobody signed in ('invite NAME').", "note")
    reply.data["invites"] = open_ones
    reply.data["sessions"] = signed
    return reply


def _signed_in(ctx: Context, name: str) -> str | None:
    """The player called ``name`` who is no longer seated ('player remove') but still
    has a web session or an unused invite, as the log names them; ``None`` when there is
    none (docs/rulings.md H695)."""
    from ...web.invites import OPEN, invite_book
    from ...web.sessions import Sessions

    session = session_of(ctx)
    known = Sessions()
    known.fold(session.store.events())
    names = [g.principal.name for g in known.grants.values() if g.principal.role.value == "player"]
    names += [
        e.record["player"]
        for e in invite_book(session).values()
        if e.state == OPEN and e.record["role"] == "player"
    ]
    return next((each for each in names if fold(each) == fold(name)), None)


@dataclass(frozen=True, slots=True)
class RevokeIntent(Intent):
    """End a player's (or every observer's) web sessions and unused invites (H642).

    Attributes:
        name: the player, or ``"observers"``.
    """

    name: str

    def access(self) -> Access:
        """The GM's alone."""
        return Access.gm(WEB_TABLE, "revoke")


def _read_revoke(args: Args) -> RevokeIntent:
    name = " ".join(args.rest())
    if not name:
        raise args.error("missing PLAYER")
    return RevokeIntent(name)


@CORE.typed(
    "revoke",
    "revoke PLAYER | revoke observers | revoke gm",
    "end a player's (or the GM's) web-table sessions at once and kill unused invites",
    RevokeIntent,
    _read_revoke,
    details="""
The player's browsers are signed out at their next request, and their live log closes
with a message; their links not used yet stop working. To let them back in, "invite"
them again (docs/rulings.md H642). "revoke observers" does this to every observer. A
player removed with 'player remove' who is still signed in is revoked by name too (H695).
"revoke gm" ends every browser signed in as the GM (through the GM's link or a GM's
account, this one too): each must sign in again (H785).
""",
    complete=lambda s, w: ["gm", "observers", *sorted(s.state.keys("player"))] if not w else (),
)
def revoke_command(ctx: Context, intent: RevokeIntent) -> Reply:
    """Log an ``invite.revoke`` event (docs/rulings.md H642, H695, H785)."""
    from ...web.invites import revocation

    session = session_of(ctx)
    ends = "sessions and unused invites end"
    if fold(intent.name) in OBSERVERS:
        role, name = "observer", "observer"
        summary = f"the GM revokes every observer at the web table: {ends}"
    elif fold(intent.name) == "gm":  # (a reserved name: no player is called so)
        role, name = "gm", GM.name
        summary = "the GM revokes the GM at the web table: every GM's browser must sign in again"
    else:
        seat = seat_of(session.state, intent.name)
        found = seat.name if seat is not None else _signed_in(ctx, intent.name)
        if found is None:
            raise UnknownNameError(
                "player",
                intent.name,
                [*(s.name for s in seats(session.state)), "observers", "gm"],
            )
        role, name = "player", found
        summary = f"the GM revokes {found} at the web table: {ends}"
    session.commit(revocation(role, name, summary, command=ctx.line))
    return Reply().add(summary[0].upper() + summary[1:], "warning")
