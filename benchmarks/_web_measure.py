"""The measuring code of ``web_broadcast.py`` (pure: no server, no clock of its own),
apart so a test can run it on a simulated schedule (not a benchmark itself)."""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = ["Tally", "percentile", "schedule"]

_SEQ = re.compile(r'\{"seq":(\d+)')


def schedule(rng: random.Random, mean: float, seconds: float) -> list[float]:
    """A Poisson process's arrival times in ``[0, seconds)``, one every ``mean``
    seconds on average."""
    times: list[float] = []
    at = rng.expovariate(1 / mean)
    while at < seconds:
        times.append(at)
        at += rng.expovariate(1 / mean)
    return times


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of ``values``, nearest rank; NaN for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(q / 100 * len(ordered))))
    return ordered[rank - 1]


@dataclass
class Tally:
    """What one phase's load generator saw.

    Attributes:
        sends: each answered roll: (table, seq, the time its request was sent).
        arrivals: table -> seq -> the time it reached each socket of the table.
        errors: one line per refused or failed request or socket.
    """

    sends: list[tuple[str, int, float]] = field(default_factory=list)
    arrivals: dict[str, dict[int, list[float]]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def arrived(self, table: str, message: str, at: float) -> None:
        """Record that ``message`` (an event as JSON) reached a socket of ``table``."""
        found = _SEQ.match(message)
        seq = int(found.group(1)) if found else json.loads(message).get("seq")
        if isinstance(seq, int):
            self.arrivals.setdefault(table, {}).setdefault(seq, []).append(at)

    def complete(self, sockets: int) -> bool:
        """Whether every roll has reached all ``sockets`` of its table."""
        return all(
            len(self.arrivals.get(t, {}).get(seq, ())) >= sockets for t, seq, _ in self.sends
        )

    def latencies(self, sockets: int) -> tuple[list[float], int]:
        """Every delivery's latency in seconds, and how many deliveries were lost."""
        found: list[float] = []
        lost = 0
        for table, seq, sent in self.sends:
            times = self.arrivals.get(table, {}).get(seq, [])
            found.extend(at - sent for at in times[:sockets])
            lost += max(0, sockets - len(times))
        return found, lost
