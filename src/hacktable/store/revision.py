"""The schema revision this code writes, and the mark of a campaign file.

Kept apart from :mod:`.schema` (SQLAlchemy) so that opening a store at the current
revision imports neither SQLAlchemy nor Alembic.
"""

from __future__ import annotations

from typing import Final

__all__ = ["APPLICATION_ID", "HEAD_REVISION"]

HEAD_REVISION: Final = "0003"
"""The Alembic revision :mod:`.schema` describes (the newest the code knows)."""

APPLICATION_ID: Final = 0x484B5454
"""The value of ``PRAGMA application_id`` marking a file as a hacktable campaign:
``0x484B5454``, "HKTT" in ASCII (1212896340). Files carry the number, so it must never
change once campaigns exist."""
