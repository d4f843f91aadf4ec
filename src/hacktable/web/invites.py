"""Invitations to the web table: one-time tokens, stored hashed in the campaign's log.

An invite is an ``invite`` event (private to the GM: others do not see it at all)
whose change records the SHA-256 of the token, the role and the player it makes the
bearer (docs/rulings.md H610, H611); redeeming it is an ``invite.use`` event marking it
used, so a used token is refused by every server on the campaign, and the log shows who
joined.
The token itself is shown once, in the link, and stored nowhere.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from ..engine.principal import Principal, Role
from ..engine.session import Session
from ..errors import CommandError, HacktableError, UnknownNameError
from ..play.events import Change, Event, Visibility
from ..play.players import owner_of, seat_of, seats

__all__ = ["INVITE", "Invite", "InviteError", "create_invite", "redeem_invite", "token_hash"]

INVITE = "invite"
"""The state's kind of an invite, keyed by its token's hash."""


class InviteError(HacktableError):
    """A token that lets nobody in: unknown (``status`` 401) or already used (403)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True, slots=True)
class Invite:
    """A new invitation: the token to put in the link (shown once) and who it admits.

    Attributes:
        token: the one-time secret.
        principal: who the bearer becomes.
        seq: the ``invite`` event's sequence number.
    """

    token: str
    principal: Principal
    seq: int


def token_hash(token: str) -> str:
    """The SHA-256 of ``token`` as hex: what the log keeps (docs/rulings.md H610: a
    32-byte random token needs no slow hash)."""
    return hashlib.sha256(token.encode()).hexdigest()


def _invited(session: Session, role: str, player: str, character: str) -> Principal:
    """The principal an invite for ``role`` admits (docs/rulings.md H612).

    Raises:
        CommandError: a role other than player or observer, or a player invite that
            names no player.
        UnknownNameError: no such player or character.
    """
    if role == Role.OBSERVER.value:
        return Principal(Role.OBSERVER, "observer")
    if role != Role.PLAYER.value:
        raise CommandError(f"an invite's role is player or observer, not {role!r}", "invite")
    state = session.state
    if character and not player:
        found = session.character(character)
        player = owner_of(state, found.key) or ""
        if not player:
            raise CommandError(
                f"{found.name} is played by the GM: 'player add NAME' and give them "
                "the character, or invite with --player NAME",
                "invite",
            )
    if not player:
        raise CommandError("a player invite names --character NAME or --player NAME", "invite")
    seat = seat_of(state, player)
    if seat is None:
        raise UnknownNameError("player", player, [s.name for s in seats(state)])
    return Principal(Role.PLAYER, seat.name)


def create_invite(session: Session, role: str, player: str = "", character: str = "") -> Invite:
    """Store a new one-time invite for ``role`` and return its token.

    Raises:
        CommandError, UnknownNameError: as :func:`_invited`; nothing is stored.
        CampaignError: the store refused the event.
    """
    principal = _invited(session, role, player, character)
    token = secrets.token_urlsafe(32)
    digest = token_hash(token)
    record = {"hash": digest, "role": principal.role.value, "player": principal.name}
    who = principal.name if principal.role is Role.PLAYER else "an observer"
    event = session.commit(
        Event(
            INVITE,
            summary=f"the GM invites {who} to the web table",
            changes=(Change(INVITE, digest[:16], None, {**record, "used": False}),),
            command=f"invite --role {principal.role.value}",
            visibility=Visibility.PRIVATE,
        )
    )
    return Invite(token, principal, event.seq)


def redeem_invite(session: Session, token: str) -> Principal:
    """Use ``token`` once: mark its invite used in the log and return who it admits.

    Raises:
        InviteError: no invite has this token (401), or it was used (403); nothing
            is stored.
        CampaignError: the store refused the event.
    """
    session.refresh()
    digest = token_hash(token)
    key = digest[:16]
    record = session.state.get(INVITE, key)
    if not isinstance(record, dict) or record.get("hash") != digest:
        raise InviteError("this invite link is not one of this campaign's", 401)
    if record.get("used"):
        raise InviteError("this invite link was used already: ask the GM for a new one", 403)
    name = str(record["player"])
    principal = (
        Principal(Role.PLAYER, name)
        if record["role"] == "player"
        else Principal(Role.OBSERVER, name)
    )
    if principal.role is Role.PLAYER and seat_of(session.state, name) is None:
        raise InviteError(f"{name} is no longer a player of this campaign", 403)
    session.commit(
        Event(
            "invite.use",
            summary=f"{name} joins the web table",
            changes=(Change(INVITE, key, record, {**record, "used": True}),),
            visibility=Visibility.PRIVATE,
        )
    )
    return principal
