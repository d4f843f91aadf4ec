"""``bestiary [SEARCH]``, once for both roll-over rulesets (ordered_fight/bestiary.py):
fantasy-hack's NPCs and monsters (issue 11 §1: at least 15) and skill-die's stock foes."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.errors import UnknownNameError
from hacktable.store import CampaignStore


def _layer(path: Path, ruleset: str) -> CommandLayer:
    return CommandLayer(Session(CampaignStore.open(path, ruleset=ruleset), 1))


def test_fantasy_hack_lists_at_least_15_and_searches_with_the_note(tmp_path: Path) -> None:
    layer = _layer(tmp_path / "fh.db", "fantasy-hack")
    listed = layer.run("bestiary").text.splitlines()
    assert len(listed) - 1 >= 15  # issue 11 §1: a bestiary of at least 15
    found = layer.run("bestiary mugger").text
    assert "Mugger: level 1, HP 12, AC 13" in found  # Part III "Combat": 12 HP, AC 13
    assert len(found.splitlines()) == 2  # the entry and its note


def test_skill_die_names_its_defence_and_refuses_an_unknown_search(tmp_path: Path) -> None:
    layer = _layer(tmp_path / "sd.db", "skill-die")
    assert "defence DC" in layer.run("bestiary smuggler").text
    with pytest.raises(UnknownNameError, match="bestiary entry"):
        layer.run("bestiary dragon")
