"""Property: any events built from JSON values read back exactly as appended."""

from __future__ import annotations

import json
import tempfile
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hacktable.play.events import Change, Event
from hacktable.store import CampaignStore
from hacktable.store.codec import event_from_row, event_to_row

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
changes = st.builds(Change, st.text(max_size=12), st.text(max_size=12), json_values, json_values)
events = st.builds(
    Event,
    action=st.text(min_size=1, max_size=20),
    actor=st.text(max_size=20),
    summary=st.text(max_size=60),
    detail=st.dictionaries(st.text(max_size=10), json_values, max_size=5),
    changes=st.lists(changes, max_size=3).map(tuple),
    command=st.text(max_size=30),
    session=st.integers(min_value=0, max_value=2**63 - 1),
)
# Each event may undo an earlier one: an index into the events before it.
logs = st.lists(st.tuples(events, st.none() | st.integers(min_value=0)), max_size=8)


def _with_undo_targets(log: list[tuple[Event, int | None]]) -> list[Event]:
    return [
        replace(event, undoes=None if pick is None or i == 0 else pick % i + 1)
        for i, (event, pick) in enumerate(log)
    ]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(logs)
def test_any_log_reads_back_equal(log: list[tuple[Event, int | None]]) -> None:
    appended = _with_undo_targets(log)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "prop.db"
        with CampaignStore.open(path) as store:
            stored = [store.append(e) for e in appended]
            assert [e.seq for e in stored] == list(range(1, len(appended) + 1))
            assert [replace(e, seq=0, at="", prev_hash="", hash="") for e in stored] == appended
            assert store.verify() is None
            assert store.events() == stored
        with CampaignStore.open(path) as store:
            assert store.events() == stored
            assert store.last(3) == stored[-3:]


@settings(max_examples=300, deadline=None)
@given(events, st.integers(min_value=1, max_value=2**40))
def test_codec_round_trip(event: Event, seq: int) -> None:
    row = event_to_row(event) | {"seq": seq, "at": "2026-01-01T00:00:00.000000+00:00"}
    read = event_from_row(row)
    assert read == replace(event, seq=seq, at=row["at"])
    # stricter than ==, which takes True for 1 and 1 for 1.0
    assert _typed(read.detail) == _typed(event.detail)
    assert [_typed(c.before) + _typed(c.after) for c in read.changes] == [
        _typed(c.before) + _typed(c.after) for c in event.changes
    ]


def _typed(value: object) -> str:
    return json.dumps(value, sort_keys=True, allow_nan=False)
