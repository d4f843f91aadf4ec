"""GMs' accounts on a hosted server (issue 13 §1): users with argon2 password hashes,
which campaigns each owns, their signed-in browsers, and sign-in limits that hold for
every process on one database (docs/rulings.md H720-H731).

- :mod:`.settings`: the server operator's choices (sign-up open or closed, how long a
  session lasts, the sign-in limit), from the environment.
- :mod:`.passwords`: argon2 hashing through argon2-cffi.
- :mod:`.database`: the accounts' database, Postgres (next to the campaigns) or an
  SQLite file of the server's, migrated by the store's own migrations.
- :mod:`.accounts`: :class:`Accounts`, every read and write of them.
"""

from __future__ import annotations

from .accounts import AccountError, Accounts, SignInRefusedError, TooManyFailuresError
from .settings import AccountSettings

__all__ = [
    "AccountError",
    "AccountSettings",
    "Accounts",
    "SignInRefusedError",
    "TooManyFailuresError",
]
