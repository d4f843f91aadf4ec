"""Shared helpers for fantasy-hack's tests: a character made directly, and a campaign
played through the command layer as the GM."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hacktable.engine.execute import CommandLayer
from hacktable.rulesets.fantasy_hack.character import FantasyHackCharacter
from hacktable.rulesets.fantasy_hack.creation import starting_kit

from ...helpers import answers, campaign_at

__all__ = ["answers", "campaign", "make", "text"]


def make(
    klass: str = "fighter",
    race: str = "human",
    scores: tuple[int, int, int] = (18, 10, 9),
    level: int = 1,
    **more: Any,
) -> FantasyHackCharacter:
    """A character with the class's kit, made directly."""
    fields: dict[str, Any] = {
        "name": "Ottvar",
        "ruleset": "fantasy-hack",
        "hp": 20,
        "max_hp": 20,
        "race": race,
        "klass": klass,
        "level": level,
        "scores": tuple(zip(("STR", "DEX", "MND"), scores, strict=True)),
        "inventory": starting_kit(klass),
    }
    fields.update(more)
    return FantasyHackCharacter(**fields)


@contextmanager
def campaign(path: Path, *lines: str, seed: int = 7) -> Iterator[CommandLayer]:
    """A new fantasy-hack campaign at ``path`` after ``lines``, as the GM."""
    with campaign_at(path, "fantasy-hack", lines, seed) as layer:
        yield layer


def text(layer: CommandLayer, line: str, **kwargs: Any) -> str:
    """Run ``line`` and return its reply's text."""
    return layer.run(line, **kwargs).text
