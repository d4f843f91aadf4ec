"""Opening from a snapshot (issue 8, section 3; docs/rulings.md H114): the state is the
latest snapshot that checks out plus the events after it, the same state a replay of
the whole log gives, the order characters were made in included; a snapshot that is
corrupt or does not replay is discarded with a warning and the log replayed. On both
backends."""

from __future__ import annotations

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import SNAPSHOT_EVERY, Session
from hacktable.play.state import CampaignState

from ..store.backends import Backend

SETUP = (
    "character new Zed --class warrior --kit 1",
    "character new Abe --class thief --kit 1",
)


def _play(backend: Backend, lines: list[str], warnings: list[str] | None = None) -> Session:
    store = backend.open(warn=None if warnings is None else warnings.append)
    layer = CommandLayer(Session(store, seed=3 if lines else None))
    for line in lines:
        layer.run(line)
    return layer.session


@pytest.fixture
def played(backend: Backend) -> Backend:
    """A campaign with more events than one snapshot's worth."""
    steps = [("hp Zed +1" if n % 2 == 0 else "hp Zed -1") for n in range(SNAPSHOT_EVERY + 30)]
    session = _play(backend, [*SETUP, *steps])
    session.store.close()
    return backend


def _replayed(backend: Backend) -> CampaignState:
    with backend.open(readonly=True) as store:
        return CampaignState.replay(store.events())


def test_a_long_log_is_opened_from_a_snapshot_to_the_same_state(played: Backend) -> None:
    (count,) = played.sql("SELECT count(*) FROM snapshots")[0]
    assert count >= 1  # taken once SNAPSHOT_EVERY events came after the last
    session = _play(played, [])
    try:
        assert session.state == _replayed(played)
        assert session._snapshot_seq > 0  # opened from it, not by replaying the log
        assert [c.name for c in session.characters()] == ["Zed", "Abe"]  # order kept
        assert session.state.last_seq == session.store.last_seq()
    finally:
        session.store.close()


def test_a_corrupt_snapshot_is_discarded_with_a_warning(played: Backend) -> None:
    played.sql("UPDATE snapshots SET state = '{\"entities\": []}'")  # its checksum fails
    warnings: list[str] = []
    session = _play(played, [], warnings)
    try:
        assert session.state == _replayed(played)
        assert any("discarded" in warning for warning in warnings), warnings
        assert [c.name for c in session.characters()] == ["Zed", "Abe"]
    finally:
        session.store.close()


def test_a_snapshot_that_does_not_replay_is_discarded_with_a_warning(played: Backend) -> None:
    with played.open() as store:
        seq = store.last_seq()
        store.save_snapshot(seq, {"bogus": True})  # checks out, but is no state
    warnings: list[str] = []
    session = _play(played, [], warnings)
    try:
        assert session.state == _replayed(played)
        assert warnings == [
            f"snapshot at #{seq} discarded: not a snapshot of a campaign's state ('entities')"
        ]
    finally:
        session.store.close()


def test_a_command_after_opening_from_a_snapshot_is_stored_in_the_chain(played: Backend) -> None:
    session = _play(played, ["hp Zed -1"])
    try:
        assert session.store.verify() is None
        assert session.character("Zed").hp == _replayed_hp(played)
    finally:
        session.store.close()


def _replayed_hp(backend: Backend) -> int:
    data = _replayed(backend).get("character", "zed")
    return int(data["hp"])
