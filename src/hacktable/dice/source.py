"""Random sources (RULINGS G1).

No rule draws a random number on its own: every roll takes a ``random.Random`` from
the caller. A session records the seed it started from; each action in it draws from
its own source derived from that seed and the action's number, so a session replays to
the same results even if a mistyped command was rejected half-way.
"""

from __future__ import annotations

import random

__all__ = ["RandomSource", "derive", "fresh_seed", "seeded"]

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
