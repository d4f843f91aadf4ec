"""Accounts: GMs' users, which campaign each owns, their web sessions, sign-in failures.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02

Issue 13 §1 (docs/rulings.md H720-H723). On Postgres these tables sit next to the
campaigns they own; an SQLite campaign file has them empty (its server keeps accounts in
its own accounts file, built by these same migrations: H720).

- ``users``: a GM's name, argon2 password hash and when the account was made.
- ``campaign_owners``: which user owns which campaign (by its table name).
- ``account_sessions``: a signed-in browser's cookie, as its SHA-256 only, and expiry.
- ``sign_in_failures``: each refused sign-in (or made-up invite token) by key
  (``user:NAME``, ``address:IP``) and time, so limits hold across processes (H723).

Migrations are frozen: this spells out every column rather than importing
``hacktable.store.schema``.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the four accounts tables."""
    op.create_table(
        "users",
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("password_hash", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("name", name="pk_users"),
    )
    op.create_table(
        "campaign_owners",
        sa.Column("campaign", sa.Text(), nullable=False),
        sa.Column("owner", sa.Text(), nullable=False),
        sa.Column("ruleset", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["owner"], ["users.name"], name="fk_campaign_owners_owner_users"),
        sa.PrimaryKeyConstraint("campaign", name="pk_campaign_owners"),
    )
    op.create_index("ix_campaign_owners_owner", "campaign_owners", ["owner"])
    op.create_table(
        "account_sessions",
        sa.Column("token_hash", sa.Text(), nullable=False),
        sa.Column("username", sa.Text(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["username"], ["users.name"], name="fk_account_sessions_username_users"
        ),
        sa.PrimaryKeyConstraint("token_hash", name="pk_account_sessions"),
    )
    op.create_index("ix_account_sessions_username", "account_sessions", ["username"])
    op.create_table(
        "sign_in_failures",
        sa.Column("key", sa.Text(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_sign_in_failures_key", "sign_in_failures", ["key", "at"])


def downgrade() -> None:
    """Drop everything :func:`upgrade` made."""
    op.drop_index("ix_sign_in_failures_key", table_name="sign_in_failures")
    op.drop_table("sign_in_failures")
    op.drop_index("ix_account_sessions_username", table_name="account_sessions")
    op.drop_table("account_sessions")
    op.drop_index("ix_campaign_owners_owner", table_name="campaign_owners")
    op.drop_table("campaign_owners")
    op.drop_table("users")
