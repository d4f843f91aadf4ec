"""The campaign store: one SQLite file per campaign, holding its append-only event log.

Files are reached through SQLAlchemy and built and upgraded by Alembic migrations
(``migrations/``), so later versions of hacktable open today's files. See
:class:`CampaignStore`.

Modules:

- :mod:`.campaign`: :class:`CampaignStore`, opening, locking, appending and reading.
- :mod:`.schema`: the tables, ``HEAD_REVISION`` and ``APPLICATION_ID``.
- :mod:`.checks`: checking an existing file before anything is written to it.
- :mod:`.codec`: events to rows and back (``detail`` and ``changes`` as JSON text).
- :mod:`.sqlitefile`: SQLite connections, the exclusive lock, SQLite's error codes.
- :mod:`.migrate`: running Alembic (imported only when a file needs migrating).
"""

from __future__ import annotations

from .campaign import CampaignStore, EventRejectedError, StaleWriteError
from .schema import APPLICATION_ID, HEAD_REVISION

__all__ = [
    "APPLICATION_ID",
    "HEAD_REVISION",
    "CampaignStore",
    "EventRejectedError",
    "StaleWriteError",
]
