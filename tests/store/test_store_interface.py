"""The EventStore interface: every backend passes the same suite (``backend`` runs
each test on SQLite and on Postgres)."""

from __future__ import annotations

import itertools
import random
import re
import uuid
from datetime import UTC, datetime

import pytest

import hacktable
from hacktable.errors import CampaignError
from hacktable.play.events import Change, Event, Visibility
from hacktable.play.state import undo_target
from hacktable.store import EventRejectedError, EventStore, StaleWriteError
from hacktable.store.chain import GENESIS, link_hash

from .backends import Backend
from .store_helpers import as_given, sample_events


def test_appended_events_read_back_equal_and_chained(backend: Backend) -> None:
    events = sample_events()
    with backend.open() as store:
        assert isinstance(store, EventStore)
        stored = [store.append(e) for e in events]
        assert [e.seq for e in stored] == [1, 2, 3, 4]
        assert as_given(stored) == events
        assert stored[0].prev_hash == GENESIS
        for before, after in itertools.pairwise(stored):
            assert after.prev_hash == before.hash
        assert len({e.hash for e in stored}) == 4
        assert all(re.fullmatch(r"[0-9a-f]{64}", e.hash) for e in stored)
        assert store.events() == stored
    with backend.open(create=False) as store:
        assert store.events() == stored
        assert store.verify() is None


def test_queries(backend: Backend) -> None:
    with backend.open() as store:
        assert (store.events(), store.last(3), store.last_seq()) == ([], [], 0)
        assert (store.next_session(), store.event(1), store.undo_target()) == (1, None, None)
        stored = [store.append(Event(f"e{i}", session=i // 4)) for i in range(10)]
        assert store.last_seq() == 10
        assert store.next_session() == 3
        assert store.events(after=7) == stored[7:]
        assert store.events(after=2, limit=3) == stored[2:5]
        assert store.events(limit=0) == []
        assert store.events(after=10) == []
        assert store.last(3) == stored[7:]
        assert store.last(50) == stored
        assert store.last(0) == []
        assert store.event(4) == stored[3]
        assert store.event(11) is None
        assert store.event(-(2**70)) is None
        assert store.latest("e3") == stored[3]
        assert store.latest("nothing") is None


def test_metadata(backend: Backend) -> None:
    with backend.open(ruleset="blackhack") as store:
        made = (store.campaign_id, store.name, store.ruleset, store.created_at, store.created_by)
        assert uuid.UUID(store.campaign_id).version == 4
        assert store.ruleset == "blackhack"
        assert store.created_by == hacktable.__version__
        assert datetime.fromisoformat(store.created_at).tzinfo == UTC
        assert not store.readonly
        assert store.location == backend.location
    with backend.open(ruleset="redhack", create=False) as store:
        assert (
            store.campaign_id,
            store.name,
            store.ruleset,
            store.created_at,
            store.created_by,
        ) == made


def test_append_all_is_all_or_nothing(backend: Backend) -> None:
    with backend.open() as store:
        store.append(Event("first"))
        batch = [Event("a"), Event("b"), Event("undo", undoes=9)]
        with pytest.raises(EventRejectedError, match="undoes event #9, which is not in the log"):
            store.append_all(batch, expected_seq=1)
        with pytest.raises(EventRejectedError, match="not JSON serializable"):
            store.append_all([Event("a"), Event("x", detail={"s": {1}})])
        assert store.last_seq() == 1
        # an undo may name an event earlier in its own batch
        stored = store.append_all(
            [Event("a", changes=(Change("k", "x", None, 1),)), Event("undo", undoes=2)], 1
        )
        assert [(e.seq, e.undoes) for e in stored] == [(2, None), (3, 2)]
        assert store.append_all([]) == []
        assert store.verify() is None


def test_a_stale_write_is_refused_naming_the_event_that_got_in_first(backend: Backend) -> None:
    with backend.open() as mine, backend.open() as theirs:
        mine.append(Event("first"))
        known = theirs.last_seq()
        got_in = mine.append(Event("test", actor="Sly", summary="DEX test: d20 → 7, pass"))
        with pytest.raises(StaleWriteError) as caught:
            theirs.append_all([Event("note", summary="mine")], expected_seq=known)
        error = caught.value
        assert (error.expected, error.found, error.first) == (1, 2, got_in)
        assert str(error) == (
            f"{backend.location}: #2 test by Sly: DEX test: d20 → 7, pass got in first "
            "(expected event #1 last, found #2): nothing was stored"
        )
        assert error.path == backend.location
        # at the new number it goes in
        assert theirs.append_all([Event("note")], expected_seq=error.found)[0].seq == 3
        assert [e.action for e in mine.events()] == ["first", "test", "note"]
        assert mine.verify() is None


def test_a_stale_write_does_not_show_a_hidden_summary(backend: Backend) -> None:
    with backend.open() as store:
        store.append(Event("first"))
        store.append(Event("test", actor="Sly", summary="the secret", visibility=Visibility.GM))
        with pytest.raises(StaleWriteError) as caught:
            store.append_all([Event("x")], expected_seq=1)
        assert "#2 test by Sly got in first" in str(caught.value)
        assert "secret" not in str(caught.value)


def test_an_expected_seq_past_the_end_is_refused(backend: Backend) -> None:
    with backend.open() as store:
        store.append(Event("first"))
        with pytest.raises(StaleWriteError) as caught:
            store.append_all([Event("x")], expected_seq=5)
        assert (caught.value.expected, caught.value.found, caught.value.first) == (5, 1, None)
        with pytest.raises(StaleWriteError):
            store.append_all([Event("x")], expected_seq=0)
        assert store.last_seq() == 1


def test_principal_visibility_and_audience_are_kept(backend: Backend) -> None:
    whisper = Event(
        "whisper",
        actor="GM",
        principal="GM",
        summary="psst",
        visibility=Visibility.PRIVATE,
        audience="ana",
    )
    blind = Event("test", actor="Tomas", principal="bob", visibility=Visibility.BLIND)
    with backend.open() as store:
        stored = store.append_all([whisper, blind])
    with backend.open() as store:
        assert store.events() == stored
        assert as_given(store.events()) == [whisper, blind]


def test_undo_target_is_found_by_query(backend: Backend) -> None:
    """The query agrees with :func:`hacktable.play.state.undo_target` over the whole log,
    after every append of a random log of changes, rolls and undos."""
    rng = random.Random(8)
    with backend.open() as store:
        log: list[Event] = []
        for i in range(60):
            target = undo_target(log)
            if target is not None and rng.random() < 0.35:
                event = Event("undo", changes=(Change("k", "x", i, i - 1),), undoes=target.seq)
            elif rng.random() < 0.3:
                event = Event("roll")
            else:
                event = Event("hp", changes=(Change("character", "a", i, i + 1),))
            log.append(store.append(event))
            assert store.undo_target() == undo_target(log)
        assert store.undo_target() is not None


def test_reveals(backend: Backend) -> None:
    with backend.open() as store:
        secret = store.append(Event("test", visibility=Visibility.BLIND))
        other = store.append(Event("test", visibility=Visibility.GM))
        store.append(Event("reveal", detail={"reveals": secret.seq}))
        assert store.reveals() == {secret.seq: 3}
        store.append(Event("reveal", detail={"reveals": other.seq}))
        store.append(Event("reveal", detail={"reveals": secret.seq}))  # again: the first counts
        store.append(Event("reveal", detail={"nothing": 1}))
        assert store.reveals() == {secret.seq: 3, other.seq: 4}


def test_verify_names_the_first_broken_link(backend: Backend) -> None:
    with backend.open() as store:
        for i in range(6):
            store.append(Event("note", summary=f"note {i}"))
        assert store.verify() is None
    backend.sql("UPDATE events SET summary = 'edited' WHERE seq = 3")
    with backend.open() as store:
        assert store.verify() == 3
    backend.sql("UPDATE events SET summary = 'note 2' WHERE seq = 3")
    backend.sql("UPDATE events SET prev_hash = 'x' WHERE seq = 5")
    with backend.open() as store:
        assert store.verify() == 5
    # a row rehashed to match its new text still breaks the next link
    with backend.open() as store:
        row = store.event(2)
    assert row is not None
    backend.sql(
        "UPDATE events SET prev_hash = (SELECT hash FROM events WHERE seq = 4) WHERE seq = 5"
    )
    backend.sql("UPDATE events SET summary = 'forged' WHERE seq = 2")
    fields = {
        "seq": 2,
        "at": row.at,
        "session": 0,
        "principal": "GM",
        "actor": "GM",
        "action": "note",
        "summary": "forged",
        "detail": "{}",
        "changes": "[]",
        "command": "",
        "undoes": None,
        "visibility": "public",
        "audience": "",
    }
    backend.sql("UPDATE events SET hash = ? WHERE seq = 2", [link_hash(row.prev_hash, fields)])
    with backend.open() as store:
        assert store.verify() == 3
    backend.sql("DELETE FROM events WHERE seq >= 2 AND seq <= 3")
    with backend.open() as store:
        assert store.verify() == 4  # the gap


def test_snapshots(backend: Backend) -> None:
    warnings: list[str] = []
    with backend.open(warn=warnings.append) as store:
        assert store.snapshot() is None
        for i in range(5):
            store.append(Event("hp", changes=(Change("character", "a", i, i + 1),)))
        store.save_snapshot(2, {"character": {"a": 2}})
        store.save_snapshot(4, {"character": {"a": 4}, "ü": [None, 1.5]})
        snapshot = store.snapshot()
        assert snapshot is not None
        assert (snapshot.seq, snapshot.state) == (4, {"character": {"a": 4}, "ü": [None, 1.5]})
        assert datetime.fromisoformat(snapshot.made_at).tzinfo == UTC
        assert snapshot.made_by == hacktable.__version__
        store.save_snapshot(4, {"character": {"a": 44}})  # replaces
        with pytest.raises(EventRejectedError, match="no such event"):
            store.save_snapshot(9, {})
        with pytest.raises(EventRejectedError):
            store.save_snapshot(3, {"bad": {1, 2}})  # type: ignore[dict-item]
    with backend.open(warn=warnings.append) as store:
        snapshot = store.snapshot()
        assert snapshot is not None
        assert (snapshot.seq, snapshot.state) == (4, {"character": {"a": 44}})
    assert warnings == []
    backend.sql('UPDATE snapshots SET state = \'{"character":{"a":5}}\' WHERE seq = 4')
    with backend.open(warn=warnings.append) as store:
        snapshot = store.snapshot()
        assert snapshot is not None
        assert (snapshot.seq, snapshot.state) == (2, {"character": {"a": 2}})
        assert warnings == ["snapshot at #4 discarded: its checksum does not match its state"]
    assert backend.sql("SELECT seq FROM snapshots ORDER BY seq") == [(2,)]  # deleted
    # an event changed since the snapshot was taken: discarded too
    backend.sql("UPDATE events SET hash = 'x' WHERE seq = 2")
    with backend.open(warn=warnings.append) as store:
        assert store.snapshot() is None
    assert warnings[-1] == "snapshot at #2 discarded: event #2 has changed since it was taken"


def test_a_readonly_store_skips_a_corrupt_snapshot_without_deleting_it(backend: Backend) -> None:
    with backend.open() as store:
        store.append(Event("a"))
        store.append(Event("b"))
        store.save_snapshot(1, {"n": 1})
        store.save_snapshot(2, {"n": 2})
    backend.sql("UPDATE snapshots SET checksum = 'x' WHERE seq = 2")
    warnings: list[str] = []
    with backend.open(readonly=True, warn=warnings.append) as viewer:
        snapshot = viewer.snapshot()
        assert snapshot is not None
        assert snapshot.seq == 1
    assert warnings == ["snapshot at #2 discarded: its checksum does not match its state"]
    assert backend.sql("SELECT seq FROM snapshots ORDER BY seq") == [(1,), (2,)]


def test_readonly_store_reads_but_refuses_to_write(backend: Backend) -> None:
    with backend.open() as store:
        stored = store.append_all(sample_events())
        with backend.open(readonly=True) as viewer:
            assert viewer.readonly
            assert viewer.events() == stored
            later = store.append(Event("later"))  # a reader sees a writer's new events
            assert viewer.events(after=4) == [later]
            assert viewer.last_seq() == 5
            for write in (
                lambda: viewer.append(Event("x")),
                lambda: viewer.save_snapshot(1, {}),
            ):
                with pytest.raises(CampaignError, match="read-only") as caught:
                    write()
                assert backend.location in str(caught.value)
    with pytest.raises(CampaignError, match="does not exist"):
        replace_location(backend, "other").open(readonly=True)


def replace_location(backend: Backend, campaign: str) -> Backend:
    """A backend naming another campaign next to ``backend``'s (another file, or
    another campaign in the same database)."""
    from .backends import PostgresBackend, SqliteBackend

    if isinstance(backend, SqliteBackend):
        return SqliteBackend(backend.path.with_name(f"{campaign}.db"))
    assert isinstance(backend, PostgresBackend)
    return PostgresBackend(backend.url, campaign)


def test_missing_campaign_without_create(backend: Backend) -> None:
    with backend.open():
        pass
    with pytest.raises(CampaignError, match="does not exist") as caught:
        replace_location(backend, "other").open(create=False)
    assert "\n" not in str(caught.value)


def test_closed_store_refuses_everything(backend: Backend) -> None:
    store = backend.open()
    store.close()
    store.close()
    calls = (
        store.events,
        lambda: store.last(1),
        store.last_seq,
        store.next_session,
        lambda: store.event(1),
        store.undo_target,
        lambda: store.latest("x"),
        store.reveals,
        store.verify,
        store.snapshot,
        lambda: store.append(Event("x")),
        lambda: store.save_snapshot(1, {}),
    )
    for call in calls:
        with pytest.raises(CampaignError, match="is closed"):
            call()
    assert "closed" in repr(store)


def test_a_damaged_row_is_reported_when_read(backend: Backend) -> None:
    with backend.open() as store:
        store.append_all(sample_events())
    backend.sql("UPDATE events SET detail = '{not json' WHERE seq = 2")
    backend.sql("UPDATE events SET visibility = 'loud' WHERE seq = 3")
    with backend.open() as store:
        assert len(store.events(limit=1)) == 1
        with pytest.raises(CampaignError, match=r"damaged: event #2 has an unreadable detail"):
            store.events()
        with pytest.raises(CampaignError, match=r"damaged: event #3 has an unreadable visibility"):
            store.events(after=2)
        assert store.verify() == 2


def test_a_batch_larger_than_one_statement_is_still_all_or_nothing(backend: Backend) -> None:
    from hacktable.store.sql import ROWS_PER_STATEMENT

    size = 2 * ROWS_PER_STATEMENT + 3
    batch = [Event("note", summary=str(i), detail={"i": i}) for i in range(size)]
    with backend.open() as store:
        store.append(Event("first"))
        with pytest.raises(StaleWriteError):
            store.append_all(batch, expected_seq=0)
        assert store.last_seq() == 1
        stored = store.append_all(batch, expected_seq=1)
        assert [e.seq for e in stored] == list(range(2, size + 2))
        assert store.events(after=1) == stored
        assert store.verify() is None
