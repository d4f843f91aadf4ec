"""Alembic environment for campaign files.

The store runs migrations on its own live connection, passed in
``config.attributes["connection"]`` (Alembic's "sharing a connection" recipe), inside
the transaction it has begun. A developer may instead give ``sqlalchemy.url`` in an ini
file, e.g. to autogenerate a new revision against a scratch file.
"""

from __future__ import annotations

from alembic import context
from alembic.util import CommandError
from sqlalchemy import Connection, create_engine, pool

from hacktable.store.schema import metadata

config = context.config


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=True,  # SQLite can alter little in place: copy-and-move tables
        transactional_ddl=True,  # SQLite's DDL is transactional
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Migrate the connection the store handed over, or the ``sqlalchemy.url`` database."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise CommandError("no connection in config.attributes and no sqlalchemy.url")
    engine = create_engine(url, poolclass=pool.NullPool)
    with engine.connect() as connection:
        _run(connection)
        connection.commit()


def run_migrations_offline() -> None:
    """Write the migrations' SQL instead of running it (``alembic upgrade --sql``)."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url") or "sqlite://",
        target_metadata=metadata,
        render_as_batch=True,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
