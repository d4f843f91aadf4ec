"""The event store: a campaign's append-only event log, its snapshots and metadata, on
SQLite (one file per campaign, the embedded default) or Postgres (many campaigns in
one database).

Open a store with :func:`open_store` (a path or a ``postgresql://`` URL); every store
implements :class:`EventStore`. Several stores may hold one campaign at once (a console
and a web server, in different processes): reads never wait, and appends at a stale
sequence number are refused with :class:`StaleWriteError`, never lost. The schema is
built and upgraded by the same Alembic migrations on both backends (``migrations/``);
at run time the stores use plain DB-API connections, so opening a current campaign
imports neither SQLAlchemy nor Alembic.

Modules:

- :mod:`.base`: the :class:`EventStore` interface and :class:`Snapshot`.
- :mod:`.opening`: :func:`open_store`, by location.
- :mod:`.sql`: :class:`~.sql.SqlEventStore`, the queries both backends share.
- :mod:`.sqlite`, :mod:`.postgres`: the backends (opening, checking, migrating).
- :mod:`.chain`: the hash chain over events.
- :mod:`.errors`: :class:`StaleWriteError`, :class:`EventRejectedError`.
- :mod:`.codec`: events to rows and back (``detail`` and ``changes`` as JSON text).
- :mod:`.checks`, :mod:`.sqlitefile`: checking SQLite files, SQLite connections and
  error codes.
- :mod:`.schema`, :mod:`.revision`, :mod:`.migrate`: the tables, ``HEAD_REVISION``, and
  running Alembic (imported only when a database needs creating or migrating).
- :mod:`.campaign`: the old name ``CampaignStore`` (= :class:`EventStore`).
"""

from __future__ import annotations

from .base import EventStore, Snapshot, Warn
from .campaign import CampaignStore
from .errors import BrokenChainError, EventRejectedError, SnapshotMismatchError, StaleWriteError
from .opening import open_store
from .revision import APPLICATION_ID, HEAD_REVISION

__all__ = [
    "APPLICATION_ID",
    "HEAD_REVISION",
    "BrokenChainError",
    "CampaignStore",
    "EventRejectedError",
    "EventStore",
    "Snapshot",
    "SnapshotMismatchError",
    "StaleWriteError",
    "Warn",
    "open_store",
]
