"""The schema revision this code writes, and the mark of a campaign file.

Kept apart from :mod:`.schema` (SQLAlchemy) so that opening a store at the current
revision imports neither SQLAlchemy nor Alembic.
"""

from __future__ import annotations

from typing import Final

__all__ = ["APPLICATION_ID", "HEAD_REVISION", "READ_AS_HEAD"]

HEAD_REVISION: Final = "0004"
"""The Alembic revision :mod:`.schema` describes (the newest the code knows)."""

READ_AS_HEAD: Final = frozenset({"0002", "0003", HEAD_REVISION})
"""Revisions whose campaign tables (``campaigns``, ``events``, ``snapshots``) are the
head's, so a read-only open reads them as they are (docs/rulings.md H731: 0003 adds
only the web server's presence and rate tables, 0004 only the accounts tables, which a
campaign's store never reads)."""

APPLICATION_ID: Final = 0x484B5454
"""The value of ``PRAGMA application_id`` marking a file as a hacktable campaign:
``0x484B5454``, "HKTT" in ASCII (1212896340). Files carry the number, so it must never
change once campaigns exist."""
