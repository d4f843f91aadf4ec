"""Every read and write of the accounts (issue 13 §1; docs/rulings.md H720-H728).

A sign-in is checked against argon2 hashes and limited: after
:attr:`~.settings.AccountSettings.failures` refused sign-ins within the window, for
the account or from the address, the next is refused with 429 before any password is
looked at (H723). The failures are rows of the database, so the limit holds for every
process on it. A signed-in browser holds a random cookie; the database keeps only its
SHA-256 and expiry (H725), as the web table keeps its own sessions (H640).

The clock is injected (``now``: seconds since the epoch) so that tests need none.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Final

from ..errors import CommandError
from . import passwords
from .database import AccountsDatabase
from .settings import AccountSettings

__all__ = [
    "USERNAME",
    "AccountError",
    "Accounts",
    "OwnedCampaign",
    "SignInRefusedError",
    "TooManyFailuresError",
    "User",
]

USERNAME: Final = re.compile(r"[a-z0-9][a-z0-9_.-]{1,31}")
"""A user's name: 2 to 32 lower-case letters, digits, ``_``, ``.``, ``-``, beginning with
a letter or digit (docs/rulings.md H721); names are compared lower-cased."""
WRONG: Final = "wrong name or password"
"""The one line a refused sign-in gets, whichever was wrong (H722)."""


class AccountError(CommandError):
    """Bad input for an account: one line naming what is expected."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)


class SignInRefusedError(AccountError):
    """A wrong name or password (401)."""

    status = 401


class TooManyFailuresError(AccountError):
    """Too many refused sign-ins lately, for the account or from the address (429)."""

    status = 429


@dataclass(frozen=True, slots=True)
class User:
    """An account, as ``admin user list`` shows it."""

    name: str
    created_at: str
    campaigns: int


@dataclass(frozen=True, slots=True)
class OwnedCampaign:
    """A campaign an account owns: its table name (``/t/NAME/``) and ruleset."""

    name: str
    ruleset: str
    created_at: str


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def username(name: str) -> str:
    """``name`` as stored (trimmed, lower-cased).

    Raises:
        AccountError: it is not a user's name (H721).
    """
    cleaned = name.strip().lower()
    if not USERNAME.fullmatch(cleaned):
        raise AccountError(
            "a user's name is 2 to 32 letters, digits, '_', '.' or '-', "
            "beginning with a letter or digit"
        )
    return cleaned


@dataclass(eq=False)
class Accounts:
    """The accounts of one server (every process on the database shares them)."""

    database: AccountsDatabase
    settings: AccountSettings = field(default_factory=AccountSettings)
    now: Callable[[], float] = time.time

    @classmethod
    def at(cls, location: str, settings: AccountSettings | None = None) -> Accounts:
        """The accounts at ``location`` (made or upgraded now).

        Raises:
            CampaignError: the database cannot be opened or upgraded.
        """
        return cls(AccountsDatabase(location).open(), settings or AccountSettings())

    def _stamp(self) -> str:
        return datetime.fromtimestamp(self.now(), UTC).isoformat(timespec="seconds")

    # -- users --------------------------------------------------------------------------
    def add_user(self, name: str, password: str) -> str:
        """Make the account ``name``; returns its stored name.

        Raises:
            AccountError: a bad name or password, or the name is taken (one line).
        """
        stored = username(name)
        if problem := passwords.rule(password):
            raise AccountError(problem)
        taken = AccountError(f"there is a user {stored!r} already")
        with self.database.transaction() as run:  # (before the costly hash: H773)
            if run("SELECT 1 FROM users WHERE name = :n", {"n": stored}):
                raise taken
        hashed = passwords.hash_password(password)
        with self.database.transaction() as run:
            if run("SELECT 1 FROM users WHERE name = :n", {"n": stored}):
                raise taken
            run(
                "INSERT INTO users (name, password_hash, created_at) VALUES (:n, :h, :at)",
                {"n": stored, "h": hashed, "at": self._stamp()},
            )
        return stored

    def set_password(self, name: str, password: str) -> None:
        """Give ``name`` a new password; every browser signed in as them is signed out.

        Raises:
            AccountError: no such user, or a bad password.
        """
        stored = self.existing(name)
        if problem := passwords.rule(password):
            raise AccountError(problem)
        hashed = passwords.hash_password(password)
        with self.database.transaction() as run:
            run("UPDATE users SET password_hash = :h WHERE name = :n", {"h": hashed, "n": stored})
            run("DELETE FROM account_sessions WHERE username = :n", {"n": stored})

    def remove_user(self, name: str) -> list[str]:
        """Remove the account ``name`` and its sessions; returns the campaigns it owned,
        which stay, owned by no one (docs/rulings.md H728).

        Raises:
            AccountError: no such user.
        """
        stored = self.existing(name)
        with self.database.transaction() as run:
            owned = run(
                "SELECT campaign FROM campaign_owners WHERE owner = :n ORDER BY campaign",
                {"n": stored},
            )
            run("DELETE FROM account_sessions WHERE username = :n", {"n": stored})
            run("DELETE FROM campaign_owners WHERE owner = :n", {"n": stored})
            run("DELETE FROM users WHERE name = :n", {"n": stored})
        return [str(campaign) for (campaign,) in owned]

    def users(self) -> list[User]:
        """Every account, by name."""
        with self.database.transaction() as run:
            rows = run(
                "SELECT u.name, u.created_at, COUNT(o.campaign) FROM users u"
                " LEFT JOIN campaign_owners o ON o.owner = u.name"
                " GROUP BY u.name, u.created_at ORDER BY u.name"
            )
        return [User(str(name), str(at), int(count)) for name, at, count in rows]

    def existing(self, name: str) -> str:
        """``name`` as stored.

        Raises:
            AccountError: there is no such user.
        """
        stored = username(name)
        with self.database.transaction() as run:
            if not run("SELECT 1 FROM users WHERE name = :n", {"n": stored}):
                raise AccountError(f"there is no user {stored!r}")
        return stored

    # -- signing in ---------------------------------------------------------------------
    def limited(self, *keys: str) -> bool:
        """Whether any of ``keys`` (``user:NAME``, ``address:IP``) had the limit's
        number of failures within the window (docs/rulings.md H723)."""
        since = self.now() - self.settings.window
        with self.database.transaction() as run:
            for key in keys:
                rows = run(
                    "SELECT COUNT(*) FROM sign_in_failures WHERE key = :k AND at > :since",
                    {"k": key, "since": since},
                )
                if int(rows[0][0]) >= self.settings.failures:
                    return True
        return False

    def fail(self, *keys: str) -> None:
        """Count one failure for each of ``keys`` (and forget those past the window)."""
        self._record(keys, self.now())

    def _record(self, keys: tuple[str, ...], now: float) -> None:
        with self.database.transaction() as run:
            old = now - self.settings.window
            run("DELETE FROM sign_in_failures WHERE at <= :old", {"old": old})
            for key in keys:
                run(
                    "INSERT INTO sign_in_failures (key, at) VALUES (:k, :at)",
                    {"k": key, "at": now},
                )

    def sign_in(self, name: str, password: str, address: str) -> tuple[str, str, float]:
        """Check ``name`` and ``password`` from ``address``; returns the user's stored
        name, a new session cookie and when it expires (seconds since the epoch).

        The attempt is written as a failure *before* its password is checked, and
        counted after that write is committed, so sign-ins sent all at once cannot
        each find the count below the limit (docs/rulings.md H770); a good password,
        or a refusal by the limit, takes its row back.

        Raises:
            TooManyFailuresError: the limit was reached (nothing is checked).
            SignInRefusedError: a wrong name or password (one line, either way: H722).
        """
        stored = name.strip().lower()[:64]
        keys = (f"user:{stored}", f"address:{address}")
        at = self.now()
        self._record(keys, at)  # (pending: counted by every attempt from now on)
        if self._over(keys, at):
            self._forgive(keys, at)
            raise TooManyFailuresError(
                "too many refused sign-ins: wait a minute before trying again"
            )
        try:
            with self.database.transaction() as run:
                rows = run("SELECT password_hash FROM users WHERE name = :n", {"n": stored})
            answer = passwords.check(str(rows[0][0]) if rows else None, password)
        except BaseException:
            self._forgive(keys, at)
            raise
        if not answer.good:
            raise SignInRefusedError(WRONG)  # (its row stays: a failure)
        token = secrets.token_urlsafe(32)
        until = self.now() + self.settings.session_days * 86_400
        with self.database.transaction() as run:
            if answer.rehashed:
                run(
                    "UPDATE users SET password_hash = :h WHERE name = :n",
                    {"h": answer.rehashed, "n": stored},
                )
            run(
                "INSERT INTO account_sessions (token_hash, username, expires_at)"
                " VALUES (:t, :n, :until)",
                {"t": _digest(token), "n": stored, "until": until},
            )
        self._forgive(keys, at)
        return stored, token, until

    def _over(self, keys: tuple[str, ...], at: float) -> bool:
        """Whether any of ``keys`` has more rows than the limit allows within the window
        ending at ``at`` (this attempt's own row is one of them: H770)."""
        since = at - self.settings.window
        with self.database.transaction() as run:
            for key in keys:
                rows = run(
                    "SELECT COUNT(*) FROM sign_in_failures WHERE key = :k AND at > :since",
                    {"k": key, "since": since},
                )
                if int(rows[0][0]) > self.settings.failures:
                    return True
        return False

    def _forgive(self, keys: tuple[str, ...], at: float) -> None:
        """Take back one row of each of ``keys`` written at ``at`` (this attempt's)."""
        row = "ctid" if self.database.postgres else "rowid"
        with self.database.transaction() as run:
            for key in keys:
                run(
                    f"DELETE FROM sign_in_failures WHERE {row} IN (SELECT {row}"
                    " FROM sign_in_failures WHERE key = :k AND at = :at LIMIT 1)",
                    {"k": key, "at": at},
                )

    def user_of(self, token: str) -> str | None:
        """The user the session cookie ``token`` signs in, or ``None`` (unknown or
        expired: an expired one is forgotten)."""
        if not token or len(token) > 200:
            return None
        with self.database.transaction() as run:
            rows = run(
                "SELECT username, expires_at FROM account_sessions WHERE token_hash = :t",
                {"t": _digest(token)},
            )
            if not rows:
                return None
            (user, until), now = rows[0], self.now()
            if float(until) <= now:
                run("DELETE FROM account_sessions WHERE expires_at <= :now", {"now": now})
                return None
        return str(user)

    def sign_out(self, token: str) -> None:
        """Forget the session cookie ``token``."""
        with self.database.transaction() as run:
            run("DELETE FROM account_sessions WHERE token_hash = :t", {"t": _digest(token)})

    # -- campaigns ----------------------------------------------------------------------
    def own(self, campaign: str, owner: str, ruleset: str) -> None:
        """Record ``owner`` as the owner of the new table ``campaign``.

        Raises:
            AccountError: the name is someone's campaign already.
        """
        with self.database.transaction() as run:
            if run("SELECT 1 FROM campaign_owners WHERE campaign = :c", {"c": campaign}):
                raise AccountError(f"there is a campaign {campaign!r} already")
            run(
                "INSERT INTO campaign_owners (campaign, owner, ruleset, created_at)"
                " VALUES (:c, :o, :r, :at)",
                {"c": campaign, "o": owner, "r": ruleset, "at": self._stamp()},
            )

    def campaigns_of(self, owner: str) -> list[OwnedCampaign]:
        """The campaigns ``owner`` owns, by name."""
        with self.database.transaction() as run:
            rows = run(
                "SELECT campaign, ruleset, created_at FROM campaign_owners"
                " WHERE owner = :o ORDER BY campaign",
                {"o": owner},
            )
        return [OwnedCampaign(str(c), str(r), str(at)) for c, r, at in rows]

    def owned_names(self) -> set[str]:
        """Every campaign some account owns."""
        with self.database.transaction() as run:
            return {str(c) for (c,) in run("SELECT campaign FROM campaign_owners")}

    def owner_of(self, campaign: str) -> str | None:
        """Who owns the table ``campaign``, or ``None``."""
        with self.database.transaction() as run:
            rows = run("SELECT owner FROM campaign_owners WHERE campaign = :c", {"c": campaign})
        return str(rows[0][0]) if rows else None

    def disown(self, campaign: str) -> None:
        """Forget who owns ``campaign`` (it was deleted)."""
        with self.database.transaction() as run:
            run("DELETE FROM campaign_owners WHERE campaign = :c", {"c": campaign})
