"""`hacktable campaign export` / `import` (issue 10 §5; docs/rulings.md H211): a round
trip gives the same state and the same log, every event and the hash chain; a campaign
with events is refused; a file of the wrong shape gets one clear line."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from hacktable.cli.app import run
from hacktable.engine.session import Session
from hacktable.errors import CampaignError
from hacktable.play.events import Event
from hacktable.store import CampaignStore
from hacktable.store.sqlite import SqliteEventStore

from ..intents import campaign
from .test_cli import in_process


def _played(path: Path) -> None:
    layer = campaign(
        path,
        5,
        (
            "character new Sly --class thief --kit 1",
            "test Sly DEX",
            "roll 1d20 secret",
            "usage Sly torch",
            "note a note",
            "undo",
        ),
    )
    layer.session.store.close()


def test_a_round_trip_keeps_the_state_and_every_event(tmp_path: Path) -> None:
    source, exported, copy = tmp_path / "a.db", tmp_path / "a.jsonl", tmp_path / "b.db"
    _played(source)
    code, out, err = in_process(
        run, ["campaign", "export", "-c", str(source), "--to", str(exported)]
    )
    assert (code, err) == (0, "")
    assert out.endswith(f"events written to {exported}\n")
    code, _out, err = in_process(run, ["campaign", "import", str(exported), "-c", str(copy)])
    assert (code, err) == (0, ""), err
    with CampaignStore.open(source, create=False) as a, CampaignStore.open(copy, create=False) as b:
        assert a.events() == b.events()  # seq, time, detail, changes, hashes: all of it
        assert b.verify() is None
        assert Session(a).state == Session(b).state
        assert b.ruleset == a.ruleset


def test_importing_into_a_campaign_with_events_is_refused(tmp_path: Path) -> None:
    source, exported = tmp_path / "a.db", tmp_path / "a.jsonl"
    _played(source)
    in_process(run, ["campaign", "export", "-c", str(source), "--to", str(exported)])
    code, _out, err = in_process(run, ["campaign", "import", str(exported), "-c", str(source)])
    assert code == 2
    assert "is not empty" in err
    assert "import into a new campaign" in err


def test_a_file_of_the_wrong_shape_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    for text, needle in (
        ("", "is empty"),
        ('{"x": 1}\n', "not an exported campaign"),
        (
            '{"format":"hacktable-campaign","version":1,"ruleset":"redhack","name":"a",'
            '"events":1}\n{"seq": 1}\n',
            ":2: not a stored event",
        ),
    ):
        bad.write_text(text)
        code, _out, err = in_process(
            run, ["campaign", "import", str(bad), "-c", str(tmp_path / "n.db")]
        )
        assert code == 2, err
        assert needle in err, (text, err)
        assert err.count("\n") == 1


def test_a_changed_export_breaks_its_chain(tmp_path: Path) -> None:
    source, exported = tmp_path / "a.db", tmp_path / "a.jsonl"
    _played(source)
    in_process(run, ["campaign", "export", "-c", str(source), "--to", str(exported)])
    exported.write_text(exported.read_text().replace('"a note"', '"another note"'))
    code, _out, err = in_process(
        run, ["campaign", "import", str(exported), "-c", str(tmp_path / "c.db")]
    )
    assert code == 2
    assert "hash differs" in err


# -- a failed import leaves nothing behind (issue 10 §5; docs/rulings.md H255) ------------------


def test_a_failed_import_leaves_no_campaign_file(tmp_path: Path) -> None:
    source, exported = tmp_path / "a.db", tmp_path / "a.jsonl"
    _played(source)
    in_process(run, ["campaign", "export", "-c", str(source), "--to", str(exported)])
    exported.write_text(exported.read_text().replace('"a note"', '"another note"'))
    before = sorted(p.name for p in tmp_path.iterdir())
    code, _out, err = in_process(
        run, ["campaign", "import", str(exported), "-c", str(tmp_path / "c.db")]
    )
    assert code == 2
    assert "hash differs" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no c.db, no -wal, no temp


def test_a_failure_while_storing_removes_the_new_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source, exported, copy = tmp_path / "a.db", tmp_path / "a.jsonl", tmp_path / "b.db"
    _played(source)
    in_process(run, ["campaign", "export", "-c", str(source), "--to", str(exported)])
    real = SqliteEventStore.restore
    calls: list[str] = []

    def restore(store: SqliteEventStore, events: Sequence[Event]) -> list[Event]:
        calls.append(store.location)
        if len(calls) == 2:  # the rehearsal passed; the real campaign fails
            real(store, events)
            raise CampaignError(f"{store.location}: the disk is full", store.location)
        return real(store, events)

    monkeypatch.setattr(SqliteEventStore, "restore", restore)
    code, _out, err = in_process(run, ["campaign", "import", str(exported), "-c", str(copy)])
    assert code == 2
    assert "the disk is full" in err
    assert len(calls) == 2
    assert not copy.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("b.db")]


def test_a_failed_import_leaves_an_existing_empty_campaign_as_it_was(tmp_path: Path) -> None:
    source, exported, empty = tmp_path / "a.db", tmp_path / "a.jsonl", tmp_path / "e.db"
    _played(source)
    in_process(run, ["campaign", "export", "-c", str(source), "--to", str(exported)])
    CampaignStore.open(empty).close()
    exported.write_text(exported.read_text().replace('"a note"', '"another note"'))
    code, _out, err = in_process(run, ["campaign", "import", str(exported), "-c", str(empty)])
    assert code == 2
    assert "hash differs" in err
    with CampaignStore.open(empty, create=False) as store:
        assert store.last_seq() == 0


def test_a_campaign_of_another_ruleset_is_refused_untouched(tmp_path: Path) -> None:
    source, exported, other = tmp_path / "a.db", tmp_path / "a.jsonl", tmp_path / "o.db"
    _played(source)
    in_process(run, ["campaign", "export", "-c", str(source), "--to", str(exported)])
    CampaignStore.open(other, ruleset="black-sword-hack").close()
    code, _out, err = in_process(run, ["campaign", "import", str(exported), "-c", str(other)])
    assert code == 2
    assert "plays black-sword-hack, the export redhack" in err
    with CampaignStore.open(other, create=False) as store:
        assert (store.last_seq(), store.ruleset) == (0, "black-sword-hack")
