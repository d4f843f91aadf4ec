"""Invitations to the web table: one-time tokens, stored hashed in the campaign's log.

An invite is an ``invite`` event (private to the GM: others do not see it at all)
whose detail records the SHA-256 of the token, the role and the player it makes the
bearer (docs/rulings.md H610, H611); redeeming it is an ``invite.use`` event naming that
hash, so a used token is refused by every server on the campaign, and the log shows who
joined. Neither changes the campaign's state, so ``undo`` never reverts one (it reverts
the latest change) and a used invite never comes back.
The token itself is shown once, in the link, and stored nowhere.

Joining also signs the browser in: the ``invite.use`` event carries the new session's
hash and expiry (:mod:`.sessions`, docs/rulings.md H640). An ``invite.revoke`` event
ends a player's (or every observer's) sessions and kills their unused invites
(docs/rulings.md H642), or the GM's sessions (H785).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.principal import Principal, Role
from ..engine.session import Session
from ..errors import CommandError, HacktableError, UnknownNameError
from ..play.events import Event, JSONValue, Visibility
from ..play.players import owner_of, seat_of, seats

__all__ = [
    "INVITE",
    "REVOKE",
    "USED",
    "Invite",
    "InviteEntry",
    "InviteError",
    "create_invite",
    "invite_book",
    "invites",
    "redeem_invite",
    "revocation",
    "revokes",
    "token_hash",
]

INVITE = "invite"
"""The action of an invite's event."""
USED = "invite.use"
"""The action of the event that uses an invite."""
REVOKE = "invite.revoke"
"""The action of the event that ends a player's sessions and invites (H642)."""
OPEN, USED_UP, REVOKED = "open", "used", "revoked"
"""An invite's states in :func:`invite_book`."""


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


def redeem_invite(
    session: Session,
    token: str,
    signed: Callable[[Principal], dict[str, str]] | None = None,
) -> Principal:
    """Use ``token`` once: mark its invite used in the log and return who it admits.

    Args:
        session: the campaign.
        token: the invite's token.
        signed: the record of the session it opens, for who it admits
            (:func:`.sessions.grant_record`), kept in the same ``invite.use`` event
            (docs/rulings.md H640).

    Raises:
        InviteError: no invite has this token (401), or it was used (403); nothing
            is stored.
        CampaignError: the store refused the event.
    """
    session.refresh()
    digest = token_hash(token)
    entry = invite_book(session).get(digest)
    if entry is None:
        raise InviteError("this invite link is not one of this campaign's", 401)
    if entry.state == USED_UP:
        raise InviteError("this invite link was used already: ask the GM for a new one", 403)
    if entry.state == REVOKED:
        raise InviteError("this invite link was revoked: ask the GM for a new one", 403)
    record = entry.record
    name = record["player"]
    role = Role.PLAYER if record["role"] == Role.PLAYER.value else Role.OBSERVER
    if role is Role.PLAYER and seat_of(session.state, name) is None:
        raise InviteError(f"{name} is no longer a player of this campaign", 403)
    principal = Principal(role, name)
    detail: dict[str, JSONValue] = {INVITE: digest}
    if signed is not None:
        detail["session"] = dict(signed(principal))
    session.commit(
        Event(
            USED,
            summary=f"{name} joins the web table",
            detail=detail,
            visibility=Visibility.PRIVATE,
        )
    )
    return principal


@dataclass(frozen=True, slots=True)
class InviteEntry:
    """One invite as the log tells it.

    Attributes:
        record: its hash, role and player.
        seq: its ``invite`` event's number.
        at: when it was made (ISO 8601 UTC).
        state: ``"open"``, ``"used"`` or ``"revoked"`` (docs/rulings.md H642).
    """

    record: dict[str, str]
    seq: int
    at: str
    state: str


def revocation(role: str, player: str, summary: str, command: str = "") -> Event:
    """The ``invite.revoke`` event that ends every session of (``role``, ``player``)
    made before it and their unused invites (docs/rulings.md H642); ``("gm", "GM")``
    ends the GM's (H785). PRIVATE to the GM; it changes no state."""
    return Event(
        REVOKE,
        summary=summary,
        detail={REVOKE: {"role": role, "player": player}},
        command=command,
        visibility=Visibility.PRIVATE,
    )


def revokes(detail: object) -> tuple[str, str] | None:
    """The (role, name) an ``invite.revoke`` event's detail ends, or ``None``."""
    value = detail.get(REVOKE) if isinstance(detail, dict) else None
    if not isinstance(value, dict):
        return None
    return str(value.get("role", "")), str(value.get("player", ""))


def invite_book(session: Session) -> dict[str, InviteEntry]:
    """Every invite in the log by token hash, open, used or revoked (H611, H642)."""
    found: dict[str, InviteEntry] = {}
    for event in session.store.events():
        value = event.detail.get(INVITE)
        if event.action == INVITE and isinstance(value, dict):
            record = {key: str(item) for key, item in value.items()}
            found[record["hash"]] = InviteEntry(record, event.seq, event.at, OPEN)
        elif event.action == USED and isinstance(value, str) and value in found:
            entry = found[value]
            found[value] = InviteEntry(entry.record, entry.seq, entry.at, USED_UP)
        elif event.action == REVOKE and (ended := revokes(event.detail)) is not None:
            for digest, entry in list(found.items()):
                who = (entry.record["role"], entry.record["player"])
                if entry.state == OPEN and who == ended:
                    found[digest] = InviteEntry(entry.record, entry.seq, entry.at, REVOKED)
    return found


def invites(session: Session) -> dict[str, tuple[dict[str, str], bool]]:
    """Every invite in the log: token hash -> (its record, whether it was used or
    revoked)."""
    return {h: (e.record, e.state != OPEN) for h, e in invite_book(session).items()}
