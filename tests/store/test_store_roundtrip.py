"""The campaign store keeps events exactly, numbers them without gaps, and survives
closing and reopening."""

from __future__ import annotations

import re
import sqlite3
import uuid
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

import hacktable
from hacktable.errors import CampaignError
from hacktable.play.events import Change, Event
from hacktable.store import APPLICATION_ID, HEAD_REVISION, CampaignStore, EventRejectedError

from .store_helpers import sample_events, stored_form, without_at

AT = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "barrowmaze.db"


def test_append_fills_seq_and_at_and_reads_back_equal(path: Path) -> None:
    events = sample_events()
    with CampaignStore.open(path) as store:
        stored = [store.append(e) for e in events]
        assert [e.seq for e in stored] == [1, 2, 3, 4]
        for original, kept in zip(events, stored, strict=True):
            assert AT.match(kept.at), kept.at
            assert datetime.fromisoformat(kept.at).tzinfo == UTC
            assert kept == replace(
                original, seq=kept.seq, at=kept.at, prev_hash=kept.prev_hash, hash=kept.hash
            )
        assert store.events() == stored
        assert without_at(stored) == stored_form(events)
    with CampaignStore.open(path) as store:
        assert store.events() == stored
        assert isinstance(store.events()[0].changes, tuple)
        assert all(isinstance(c, Change) for e in store.events() for c in e.changes)


def test_appended_seq_and_at_given_by_caller_are_replaced(path: Path) -> None:
    with CampaignStore.open(path) as store:
        first = store.append(Event("test", seq=99, at="yesterday"))
        assert first.seq == 1
        assert first.at != "yesterday"
        assert store.events() == [first]


def test_seq_has_no_gaps_across_reopen_and_rejected_events(path: Path) -> None:
    with CampaignStore.open(path) as store:
        store.append(Event("a"))
        with pytest.raises(EventRejectedError):
            store.append(Event("undo", undoes=5))
        with pytest.raises(EventRejectedError):
            store.append(Event("bad", detail={"x": {1, 2}}))
        store.append(Event("b"))
    with CampaignStore.open(path) as store:
        store.append(Event("c"))
        assert [e.seq for e in store.events()] == [1, 2, 3]
        assert [e.action for e in store.events()] == ["a", "b", "c"]
        assert store.last_seq() == 3


def test_queries(path: Path) -> None:
    with CampaignStore.open(path) as store:
        assert store.events() == []
        assert store.last(3) == []
        assert store.last_seq() == 0
        assert store.next_session() == 1
        stored = [store.append(Event(f"e{i}", session=i // 4)) for i in range(10)]
        assert store.last_seq() == 10
        assert store.next_session() == 3
        assert store.events(after=7) == stored[7:]
        assert store.events(after=2, limit=3) == stored[2:5]
        assert store.events(limit=0) == []
        assert store.events(after=10) == []
        assert store.last(3) == stored[7:]
        assert store.last(1) == [stored[9]]
        assert store.last(0) == []
        assert store.last(50) == stored


def test_next_session_follows_the_highest_session_not_the_last(path: Path) -> None:
    with CampaignStore.open(path) as store:
        store.append(Event("a", session=5))
        store.append(Event("b", session=2))
        assert store.next_session() == 6


def test_metadata_is_made_at_creation_and_survives_reopen(path: Path) -> None:
    with CampaignStore.open(path, ruleset="blackhack") as store:
        made = (store.campaign_id, store.ruleset, store.created_at, store.created_by)
        assert uuid.UUID(store.campaign_id).version == 4
        assert store.ruleset == "blackhack"
        assert store.created_by == hacktable.__version__
        assert datetime.fromisoformat(store.created_at).tzinfo == UTC
        assert store.path == path
    # the ruleset argument does not override the stored one
    with CampaignStore.open(path, ruleset="redhack", create=False) as store:
        assert (store.campaign_id, store.ruleset, store.created_at, store.created_by) == made
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        assert connection.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
        assert connection.execute("SELECT name FROM campaigns").fetchall() == [("barrowmaze",)]
        assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [
            (HEAD_REVISION,)
        ]
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    finally:
        connection.close()


def test_creation_leaves_only_the_campaign_file(path: Path) -> None:
    CampaignStore.open(path).close()
    assert sorted(p.name for p in path.parent.iterdir()) == ["barrowmaze.db"]


def test_events_are_stored_as_compact_sorted_json(path: Path) -> None:
    with CampaignStore.open(path) as store:
        store.append(
            Event("test", detail={"b": "é", "a": [1, None]}, changes=(Change("k", "x", 1, 2),))
        )
    connection = sqlite3.connect(path)
    try:
        row = connection.execute("SELECT detail, changes FROM events").fetchone()
    finally:
        connection.close()
    assert row == ('{"a":[1,null],"b":"é"}', '[{"after":2,"before":1,"key":"x","kind":"k"}]')


@pytest.mark.parametrize(
    ("event", "reason"),
    [
        (Event("x", detail={"f": float("nan")}), "Out of range float"),
        (Event("x", detail={"s": {1}}), "not JSON serializable"),
        (Event("x", changes=(Change("k", "key", after=object()),)), "not JSON serializable"),
        (Event("x", summary="\ud800"), "surrogate"),
        (Event("x", session="1"), "session is str"),  # type: ignore[arg-type]
        (Event("x", session=2**63), "64 bits"),
        (Event("undo", undoes=1), "undoes event #1, which is not in the log"),
    ],
)
def test_unstorable_events_are_rejected_and_nothing_is_stored(
    path: Path, event: Event, reason: str
) -> None:
    with CampaignStore.open(path) as store:
        with pytest.raises(EventRejectedError, match=re.escape(reason)) as caught:
            store.append(event)
        assert str(path) in str(caught.value)
        assert "\n" not in str(caught.value)
        assert store.events() == []
        assert store.append(Event("fine")).seq == 1


def test_readonly_store_reads_but_refuses_to_append(path: Path) -> None:
    with CampaignStore.open(path) as store:
        stored = [store.append(e) for e in sample_events()]
    with CampaignStore.open(path, readonly=True) as store:
        assert store.readonly
        assert store.events() == stored
        with pytest.raises(CampaignError, match="read-only") as caught:
            store.append(Event("x"))
        assert str(path) in str(caught.value)
        # a read-only store does not hold the file: a writer may open it meanwhile, and
        # the reader sees what it appends
        with CampaignStore.open(path) as writer:
            later = writer.append(Event("later"))
            assert store.events(after=4) == [later]
        assert store.last_seq() == 5


def test_readonly_open_never_creates(path: Path) -> None:
    with pytest.raises(CampaignError, match="does not exist"):
        CampaignStore.open(path, readonly=True)
    assert not path.exists()


def test_closed_store_refuses_everything_and_close_is_idempotent(path: Path) -> None:
    store = CampaignStore.open(path)
    store.close()
    store.close()
    for call in (store.events, lambda: store.last(1), store.last_seq, store.next_session):
        with pytest.raises(CampaignError, match="is closed"):
            call()
    with pytest.raises(CampaignError, match="is closed"):
        store.append(Event("x"))
    assert "closed" in repr(store)


def test_context_manager_returns_the_store_and_closes_it(path: Path) -> None:
    with CampaignStore.open(path) as store:
        assert isinstance(store, CampaignStore)
    with pytest.raises(CampaignError, match="is closed"):
        store.events()
    # closed means released: the file opens again
    CampaignStore.open(path).close()


def test_accepts_str_paths(path: Path) -> None:
    with CampaignStore.open(str(path)) as store:
        assert store.path == path
