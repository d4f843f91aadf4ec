"""Running the store's Alembic migrations, on SQLite files and Postgres databases.

Importing SQLAlchemy and Alembic takes a noticeable fraction of a second, so this
module is only imported when a database needs creating or migrating (a new campaign,
one made by an older hacktable, an empty Postgres database) or its schema revision is
not the one this code was written for.

No ``alembic.ini`` is needed: the configuration is built here, pointing at the
``migrations`` folder inside the package, and the connection to migrate is handed to
``migrations/env.py`` through ``Config.attributes["connection"]``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    import sqlite3

    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from sqlalchemy import Connection, Engine

__all__ = [
    "MIGRATIONS_DIR",
    "alembic_config",
    "head_revision",
    "known_revisions",
    "sqlite_engine",
    "upgrade",
]

MIGRATIONS_DIR: Final = Path(__file__).with_name("migrations")
"""The Alembic script folder (``env.py``, ``script.py.mako``, ``versions/``)."""


def alembic_config() -> Config:
    """An Alembic configuration for the campaign migrations, without an ini file."""
    from alembic.config import Config

    config = Config()
    # Config values go through configparser interpolation: escape any "%" in the path.
    config.set_main_option("script_location", str(MIGRATIONS_DIR).replace("%", "%%"))
    return config


@cache
def _script() -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    """The newest revision among the migration scripts (there is exactly one head).

    Raises:
        alembic.util.CommandError: the scripts have several heads (a packaging bug).
    """
    head = _script().get_current_head()
    assert head is not None, "no migration scripts"
    return head


@cache
def known_revisions() -> frozenset[str]:
    """Every revision id the migration scripts know, e.g. ``{"0001"}``."""
    return frozenset(script.revision for script in _script().walk_revisions())


def upgrade(connection: Connection) -> None:
    """Migrate the database behind ``connection`` to the newest revision.

    Runs inside the transaction ``connection`` is in, if any (SQLite's DDL is
    transactional), so a failure leaves the file as it was.

    Args:
        connection: a connection to the campaign file, normally in a transaction.

    Raises:
        sqlalchemy.exc.DBAPIError: SQLite refused a statement.
        alembic.util.CommandError: the file's revision is unknown to the scripts.
    """
    from alembic import command

    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def sqlite_engine(raw: sqlite3.Connection, begin: str) -> Engine:
    """An SQLAlchemy engine over the single connection ``raw``, beginning transactions
    with ``begin`` (SQLAlchemy's recipe for pysqlite: the driver's own transaction
    handling is off, ``isolation_level=None``, and the listener emits ``BEGIN`` itself).
    Disposing of the engine closes ``raw``."""
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import StaticPool

    engine = create_engine("sqlite+pysqlite://", creator=lambda: raw, poolclass=StaticPool)

    def emit_begin(connection: Connection) -> None:
        connection.exec_driver_sql(begin)

    event.listen(engine, "begin", emit_begin)
    return engine
