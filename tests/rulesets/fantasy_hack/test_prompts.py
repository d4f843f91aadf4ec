"""The GM asks a fantasy-hack player for a check (issue 12 §2: "ask Ana check Ana
STR+Athletics dc 12"): the prompt shows the check's exact odds (Part III; RULINGS F1,
F4), and the player's answer is the check."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import Principal, Role
from hacktable.engine.prompts import open_prompts

from .helpers import campaign

ANN = Principal(Role.PLAYER, "Ann")
SETUP = (
    "player add Ann",
    "character new Ottvar --race human --class fighter --stats 18,10,9 --player Ann",
)


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    with campaign(tmp_path / "c.db", *SETUP, seed=3) as made:
        yield made


def test_a_check_prompt_shows_its_exact_odds(layer: CommandLayer) -> None:
    (event,) = layer.run("ask Ottvar check Ottvar STR+Athletics dc 15").events
    odds = event.detail["prompt"]["odds"]
    assert odds["test"].startswith("STR+Athletics")
    # brute force: the d20 plus the check's total bonus meets or beats DC 15
    answer = layer.run("check Ottvar STR+Athletics dc 15 roll 1", ANN)
    check = answer.checks[0]
    bonus = check.score
    wins = sum(1 for face in range(1, 21) if face + bonus >= 15)
    assert Fraction(odds["success"]) == Fraction(wins, 20)
    (answered,) = answer.events
    assert answered.detail["answers"] == event.seq
    assert open_prompts(layer.session.state) == []
