"""The campaign file's tables, as SQLAlchemy Core definitions.

These definitions describe the schema at :data:`HEAD_REVISION`. The Alembic migrations
in ``migrations/versions`` build it; a test checks that a freshly migrated file matches
these definitions exactly, so the two cannot drift apart. A change here needs a new
migration (and a new ``HEAD_REVISION``).

Tables:

- ``campaign``: exactly one row describing the campaign.
- ``events``: the append-only event log, one row per :class:`~hacktable.play.events.Event`,
  ``detail`` and ``changes`` held as JSON text.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import Column, ForeignKey, Index, Integer, MetaData, Table, Text

__all__ = ["APPLICATION_ID", "HEAD_REVISION", "campaign_table", "events_table", "metadata"]

HEAD_REVISION: Final = "0001"
"""The Alembic revision these definitions match (the newest the code knows)."""

APPLICATION_ID: Final = 0x484B5454
"""The value of ``PRAGMA application_id`` marking a file as a hacktable campaign:
``0x484B5454``, "HKTT" in ASCII (1212896340). Files carry the number, so it must never
change once campaigns exist."""

NAMING_CONVENTION: Final = {
    "ix": "ix_%(table_name)s_%(column_0_name)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Constraint names, so later (batch) migrations can refer to them."""

metadata = MetaData(naming_convention=NAMING_CONVENTION)

campaign_table = Table(
    "campaign",
    metadata,
    Column("id", Text, primary_key=True),  # uuid4 string
    Column("name", Text, nullable=False),  # the file's stem at creation
    Column("ruleset", Text, nullable=False),  # ruleset id, e.g. "redhack"
    Column("created_at", Text, nullable=False),  # ISO 8601 UTC
    Column("created_by", Text, nullable=False),  # hacktable version
)

events_table = Table(
    "events",
    metadata,
    Column("seq", Integer, primary_key=True, autoincrement=True),
    Column("at", Text, nullable=False),  # ISO 8601 UTC
    Column("session", Integer, nullable=False),
    Column("actor", Text, nullable=False),
    Column("action", Text, nullable=False),
    Column("summary", Text, nullable=False),
    Column("detail", Text, nullable=False),  # JSON object
    Column("changes", Text, nullable=False),  # JSON list of {kind, key, before, after}
    Column("command", Text, nullable=False),
    Column("undoes", Integer, ForeignKey("events.seq"), nullable=True),
    Index("ix_events_action", "action"),
    Index("ix_events_actor", "actor"),
    sqlite_autoincrement=True,
)
