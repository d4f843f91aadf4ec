"""The web server's settings, in one value (issue 13 §1: configuration by environment
variables; docs/rulings.md H700).

:meth:`ServerConfig.from_env` reads the ``HACKTABLE_*`` variables; ``hacktable serve``
builds one from them and lets its flags override each, then hands it to its worker
processes through the same variables (:meth:`ServerConfig.to_env`), so ``uvicorn
--factory hacktable.web.factory:app`` and ``serve --workers N`` build the same app.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Final

from ..errors import CommandError

__all__ = ["DEFAULT_POOL", "ServerConfig"]

DEFAULT_POOL: Final = 8
"""Postgres connections one server process may hold for its tables' stores
(docs/rulings.md H705), besides its one listening connection."""

_SEPARATOR: Final = "\n"
"""Between campaigns in ``HACKTABLE_CAMPAIGNS`` (a file name may hold ``:``)."""


def _number(env: Mapping[str, str], name: str, default: int, least: int) -> int:
    """``env[name]`` as a whole number of at least ``least``, else ``default``.

    Raises:
        CommandError: it is set to something else (one line naming the variable).
    """
    text = env.get(name, "").strip()
    if not text:
        return default
    if not text.isdecimal() or len(text) > 9 or int(text) < least:
        raise CommandError(
            f"{name} must be a whole number, at least {least}: {text[:40]!r}", "serve"
        )
    return int(text)


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """What one ``hacktable serve`` (and each of its worker processes) serves, and how.

    Attributes:
        database: a Postgres database URL without ``#CAMPAIGN``: every campaign in it is
            a table (issue 13 §1); ``""`` for none. ``HACKTABLE_DATABASE_URL``.
        campaigns: campaign files or URLs served besides (``--campaign``).
            ``HACKTABLE_CAMPAIGNS``, one a line.
        host: the address to listen on. ``HACKTABLE_HOST``.
        port: the port. ``HACKTABLE_PORT``.
        workers: uvicorn worker processes. ``HACKTABLE_WORKERS``.
        pool: Postgres connections a process's stores share (H705).
            ``HACKTABLE_DB_POOL``.
        gm_secret: the secret every process derives each table's GM link from, so the
            link works at every process (H701). ``HACKTABLE_GM_SECRET``; a fresh random
            one when unset.
        proxy_headers: trust a proxy's ``X-Forwarded-*`` headers (H645).
            ``HACKTABLE_PROXY_HEADERS`` (``1``).
        forwarded_allow_ips: under ``proxy_headers``, the proxies' addresses (a comma
            list of addresses or networks): the client's address is the last one of
            ``X-Forwarded-For`` that is not one of them, never the first, which the
            client writes (docs/rulings.md H776). ``HACKTABLE_FORWARDED_ALLOW_IPS``.
        fd: serve on this listening socket, inherited (systemd socket activation, or
            a test that bound the port first), instead of binding ``host:port``.
            ``HACKTABLE_FD``.
        accounts: GMs' accounts (a Postgres URL or an SQLite file), or ``""`` for a
            server without them (docs/rulings.md H720). ``HACKTABLE_ACCOUNTS``.
        signup: with accounts, whether anyone may sign up: ``open`` or ``closed``
            (H729). ``HACKTABLE_SIGNUP``.
        folder: with accounts on SQLite, the folder of the GMs' campaign files
            (``--campaigns DIR``). ``HACKTABLE_CAMPAIGNS_DIR``.
    """

    database: str = ""
    campaigns: tuple[str, ...] = ()
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    pool: int = DEFAULT_POOL
    gm_secret: str = field(default_factory=lambda: secrets.token_urlsafe(32), repr=False)
    proxy_headers: bool = False
    forwarded_allow_ips: str = "127.0.0.1"
    fd: int | None = None
    accounts: str = ""
    signup: str = "closed"
    folder: str = ""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ServerConfig:
        """The settings the ``HACKTABLE_*`` variables of ``env`` (``os.environ``) give.

        A ``HACKTABLE_DATABASE_URL`` naming one campaign (``...#NAME``) serves that one
        campaign, as ``--campaign`` would.

        Raises:
            CommandError: a number is not one (one line naming the variable).
        """
        env = os.environ if env is None else env
        database = env.get("HACKTABLE_DATABASE_URL", "").strip()
        campaigns = tuple(
            line.strip() for line in env.get("HACKTABLE_CAMPAIGNS", "").split(_SEPARATOR)
        )
        found = [c for c in campaigns if c]
        if "#" in database:
            found.append(database)
            database = ""
        made = cls(
            database=database,
            campaigns=tuple(found),
            host=env.get("HACKTABLE_HOST", "").strip() or "127.0.0.1",
            port=_number(env, "HACKTABLE_PORT", 8000, 1),
            workers=_number(env, "HACKTABLE_WORKERS", 1, 1),
            pool=_number(env, "HACKTABLE_DB_POOL", DEFAULT_POOL, 1),
            proxy_headers=env.get("HACKTABLE_PROXY_HEADERS", "").strip() in ("1", "true", "yes"),
            forwarded_allow_ips=env.get("HACKTABLE_FORWARDED_ALLOW_IPS", "").strip() or "127.0.0.1",
            accounts=env.get("HACKTABLE_ACCOUNTS", "").strip(),
            signup=env.get("HACKTABLE_SIGNUP", "").strip() or "closed",
            folder=env.get("HACKTABLE_CAMPAIGNS_DIR", "").strip(),
        )
        if env.get("HACKTABLE_FD", "").strip():
            made = replace(made, fd=_number(env, "HACKTABLE_FD", 0, 0))
        secret = env.get("HACKTABLE_GM_SECRET", "").strip()
        return replace(made, gm_secret=secret) if secret else made

    def to_env(self) -> dict[str, str]:
        """The variables that make :meth:`from_env` give these settings back (for the
        worker processes)."""
        return {
            "HACKTABLE_DATABASE_URL": self.database,
            "HACKTABLE_CAMPAIGNS": _SEPARATOR.join(self.campaigns),
            "HACKTABLE_HOST": self.host,
            "HACKTABLE_PORT": str(self.port),
            "HACKTABLE_WORKERS": str(self.workers),
            "HACKTABLE_DB_POOL": str(self.pool),
            "HACKTABLE_GM_SECRET": self.gm_secret,
            "HACKTABLE_PROXY_HEADERS": "1" if self.proxy_headers else "",
            "HACKTABLE_FORWARDED_ALLOW_IPS": self.forwarded_allow_ips,
            "HACKTABLE_FD": "" if self.fd is None else str(self.fd),
            "HACKTABLE_ACCOUNTS": self.accounts,
            "HACKTABLE_SIGNUP": self.signup,
            "HACKTABLE_CAMPAIGNS_DIR": self.folder,
        }
