"""Fixtures for redhack's console tests: a party of four at the table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ...console.conftest import Play


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Play]:
    play = Play(tmp_path / "c.db", seed=3)
    for line in (
        "character new Aldric --class warrior --kit 1",
        "character new Sly --class thief --kit 2",
        "character new Tomas --class cleric --kit 1",
        "character new Mirela --class wizard --kit 1",
    ):
        play(line)
    yield play
    play.close()
