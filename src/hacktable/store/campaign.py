"""Old names, kept so callers written before the EventStore interface keep running.

``CampaignStore`` is :class:`~hacktable.store.base.EventStore`: ``CampaignStore.open``
opens any backend by location (:func:`~hacktable.store.open_store`) and every store is
an instance of it. New code should use ``EventStore`` and ``open_store``.
"""

from __future__ import annotations

from .base import EventStore
from .errors import EventRejectedError, StaleWriteError

__all__ = ["CampaignStore", "EventRejectedError", "StaleWriteError"]

CampaignStore = EventStore
"""The old name of :class:`~hacktable.store.base.EventStore`."""
