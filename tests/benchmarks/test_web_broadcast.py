"""The measuring code of ``benchmarks/web_broadcast.py`` (``benchmarks/_web_measure.py``;
issue 12 §7), on a simulated run: 2 tables x 2 players, a few seconds of Poisson
schedule, deliveries with known delays on an injected clock (no server, no sleeping)."""

from __future__ import annotations

import itertools
import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import _web_measure as bench


def test_the_schedule_is_poisson_with_the_mean_asked() -> None:
    """Issue 12 §7: "one every 10 s on average (Poisson)"."""
    times = bench.schedule(random.Random(1), 10.0, 100_000.0)
    assert times == sorted(times)
    assert all(0 <= t < 100_000 for t in times)
    assert 9_700 < len(times) < 10_300  # 10,000 expected; sd 100
    gaps = [b - a for a, b in itertools.pairwise(times)]
    share = sum(1 for g in gaps if g < 10.0) / len(gaps)
    assert share == pytest.approx(1 - 2.718281828**-1, abs=0.02)  # exponential gaps


def test_percentiles_by_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert bench.percentile(values, 50) == 50.0
    assert bench.percentile(values, 99) == 99.0
    assert bench.percentile(values, 100) == 100.0
    assert bench.percentile([3.0], 99) == 3.0


def test_a_simulated_run_measures_every_delivery() -> None:
    """Each roll's latency is measured at each of its table's sockets, the roller's
    too, from the request's sending; a delivery that never comes is lost."""
    rng = random.Random(5)
    tables, players, seconds = ("t001", "t002"), 2, 3.0
    tally = bench.Tally()
    seq = {"t001": 10, "t002": 20}
    expected: list[float] = []
    plans = [(t, bench.schedule(rng, 0.5, seconds)) for t in tables for _ in range(players)]
    for table, plan in plans:
        for sent in plan:  # the injected clock: the schedule's own times
            seq[table] += 1
            number = seq[table]
            tally.sends.append((table, number, sent))
            for socket in range(players):
                if (table, number, socket) == ("t002", 22, 1):
                    continue  # one delivery lost
                delay = 0.004 + 0.001 * socket
                message = json.dumps({"seq": number, "summary": "Aldric tests STR"})
                tally.arrived(table, message.replace(", ", ","), sent + delay)
                expected.append(delay)
    assert not tally.complete(players)
    latencies, lost = tally.latencies(players)
    assert lost == 1
    assert sorted(latencies) == pytest.approx(sorted(expected))
    assert len(latencies) == players * len(tally.sends) - 1
    assert bench.percentile(latencies, 100) == pytest.approx(0.005)
    assert bench.percentile(latencies, 1) == pytest.approx(0.004)


def test_an_event_not_starting_with_its_seq_is_still_matched() -> None:
    tally = bench.Tally()
    tally.sends.append(("t001", 7, 1.0))
    tally.arrived("t001", '{"action": "test", "seq": 7}', 1.25)
    assert tally.complete(1)
    assert tally.latencies(1) == ([0.25], 0)
