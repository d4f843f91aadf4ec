"""Invitations to the web table: one-time tokens, stored hashed in the campaign's log.

An invite is an ``invite`` event (private to the GM: others do not see it at all)
whose detail records the SHA-256 of the token, the role and the player it makes the
bearer (docs/rulings.md H610, H611); redeeming it is an ``invite.use`` event naming that
hash, so a used token is refused by every server on the campaign, and the log shows who
joined. Neither changes the campaign's state, so ``undo`` never reverts one (it reverts
the latest change) and a used invite never comes back.
The token itself is shown once, in the link, and stored nowhere.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from ..engine.principal import Principal, Role
from ..engine.session import Session
from ..errors import CommandError, HacktableError, UnknownNameError
from ..play.events import Event, Visibility
from ..play.players import owner_of, seat_of, seats

__all__ = [
    "INVITE",
    "USED",
    "Invite",
    "InviteError",
    "create_invite",
    "invites",
    "redeem_invite",
    "token_hash",
]

INVITE = "invite"
"""The action of an invite's event."""
USED = "invite.use"
"""The action of the event that uses an invite."""


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
            detail={INVITE: record},
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
    record, used = invites(session).get(digest, (None, False))
    if record is None:
        raise InviteError("this invite link is not one of this campaign's", 401)
    if used:
        raise InviteError("this invite link was used already: ask the GM for a new one", 403)
    name = record["player"]
    role = Role.PLAYER if record["role"] == Role.PLAYER.value else Role.OBSERVER
    if role is Role.PLAYER and seat_of(session.state, name) is None:
        raise InviteError(f"{name} is no longer a player of this campaign", 403)
    session.commit(
        Event(
            USED,
            summary=f"{name} joins the web table",
            detail={INVITE: digest},
            visibility=Visibility.PRIVATE,
        )
    )
    return Principal(role, name)


def invites(session: Session) -> dict[str, tuple[dict[str, str], bool]]:
    """Every invite in the log: token hash -> (its record, whether it was used)."""
    found: dict[str, tuple[dict[str, str], bool]] = {}
    for event in session.store.events():
        value = event.detail.get(INVITE)
        if event.action == INVITE and isinstance(value, dict):
            record = {key: str(item) for key, item in value.items()}
            found[record["hash"]] = (record, False)
        elif event.action == USED and isinstance(value, str) and value in found:
            found[value] = (found[value][0], True)
    return found
