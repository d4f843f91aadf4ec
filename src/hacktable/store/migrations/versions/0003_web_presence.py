"""Who is connected and how fast they send, shared by every web server process.

Revision ID: 0003
Revises: 0002
Create Date: 2027-02-01

- ``web_presence``: one row a (process, campaign, role, name): how many sockets that
  process holds for that principal, and the time in milliseconds of its last
  heartbeat; a process's rows count only while their heartbeat is recent, so a dead
  process's sockets drop out by themselves (docs/rulings.md H743).
- ``web_rate``: commands sent by one browser session (the hash of its cookie, never
  the cookie) to a campaign in one second of the database's clock, counted by an
  atomic upsert (docs/rulings.md H744).

Neither holds campaign history: no event refers to them, an export leaves them out,
and a campaign file (one process) never fills them. Built the same on SQLite and
Postgres; migrations are frozen, so the tables are spelled out here.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add ``web_presence`` and ``web_rate``."""
    op.create_table(
        "web_presence",
        sa.Column("process", sa.Text(), nullable=False),
        sa.Column("campaign", sa.Text(), nullable=False),
        sa.Column("role", sa.Text(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("sockets", sa.Integer(), nullable=False),
        sa.Column("beat_ms", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("process", "campaign", "role", "name", name="pk_web_presence"),
    )
    op.create_index("ix_web_presence_campaign", "web_presence", ["campaign", "beat_ms"])
    op.create_table(
        "web_rate",
        sa.Column("campaign", sa.Text(), nullable=False),
        sa.Column("session", sa.Text(), nullable=False),
        sa.Column("second", sa.BigInteger(), nullable=False),
        sa.Column("sent", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("campaign", "session", "second", name="pk_web_rate"),
    )


def downgrade() -> None:
    """Back to 0002: drop both tables."""
    op.drop_table("web_rate")
    op.drop_index("ix_web_presence_campaign", table_name="web_presence")
    op.drop_table("web_presence")
