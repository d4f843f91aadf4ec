"""Several writers on one campaign, on every backend: concurrent appends land once, in
one order; a reader sees a writer's events; a writer killed mid-appends loses at most
the event in flight."""

from __future__ import annotations

import signal
import threading

import pytest

from hacktable.play.events import Change, Event
from hacktable.store import EventStore, StaleWriteError

from .backends import Backend
from .store_helpers import run_python

WRITERS = 3
EACH = 25


def _write(
    store: EventStore, name: str, losses: list[StaleWriteError], start: threading.Barrier
) -> None:
    """Append ``EACH`` events as ``name``, each at the seq this writer last saw, going
    again at the new number after a stale write (as the console does)."""
    start.wait()
    known = store.last_seq()
    for i in range(EACH):
        event = Event("note", actor=name, summary=f"{name} {i}")
        while True:
            try:
                (stored,) = store.append_all([event], expected_seq=known)
            except StaleWriteError as error:
                losses.append(error)
                known = error.found
                continue
            known = stored.seq
            break


def test_concurrent_writers_each_land_once_in_one_order(backend: Backend) -> None:
    backend.open().close()
    stores = [backend.open() for _ in range(WRITERS)]
    losses: list[StaleWriteError] = []
    start = threading.Barrier(WRITERS)
    threads = [
        threading.Thread(target=_write, args=(store, f"w{n}", losses, start))
        for n, store in enumerate(stores)
    ]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert not any(thread.is_alive() for thread in threads)
        events = stores[0].events()
        assert [e.seq for e in events] == list(range(1, WRITERS * EACH + 1))
        summaries = [e.summary for e in events]
        assert sorted(summaries) == sorted(f"w{n} {i}" for n in range(WRITERS) for i in range(EACH))
        for n in range(WRITERS):  # each writer's events in its own order
            mine = [s for s in summaries if s.startswith(f"w{n} ")]
            assert mine == [f"w{n} {i}" for i in range(EACH)]
        assert stores[0].verify() is None
        by_seq = {e.seq: e for e in events}
        for loss in losses:  # each loser was told the event that got in first
            assert loss.first == by_seq[loss.expected + 1]
            assert f"#{loss.first.seq} note by {loss.first.actor}" in str(loss)
        # every store agrees, whichever wrote last
        assert all(store.events() == events for store in stores)
    finally:
        for store in stores:
            store.close()


def test_a_reader_open_while_a_writer_appends_sees_the_new_events(backend: Backend) -> None:
    with backend.open() as writer, backend.open(readonly=True) as reader:
        assert reader.events() == []
        seen: list[int] = []
        for i in range(20):
            writer.append(Event("note", summary=str(i)))
            seen.extend(e.seq for e in reader.events(after=seen[-1] if seen else 0))
        assert seen == list(range(1, 21))
        assert reader.last_seq() == 20
        assert reader.verify() is None


APPEND_FOREVER = """
import sys
from hacktable.play.events import Change, Event
from hacktable.store import open_store
store = open_store(sys.argv[1])
known = store.last_seq()
for i in range(1_000_000):
    event = Event(
        "hp",
        actor="Child",
        summary=f"hp {i}",
        detail={"i": i, "pad": "é" * 2000},
        changes=(Change("character", "kid", {"hp": i}, {"hp": i + 1}),),
        session=1,
    )
    (stored,) = store.append_all([event], expected_seq=known)
    known = stored.seq
    print(known, flush=True)
"""


def test_a_writer_killed_mid_appends_loses_at_most_the_event_in_flight(
    backend: Backend,
) -> None:
    with backend.open() as store:
        store.append(Event("before"))
    with run_python(APPEND_FOREVER, backend.location) as child:
        assert child.stdout is not None
        try:
            reported = [int(child.stdout.readline()) for _ in range(30)]
        finally:
            child.send_signal(signal.SIGKILL)
            child.communicate()
    assert child.returncode == -signal.SIGKILL
    assert reported == list(range(2, 32))
    with backend.open() as store:
        events = store.events()
        seqs = [e.seq for e in events]
        assert seqs == list(range(1, len(seqs) + 1))
        assert set(reported) <= set(seqs)
        assert len(seqs) <= 1 + len(reported) + 1  # at most the one in flight besides
        assert all(e.detail["pad"] == "é" * 2000 for e in events[1:])
        assert store.verify() is None
        assert store.append(Event("after the crash")).seq == len(seqs) + 1
        assert store.verify() is None


@pytest.mark.parametrize("n", [1, 5])
def test_a_batch_is_atomic_for_readers(backend: Backend, n: int) -> None:
    with backend.open() as writer, backend.open(readonly=True) as reader:
        batch = [Event("hp", changes=(Change("c", "x", i, i + 1),)) for i in range(n)]
        stored = writer.append_all(batch, expected_seq=0)
        assert reader.events() == stored
