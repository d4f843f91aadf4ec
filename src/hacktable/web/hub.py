"""The tables one server process serves: every campaign it was given, each under its
own name in the URLs (``/t/NAME/``; issue 12 §4: a cookie of one table means nothing
at another)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from ..errors import CommandError
from .table import Table

__all__ = ["Hub", "table_id"]

_UNSAFE = re.compile(r"[^a-z0-9-]+")


def table_id(campaign: str) -> str:
    """A table's name in URLs, from its campaign's file name: ``Lost Mines.db`` ->
    ``lost-mines``; of a database URL, its path's last part, or its host's name, never
    its user, password or query (they would be in every link the GM hands out)."""
    if "://" in campaign:
        try:
            parts = urlsplit(campaign)
            stem = parts.path.rstrip("/") or (parts.hostname or "")
        except ValueError:  # (a malformed address: the table keeps the plain name)
            stem = ""
    else:
        stem = Path(campaign.split("?", 1)[0]).stem
    name = _UNSAFE.sub("-", stem.rsplit("/", 1)[-1].lower()).strip("-")
    return name or "table"


@dataclass(eq=False)
class Hub:
    """Every table of this server, by name.

    Attributes:
        tables: the tables served, by name.
        opener: opens a table this process was not given, by name, or ``None`` (a
            hosted server's campaign made by another process: docs/rulings.md H727).
    """

    tables: dict[str, Table] = field(default_factory=dict)
    opener: Callable[[Hub, str], Table | None] | None = None

    @classmethod
    def of(cls, campaigns: Iterable[str]) -> Hub:
        """A hub serving ``campaigns`` (files or URLs), each named by :func:`table_id`.

        Raises:
            CommandError: two campaigns would have the same name.
        """
        hub = cls()
        for campaign in campaigns:
            hub.add(Table(campaign, id=table_id(campaign)))
        return hub

    def add(self, table: Table) -> Table:
        """Serve ``table``.

        Raises:
            CommandError: a table of that name is served already.
        """
        if table.id in self.tables:
            raise CommandError(f"two campaigns would both be the table {table.id!r}", "serve")
        self.tables[table.id] = table
        return table

    def get(self, name: str, *, open_missing: bool = True) -> Table | None:
        """The table ``name``; one the :attr:`opener` opens, if this hub has none."""
        found = self.tables.get(name)
        if found is None and open_missing and self.opener is not None:
            found = self.opener(self, name)
        return found

    def remove(self, name: str, why: str) -> None:
        """Stop serving the table ``name`` (its campaign was deleted) and close it; each
        of its sockets is sent ``why`` and closed (on the event loop: the table's poll
        is a task of it)."""
        table = self.tables.pop(name, None)
        if table is not None:
            for principal in {each.principal for each in table.broadcaster.subscribers}:
                table.broadcaster.end(principal, why)
            table.close()

    def __iter__(self) -> Iterator[Table]:
        return iter(self.tables.values())

    def close(self) -> None:
        for table in self.tables.values():
            table.close()
