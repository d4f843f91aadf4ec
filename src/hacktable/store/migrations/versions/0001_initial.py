"""Initial schema: the campaign row and the event log.

Revision ID: 0001
Revises:
Create Date: 2026-11-30

Migrations are frozen: this spells out every table and column rather than importing
``hacktable.store.schema``, which describes only the newest revision.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create ``campaign`` and ``events`` with their indexes."""
    op.create_table(
        "campaign",
        sa.Column("id", sa.Text(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("ruleset", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.Column("created_by", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_campaign"),
    )
    op.create_table(
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


def downgrade() -> None:
    """Drop everything :func:`upgrade` made."""
    op.drop_index("ix_events_actor", table_name="events")
    op.drop_index("ix_events_action", table_name="events")
    op.drop_table("events")
    op.drop_table("campaign")
