"""Random sources (RULINGS G1).

No rule draws a random number on its own: every roll takes a ``random.Random`` from
the caller. A session records the seed it started from; each action in it draws from
its own source derived from that seed and the action's number, so a session replays to
the same results even if a mistyped command was rejected half-way.
"""

from __future__ import annotations

import random

__all__ = ["RandomSource", "RecordingRandom", "derive", "derive_recording", "fresh_seed", "seeded"]

RandomSource = random.Random
"""The type every rule takes its randomness from: a seeded ``random.Random``."""


def fresh_seed() -> int:
    """Return a new seed from the operating system's entropy (0 to 2**63 - 1)."""
    return random.SystemRandom().getrandbits(63)


def seeded(seed: int) -> random.Random:
    """Return a random source seeded with ``seed``."""
    return random.Random(seed)


def derive(seed: int, *keys: int | str) -> random.Random:
    """Return a random source determined by ``seed`` and ``keys``.

    ``derive(seed, 7)`` is the source of the 7th action of the session seeded ``seed``:
    the same arguments always give the same stream, different ones independent streams.
    """
    return random.Random(":".join([str(seed), *map(str, keys)]))


class RecordingRandom(random.Random):
    """A seeded random source that remembers every die it deals.

    Every draw of a die goes through ``randrange`` (``randint`` too), so ``dealt``
    lists ``(sides, face)`` for each, in order: the record of every die a command
    rolled. The stream is exactly that of ``random.Random(seed)``.

    >>> source = RecordingRandom("7")
    >>> face = source.randint(1, 6)
    >>> source.dealt == [(6, face)]
    True
    """

    def __init__(self, seed: int | str, dealt: list[tuple[int, int]] | None = None) -> None:
        super().__init__(seed)
        self.dealt: list[tuple[int, int]] = [] if dealt is None else dealt

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        value = super().randrange(start, stop, step)
        low, high = (0, start) if stop is None else (start, stop)
        if step == 1:
            self.dealt.append((high - low, value - low + 1))
        return value


def derive_recording(dealt: list[tuple[int, int]], seed: int, *keys: int | str) -> RecordingRandom:
    """:func:`derive`'s source, recording every die it deals into ``dealt``."""
    return RecordingRandom(":".join([str(seed), *map(str, keys)]), dealt)
