"""Helpers for the tests of game sessions, visibility and several writers."""

from __future__ import annotations

from hacktable.engine.execute import CommandLayer
from hacktable.play.character import fold
from hacktable.play.events import Change, Event
from hacktable.play.principal import Principal, Role


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
