"""A Warrior's parry at the web table (RULINGS R14; docs/rulings.md H674): once they
defend successfully against an attacker, with a cleave die left, a "parry" button for
that attacker appears; it parries through the command layer and then goes away."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.play.principal import Principal, Role
from hacktable.store import CampaignStore

ANN = Principal(Role.PLAYER, "Ann")


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    with CampaignStore.open(tmp_path / "c.db", ruleset="redhack") as store:
        played = CommandLayer(Session(store, 7))
        for line in (
            "player add Ann",
            "character new Aldric --class warrior --kit 1 --player Ann",
            "fight start",
            "fight add 2 goblin --at close",
            "init",
        ):
            played.run(line)
        for _ in range(4):
            if "monsters" in played.run("fight status").text.splitlines()[0]:
                break
            played.run("next")
        yield played


def labels(layer: CommandLayer) -> list[str]:
    session = layer.session
    actions = session.ruleset.table_actions(session.state, session.character("Aldric"))
    return [action.label for action in actions]


def test_a_parry_button_follows_a_successful_defence_and_goes_once_used(layer: CommandLayer):
    """R14: "Whenever a Warrior defends successfully with cleave dice left, they may
    assign one to the attacker", once per attacker per round."""
    assert not [label for label in labels(layer) if label.startswith("parry")]
    layer.run("defend Aldric goblin-1 roll 2")  # d20 2 <= AC: a success
    assert [label for label in labels(layer) if label.startswith("parry")] == ["parry Goblin 1"]
    session = layer.session
    parry = next(
        a
        for a in session.ruleset.table_actions(session.state, session.character("Aldric"))
        if a.label == "parry Goblin 1"
    )
    assert parry.command == "parry Aldric goblin-1"
    missed = layer.run(f"{parry.command} roll 18", ANN).text  # a miss: Goblin 1 fights on
    assert "Aldric parries Goblin 1" in missed
    assert "attack Goblin 1" in labels(layer)
    assert "parry Goblin 1" not in labels(layer)


def test_no_parry_button_after_a_failed_defence(layer: CommandLayer):
    """R14: only a successful defence gives a parry."""
    layer.run("defend Aldric goblin-1 roll 19 damage 1")  # 19 > AC 17: hit
    assert not [label for label in labels(layer) if label.startswith("parry")]
