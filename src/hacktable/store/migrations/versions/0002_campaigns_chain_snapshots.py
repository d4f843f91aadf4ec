"""Campaigns, principals, visibility, the hash chain and snapshots.

Revision ID: 0002
Revises: 0001
Create Date: 2027-01-15

- ``campaigns`` (many per database, ``name`` unique) replaces the one-row ``campaign``
  table, whose row it copies.
- ``events`` is keyed by ``(campaign, seq)`` (no autoincrement: the store gives every
  number) and gains ``principal`` (``'GM'`` for old events), ``visibility``
  (``'public'``), ``audience`` (``''``), ``prev_hash`` and ``hash``. The old events are
  copied and their hash chain computed here, with the store's own function
  (:func:`hacktable.store.chain.link_hash`), so old campaigns verify.
- ``snapshots`` holds states as of an event.

Built the same on SQLite and Postgres. Migrations are frozen: this spells out every
table and column rather than importing ``hacktable.store.schema``. Offline (``--sql``)
it writes the new tables only: copying and hashing old events needs a live database.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

from hacktable.store.chain import GENESIS, link_hash

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_OLD_COLUMNS = "seq, at, session, actor, action, summary, detail, changes, command, undoes"
_CAMPAIGN_COLUMNS = "id, name, ruleset, created_at, created_by"


def _online() -> bool:
    return not op.get_context().as_sql


def upgrade() -> None:
    """Replace ``campaign`` by ``campaigns``, rebuild ``events`` chained, add
    ``snapshots``."""
    old: list[dict[str, Any]] = []
    campaign_id = ""
    op.create_table(
        "campaigns",
        sa.Column("id", sa.Text(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("ruleset", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.Column("created_by", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_campaigns"),
        sa.UniqueConstraint("name", name="uq_campaigns_name"),
    )
    op.execute(
        f"INSERT INTO campaigns ({_CAMPAIGN_COLUMNS}) SELECT {_CAMPAIGN_COLUMNS} FROM campaign"
    )
    if _online():
        bind = op.get_bind()
        old = [
            dict(row)
            for row in bind.execute(
                sa.text(f"SELECT {_OLD_COLUMNS} FROM events ORDER BY seq")
            ).mappings()
        ]
        first = bind.execute(sa.text("SELECT id FROM campaigns ORDER BY created_at")).first()
        campaign_id = "" if first is None else str(first[0])
    op.drop_index("ix_events_actor", table_name="events")
    op.drop_index("ix_events_action", table_name="events")
    op.drop_table("events")
    op.drop_table("campaign")
    events = op.create_table(
        "events",
        sa.Column("campaign", sa.Text(), nullable=False),
        sa.Column("seq", sa.BigInteger(), nullable=False, autoincrement=False),
        sa.Column("at", sa.Text(), nullable=False),
        sa.Column("session", sa.BigInteger(), nullable=False),
        sa.Column("principal", sa.Text(), nullable=False, server_default="GM"),
        sa.Column("actor", sa.Text(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("summary", sa.Text(), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("changes", sa.Text(), nullable=False),
        sa.Column("command", sa.Text(), nullable=False),
        sa.Column("undoes", sa.BigInteger(), nullable=True),
        sa.Column("visibility", sa.Text(), nullable=False, server_default="public"),
        sa.Column("audience", sa.Text(), nullable=False, server_default=""),
        sa.Column("prev_hash", sa.Text(), nullable=False),
        sa.Column("hash", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign", "undoes"],
            ["events.campaign", "events.seq"],
            name="fk_events_undoes_events",
        ),
        sa.ForeignKeyConstraint(
            ["campaign"], ["campaigns.id"], name="fk_events_campaign_campaigns"
        ),
        sa.PrimaryKeyConstraint("campaign", "seq", name="pk_events"),
    )
    op.create_index("ix_events_campaign_action", "events", ["campaign", "action", "seq"])
    op.create_index("ix_events_campaign_undoes", "events", ["campaign", "undoes"])
    op.create_index("ix_events_campaign_session", "events", ["campaign", "session"])
    op.create_table(
        "snapshots",
        sa.Column("campaign", sa.Text(), nullable=False),
        sa.Column("seq", sa.BigInteger(), nullable=False, autoincrement=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("checksum", sa.Text(), nullable=False),
        sa.Column("event_hash", sa.Text(), nullable=False),
        sa.Column("made_at", sa.Text(), nullable=False),
        sa.Column("made_by", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign"], ["campaigns.id"], name="fk_snapshots_campaign_campaigns"
        ),
        sa.PrimaryKeyConstraint("campaign", "seq", name="pk_snapshots"),
    )
    if old:
        op.bulk_insert(events, _chained(old, campaign_id))


def _chained(old: list[dict[str, Any]], campaign_id: str) -> list[dict[str, Any]]:
    """The 0001 rows ``old`` (in ``seq`` order) as 0002 rows of ``campaign_id``, with
    the defaults for the new columns and their hash chain."""
    rows: list[dict[str, Any]] = []
    previous = GENESIS
    for row in old:
        new = {
            **row,
            "campaign": campaign_id,
            "principal": "GM",
            "visibility": "public",
            "audience": "",
            "prev_hash": previous,
        }
        new["hash"] = previous = link_hash(previous, new)
        rows.append(new)
    return rows


def downgrade() -> None:
    """Back to 0001: the first campaign's row and events, without the new columns."""
    campaign: dict[str, Any] | None = None
    old: list[dict[str, Any]] = []
    if _online():
        bind = op.get_bind()
        first = (
            bind.execute(sa.text(f"SELECT {_CAMPAIGN_COLUMNS} FROM campaigns ORDER BY created_at"))
            .mappings()
            .first()
        )
        if first is not None:
            campaign = dict(first)
            old = [
                dict(row)
                for row in bind.execute(
                    sa.text(f"SELECT {_OLD_COLUMNS} FROM events WHERE campaign = :c ORDER BY seq"),
                    {"c": campaign["id"]},
                ).mappings()
            ]
    op.drop_table("snapshots")
    op.drop_index("ix_events_campaign_session", table_name="events")
    op.drop_index("ix_events_campaign_undoes", table_name="events")
    op.drop_index("ix_events_campaign_action", table_name="events")
    op.drop_table("events")
    table = op.create_table(
        "campaign",
        sa.Column("id", sa.Text(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("ruleset", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.Column("created_by", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_campaign"),
    )
    op.drop_table("campaigns")
    events = op.create_table(
        "events",
        sa.Column("seq", sa.Integer(), nullable=False, autoincrement=True),
        sa.Column("at", sa.Text(), nullable=False),
        sa.Column("session", sa.Integer(), nullable=False),
        sa.Column("actor", sa.Text(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("summary", sa.Text(), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("changes", sa.Text(), nullable=False),
        sa.Column("command", sa.Text(), nullable=False),
        sa.Column("undoes", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["undoes"], ["events.seq"], name="fk_events_undoes_events"),
        sa.PrimaryKeyConstraint("seq", name="pk_events"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_events_action", "events", ["action"])
    op.create_index("ix_events_actor", "events", ["actor"])
    if campaign is not None:
        op.bulk_insert(table, [campaign])
    if old:
        op.bulk_insert(events, old)
