"""The machine's address on the local network, for ``hacktable serve --lan`` (issue 12
§1: players at the same table join from their phones), found without network traffic
(docs/rulings.md H646)."""

from __future__ import annotations

import socket
from collections.abc import Callable

__all__ = ["PROBE", "lan_address"]

PROBE = ("10.254.254.254", 1)
"""A private address to ``connect`` a UDP socket to: nothing is sent, but the system
picks the interface (and so the local address) it would route through."""


def _probe() -> str:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        udp.connect(PROBE)
        return str(udp.getsockname()[0])


def _named() -> str:
    return socket.gethostbyname(socket.gethostname())


def lan_address(
    probe: Callable[[], str] | None = None, named: Callable[[], str] | None = None
) -> tuple[str, str]:
    """Where to listen and the address to put in links: the LAN address twice, or,
    when there is none, ``0.0.0.0`` (every interface) and the host's name.

    Args:
        probe: the local address a UDP socket connected to :data:`PROBE` gets.
        named: the address the host's name resolves to.
    """
    for find in (probe or _probe, named or _named):
        try:
            found = find()
        except OSError:
            continue
        if found and not found.startswith("127.") and found != "0.0.0.0":
            return found, found
    return "0.0.0.0", socket.gethostname()
