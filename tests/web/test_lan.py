"""The LAN address for ``serve --lan`` (issue 12 §1; docs/rulings.md H646)."""

from __future__ import annotations

import socket

from hacktable.web.lan import lan_address


def _fails() -> str:
    raise OSError("no route")


def test_the_probed_address_is_listened_on_and_shown():
    assert lan_address(lambda: "192.168.1.23", _fails) == ("192.168.1.23", "192.168.1.23")


def test_without_a_route_the_hosts_address_is_used():
    assert lan_address(_fails, lambda: "10.0.0.7") == ("10.0.0.7", "10.0.0.7")


def test_with_only_loopback_every_interface_and_the_host_name():
    """H646: no LAN address: listen on 0.0.0.0 and show the host's name."""
    assert lan_address(lambda: "127.0.0.1", lambda: "127.0.1.1") == (
        "0.0.0.0",
        socket.gethostname(),
    )


def test_the_probe_sends_nothing_and_gives_an_address():
    """A UDP connect sends no packet; on a machine without a route it may fail, which
    :func:`lan_address` survives."""
    listen, shown = lan_address()
    assert listen
    assert shown
