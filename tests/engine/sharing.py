"""Helpers for the tests of game sessions, visibility and several writers.

Two of them need the store the issue brings (issue 8, section 3): one that records each
event's principal, visibility and audience, and one that lets two stores open one
campaign at once. Until the store does, the tests that need it are expected to fail
(``xfail``, not strict): they pass as they are once it does.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.errors import CampaignError
from hacktable.play.character import fold
from hacktable.play.events import Change, Event, Visibility
from hacktable.play.principal import Principal, Role
from hacktable.store import CampaignStore


def _keeps_visibility() -> bool:
    with tempfile.TemporaryDirectory() as folder, CampaignStore.open(Path(folder) / "p.db") as s:
        s.append(Event("probe", principal="Sly", visibility=Visibility.PRIVATE, audience="Bea"))
        (back,) = s.events()
    return (back.principal, back.visibility, back.audience) == ("Sly", Visibility.PRIVATE, "Bea")


def _shares() -> bool:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.db"
        with CampaignStore.open(path):
            try:
                CampaignStore.open(path).close()
            except CampaignError:
                return False
    return True


KEEPS_VISIBILITY = _keeps_visibility()
SHARES = _shares()

needs_visible_store = pytest.mark.xfail(
    not KEEPS_VISIBILITY,
    reason="needs the store that records principal, visibility and audience",
    strict=False,
)
needs_shared_store = pytest.mark.xfail(not SHARES, reason="needs the shared store", strict=False)


def seat(layer: CommandLayer, *names: str) -> list[Principal]:
    """Seat players at the campaign (as ``player add`` does: entity kind ``player``
    keyed by the folded name), returning them as principals."""
    session = layer.session
    seated = [name for name in names if session.state.get("player", fold(name)) is None]
    first = len(session.state.keys("player")) + 1
    changes = tuple(
        Change("player", fold(name), None, {"name": name, "seat": first + n})
        for n, name in enumerate(seated)
    )
    if changes:
        session.commit(Event("test.setup", changes=changes))
    return [Principal(Role.PLAYER, name) for name in names]
