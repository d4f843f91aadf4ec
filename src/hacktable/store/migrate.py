"""Running the campaign file's Alembic migrations.

Importing Alembic takes a noticeable fraction of a second, so this module is only
imported when a file needs migrating (a new campaign, or one made by an older
hacktable) or its schema revision is not the one this code was written for.

No ``alembic.ini`` is needed: the configuration is built here, pointing at the
``migrations`` folder inside the package, and the store's live connection is handed to
``migrations/env.py`` through ``Config.attributes["connection"]``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from sqlalchemy import Connection

__all__ = ["MIGRATIONS_DIR", "alembic_config", "head_revision", "known_revisions", "upgrade"]

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
