"""A whole campaign's log in and out of a file (issue 10 §5; docs/rulings.md H211):
JSON Lines, a header and then one stored row a line, exactly the columns the hash chain
covers, so that importing the file into a new campaign gives the same state, the same
events and the same chain."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

import msgspec

from ..errors import CampaignError
from ..play.events import Event
from .base import EventStore
from .codec import BadRowError, event_from_row, event_to_row

__all__ = ["FORMAT", "VERSION", "Header", "export_lines", "read_export"]

FORMAT = "hacktable-campaign"
"""The ``format`` of an exported campaign's first line."""

VERSION = 1
"""The version of that format."""


class Header(msgspec.Struct, forbid_unknown_fields=True):
    """The first line of an exported campaign.

    Attributes:
        format: :data:`FORMAT`.
        version: :data:`VERSION`.
        ruleset: the campaign's ruleset id.
        name: the campaign's name.
        events: how many events follow.
    """

    format: str
    version: int
    ruleset: str
    name: str
    events: int


def _row(event: Event) -> dict[str, Any]:
    return {
        "seq": event.seq,
        "at": event.at,
        **event_to_row(event),
        "prev_hash": event.prev_hash,
        "hash": event.hash,
    }


def export_lines(store: EventStore) -> Iterator[str]:
    """The campaign as JSON Lines (each with its newline): the header, then every
    event as stored (detail and changes as the JSON text the chain hashed)."""
    events = store.events()
    header = Header(FORMAT, VERSION, store.ruleset, store.name, len(events))
    yield msgspec.json.encode(header).decode() + "\n"
    for event in events:
        yield json.dumps(_row(event), ensure_ascii=False, separators=(",", ":")) + "\n"


def read_export(lines: Iterable[str], where: str) -> tuple[Header, list[Event]]:
    """The header and the events of an exported campaign.

    Raises:
        CampaignError: the file is not an exported campaign, or a line is not a stored
            event (one line naming the line and what is wrong).
    """
    items = iter(enumerate(lines, 1))
    first = next(items, None)
    if first is None:
        raise CampaignError(f"{where} is empty: not an exported campaign", where)
    try:
        header = msgspec.json.decode(first[1].encode(), type=Header)
    except msgspec.DecodeError as error:
        raise CampaignError(f"{where}:1: not an exported campaign: {error}", where) from None
    if header.format != FORMAT or header.version != VERSION:
        what = f"{header.format} version {header.version}"
        raise CampaignError(f"{where}:1: {what}, not {FORMAT} version {VERSION}", where)
    events: list[Event] = []
    for number, line in items:
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            if not isinstance(row, dict):
                raise ValueError("not a JSON object")
            events.append(event_from_row(row))
        except (ValueError, KeyError, TypeError, BadRowError) as error:
            reason = f"missing {error}" if isinstance(error, KeyError) else str(error)
            raise CampaignError(f"{where}:{number}: not a stored event: {reason}", where) from None
    if len(events) != header.events:
        raise CampaignError(
            f"{where}: the header says {header.events} events, the file holds {len(events)}",
            where,
        )
    return header, events
