"""A black-sword-hack campaign at the table, for the character commands' tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from hacktable.engine.execute import CommandLayer
from hacktable.play.events import Event

from ...helpers import answers, campaign_at

__all__ = ["answers", "bsh_campaign", "set_character"]


@contextmanager
def bsh_campaign(path: Path, seed: int = 7, *lines: str) -> Iterator[CommandLayer]:
    """A new black-sword-hack campaign at ``path`` after ``lines``, as the GM."""
    with campaign_at(path, "black-sword-hack", lines, seed) as layer:
        yield layer


def set_character(layer: CommandLayer, name: str, **changes: Any) -> None:
    """Test set-up: change a character directly, as one event."""
    session = layer.session
    before = session.character(name)
    after = replace(before, **changes)
    session.commit(Event("test.setup", changes=(session.character_change(before, after),)))
