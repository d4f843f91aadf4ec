"""The store's tables, as SQLAlchemy Core definitions.

These definitions describe the schema at :data:`HEAD_REVISION`. The Alembic migrations
in ``migrations/versions`` build it, on SQLite and on Postgres alike; a test checks that
a freshly migrated file matches these definitions exactly, so the two cannot drift
apart. A change here needs a new migration (and a new ``HEAD_REVISION`` in
:mod:`.revision`). Only migrations and tests import this module: the stores run on
plain DB-API connections (:mod:`.sql`).

Tables:

- ``campaigns``: one row per campaign (an SQLite file holds exactly one; a Postgres
  database any number, told apart by ``name``).
- ``events``: the append-only event log, one row per
  :class:`~hacktable.play.events.Event`, keyed by ``(campaign, seq)``; ``detail`` and
  ``changes`` held as JSON text; ``prev_hash``/``hash`` chain each row to the one
  before (:mod:`.chain`).
- ``snapshots``: the campaign state as of an event, as JSON text, with its checksum
  and the hash of that event, so opening reads the latest one plus the events after.
- ``web_presence`` and ``web_rate``: who is connected to each campaign through which
  web server process, and how many commands each browser session sent in each second
  (shared by every process of a hosted table: docs/rulings.md H743, H744).
- ``users``, ``campaign_owners``, ``account_sessions``, ``sign_in_failures``: GMs'
  accounts on a hosted server (issue 13 §1; docs/rulings.md H720-H723), read and
  written by :mod:`hacktable.accounts`.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    Table,
    Text,
)

from .revision import APPLICATION_ID, HEAD_REVISION

__all__ = [
    "APPLICATION_ID",
    "HEAD_REVISION",
    "campaigns_table",
    "events_table",
    "metadata",
    "snapshots_table",
    "users_table",
    "web_presence_table",
    "web_rate_table",
]

NAMING_CONVENTION: Final = {
    "ix": "ix_%(table_name)s_%(column_0_name)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Constraint names, so later (batch) migrations can refer to them."""

metadata = MetaData(naming_convention=NAMING_CONVENTION)

campaigns_table = Table(
    "campaigns",
    metadata,
    Column("id", Text, primary_key=True),  # uuid4 string
    Column("name", Text, nullable=False, unique=True),  # the file's stem, or the URL's #name
    Column("ruleset", Text, nullable=False),  # ruleset id, e.g. "redhack"
    Column("created_at", Text, nullable=False),  # ISO 8601 UTC
    Column("created_by", Text, nullable=False),  # hacktable version
)

events_table = Table(
    "events",
    metadata,
    Column("campaign", Text, ForeignKey("campaigns.id"), primary_key=True),
    Column("seq", BigInteger, primary_key=True, autoincrement=False),  # always given
    Column("at", Text, nullable=False),  # ISO 8601 UTC
    Column("session", BigInteger, nullable=False),
    Column("principal", Text, nullable=False, server_default="GM"),
    Column("actor", Text, nullable=False),
    Column("action", Text, nullable=False),
    Column("summary", Text, nullable=False),
    Column("detail", Text, nullable=False),  # JSON object
    Column("changes", Text, nullable=False),  # JSON list of {kind, key, before, after}
    Column("command", Text, nullable=False),
    Column("undoes", BigInteger, nullable=True),
    Column("visibility", Text, nullable=False, server_default="public"),
    Column("audience", Text, nullable=False, server_default=""),
    Column("prev_hash", Text, nullable=False),  # "" for the first event
    Column("hash", Text, nullable=False),  # sha256 hex, see chain.py
    ForeignKeyConstraint(
        ["campaign", "undoes"],
        ["events.campaign", "events.seq"],
        name="fk_events_undoes_events",
    ),
    Index("ix_events_campaign_action", "campaign", "action", "seq"),
    Index("ix_events_campaign_undoes", "campaign", "undoes"),
    Index("ix_events_campaign_session", "campaign", "session"),
)

snapshots_table = Table(
    "snapshots",
    metadata,
    Column("campaign", Text, ForeignKey("campaigns.id"), primary_key=True),
    Column("seq", BigInteger, primary_key=True, autoincrement=False),  # state after it
    Column("state", Text, nullable=False),  # JSON object
    Column("checksum", Text, nullable=False),  # sha256 hex of state
    Column("event_hash", Text, nullable=False),  # the hash of event seq when taken
    Column("made_at", Text, nullable=False),  # ISO 8601 UTC
    Column("made_by", Text, nullable=False),  # hacktable version
)

web_presence_table = Table(
    "web_presence",
    metadata,
    Column("process", Text, nullable=False),  # the server process's random id
    Column("campaign", Text, nullable=False),  # campaigns.name
    Column("role", Text, nullable=False),  # gm, player, observer
    Column("name", Text, nullable=False),  # the principal's name
    Column("sockets", Integer, nullable=False),
    Column("beat_ms", BigInteger, nullable=False),  # the database's clock, ms
    PrimaryKeyConstraint("process", "campaign", "role", "name", name="pk_web_presence"),
    Index("ix_web_presence_campaign", "campaign", "beat_ms"),
)

web_rate_table = Table(
    "web_rate",
    metadata,
    Column("campaign", Text, nullable=False),  # campaigns.name
    Column("session", Text, nullable=False),  # sha256 of the session cookie
    Column("second", BigInteger, nullable=False),  # the database's clock, whole seconds
    Column("sent", Integer, nullable=False),
    PrimaryKeyConstraint("campaign", "session", "second", name="pk_web_rate"),
)

users_table = Table(
    "users",
    metadata,
    Column("name", Text, primary_key=True),
    Column("password_hash", Text, nullable=False),  # argon2id, PHC string
    Column("created_at", Text, nullable=False),  # ISO 8601 UTC
)

campaign_owners_table = Table(
    "campaign_owners",
    metadata,
    Column("campaign", Text, primary_key=True),  # the table's name, /t/NAME/
    Column("owner", Text, ForeignKey("users.name"), nullable=False),
    Column("ruleset", Text, nullable=False),
    Column("created_at", Text, nullable=False),
    Index("ix_campaign_owners_owner", "owner"),
)

account_sessions_table = Table(
    "account_sessions",
    metadata,
    Column("token_hash", Text, primary_key=True),  # sha256 hex of the cookie
    Column("username", Text, ForeignKey("users.name"), nullable=False),
    Column("expires_at", Float, nullable=False),  # seconds since the epoch
    Index("ix_account_sessions_username", "username"),
)

sign_in_failures_table = Table(
    "sign_in_failures",
    metadata,
    Column("key", Text, nullable=False),  # user:NAME or address:IP
    Column("at", Float, nullable=False),  # seconds since the epoch
    Index("ix_sign_in_failures_key", "key", "at"),
)
