""":func:`open_store`: one entry point for every backend, by location.

A location is a file path (SQLite, one campaign per file) or a Postgres URL,
``postgresql://USER[:PASSWORD]@HOST[:PORT]/DB[#CAMPAIGN]`` (many campaigns in one
database; the fragment names the campaign, ``campaign`` if none). Reading a default
from ``HACKTABLE_DATABASE_URL`` is the caller's business.
"""

from __future__ import annotations

import os

from .. import DEFAULT_RULESET
from .base import EventStore, Warn

__all__ = ["URL_SCHEMES", "is_url", "open_store"]

URL_SCHEMES = ("postgresql://", "postgres://")
"""How a Postgres location begins."""


def is_url(location: str | os.PathLike[str]) -> bool:
    """Whether ``location`` names a Postgres database rather than a file."""
    return isinstance(location, str) and location.lower().startswith(URL_SCHEMES)


def open_store(
    location: str | os.PathLike[str],
    *,
    ruleset: str = DEFAULT_RULESET,
    create: bool = True,
    readonly: bool = False,
    warn: Warn | None = None,
) -> EventStore:
    """Open the campaign at ``location``, creating it if needed and allowed.

    Args:
        location: a campaign file's path, or a Postgres URL (see the module).
        ruleset: the ruleset id recorded in a new campaign; ignored when it exists.
        create: whether to create the campaign (the file, or the database's row and
            tables) if it does not exist.
        readonly: open for reading only: never creates, migrates or writes anything.
        warn: where one-line warnings go while the store goes on (``"snapshot at #N
            discarded: ..."``); ``None``: the ``hacktable.store`` logger.

    Returns:
        The open store: a :class:`~hacktable.store.sqlite.SqliteEventStore` or a
        :class:`~hacktable.store.postgres.PostgresEventStore`.

    Raises:
        CampaignError: the campaign cannot be opened (see each backend's ``open_*``);
            for Postgres, one line naming the host when the server cannot be reached.
        NotACampaignError: the file or database is not a usable campaign.
        CampaignLockedError: another writer held a lock past the busy timeout.
    """
    if is_url(location):
        from .postgres import PostgresEventStore  # only now: psycopg takes time to import

        return PostgresEventStore.open_url(
            str(location), ruleset=ruleset, create=create, readonly=readonly, warn=warn
        )
    from .sqlite import SqliteEventStore

    return SqliteEventStore.open_file(
        location, ruleset=ruleset, create=create, readonly=readonly, warn=warn
    )
