"""The hash chain over a campaign's events: tamper evidence for the log.

Each stored event carries ``prev_hash``, the ``hash`` of the event before it (``""``
for the first), and its own ``hash``::

    hash = sha256(prev_hash + canonical text of the stored fields).hexdigest()

The canonical text is the JSON array of the row's values in :data:`HASHED_COLUMNS`
order, compact, non-ASCII kept as is; ``detail`` and ``changes`` enter as the JSON
text stored, so the hash is recomputed from a row without decoding it. Appending
(:mod:`.sql`), the 0002 migration (hashing the events of older files) and
:meth:`~hacktable.store.base.EventStore.verify` all use :func:`link_hash`.
(Issue 8: "each event carries the hash of the one before".)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, Final

__all__ = ["GENESIS", "HASHED_COLUMNS", "canonical_text", "link_hash"]

GENESIS: Final = ""
"""The ``prev_hash`` of a campaign's first event."""

HASHED_COLUMNS: Final = (
    "seq",
    "at",
    "session",
    "principal",
    "actor",
    "action",
    "summary",
    "detail",
    "changes",
    "command",
    "undoes",
    "visibility",
    "audience",
)
"""The ``events`` columns a hash covers, in the order they are hashed."""


def canonical_text(row: Mapping[str, Any]) -> str:
    """The text a row's hash covers: ``row``'s :data:`HASHED_COLUMNS` as a compact JSON
    array, e.g. ``[1,"2026-...",1,"GM","GM","note","","{}","[]","",null,"public",""]``.

    Raises:
        KeyError: ``row`` lacks one of the columns.
    """
    return json.dumps(
        [row[name] for name in HASHED_COLUMNS], ensure_ascii=False, separators=(",", ":")
    )


def link_hash(prev_hash: str, row: Mapping[str, Any]) -> str:
    """The hash of the event stored as ``row``, chained to ``prev_hash``.

    >>> row = dict.fromkeys(HASHED_COLUMNS, "")
    >>> len(link_hash(GENESIS, row)), link_hash("a", row) == link_hash("b", row)
    (64, False)
    """
    text = prev_hash + canonical_text(row)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
