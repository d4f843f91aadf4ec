"""The Postgres backend: many campaigns in one database, for hosted tables.

Runs on psycopg 3 (sync, autocommit: the store begins its own transactions); SQLAlchemy
and Alembic are imported only when the database needs migrating, which happens on open
under a Postgres advisory lock, so two processes never migrate at once. A location is
``postgresql://USER[:PASSWORD]@HOST[:PORT]/DB[#CAMPAIGN]``; the campaign (``campaign``
if the URL names none) is a row of the ``campaigns`` table, made on first open unless
``create`` is false. Messages name the URL without its password.

Writers do not lock the log: two appends at the same number race for the
``(campaign, seq)`` primary key, and the loser's unique violation becomes a
:class:`~hacktable.store.errors.StaleWriteError`, as on SQLite. A connection lost
mid-session fails the call in flight with one line naming the host; the next call
connects again.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import SplitResult, unquote, urlsplit, urlunsplit

import psycopg
import psycopg.errors

from .. import __version__
from ..errors import CampaignError, NotACampaignError
from .base import Warn
from .codec import utc_now
from .revision import HEAD_REVISION, READ_AS_HEAD
from .sql import Dialect, SqlEventStore, insert_statement, named_to_pyformat
from .sqlitefile import one_line

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from .budget import ConnectionBudget

__all__ = [
    "CONNECT_TIMEOUT",
    "MIGRATION_LOCK",
    "NOTIFY_CHANNEL",
    "PostgresDialect",
    "PostgresEventStore",
    "Target",
    "campaign_names",
]

CONNECT_TIMEOUT: Final = 5
"""Seconds to wait for the server before saying it cannot be reached."""

MIGRATION_LOCK: Final = int.from_bytes(b"HKTTMIGR", "big")
"""The advisory lock key held while a process migrates a database."""

NOTIFY_CHANNEL: Final = "hacktable_events"
"""The channel every append notifies, with the payload ``CAMPAIGN_ID SEQ`` (the
campaign's id and its new last ``seq``), inside the append's own statement, so it is
delivered only if the append commits (issue 13 §2; docs/rulings.md H702)."""

DEFAULT_CAMPAIGN: Final = "campaign"
"""The campaign a URL without ``#CAMPAIGN`` names."""

CAMPAIGN_ROW: Final = (
    "SELECT id, name, ruleset, created_at, created_by FROM campaigns WHERE name = %(name)s"
)
NEW_CAMPAIGN: Final = (
    "INSERT INTO campaigns (id, name, ruleset, created_at, created_by)"
    " VALUES (%(id)s, %(name)s, %(ruleset)s, %(created_at)s, %(created_by)s)"
    " ON CONFLICT (name) DO NOTHING"
)


class Target:
    """A parsed Postgres location.

    Attributes:
        conninfo: the URL for libpq, password included, campaign fragment removed.
        host: ``HOST:PORT`` (or ``HOST``), for messages.
        campaign: the campaign's name.
        location: the URL without its password, with ``#CAMPAIGN``, for messages.
    """

    def __init__(self, url: str) -> None:
        """Parse ``url``.

        Raises:
            CampaignError: it is not a usable Postgres URL.
        """
        try:
            parts = urlsplit(url)
            port = parts.port
        except ValueError as error:
            raise CampaignError(f"bad Postgres URL: {one_line(error)}", _hide(url)) from None
        host = parts.hostname or "localhost"
        if ":" in host:
            host = f"[{host}]"
        self.host = host if port is None else f"{host}:{port}"
        self.campaign = unquote(parts.fragment) or DEFAULT_CAMPAIGN
        user = f"{parts.username}@" if parts.username else ""
        shown = (parts.hostname and f"{user}{self.host}") or user.rstrip("@")
        self.location = urlunsplit(SplitResult(parts.scheme, shown, parts.path, "", ""))
        self.location += f"#{self.campaign}"
        self.conninfo = urlunsplit(
            SplitResult(parts.scheme, parts.netloc, parts.path, parts.query, "")
        )
        self._password = parts.password or ""
        self._timeout = "connect_timeout" not in parts.query

    def connect(self, *, readonly: bool) -> psycopg.Connection[Any]:
        """A new autocommit connection.

        Raises:
            CampaignError: the server cannot be reached or refused (one line naming the
                host, never the password).
        """
        options: dict[str, Any] = {"autocommit": True}
        if self._timeout:
            options["connect_timeout"] = CONNECT_TIMEOUT
        try:
            connection = psycopg.connect(self.conninfo, **options)
            if readonly:
                connection.execute("SET default_transaction_read_only = on")
        except psycopg.Error as error:
            raise CampaignError(
                f"cannot connect to the Postgres server at {self.host} ({self.location}): "
                f"{self.reason(error)}",
                self.location,
            ) from None
        return connection

    def reason(self, error: BaseException) -> str:
        """``error`` as one line, without the password."""
        text = one_line(error)
        text = text.removeprefix("connection failed: ")
        return text.replace(self._password, "***") if self._password else text


def _hide(url: str) -> str:
    """``url`` with anything between ``://`` and ``@`` but the user name hidden."""
    scheme, _, rest = url.partition("://")
    credentials, at, address = rest.rpartition("@")
    if not at:
        return url
    return f"{scheme}://{credentials.split(':', 1)[0]}@{address}"


class PostgresDialect(Dialect):
    """psycopg's ways: ``%(name)s`` parameters, errors naming the host."""

    name = "postgres"
    errors = (psycopg.Error,)

    def __init__(self, target: Target) -> None:
        super().__init__()
        self.target = target

    def convert(self, text: str) -> str:
        """``:name`` parameters as ``%(name)s``."""
        return named_to_pyformat(text)

    @contextlib.contextmanager
    def transaction(self, connection: Any, *, write: bool) -> Iterator[None]:
        """``BEGIN`` ... ``COMMIT`` (``ROLLBACK`` if the block raises)."""
        with connection.transaction():
            yield

    def is_unique_violation(self, error: Exception) -> bool:
        """Whether ``error`` is Postgres's unique violation (SQLSTATE 23505)."""
        return isinstance(error, psycopg.errors.UniqueViolation)

    def is_bad_data(self, error: Exception) -> bool:
        """Whether ``error`` is a value Postgres cannot hold (text with NUL, a number
        out of range)."""
        return isinstance(error, psycopg.DataError)

    def failure(self, location: str, error: Exception, doing: str) -> CampaignError:
        """The typed error for a psycopg failure while ``doing`` something."""
        reason = self.target.reason(error)
        if isinstance(error, psycopg.OperationalError):
            return CampaignError(
                f"{location}: {doing} failed: lost the connection to the Postgres server "
                f"at {self.target.host}: {reason}",
                location,
            )
        return CampaignError(f"{location}: {doing} failed: {reason}", location)


class PostgresEventStore(SqlEventStore):
    """One campaign in a Postgres database, open for reading and appending events.

    Use :func:`hacktable.store.open_store` with a ``postgresql://`` URL (or
    :meth:`open_url`). A store holds one connection, and makes a new one when it finds
    it broken.
    """

    _dialect: PostgresDialect

    @classmethod
    def open_url(
        cls,
        url: str,
        *,
        ruleset: str,
        create: bool = True,
        readonly: bool = False,
        warn: Warn | None = None,
        budget: ConnectionBudget | None = None,
    ) -> PostgresEventStore:
        """Open the campaign ``url`` names, migrating the database and creating the
        campaign if needed and allowed.

        Args:
            url: ``postgresql://USER[:PASSWORD]@HOST[:PORT]/DB[#CAMPAIGN]``.
            ruleset: the ruleset id recorded in a new campaign; ignored when it exists.
            create: whether to create the campaign (and the tables) if missing.
            readonly: never create, migrate or write anything.
            warn: where warnings go (a discarded snapshot).
            budget: the process's shared connections to borrow from (H705); the store
                then holds one only between a first use and :meth:`release`.

        Raises:
            CampaignError: the server cannot be reached (one line naming the host); the
                campaign does not exist and may not be created; a read-only open of a
                database that needs migrating; or Postgres failed otherwise.
            NotACampaignError: the database holds another program's tables, or was
                migrated by a newer hacktable.
        """
        target = Target(url)
        dialect = PostgresDialect(target)
        if budget is not None and readonly:
            raise CampaignError(f"{target.location}: a budget is for writers", target.location)
        connection = target.connect(readonly=readonly) if budget is None else budget.take()
        try:
            revision = _revision(connection, target)
            if revision != HEAD_REVISION:
                if revision is not None:
                    from .migrate import known_revisions

                    if revision not in known_revisions():
                        newer = one_line(revision, 40)
                        raise NotACampaignError(
                            target.location,
                            f"it was written by a newer hacktable (schema {newer}); "
                            "upgrade hacktable",
                        )
                if readonly and revision in READ_AS_HEAD:
                    pass  # (the campaign tables are the head's: docs/rulings.md H731)
                elif readonly or (revision is None and not create):
                    what = "has no hacktable tables" if revision is None else "needs upgrading"
                    raise CampaignError(
                        f"{target.location}: the database {what}: "
                        "open it once without read-only (with create)",
                        target.location,
                    )
                else:
                    _migrate(target)
            campaign = _campaign(connection, target, ruleset, create=create and not readonly)
        except psycopg.Error as error:
            _let_go(connection, budget)
            raise dialect.failure(target.location, error, "opening") from None
        except BaseException:
            _let_go(connection, budget)
            raise
        store = cls(
            connection,
            dialect,
            location=target.location,
            path=None,
            campaign=campaign,
            readonly=readonly,
            warn=warn,
        )
        store._budget = budget
        return store

    _budget: ConnectionBudget | None = None

    @property
    def channel_key(self) -> str:
        """The campaign's id as its notifications name it (:data:`NOTIFY_CHANNEL`)."""
        return self.campaign_id

    def release(self) -> None:
        """Give the connection back to the budget until the next use (nothing without
        a budget: the store keeps its own connection; docs/rulings.md H705)."""
        with self._lock:
            if self._budget is not None and self._conn is not None:
                connection, self._conn = self._conn, None
                self._budget.give(connection)

    def close(self) -> None:
        with self._lock:
            if self._budget is None:
                super().close()
                return
            self.release()
            self._closed = True

    def _live(self) -> Any:
        if self._budget is not None:
            with self._lock:
                super()._live()  # (refuses a closed store)
                if self._conn is not None and (self._conn.broken or self._conn.closed):
                    self._tail = None
                    self.release()
                if self._conn is None:
                    self._conn = self._budget.take()
                return self._conn
        connection = super()._live()
        if connection.broken or connection.closed:
            with contextlib.suppress(psycopg.Error):
                connection.close()
            self._tail = None
            self._conn = self._dialect.target.connect(readonly=self.readonly)
        return self._conn

    def _insert_rows(self, connection: Any, values: list[dict[str, Any]]) -> None:
        """The rows' ``INSERT`` and the append's notification, in one statement (a
        data-modifying ``WITH`` runs once, whatever the outer query reads), so both
        commit together or neither (docs/rulings.md H702)."""
        params = {
            f"{name}_{i}": value for i, row in enumerate(values) for name, value in row.items()
        }
        params["notify_channel"] = NOTIFY_CHANNEL
        params["notify_payload"] = f"{self.campaign_id} {values[-1]['seq']}"
        statement = (
            f"WITH inserted AS ({insert_statement(len(values))})"
            " SELECT pg_notify(:notify_channel, :notify_payload)"
        )
        connection.execute(self._dialect.statement(statement), params)


def _let_go(connection: psycopg.Connection[Any], budget: ConnectionBudget | None) -> None:
    """Close ``connection``, or give it back to ``budget``."""
    if budget is None:
        connection.close()
    else:
        budget.give(connection)


def campaign_names(url: str) -> list[str]:
    """The names of the campaigns in the database ``url`` names (its ``#CAMPAIGN``
    ignored), in order; none if it has no hacktable tables yet (issue 13 §1).

    Raises:
        CampaignError: the server cannot be reached or refused (one line naming the
            host); NotACampaignError: another program's database.
    """
    target = Target(url.split("#", 1)[0])
    with target.connect(readonly=True) as connection:
        try:
            if _revision(connection, target) is None:
                return []
            rows = connection.execute("SELECT name FROM campaigns ORDER BY name").fetchall()
        except psycopg.Error as error:
            raise PostgresDialect(target).failure(target.location, error, "listing") from None
    return [str(name) for (name,) in rows]


def _revision(connection: psycopg.Connection[Any], target: Target) -> str | None:
    """The database's schema revision, or ``None`` if it has no hacktable tables.

    Raises:
        NotACampaignError: it has an ``events`` table but no schema version (another
            program's), or several versions.
    """
    (table,) = connection.execute("SELECT to_regclass('alembic_version')").fetchone() or (None,)
    if table is None:
        (events,) = connection.execute("SELECT to_regclass('events')").fetchone() or (None,)
        if events is not None:
            raise NotACampaignError(
                target.location, "a database of some other program (events but no schema version)"
            )
        return None
    versions = [str(v) for (v,) in connection.execute("SELECT version_num FROM alembic_version")]
    if len(versions) != 1:
        raise NotACampaignError(
            target.location, f"damaged: it has {len(versions)} schema versions instead of 1"
        )
    return versions[0]


def _migrate(target: Target) -> None:
    """Migrate the database to ``HEAD_REVISION`` in one transaction, holding the
    advisory lock :data:`MIGRATION_LOCK` (a second process waits, then has nothing to
    do).

    Raises:
        CampaignError: the server or a migration failed; the database is as it was.
    """
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    from . import migrate

    def connect() -> psycopg.Connection[Any]:
        return psycopg.connect(target.conninfo, connect_timeout=CONNECT_TIMEOUT)

    engine = create_engine("postgresql+psycopg://", creator=connect, poolclass=NullPool)
    try:
        connection: Connection
        with engine.connect() as connection, connection.begin():
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            migrate.upgrade(connection)
    except Exception as error:
        cause = getattr(error, "orig", None) or error
        raise CampaignError(
            f"{target.location}: upgrading the database failed: {target.reason(cause)}",
            target.location,
        ) from error
    finally:
        engine.dispose()


def _campaign(
    connection: psycopg.Connection[Any], target: Target, ruleset: str, *, create: bool
) -> tuple[str, str, str, str, str]:
    """The campaign's row ``(id, name, ruleset, created_at, created_by)``, made if
    missing and ``create``.

    Raises:
        CampaignError: there is no such campaign and ``create`` is false.
    """
    params = {"name": target.campaign}
    row = connection.execute(CAMPAIGN_ROW, params).fetchone()
    if row is None and create:
        connection.execute(
            NEW_CAMPAIGN,
            {
                **params,
                "id": str(uuid.uuid4()),
                "ruleset": ruleset,
                "created_at": utc_now(),
                "created_by": __version__,
            },
        )
        row = connection.execute(CAMPAIGN_ROW, params).fetchone()
    if row is None:
        raise CampaignError(
            f"{target.location} does not exist (no campaign {target.campaign!r} in the database)",
            target.location,
        )
    return tuple(str(value) for value in row)  # type: ignore[return-value]
