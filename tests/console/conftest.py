"""Fixtures for console tests: a live session on a temporary campaign."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hacktable.console.loop import Console
from hacktable.console.render import PlainPrinter
from hacktable.engine.session import Session
from hacktable.store import CampaignStore


class Play:
    """A console on a campaign file; calling it runs one line and returns the reply."""

    def __init__(self, path: Path, seed: int = 1) -> None:
        self.path = path
        self.store = CampaignStore.open(path)
        self.out = io.StringIO()
        self.err = io.StringIO()
        self.session = Session(self.store, seed)
        self.console = Console(self.session, PlainPrinter(self.out, self.err))

    def __call__(self, line: str) -> str:
        reply = self.console.execute(line)
        return "\n".join(line.text for line in reply.lines)

    def set_character(self, name: str, **changes: Any) -> None:
        """Test set-up: change a character directly (conditions, HP...), as one event."""
        from dataclasses import replace

        from hacktable.play.events import Event

        before = self.session.character(name)
        after = replace(before, **changes)
        self.session.commit(
            Event("test.setup", changes=(self.session.character_change(before, after),))
        )

    def close(self) -> None:
        self.store.close()


PARTY = (
    "character new Aldric --class warrior --kit 1",
    "character new Sly --class thief --kit 1",
    "character new Tomas --class cleric --kit 1",
    "character new Mirela --class wizard --kit 1",
)


@pytest.fixture
def play(tmp_path: Path) -> Iterator[Play]:
    table = Play(tmp_path / "campaign.db")
    yield table
    table.close()


@pytest.fixture
def party(play: Play) -> Play:
    for line in PARTY:
        play(line)
    return play
