"""Fixtures for the shared ordered fight: a test-only ruleset registered for the test
and removed after it, and a campaign on a file played through the command layer."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from hacktable import rulesets
from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM, Principal
from hacktable.engine.session import Session
from hacktable.play.character import Character
from hacktable.play.events import Change, Event
from hacktable.play.outcome import Outcome
from hacktable.rulesets import RulesetInfo
from hacktable.rulesets.black_sword_hack.character import ATTRIBUTES
from hacktable.rulesets.ordered_fight import Fight, fight_in
from hacktable.store import CampaignStore

from .toy import ToyCharacter

TARGETS = {
    "ordered-toy": "tests.rulesets.ordered_fight.toy:ToyRuleset",
    "ordered-soft": "tests.rulesets.ordered_fight.toy:SoftRuleset",
}


class Table:
    """A campaign of a toy ruleset; calling it runs one line as the GM."""

    def __init__(self, path: Path, ruleset: str) -> None:
        self.ruleset = ruleset
        self.store = CampaignStore.open(path, ruleset=ruleset)
        self.session = Session(self.store, 1)
        self.layer = CommandLayer(self.session)

    def run(self, line: str, principal: Principal = GM) -> Outcome:
        return self.layer.run(line, principal)

    def __call__(self, line: str, principal: Principal = GM) -> str:
        return self.run(line, principal).text

    def add(self, name: str, *, owner: str | None = None, **changes: Any) -> Character:
        """A character made directly: every score 12 unless given, HP 12."""
        scores = tuple((a, int(changes.pop(a, 12))) for a in ATTRIBUTES)
        character = ToyCharacter(
            name=name,
            ruleset=self.ruleset,
            hp=12,
            max_hp=12,
            origin="civilized",
            scores=scores,
        )
        character = replace(character, **changes)
        extra: tuple[Change, ...] = ()
        if owner is not None:
            extra = (
                Change("player", owner.lower(), None, {"name": owner, "seat": 1}),
                Change("owner", character.key, None, owner),
            )
        self.session.commit(
            Event("test.setup", changes=(self.session.character_change(None, character), *extra))
        )
        return character

    def character(self, name: str) -> Character:
        found: Character = self.session.character(name)
        return found

    def fight(self) -> Fight:
        found = fight_in(self.session.state)
        assert found is not None, "no fight"
        return found


@pytest.fixture
def registered() -> Iterator[None]:
    """The toy rulesets, registered for one test."""
    for ruleset_id, target in TARGETS.items():
        rulesets.register(RulesetInfo(ruleset_id, ruleset_id, target))
    yield
    for ruleset_id in TARGETS:
        rulesets._REGISTRY.pop(ruleset_id, None)
    rulesets.get_ruleset.cache_clear()


@pytest.fixture
def table(tmp_path: Path, registered: None) -> Table:
    """A campaign of the toy ruleset (fantasy-hack-like hit points and criticals)."""
    return Table(tmp_path / "toy.db", "ordered-toy")


@pytest.fixture
def soft(tmp_path: Path, registered: None) -> Table:
    """A campaign of the soft ruleset (skill-die-like: S3)."""
    return Table(tmp_path / "soft.db", "ordered-soft")
