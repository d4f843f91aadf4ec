"""Fixtures for skill-die's tests: a campaign on a file, played through the command
layer as the GM (or a player)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.rulesets.skill_die.character import SkillDieCharacter

from ... import helpers


class Table(helpers.Table):
    """A skill-die campaign; calling it runs one line as the GM and returns the text."""

    ruleset = "skill-die"

    def character(self, name: str) -> SkillDieCharacter:
        found: SkillDieCharacter = self.session.character(name)
        return found

    def crew(self) -> None:
        """Ana the Medic (WIS 15, Nature 4) and Vex the Soldier (Stealth 4, STR 15)."""
        self.run(
            "character new Ana --role Medic --abilities 8,14,13,12,15,10 "
            "--skills Nature=3,Persuasion=1"
        )
        self.run("character new Vex --role Soldier --skills Stealth=3,Brawn=1")


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    made = Table(tmp_path / "campaign.db")
    yield made
    made.store.close()
