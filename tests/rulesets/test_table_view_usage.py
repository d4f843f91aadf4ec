"""A usage die's button at the web table carries its exact odds (docs/rulings.md H673;
issue 12 §2: "usage dice, each showing the exact odds first"), checked against brute
force over the faces, and with the advantage its roll takes (RULINGS G2, G3)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from hacktable.dice.advantage import Advantage
from hacktable.dice.usage import UsageDie
from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.rulesets.table_view import usage_odds
from hacktable.store import CampaignStore

DICE = [die for die in UsageDie if not die.exhausted]


def brute(die: UsageDie, advantage: Advantage) -> Fraction:
    """The chance the die steps down (or is exhausted), counted over every face."""
    rolls = 1 if advantage is Advantage.NONE else 2
    outcomes = list(itertools.product(range(1, die.value + 1), repeat=rolls))
    keep = {Advantage.NONE: min, Advantage.ADVANTAGE: max, Advantage.DISADVANTAGE: min}
    down = sum(1 for faces in outcomes if keep[advantage](faces) <= 2)
    return Fraction(down, len(outcomes))


@pytest.mark.parametrize("advantage", list(Advantage))
@pytest.mark.parametrize("die", DICE)
def test_the_odds_in_words_are_the_brute_force_odds(die: UsageDie, advantage: Advantage):
    """RULINGS G3: a 1 or 2 steps the die down (a ud4's exhausts it); G2: advantage
    keeps the higher of two, disadvantage the lower."""
    down = brute(die, advantage)
    text = usage_odds(die, advantage)
    step = "exhausted" if die is UsageDie.UD4 else "steps down"
    assert text.startswith(f"odds: {step} {float(down * 100):.2f}%, ")
    assert f"holds {float((1 - down) * 100):.2f}%" in text
    assert f"on the {die}" in text


def test_a_ud6_steps_down_one_time_in_three():
    """RULINGS G3, worked: 2 faces of 6."""
    assert usage_odds(UsageDie.UD6) == "odds: steps down 33.33%, holds 66.67% (a 1 or 2 on the ud6)"


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    with CampaignStore.open(tmp_path / "c.db", ruleset="redhack") as store:
        played = CommandLayer(Session(store, 7))
        played.run("player add Ann")
        played.run("character new Aldric --class warrior --kit 1 --player Ann")
        yield played


def test_redhacks_usage_buttons_carry_the_advantage_their_roll_takes(layer: CommandLayer):
    """H673 with RULINGS R31: a Warrior's Armour Maintenance gives advantage on the
    Armourer's Tools' die, so its button's odds are the higher of two ud8 (1/16 steps
    down), the roll takes that advantage, and the torch's odds are one ud6's."""
    session = layer.session
    aldric = session.character("Aldric")
    actions = {a.label: a for a in session.ruleset.table_actions(session.state, aldric)}
    tools, torch = actions["Armourer's Tools ud8"], actions["Torch ud6"]
    assert tools.odds_command == ""
    assert torch.odds_command == ""
    assert tools.odds_text.startswith("odds: steps down 6.25%, holds 93.75%")
    assert "advantage" in tools.odds_text
    assert torch.odds_text == "odds: steps down 33.33%, holds 66.67% (a 1 or 2 on the ud6)"
    layer.run(tools.command)
    (event,) = [e for e in session.store.events() if e.action == "usage"]
    assert event.detail["advantage"] == "advantage"
    assert len(event.detail["rolls"]) == 2
