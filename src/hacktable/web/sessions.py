"""Sign-ins at the web table, kept in the campaign's log so they survive a restart and
hold in every server process on the campaign (docs/rulings.md H640, H641).

Joining makes a random session token; the browser keeps it as its cookie and the log
keeps only its SHA-256 and expiry: in the ``invite.use`` event of an invite, or in a
``web.sign-in`` event for the GM's link. Both are PRIVATE to the GM and change no state, so
``undo`` never touches them. A cookie is good while the log knows its hash, it has not
expired, and no later ``invite.revoke`` of its player (H642) or ``web.sign-out`` (its own
sign-out) ended it.

:class:`Sessions` is a table's cache of that: it folds the log's events in order, once
each, and answers a cookie without reading the log.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TypeVar

from ..engine.principal import GM, Principal, Role
from ..engine.session import Session
from ..play.events import Event, Visibility
from ..store.errors import StaleWriteError
from .invites import REVOKE, USED, revocation, revokes, token_hash

__all__ = [
    "RETRIES",
    "SESSION",
    "SIGN_OUT",
    "Grant",
    "Sessions",
    "end_gm_sessions",
    "grant_record",
    "new_token",
    "retrying",
    "sign_in",
    "sign_out",
]

T = TypeVar("T")

SESSION = "web.sign-in"
"""The action of a sign-in that no invite made (the GM's link)."""
SIGN_OUT = "web.sign-out"
"""The action of a browser's signing out (its own session ends)."""
RETRIES = 5
"""How many times the table writes once more what another writer (a console, another
server process) beat to the log's end, before it refuses with 409 (docs/rulings.md
H707)."""


def retrying(write: Callable[[], T]) -> T:
    """``write`` (which reads the log first), again (up to :data:`RETRIES` times) while
    another writer stored an event between its read and its write.

    Raises:
        StaleWriteError: another writer was first every time.
    """
    for _ in range(RETRIES):
        try:
            return write()
        except StaleWriteError:
            pass
    return write()


@dataclass(frozen=True, slots=True)
class Grant:
    """One signed-in browser as the log tells it.

    Attributes:
        principal: who it is.
        expires: when its cookie stops being good (UTC).
        seq: the event that signed it in.
    """

    principal: Principal
    expires: datetime
    seq: int


def new_token() -> str:
    """A new session token: 32 random bytes (docs/rulings.md H610)."""
    return secrets.token_urlsafe(32)


def grant_record(principal: Principal, token: str, expires: datetime) -> dict[str, str]:
    """What the log keeps of a new session: the token's hash, never the token (H640)."""
    return {
        "hash": token_hash(token),
        "role": principal.role.value,
        "player": principal.name,
        "expires": expires.isoformat(),
    }


def expiry(now: datetime, days: int) -> datetime:
    """When a session made at ``now`` ends (the ``web-session-days`` setting, H641)."""
    return now + timedelta(days=days)


def sign_in(session: Session, principal: Principal, token: str, expires: datetime) -> Event:
    """Store a sign-in that no invite made (the GM's link, H640) for ``token``."""
    who = "the GM" if principal.role is Role.GM else principal.name
    session.refresh()
    return session.commit(
        Event(
            SESSION,
            summary=f"{who} signs in at the web table",
            detail={"session": grant_record(principal, token, expires)},
            visibility=Visibility.PRIVATE,
        )
    )


def sign_out(session: Session, token: str) -> Event:
    """Store the end of the session ``token`` (its browser signed out)."""
    session.refresh()
    return session.commit(
        Event(
            SIGN_OUT,
            summary="a browser signs out of the web table",
            detail={"session": token_hash(token)},
            visibility=Visibility.PRIVATE,
        )
    )


def end_gm_sessions(session: Session, why: str) -> Event:
    """Store the end of every GM session at ``session``'s campaign, because ``why``:
    browsers signed in through the GM's link or an account's seat sign in again
    (docs/rulings.md H785); written again while another writer is first (H707).

    Raises:
        StaleWriteError: another writer was first every time.
    """
    summary = f"the GM's web-table sessions end: {why}"

    def write() -> Event:
        session.refresh()
        return session.commit(revocation("gm", GM.name, summary))

    return retrying(write)


def _role(value: str) -> Role:
    for role in Role:
        if role.value == value:
            return role
    return Role.OBSERVER


def _grant(record: object, seq: int) -> tuple[str, Grant] | None:
    """The grant a ``session`` record describes, or ``None`` for a malformed one."""
    if not isinstance(record, dict):
        return None
    digest, expires = record.get("hash"), record.get("expires")
    if not isinstance(digest, str) or not isinstance(expires, str):
        return None
    try:
        until = datetime.fromisoformat(expires)
    except ValueError:
        return None
    role, player = record.get("role"), record.get("player")
    if isinstance(role, str) and isinstance(player, str):
        return digest, Grant(Principal(_role(role), player), until, seq)
    return None


@dataclass(eq=False)
class Sessions:
    """A table's cache of the sessions its log knows (H640-H642).

    Attributes:
        grants: good sessions by their token's hash (expired ones are kept, and
            refused at :meth:`get`).
        seq: the last event folded in.
    """

    grants: dict[str, Grant] = field(default_factory=dict)
    seq: int = 0

    def fold(self, events: Iterable[Event]) -> list[Principal]:
        """Take in ``events`` (in order, after :attr:`seq`); returns who was revoked."""
        ended: list[Principal] = []
        for event in events:
            if event.seq <= self.seq:
                continue
            self.seq = event.seq
            if event.action in (USED, SESSION):
                found = _grant(event.detail.get("session"), event.seq)
                if found is not None:
                    self.grants[found[0]] = found[1]
            elif event.action == SIGN_OUT:
                digest = event.detail.get("session")
                if isinstance(digest, str):
                    self.grants.pop(digest, None)
            elif event.action == REVOKE and (who := revokes(event.detail)) is not None:
                role, name = who
                gone = [
                    digest
                    for digest, grant in self.grants.items()
                    if (grant.principal.role.value, grant.principal.name) == (role, name)
                ]
                for digest in gone:
                    del self.grants[digest]
                ended.append(Principal(_role(role), name))
        return ended

    def get(self, token: str, now: datetime) -> Principal | None:
        """Who the cookie ``token`` signs in at ``now``, or ``None``."""
        grant = self.grants.get(token_hash(token))
        if grant is None or grant.expires <= now:
            return None
        return grant.principal

    def signed_in(self, now: datetime) -> list[Grant]:
        """Every session good at ``now``."""
        return [grant for grant in self.grants.values() if grant.expires > now]
