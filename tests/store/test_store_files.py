"""Opening files that are not usable campaigns fails with a typed, one-line error and
leaves the file exactly as it was; creating needs an existing folder."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from hacktable.errors import CampaignError, NotACampaignError
from hacktable.play.events import Event
from hacktable.store import CampaignStore

from .store_helpers import folder_listing, listing_but_wal, sample_events, sha256


def _campaign(path: Path, events: int = 0) -> Path:
    with CampaignStore.open(path) as store:
        for i in range(events):
            store.append(Event("test", summary=f"roll {i}", detail={"pad": "x" * 400, "i": i}))
    return path


def _text_file(path: Path) -> Path:
    path.write_text("name,hp\nGoblin,4\n", encoding="utf-8")
    return path


def _empty_file(path: Path) -> Path:
    path.touch()
    return path


def _foreign_database(path: Path) -> Path:
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
    connection.execute("INSERT INTO recipes VALUES ('soup', 20)")
    connection.commit()
    connection.close()
    return path


def _lookalike_database(path: Path) -> Path:
    """Another program's database that happens to have our table names."""
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE campaign (id TEXT)")
    connection.execute("CREATE TABLE events (seq INTEGER)")
    connection.commit()
    connection.close()
    return path


def _scribbled(path: Path) -> Path:
    """A campaign with a page in the middle of its events overwritten with junk (one
    the reads of events meet: the file's middle page may be an index's)."""
    _campaign(path, events=200)
    probe = sqlite3.connect(path)
    try:
        leaves = [
            number
            for (number,) in probe.execute(
                "SELECT pageno FROM dbstat WHERE name = 'events' AND pagetype = 'leaf'"
                " ORDER BY pageno"
            )
        ]
    finally:
        probe.close()
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    middle = (leaves[len(leaves) // 2] - 1) * page
    data[middle : middle + page] = bytes((i * 37 + 11) % 256 for i in range(page))
    path.write_bytes(bytes(data))
    return path


def _truncated(path: Path) -> Path:
    _campaign(path, events=200)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


def _bad_header(path: Path) -> Path:
    """The SQLite magic followed by junk."""
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    return path


def _no_events_table(path: Path) -> Path:
    _campaign(path, events=2)
    connection = sqlite3.connect(path)
    connection.execute("DROP TABLE events")
    connection.commit()
    connection.close()
    return path


def _two_campaign_rows(path: Path) -> Path:
    _campaign(path)
    connection = sqlite3.connect(path)
    connection.execute(
        "INSERT INTO campaigns SELECT 'x', 'y', ruleset, created_at, created_by FROM campaigns"
    )
    connection.commit()
    connection.close()
    return path


def _newer(path: Path) -> Path:
    _campaign(path, events=2)
    connection = sqlite3.connect(path)
    connection.execute("UPDATE alembic_version SET version_num = '9999'")
    connection.commit()
    connection.close()
    return path


CASES: list[tuple[str, Callable[[Path], Path], str]] = [
    ("text", _text_file, "not an SQLite database"),
    ("empty", _empty_file, "empty file"),
    ("foreign", _foreign_database, "an SQLite database of some other program"),
    ("lookalike", _lookalike_database, "an SQLite database of some other program"),
    ("truncated", _truncated, "damaged: "),
    ("bad header", _bad_header, "damaged: "),
    ("no events table", _no_events_table, "damaged: it has no events table"),
    ("two campaign rows", _two_campaign_rows, "damaged: it has 2 campaign rows instead of 1"),
    ("newer", _newer, "it was written by a newer hacktable (schema 9999); upgrade hacktable"),
]


@pytest.mark.parametrize("readonly", [False, True], ids=["writable", "readonly"])
@pytest.mark.parametrize(("make", "reason"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_not_a_campaign_is_refused_and_left_unchanged(
    tmp_path: Path, make: Callable[[Path], Path], reason: str, readonly: bool
) -> None:
    path = make(tmp_path / "suspect.db")
    before, listing = sha256(path), folder_listing(tmp_path)
    with pytest.raises(NotACampaignError) as caught:
        CampaignStore.open(path, readonly=readonly)
    error = caught.value
    listing = [name for name in listing if not name.endswith(("-wal", "-shm"))]
    assert error.reason.startswith(reason)
    assert str(error) == f"{path} is not a hacktable campaign: {error.reason}"
    assert "\n" not in str(error)
    assert error.path == str(path)
    assert sha256(path) == before
    assert listing_but_wal(tmp_path) == listing


@pytest.mark.parametrize("readonly", [False, True], ids=["writable", "readonly"])
def test_a_scribbled_page_is_reported_as_damaged_by_the_read_that_meets_it(
    tmp_path: Path, readonly: bool
) -> None:
    # Opening reads what it needs, not every page (its cost must not grow with the
    # campaign): the damage is found by the read that meets it, a full one at the latest.
    path = _scribbled(tmp_path / "c.db")
    before = sha256(path)
    with CampaignStore.open(path, readonly=readonly) as store:
        for read in (store.events, store.verify):
            with pytest.raises(NotACampaignError, match=r"damaged: \S") as caught:
                read()
            assert str(caught.value).startswith(f"{path} is not a hacktable campaign: damaged")
            assert len(str(caught.value)) < 400
            assert "\n" not in str(caught.value)
    assert sha256(path) == before


def test_an_old_file_with_a_scribbled_page_is_refused_before_migrating(tmp_path: Path) -> None:
    from .make_fixture import FIXTURE

    path = tmp_path / "old.db"
    data = bytearray(FIXTURE.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    last = (len(data) // page - 1) * page  # the events table's last page
    data[last + 8 : last + page] = bytes((i * 37 + 11) % 256 for i in range(page - 8))
    path.write_bytes(bytes(data))
    with pytest.raises(NotACampaignError, match=r"damaged: \S"):
        CampaignStore.open(path)
    assert path.read_bytes() == bytes(data)


def test_a_folder_is_not_a_campaign(tmp_path: Path) -> None:
    folder = tmp_path / "c.db"
    folder.mkdir()
    with pytest.raises(NotACampaignError, match="it is a folder"):
        CampaignStore.open(folder)
    assert folder_listing(folder) == []


def test_missing_file_without_create(tmp_path: Path) -> None:
    path = tmp_path / "nope.db"
    with pytest.raises(CampaignError) as caught:
        CampaignStore.open(path, create=False)
    assert str(caught.value) == f"{path} does not exist"
    assert caught.value.path == str(path)
    assert not path.exists()


def test_creating_in_a_missing_folder_says_so(tmp_path: Path) -> None:
    path = tmp_path / "no" / "such" / "folder" / "c.db"
    with pytest.raises(CampaignError) as caught:
        CampaignStore.open(path)
    message = str(caught.value)
    assert str(path) in message
    assert "does not exist" in message
    assert "\n" not in message
    assert not (tmp_path / "no").exists()


def test_a_path_through_a_file_is_refused(tmp_path: Path) -> None:
    blocker = _text_file(tmp_path / "notes.txt")
    path = blocker / "c.db"
    with pytest.raises(CampaignError) as caught:
        CampaignStore.open(path)
    assert str(path) in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_damaged_event_row_is_reported_when_read(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    with CampaignStore.open(path) as store:
        for event in sample_events():
            store.append(event)
    connection = sqlite3.connect(path)
    connection.execute("UPDATE events SET detail = '{not json' WHERE seq = 2")
    connection.commit()
    connection.close()
    with CampaignStore.open(path) as store:
        assert len(store.events(limit=1)) == 1
        with pytest.raises(NotACampaignError, match=r"damaged: event #2 has an unreadable detail"):
            store.events()


def test_a_write_protected_campaign_is_refused_for_writing_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tests may run as root, for whom nothing is write-protected: fake the answer.
    path = _campaign(tmp_path / "c.db", events=1)
    before = sha256(path)
    real_access = os.access

    def access(target: str | os.PathLike[str], mode: int) -> bool:
        if mode == os.W_OK and Path(target) == path:
            return False
        return real_access(target, mode)

    monkeypatch.setattr(os, "access", access)
    with pytest.raises(
        CampaignError, match=r"cannot be written \(the file is write-protected\)"
    ) as caught:
        CampaignStore.open(path)
    assert str(caught.value).startswith(str(path))
    assert "\n" not in str(caught.value)
    with CampaignStore.open(path, readonly=True) as store:
        assert store.last_seq() == 1
    assert sha256(path) == before


def test_a_failed_creation_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hacktable.store import sqlite as backend

    def broken_statements() -> list[str]:
        return ["CREATE TABLE t (x)", "SELECT raise_error_here()"]  # fails half-way

    monkeypatch.setattr(backend, "schema_statements", broken_statements)
    path = tmp_path / "new.db"
    with pytest.raises(CampaignError) as caught:
        CampaignStore.open(path)
    assert str(caught.value) == f"cannot create {path}: no such function: raise_error_here"
    assert folder_listing(tmp_path) == []


def test_creating_in_a_read_only_folder_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_access = os.access

    def access(target: str | os.PathLike[str], mode: int) -> bool:
        if mode == os.W_OK and Path(target) == tmp_path:
            return False
        return real_access(target, mode)

    monkeypatch.setattr(os, "access", access)
    path = tmp_path / "new.db"
    with pytest.raises(CampaignError, match=r"the folder .* is not writable") as caught:
        CampaignStore.open(path)
    assert "\n" not in str(caught.value)
    assert folder_listing(tmp_path) == []


def test_a_cleanup_that_fails_does_not_hide_the_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hacktable.store import sqlite as backend

    def broken_statements() -> list[str]:
        return ["SELECT raise_error_here()"]

    real_unlink = Path.unlink

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self.name.endswith(".new"):
            raise OSError(30, "Read-only file system")
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(backend, "schema_statements", broken_statements)
    monkeypatch.setattr(Path, "unlink", unlink)
    with pytest.raises(CampaignError, match="no such function: raise_error_here"):
        CampaignStore.open(tmp_path / "new.db")


def test_a_damaged_session_number_is_one_clear_error(tmp_path: Path) -> None:
    path = _campaign(tmp_path / "c.db", events=2)
    connection = sqlite3.connect(path)
    connection.execute("UPDATE events SET session = 'abc' WHERE seq = 2")
    connection.commit()
    connection.close()
    with (
        CampaignStore.open(path) as store,
        pytest.raises(NotACampaignError, match="damaged: an event's session number is 'abc'"),
    ):
        store.next_session()
