"""The GM asks a skill-die player for a check (issue 12 §2): the prompt shows the
check's exact odds (RULINGS S1, S2), names its DC or difficulty (nobody is asked for it
while the prompt is made), and the player's answer is the check."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hacktable.engine.principal import Principal, Role
from hacktable.engine.prompts import open_prompts
from hacktable.errors import RuleError

from .conftest import Table

ANN = Principal(Role.PLAYER, "Ann")
SETUP = (
    "player add Ann",
    "character new Ana --role Medic --abilities 8,14,13,12,15,10 "
    "--skills Nature=3,Persuasion=1 --player Ann",
)


@pytest.fixture
def players(table: Table) -> Table:
    for line in SETUP:
        table.run(line)
    return table


def test_a_skill_check_prompt_shows_its_exact_odds(players: Table) -> None:
    """RULINGS S2: hard is a d10, success at or under the level (Nature 3 here)."""
    (event,) = players.run("ask Ana check Ana Nature hard").events
    odds = event.detail["prompt"]["odds"]
    level = players.session.character("Ana").skill_level("Nature")
    assert Fraction(odds["success"]) == Fraction(sum(1 for f in range(1, 11) if f <= level), 10)
    assert "d10" in odds["test"]
    (answer,) = players.run("check Ana Nature hard roll 2", ANN).events
    assert answer.detail["answers"] == event.seq
    assert open_prompts(players.session.state) == []


def test_an_ability_check_prompt_names_its_dc(players: Table) -> None:
    seq = players.session.state.last_seq
    with pytest.raises(RuleError, match="an ability check needs a DC"):
        players.run("ask Ana check Ana CHA")
    assert players.session.state.last_seq == seq
    (event,) = players.run("ask Ana check Ana CHA dc 12").events
    assert "DC 12" in event.detail["prompt"]["odds"]["test"]
