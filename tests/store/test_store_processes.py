"""Locking between processes, and surviving a process killed mid-session."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
from pathlib import Path

import pytest

from hacktable.errors import CampaignError, CampaignLockedError
from hacktable.play.events import Event
from hacktable.store import CampaignStore

from .store_helpers import folder_listing, integrity, run_python, sha256

HOLD = """
import sys
from hacktable.store import CampaignStore
store = CampaignStore.open(sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()
store.close()
"""

HOLD_FOREIGN = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute(sys.argv[2])
connection.execute("SELECT count(*) FROM events").fetchall()
print("ready", flush=True)
sys.stdin.readline()
connection.execute("ROLLBACK")
connection.close()
"""

APPEND_FOREVER = """
import sys
from hacktable.play.events import Change, Event
from hacktable.store import CampaignStore
store = CampaignStore.open(sys.argv[1])
for i in range(1_000_000):
    event = Event(
        "test",
        actor="Child",
        summary=f"roll {i}",
        detail={"i": i, "pad": "é" * 3000},
        changes=(Change("character", "kid", {"hp": i}, {"hp": i + 1}),),
        session=1,
    )
    print(store.append(event).seq, flush=True)
"""

HALF_WRITE = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("PRAGMA cache_size=1")
connection.execute("BEGIN IMMEDIATE")
connection.execute("UPDATE events SET summary = 'half-written'")
connection.execute(
    "INSERT INTO events (at, session, actor, action, summary, detail, changes, command)"
    " SELECT at, session, actor, action, summary, detail, changes, command FROM events"
)
print("ready", flush=True)
sys.stdin.readline()
"""


def _wait_ready(child: subprocess.Popen[str]) -> None:
    assert child.stdout is not None
    line = child.stdout.readline()
    if line != "ready\n":
        _, err = child.communicate()
        pytest.fail(f"child did not start: {line!r} {err}")


def _release(child: subprocess.Popen[str]) -> None:
    _, err = child.communicate("\n")
    assert child.returncode == 0, err


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    path = tmp_path / "c.db"
    with CampaignStore.open(path) as store:
        store.append(Event("test", summary="first"))
    return path


def test_a_campaign_open_in_another_process_is_locked(campaign: Path) -> None:
    before = sha256(campaign)
    with run_python(HOLD, str(campaign), cwd=campaign.parent) as child:
        _wait_ready(child)
        try:
            for readonly in (False, True):
                with pytest.raises(CampaignLockedError) as caught:
                    CampaignStore.open(campaign, readonly=readonly)
                assert str(caught.value).startswith(f"{campaign} is in use")
                assert "\n" not in str(caught.value)
                assert caught.value.path == str(campaign)
            # plain SQLite readers are shut out too
            reader = sqlite3.connect(f"{campaign.as_uri()}?mode=ro", uri=True, timeout=0)
            try:
                with pytest.raises(sqlite3.OperationalError, match="locked"):
                    reader.execute("SELECT count(*) FROM events").fetchall()
            finally:
                reader.close()
        finally:
            _release(child)
    assert sha256(campaign) == before
    with CampaignStore.open(campaign) as store:
        assert [e.summary for e in store.events()] == ["first"]


@pytest.mark.parametrize(
    "begin",
    ["BEGIN EXCLUSIVE", "BEGIN IMMEDIATE", "BEGIN"],
    ids=["exclusive", "reserved", "shared"],
)
def test_a_lock_held_by_another_program_is_respected(campaign: Path, begin: str) -> None:
    before, listing = sha256(campaign), folder_listing(campaign.parent)
    with run_python(HOLD_FOREIGN, str(campaign), begin, cwd=campaign.parent) as child:
        _wait_ready(child)
        try:
            with pytest.raises(CampaignLockedError):
                CampaignStore.open(campaign)
        finally:
            _release(child)
    assert sha256(campaign) == before
    assert folder_listing(campaign.parent) == listing
    CampaignStore.open(campaign).close()


def test_an_exclusive_lock_in_this_process_is_respected(campaign: Path) -> None:
    other = sqlite3.connect(campaign, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(CampaignLockedError):
            CampaignStore.open(campaign)
        with pytest.raises(CampaignLockedError):
            CampaignStore.open(campaign, readonly=True)
        other.execute("ROLLBACK")
    finally:
        other.close()
    CampaignStore.open(campaign).close()


def test_a_second_open_in_the_same_process_is_refused_and_keeps_the_first_lock(
    campaign: Path,
) -> None:
    with CampaignStore.open(campaign) as first:
        for readonly in (False, True):
            with pytest.raises(CampaignLockedError):
                CampaignStore.open(campaign, readonly=readonly)
        # the refused opens did not drop the first store's lock: other processes
        # still cannot open the file
        with run_python(HOLD, str(campaign), cwd=campaign.parent) as child:
            _, err = child.communicate("\n")
        assert child.returncode != 0
        assert "CampaignLockedError" in err
        assert first.append(Event("still mine")).seq == 2
    with CampaignStore.open(campaign) as again:
        assert again.last_seq() == 2


def test_a_process_killed_mid_session_loses_nothing_it_reported(tmp_path: Path) -> None:
    path = tmp_path / "killed.db"
    CampaignStore.open(path).close()
    with run_python(APPEND_FOREVER, str(path), cwd=tmp_path) as child:
        assert child.stdout is not None
        try:
            reported = [int(child.stdout.readline()) for _ in range(40)]
        finally:
            child.send_signal(signal.SIGKILL)
            child.communicate()
    assert child.returncode == -signal.SIGKILL
    assert reported == list(range(1, 41))
    with CampaignStore.open(path) as store:
        seqs = [e.seq for e in store.events()]
        assert seqs == list(range(1, len(seqs) + 1))
        assert set(reported) <= set(seqs)
        assert all(e.detail["pad"] == "é" * 3000 for e in store.events())
        store.append(Event("after the crash"))
    assert integrity(path) == ["ok"]


def test_a_hot_journal_is_rolled_back_by_a_writable_open_only(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    with CampaignStore.open(path) as store:
        stored = [
            store.append(Event("test", detail={"pad": "x" * 500, "i": i})) for i in range(300)
        ]
    clean = sha256(path)
    with run_python(HALF_WRITE, str(path), cwd=tmp_path) as child:
        _wait_ready(child)
        child.send_signal(signal.SIGKILL)
        child.communicate()
    journal = path.with_name(path.name + "-journal")
    assert journal.exists()
    half_written = sha256(path)
    assert half_written != clean  # the child's cache spilled into the file
    with pytest.raises(CampaignError, match="needs recovery") as caught:
        CampaignStore.open(path, readonly=True)
    assert str(path) in str(caught.value)
    assert sha256(path) == half_written
    assert journal.exists()
    with CampaignStore.open(path) as store:
        assert store.events() == stored
    assert not journal.exists()
    assert integrity(path) == ["ok"]


def test_a_readonly_store_reports_a_crash_it_cannot_recover(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    with CampaignStore.open(path) as store:
        stored = [store.append(Event("test", detail={"pad": "x" * 500})) for _ in range(300)]
    with CampaignStore.open(path, readonly=True) as viewer:
        assert viewer.events() == stored
        with run_python(HALF_WRITE, str(path), cwd=tmp_path) as child:
            _wait_ready(child)
            child.send_signal(signal.SIGKILL)
            child.communicate()
        with pytest.raises(CampaignError, match="needs recovery") as caught:
            viewer.events()
        assert str(path) in str(caught.value)
    with CampaignStore.open(path) as store:
        assert store.events() == stored
