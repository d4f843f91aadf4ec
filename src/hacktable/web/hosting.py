"""A hosted server's campaigns: where a GM's new campaign is made, how it is deleted,
and opening a campaign another process made (issue 13 §1; docs/rulings.md H720,
H726, H727).

A server with accounts keeps its campaigns in one place: SQLite files in a folder
(``NAME.db``), or one Postgres database (``URL#NAME``, the database its accounts are
in). A campaign's name is its table's name in URLs (``/t/NAME/``).
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from ..accounts import AccountError, Accounts
from ..errors import CampaignError
from ..store.opening import is_url
from .config import ServerConfig
from .hub import Hub
from .table import Table

__all__ = ["CAMPAIGN_NAME", "Hosting", "MemoryLimiter", "campaign_name", "campaigns_place"]

CAMPAIGN_NAME: Final = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
"""A new campaign's name: 1 to 40 lower-case letters, digits and ``-`` (its URL's
part as it is: docs/rulings.md H726)."""


def campaign_name(text: str) -> str:
    """``text`` as a new campaign's name (trimmed, lower-cased, spaces as ``-``).

    Raises:
        AccountError: it is not a campaign's name.
    """
    name = "-".join(text.strip().lower().split())
    if not CAMPAIGN_NAME.fullmatch(name):
        raise AccountError(
            "a campaign's name is 1 to 40 letters, digits or '-', beginning with a letter or digit"
        )
    return name


@dataclass(eq=False)
class MemoryLimiter:
    """The per-address limit of a server without accounts (one process only): the same
    counting as :meth:`~hacktable.accounts.Accounts.limited`, in memory (H723)."""

    failures: int = 5
    window: float = 60.0
    now: Callable[[], float] = time.monotonic
    keep: int = 10_000
    """How many keys are kept before those past the window are forgotten."""
    _seen: dict[str, list[float]] = field(default_factory=dict)

    def _clock(self) -> float:
        return self.now()

    def limited(self, *keys: str) -> bool:
        since = self._clock() - self.window
        return any(
            len([at for at in self._seen.get(key, []) if at > since]) >= self.failures
            for key in keys
        )

    def fail(self, *keys: str) -> None:
        now = self._clock()
        if len(self._seen) >= self.keep:  # (forget the addresses past the window)
            self._seen = {
                key: seen for key, seen in self._seen.items() if seen[-1] > now - self.window
            }
        for key in keys:
            kept = [at for at in self._seen.get(key, []) if at > now - self.window]
            self._seen[key] = [*kept, now]


def campaigns_place(accounts: str, folder: Path | None) -> str:
    """Where a server with the accounts ``accounts`` keeps its GMs' campaigns: the
    accounts' Postgres database, or the folder ``folder`` of SQLite files (the accounts
    file's own folder if none: docs/rulings.md H720)."""
    if is_url(accounts):
        return accounts.split("#", 1)[0]
    return str(folder if folder is not None else Path(accounts).resolve().parent)


@dataclass(eq=False)
class Hosting:
    """Accounts and the place of their campaigns.

    Attributes:
        accounts: the server's accounts.
        campaigns: a folder of SQLite campaign files, or a Postgres URL (no ``#``).
    """

    accounts: Accounts
    campaigns: str

    @classmethod
    def serving(cls, accounts: str, signup: str, folder: Path | None) -> Hosting:
        """The hosting ``serve --accounts ACCOUNTS --signup OPEN|CLOSED [--campaigns
        DIR]`` names: campaigns in the accounts' Postgres database, or files in ``DIR``
        (the accounts file's own folder if none: H720). The environment gives the other
        settings (:meth:`AccountSettings.from_env`).

        Raises:
            CommandError: a bad setting; CampaignError: the accounts cannot be opened.
        """
        from dataclasses import replace

        from ..accounts import AccountSettings

        settings = AccountSettings.from_env()
        if signup.strip().lower() not in ("open", "closed"):
            raise AccountError(f"--signup is open or closed, not {signup!r}")
        settings = replace(
            settings, signup="open" if signup.strip().lower() == "open" else "closed"
        )
        return cls(Accounts.at(accounts, settings), campaigns_place(accounts, folder))

    @classmethod
    def of(cls, config: ServerConfig) -> Hosting:
        """The hosting ``config``'s accounts, sign-up and folder name (as
        :meth:`serving`)."""
        folder = Path(config.folder) if config.folder else None
        return cls.serving(config.accounts, config.signup, folder)

    def served(self, config: ServerConfig) -> ServerConfig:
        """``config``, serving every campaign of the accounts' Postgres database (the
        GMs make theirs there: each is then a table of every process, with the
        database's notifications, docs/rulings.md H702)."""
        if is_url(self.campaigns) and not config.database:
            from dataclasses import replace

            return replace(config, database=self.campaigns)
        return config

    def location(self, name: str) -> str:
        """Where the campaign ``name`` is (a file of the folder, or ``URL#name``)."""
        if is_url(self.campaigns):
            return f"{self.campaigns.split('#', 1)[0]}#{name}"
        return str(Path(self.campaigns) / f"{name}.db")

    def exists(self, name: str) -> bool:
        """Whether a campaign (owned or not) is the table ``name`` already: its own, or
        another whose name is the same in a URL (``Lost Mines`` is ``lost-mines``:
        :func:`~.hub.table_id`), which would share its URL.

        Raises:
            CampaignError: the database cannot be read.
        """
        from urllib.parse import quote

        from .hub import table_id

        if not is_url(self.campaigns):
            folder = Path(self.campaigns)
            return (folder / f"{name}.db").exists() or any(
                table_id(str(each)) == name for each in folder.glob("*.db")
            )
        from ..store.postgres import campaign_names

        database = self.campaigns.split("#", 1)[0]
        return any(
            table_id(f"{database}#{quote(each, safe='')}") == name
            for each in campaign_names(database)
        )

    def create(self, name: str, owner: str, ruleset: str) -> str:
        """Make the campaign ``name`` of ``ruleset`` owned by ``owner``; its location.

        Raises:
            AccountError: the name is taken (a campaign of the folder or database).
            CampaignError: the store failed.
        """
        from ..store import CampaignStore

        if self.exists(name):
            raise AccountError(f"there is a campaign {name!r} already")
        self.accounts.own(name, owner, ruleset)
        location = self.location(name)
        try:
            with CampaignStore.open(location, ruleset=ruleset, create=True):
                pass
        except BaseException:
            self.accounts.disown(name)
            raise
        return location

    def delete(self, name: str) -> None:
        """Delete the campaign ``name``: its file (and write-ahead log), or its rows;
        and who owned it. Nothing can bring it back (H726: export first).

        Raises:
            CampaignError: the store failed.
        """
        location = self.location(name)
        if is_url(location):
            _delete_rows(location)
        else:
            for suffix in ("", "-wal", "-shm", "-journal"):
                with contextlib.suppress(FileNotFoundError):
                    Path(location + suffix).unlink()
        self.accounts.disown(name)

    def opener(self, hub: Hub, name: str) -> Table | None:
        """The table of an owned campaign this process has not opened (another process
        made it), now served by ``hub``; ``None`` if no one owns ``name``."""
        if not CAMPAIGN_NAME.fullmatch(name):
            return None
        if is_url(self.campaigns) and hub.database == self.campaigns:
            return None  # (the hub's own listing opens them: no query here, on the loop)
        try:
            if self.accounts.owner_of(name) is None or not self.exists(name):
                return None
        except CampaignError:
            return None
        if hub.get(name, open_missing=False) is None:
            hub.add(hub.table_for(self.location(name), name))
        return hub.get(name, open_missing=False)


def _delete_rows(location: str) -> None:
    """Delete one Postgres campaign's snapshots, events and row, in one transaction."""
    import psycopg

    from ..store.postgres import NOTIFY_CHANNEL, Target

    target = Target(location)
    connection = target.connect(readonly=False)
    select = "(SELECT id FROM campaigns WHERE name = %(n)s)"
    try:
        with connection.transaction():
            # (delivered at commit: every process stops serving it; web/listener.py)
            connection.execute(
                "SELECT pg_notify(%(channel)s, id || ' deleted') FROM campaigns WHERE name = %(n)s",
                {"channel": NOTIFY_CHANNEL, "n": target.campaign},
            )
            for table in ("snapshots", "events"):
                connection.execute(
                    f"DELETE FROM {table} WHERE campaign IN {select}",
                    {"n": target.campaign},
                )
            connection.execute("DELETE FROM campaigns WHERE name = %(n)s", {"n": target.campaign})
    except psycopg.Error as error:
        raise CampaignError(
            f"{target.location}: deleting the campaign failed: {target.reason(error)}",
            target.location,
        ) from None
    finally:
        connection.close()
