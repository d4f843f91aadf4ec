"""Events: every action appends one to the campaign's log; state is what the log says.

An event records who acted, what they did, the dice and their explanation, and the
state it changed as a list of :class:`Change` values, each holding the entity's JSON
form before and after. Applying an event sets every changed entity to its ``after``;
undoing it appends a new event with ``before`` and ``after`` swapped. Replaying the log
from the start therefore rebuilds the state exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any

__all__ = ["Change", "Event", "JSONValue", "Visibility"]

JSONValue = Any
"""A value that ``json.dumps`` accepts (dicts, lists, strings, numbers, bools, None)."""


@dataclass(frozen=True, slots=True)
class Change:
    """One entity's state before and after an event.

    Attributes:
        kind: the entity's kind, e.g. ``"character"`` or ``"setting"``.
        key: the entity's key within its kind (a character's folded name).
        before: its JSON form before the event; ``None`` if it did not exist.
        after: its JSON form after the event; ``None`` if the event removed it.
    """

    kind: str
    key: str
    before: JSONValue = None
    after: JSONValue = None

    def inverse(self) -> Change:
        """The change that undoes this one."""
        return Change(self.kind, self.key, self.after, self.before)


class Visibility(Enum):
    """Who may read an event's result (RULINGS G4).

    - ``PUBLIC``: everyone at the table.
    - ``GM``: the principal who made it and the GM; the others see that it happened.
    - ``BLIND``: the GM only; the principal who made it and the others see that it
      happened (Legend Lore).
    - ``PRIVATE``: the principal who made it, the event's ``audience`` (one player)
      and the GM; nobody else sees it at all (a whisper, a private note).
    """

    PUBLIC = "public"
    GM = "gm"
    BLIND = "blind"
    PRIVATE = "private"


@dataclass(frozen=True, slots=True)
class Event:
    """One action in a campaign's log.

    Attributes:
        action: what was done, dotted, e.g. ``"test"``, ``"character.new"``, ``"undo"``.
        actor: who did it: a character's name, or ``"GM"``.
        summary: one line explaining it, dice included.
        detail: the full result as JSON (dice, odds, rolls), for renderers and audit.
        changes: the state it changed.
        command: the console command that made it (``""`` if none).
        session: the number of the session it belongs to (1-based; 0 before any).
        undoes: for an ``undo`` event, the ``seq`` of the event it reverts.
        seq: its position in the log, from 1; ``0`` until the store assigns it.
        at: when it was stored, ISO 8601 UTC; ``""`` until stored.
        principal: who asked for it: ``"GM"``, or a player's name.
        visibility: who may read its result (RULINGS G4).
        audience: for a ``PRIVATE`` event, the player it is for (``""``: the GM only).
        prev_hash: the hash of the event before it (``""`` for the first); filled by
            the store.
        hash: its own hash, over its fields and ``prev_hash``; filled by the store.
    """

    action: str
    actor: str = "GM"
    summary: str = ""
    detail: dict[str, JSONValue] = field(default_factory=dict)
    changes: tuple[Change, ...] = ()
    command: str = ""
    session: int = 0
    undoes: int | None = None
    seq: int = 0
    at: str = ""
    principal: str = "GM"
    visibility: Visibility = Visibility.PUBLIC
    audience: str = ""
    prev_hash: str = ""
    hash: str = ""

    def evolve(self, **changes: Any) -> Event:
        """This event with the fields named in ``changes`` replaced: what
        :func:`dataclasses.replace` gives, in a third of its time (the store and the
        session copy every event they stage or store)."""
        new = object.__new__(Event)
        for name in _FIELDS:
            object.__setattr__(
                new, name, changes.pop(name) if name in changes else getattr(self, name)
            )
        if changes:
            raise TypeError(f"Event has no field {next(iter(changes))!r}")
        return new

    @property
    def changes_state(self) -> bool:
        """Whether the event changed any entity (plain rolls and tests do not)."""
        return bool(self.changes)


_FIELDS = tuple(field.name for field in fields(Event))
