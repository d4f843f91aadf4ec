"""The per-address limit of a server without accounts (docs/rulings.md H723) in
:mod:`hacktable.web.hosting`."""

from __future__ import annotations

from hacktable.web.hosting import MemoryLimiter


def test_the_memory_limiter_forgets_addresses_past_the_window() -> None:
    """H723: the count is per minute; an address seen once long ago is not kept for
    ever (made-up invite links from many addresses must not grow memory without end)."""
    at = [0.0]
    limiter = MemoryLimiter(now=lambda: at[0])
    for number in range(20_000):
        limiter.fail(f"address:10.{number // 65536}.{number // 256 % 256}.{number % 256}")
    at[0] += 61.0
    limiter.fail("address:192.0.2.1")
    assert len(limiter._seen) < 20_000
    for _ in range(4):
        limiter.fail("address:192.0.2.1")
    assert limiter.limited("address:192.0.2.1")
    assert not limiter.limited("address:10.0.0.1")
