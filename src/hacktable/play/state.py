"""The campaign's state, rebuilt from its event log.

State is a mapping ``kind -> key -> JSON value`` (characters, settings, and later
fights and clocks). It is immutable: :meth:`CampaignState.apply` returns a new state.
The only place that applies events to the live state is the console's session, which
first stores the event (one transaction) and then applies it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType

from ..errors import HacktableError
from .events import Change, Event, JSONValue

__all__ = ["CampaignState", "LogConsistencyError", "undo_target"]


class LogConsistencyError(HacktableError, ValueError):
    """An event whose ``before`` does not match the state it is applied to: the log
    is damaged or was written by something other than hacktable.

    Attributes:
        seq: the event's position in the log.
        kind, key: the entity that did not match.
    """

    def __init__(self, seq: int, kind: str, key: str) -> None:
        super().__init__(
            f"campaign log is inconsistent at event #{seq}: {kind} {key!r} "
            "does not match what the event expected"
        )
        self.seq = seq
        self.kind = kind
        self.key = key


_EMPTY: Mapping[str, JSONValue] = MappingProxyType({})


class CampaignState:
    """An immutable snapshot of every entity in a campaign."""

    __slots__ = ("_entities", "last_seq")

    def __init__(
        self,
        entities: Mapping[str, Mapping[str, JSONValue]] | None = None,
        last_seq: int = 0,
    ) -> None:
        self._entities: Mapping[str, Mapping[str, JSONValue]] = MappingProxyType(
            {k: MappingProxyType(dict(v)) for k, v in (entities or {}).items() if v}
        )
        self.last_seq = last_seq
        """The ``seq`` of the last event applied (0 for none)."""

    @classmethod
    def replay(cls, events: Iterable[Event]) -> CampaignState:
        """Build the state by applying ``events`` in order from nothing.

        Raises:
            LogConsistencyError: an event does not fit the state before it.
        """
        state = cls()
        for event in events:
            state = state.apply(event)
        return state

    def get(self, kind: str, key: str) -> JSONValue:
        """The entity's JSON value, or ``None`` if there is none."""
        return self._entities.get(kind, _EMPTY).get(key)

    def keys(self, kind: str) -> list[str]:
        """Keys of every entity of ``kind``, in insertion order."""
        return list(self._entities.get(kind, _EMPTY))

    def values(self, kind: str) -> Iterator[JSONValue]:
        """JSON values of every entity of ``kind``, in insertion order."""
        return iter(self._entities.get(kind, _EMPTY).values())

    def to_json(self) -> dict[str, dict[str, JSONValue]]:
        """The whole state as plain dictionaries (for comparisons and export)."""
        return {kind: dict(entities) for kind, entities in self._entities.items()}

    def snapshot_json(self) -> dict[str, JSONValue]:
        """The whole state as JSON for a snapshot: ``{"entities": [[kind, [[key,
        value], ...]], ...]}``, lists rather than objects so that the order entities
        were made in (the order characters are listed and act in) survives a store
        that sorts object keys."""
        return {
            "entities": [
                [kind, [[key, value] for key, value in entities.items()]]
                for kind, entities in self._entities.items()
            ]
        }

    @classmethod
    def from_snapshot_json(cls, data: JSONValue, last_seq: int) -> CampaignState:
        """The state :meth:`snapshot_json` gave, after the event at ``last_seq``.

        Raises:
            ValueError: ``data`` is not what :meth:`snapshot_json` makes.
        """
        try:
            entities = {
                kind: dict(pairs) for kind, pairs in data["entities"] if isinstance(kind, str)
            }
            if len(entities) != len(data["entities"]) or not all(
                isinstance(key, str) for bucket in entities.values() for key in bucket
            ):
                raise ValueError("a kind or a key is not text")
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a snapshot of a campaign's state ({error})") from None
        return cls(entities, last_seq)

    def check(self, changes: Iterable[Change], seq: int = 0) -> None:
        """Check that every change's ``before`` matches this state.

        Raises:
            LogConsistencyError: one does not.
        """
        for change in changes:
            if self.get(change.kind, change.key) != change.before:
                raise LogConsistencyError(seq, change.kind, change.key)

    def apply(self, event: Event) -> CampaignState:
        """The state after ``event``.

        Raises:
            LogConsistencyError: a change's ``before`` does not match this state.
        """
        if not event.changes:
            return CampaignState(self._entities, max(self.last_seq, event.seq))
        self.check(event.changes, event.seq)
        entities = {kind: dict(values) for kind, values in self._entities.items()}
        for change in event.changes:
            bucket = entities.setdefault(change.kind, {})
            if change.after is None:
                bucket.pop(change.key, None)
            else:
                bucket[change.key] = change.after
        return CampaignState(entities, max(self.last_seq, event.seq))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CampaignState):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:  # pragma: no cover - states are not dict keys
        raise TypeError("CampaignState is not hashable")

    def __repr__(self) -> str:
        counts = ", ".join(f"{k}={len(v)}" for k, v in self._entities.items())
        return f"CampaignState({counts}, last_seq={self.last_seq})"


def undo_target(events: Iterable[Event]) -> Event | None:
    """The event ``undo`` should revert: the latest one that changed state and is
    neither an undo nor already undone (rolls and tests change nothing and are
    skipped)."""
    log = list(events)
    undone = {event.undoes for event in log if event.undoes is not None}
    for event in reversed(log):
        if event.changes and event.undoes is None and event.seq not in undone:
            return event
    return None
