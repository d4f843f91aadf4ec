"""A page whose server restarts (issue 13 §1: graceful shutdown, clients told to
reconnect; docs/rulings.md H742, H780): after the server's 1012 the page keeps trying
about once a second while the server is down, so it is back about a second after the
server is, not after a backoff doubled to 8 or 16 s; a minute on, it backs off again.

The page's timers run on Playwright's fake clock; the server being down is the
``SOCKETS`` helper's ``window.__offline`` (every reconnect fails at once)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .conftest import SOCKETS, WAIT_MS, Campaign, Served

TABLE = Campaign("table", "redhack", ("player add Ann",))

DELAYS = """
(() => {
  const native = window.setTimeout;
  window.__reconnects = [];
  window.setTimeout = (callback, ms, ...rest) => {
    if (callback && callback.name === "connect") window.__reconnects.push(ms);
    return native(callback, ms, ...rest);
  };
})();
"""
"""Records the delay of each reconnect the page schedules (its ``connect``)."""

RESTART = """
() => {
  const socket = window.__sockets[window.__sockets.length - 1];
  const handler = socket.onclose;
  socket.onclose = null;
  window.__offline = true;
  socket.close();
  handler({code: 1012, reason: "the server is restarting: reconnecting"});
}
"""
"""The server's 1012 (H742) as the page sees it, and the server then down."""


def open_gm(browser: Any, served: Served) -> Any:
    from playwright.sync_api import expect

    context = browser.new_context()
    context.set_default_timeout(WAIT_MS)
    context.clock.install()  # (before DELAYS, which wraps the fake setTimeout)
    context.add_init_script(SOCKETS)
    context.add_init_script(DELAYS)
    page = context.new_page()
    page.goto(served.join_url(served.gm_token()))
    expect(page.locator("#status")).to_have_text("live")
    page.clock.pause_at(page.evaluate("Date.now()") + 10)  # (time moves by run_for only)
    return page


def next_reconnect(page: Any, count: int) -> int:
    """Wait until the page scheduled its ``count``-th reconnect; fire it; its delay."""
    page.wait_for_function(f"window.__reconnects.length >= {count}", polling=50, timeout=WAIT_MS)
    delay = int(page.evaluate(f"window.__reconnects[{count - 1}]"))
    page.clock.run_for(delay + 1)
    return delay


def test_after_a_restart_the_page_retries_each_second_and_is_back_a_second_after_the_server(
    serve: Callable[..., Served], browser: Any
) -> None:
    from playwright.sync_api import expect

    served = serve(TABLE)
    page = open_gm(browser, served)
    page.evaluate(RESTART)
    expect(page.locator("#status")).to_have_text("reconnecting...")
    delays = [next_reconnect(page, count) for count in range(1, 9)]
    # H742: the first within 0.3-1 s; H780: then every 1-1.5 s while the server is down
    # (8 attempts over ~10 s: the old doubling would have waited 1+2+4+8+16+... s).
    assert 300 <= delays[0] <= 1000, delays
    assert all(1000 <= delay <= 1500 for delay in delays[1:]), delays
    assert sum(delays) < 12_000, delays
    expect(page.locator("#status")).to_have_text("reconnecting...")
    page.evaluate("window.__offline = false")  # (the server is back)
    next_reconnect(page, 9)
    expect(page.locator("#status")).to_have_text("live")
    page.context.close()


def test_a_minute_after_the_restart_the_page_backs_off_again(
    serve: Callable[..., Served], browser: Any
) -> None:
    served = serve(TABLE)
    page = open_gm(browser, served)
    page.evaluate(RESTART)
    delays = [next_reconnect(page, 1)]
    while delays[-1] <= 1500 and len(delays) < 80:
        delays.append(next_reconnect(page, len(delays) + 1))
    delays.append(next_reconnect(page, len(delays) + 1))
    quick, doubled = delays[:-3], delays[-3:]
    # H780: each 1-1.5 s for a minute (40 to 60 tries), then the backoff of any other
    # close (1 s doubling, H742) again.
    assert 60_000 - 1500 <= sum(quick) < 60_000 + 1500, quick
    assert 40 <= len(quick) <= 61, quick
    assert doubled == [1000, 2000, 4000], delays
    page.context.close()
