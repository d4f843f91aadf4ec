"""The server operator's choices for accounts, from environment variables (issue 13
§1: configuration by environment variables; docs/rulings.md H724, H725).

The lead merges these into the server's ``ServerConfig``; until then ``serve`` reads
them here, and its options override them.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from ..errors import CommandError

__all__ = ["SIGNUP_CHOICES", "AccountSettings"]

SIGNUP_CHOICES: Final = ("open", "closed")


@dataclass(frozen=True, slots=True)
class AccountSettings:
    """How accounts behave on this server.

    Attributes:
        signup: ``open`` (anyone may make an account at ``/signup``) or ``closed``
            (only ``hacktable admin user add``); closed unless the operator opens it
            (docs/rulings.md H724). ``HACKTABLE_SIGNUP``.
        session_days: how long a signed-in browser stays signed in
            (``HACKTABLE_ACCOUNT_SESSION_DAYS``, 14: H725).
        failures: refused sign-ins allowed per account and per address within
            :attr:`window` seconds before the next is refused with 429
            (``HACKTABLE_SIGN_IN_FAILURES``, 5: H723).
        window: those seconds (60).
    """

    signup: Literal["open", "closed"] = "closed"
    session_days: int = 14
    failures: int = 5
    window: float = 60.0

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> AccountSettings:
        """The settings the environment names (the defaults for those it does not).

        Raises:
            CommandError: a variable holds a value that is not allowed (one line).
        """
        env = os.environ if env is None else env
        signup = env.get("HACKTABLE_SIGNUP", "closed").strip().lower() or "closed"
        if signup not in SIGNUP_CHOICES:
            raise CommandError(f"HACKTABLE_SIGNUP is open or closed, not {signup!r}", "serve")
        days = _positive(env, "HACKTABLE_ACCOUNT_SESSION_DAYS", 14)
        failures = _positive(env, "HACKTABLE_SIGN_IN_FAILURES", 5)
        return cls("open" if signup == "open" else "closed", days, failures)


def _positive(env: Mapping[str, str], name: str, default: int) -> int:
    text = env.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or int(text) < 1:
        raise CommandError(f"{name} is a whole number of at least 1, not {text!r}", "serve")
    return int(text)
