"""One campaign's events fanned out to its connected browsers (issue 12 §3).

The table reads each new event from the log once, on its worker thread, and hands the
batch to the event loop; there every subscriber gets the events it may see
(:mod:`.views`), encoded once per way of seeing them. A subscriber that connects with
``after=SEQ`` is first sent what it missed (read from the log), while what is committed
meanwhile waits in its backlog, so a reconnect neither loses nor repeats an event
(docs/rulings.md H617). A ``reveal`` re-sends the event it makes public to those who saw
only its stub, marked ``"revealed"``; a page replaces what it showed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..play.events import Event
from ..play.principal import Principal, Role
from ..play.visibility import REVEAL
from .views import event_text, view_key

__all__ = ["BEHIND", "Broadcaster", "Subscriber"]

BEHIND = 2000
"""How many unsent messages a subscriber may hold before it is dropped (a page that
stopped reading reconnects and resumes from its last ``seq``)."""


@dataclass(eq=False)
class Subscriber:
    """One connected browser: who it is, the last ``seq`` it was sent, and its queue.

    Attributes:
        principal: who reads.
        last: the ``seq`` of the last event it was sent (or would have been, had it
            been allowed to see it).
        queue: JSON texts to send, in order; ``None`` tells the sender to close
            (the subscriber fell :data:`BEHIND`).
        backlog: while catching up, the batches committed meanwhile, each with the
            events its reveals made public.
    """

    principal: Principal
    last: int
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    backlog: list[tuple[tuple[Event, ...], tuple[Event, ...]]] | None = field(default_factory=list)
    dropped: bool = False
    ended: str = ""
    """Why the server ended this subscriber (its player was revoked: docs/rulings.md
    H642); the sender sends it as an error frame and closes."""
    code: int = 1008
    """The close code the sender ends with: 1008 (policy: revoked), or 1012 (service
    restart: the server is stopping, the page reconnects; docs/rulings.md H742)."""

    def put(self, text: str | None) -> None:
        if self.dropped:
            return
        if self.queue.qsize() >= BEHIND:
            self.dropped = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)


@dataclass(eq=False)
class Broadcaster:
    """The subscribers of one table and the fan-out of its events (on the event loop).

    Attributes:
        revealed: every revealed event's ``seq`` (RULINGS G4).
        subscribers: who is connected.
    """

    revealed: set[int] = field(default_factory=set)
    subscribers: set[Subscriber] = field(default_factory=set)

    def join(self, principal: Principal, after: int) -> Subscriber:
        """A new subscriber resuming after ``after``; its backlog collects until
        :meth:`caught_up`."""
        subscriber = Subscriber(principal, after)
        self.subscribers.add(subscriber)
        return subscriber

    def leave(self, subscriber: Subscriber) -> None:
        self.subscribers.discard(subscriber)

    def end(self, principal: Principal, why: str) -> None:
        """Close every subscriber reading as ``principal`` (revoked: H642), telling it
        ``why``."""
        for subscriber in list(self.subscribers):
            if subscriber.principal == principal and not subscriber.dropped:
                subscriber.ended = why
                subscriber.dropped = True
                subscriber.queue.put_nowait(None)

    def restart(self, why: str) -> None:
        """Tell every subscriber to reconnect: close code 1012 with ``why`` (the server
        is stopping; docs/rulings.md H742)."""
        for subscriber in list(self.subscribers):
            if not subscriber.dropped:
                subscriber.ended, subscriber.code = why, 1012
                subscriber.dropped = True
                subscriber.queue.put_nowait(None)

    def caught_up(
        self,
        subscriber: Subscriber,
        missed: Sequence[Event],
        missed_reveals: Iterable[Event] = (),
    ) -> None:
        """Send ``subscriber`` what it missed (read from the log), then its backlog;
        and again, whole, each event at or before where it resumed that a reveal it
        missed made public (``missed_reveals``, as stored: the page showed it as a
        stub, RULINGS G4; docs/rulings.md H691). A later one it is sent whole the first
        time."""
        backlog, subscriber.backlog = subscriber.backlog or [], None
        resumed = subscriber.last
        self._send(subscriber, missed, {})
        self._resend(subscriber, missed_reveals, resumed)
        for batch, revealed_events in backlog:
            self._send(subscriber, batch, {})
            self._resend(subscriber, revealed_events, resumed)

    def _resend(self, subscriber: Subscriber, events: Iterable[Event], upto: int) -> None:
        """Send ``subscriber`` again each of ``events`` (revealed) at or before
        ``upto``, as it sees it now; the GM saw them whole already."""
        if subscriber.principal.role is Role.GM:
            return
        for event in events:
            text = event_text(event, subscriber.principal, self.revealed)
            if text is not None and event.seq <= upto:
                subscriber.put(text)

    def publish(self, batch: tuple[Event, ...], revealed_events: Iterable[Event] = ()) -> None:
        """Fan ``batch`` (new events, in order) out to every subscriber; then re-send
        each event a reveal in it made public (``revealed_events``, as stored)."""
        for event in batch:
            if event.action == REVEAL:
                target = event.detail.get("reveals")
                if isinstance(target, int):
                    self.revealed.add(target)
        shown = tuple(revealed_events)
        encoded: dict[tuple[int, bool, str], str | None] = {}
        for subscriber in self.subscribers:
            if subscriber.backlog is not None:
                subscriber.backlog.append((batch, shown))
            else:
                self._send(subscriber, batch, encoded)
        for subscriber in self.subscribers:
            if subscriber.backlog is None:
                self._resend(subscriber, shown, subscriber.last)

    def _send(
        self,
        subscriber: Subscriber,
        events: Iterable[Event],
        encoded: dict[tuple[int, bool, str], str | None],
    ) -> None:
        for event in events:
            if event.seq <= subscriber.last:
                continue
            subscriber.last = event.seq
            gm, seen = view_key(event, subscriber.principal, self.revealed)
            key = (event.seq, gm, seen)
            if key not in encoded:
                encoded[key] = event_text(event, subscriber.principal, self.revealed)
            text = encoded[key]
            if text is not None:
                subscriber.put(text)
