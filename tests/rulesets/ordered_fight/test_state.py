"""The ordered fight's state: pure values and the turn's advance (RULINGS F3;
docs/rulings.md H373)."""

from __future__ import annotations

import pytest

from hacktable.errors import RuleError
from hacktable.play.codec import from_json, to_json
from hacktable.rules.hit_points import Pool
from hacktable.rules.initiative import Combatant, roll_initiative
from hacktable.rulesets.ordered_fight.state import FOES, PARTY, Fight, Fighter, Foe, advance

from ...helpers import Faces


def _fight() -> Fight:
    foes = (
        Foe("goblin-1", "Goblin 1", "goblin", 1, Pool(5, 5), 12, 1, "1d6", 12),
        Foe("goblin-2", "Goblin 2", "goblin", 1, Pool(0, 5), 12, 1, "1d6", 12, ("dead",)),
    )
    return Fight(1, fighters=(Fighter("Ottvar"),), foes=foes)


def test_a_fight_round_trips_through_json_with_its_initiative() -> None:
    initiative = roll_initiative(
        [Combatant("Ottvar", 0, 10), Combatant("Goblin 1", 1, 12)], Faces(8, 7)
    )
    fight = Fight(2, round=1, initiative=initiative, order=("goblin-1", "ottvar"))
    fight = fight.logged("ottvar", "attack Goblin 1: miss")
    assert from_json(Fight, to_json(fight)) == fight
    assert fight.log[0].round == 1


def test_sides_and_names() -> None:
    fight = _fight()
    assert fight.side_of("ottvar") == PARTY
    assert fight.side_of("goblin-2") == FOES
    assert fight.name_of("goblin-1") == "Goblin 1"
    with pytest.raises(RuleError):
        fight.side_of("nobody")


def test_advance_keeps_the_order_skips_the_dead_and_wraps_into_a_new_round() -> None:
    """RULINGS F3: the order is kept for the fight; H373: the dead have no turn."""
    fight = Fight(1, round=1, order=("ottvar", "goblin-2", "goblin-1"), turn=0)
    fight = Fight(
        **{
            **{f: getattr(_fight(), f) for f in ("fighters", "foes")},
            "number": 1,
            "round": 1,
            "order": fight.order,
        }
    )
    alive = {"ottvar": True, "goblin-1": True, "goblin-2": False}.__getitem__
    second = advance(fight, alive)
    assert (second.round, second.current) == (1, "goblin-1")
    third = advance(second, alive)
    assert (third.round, third.current) == (2, "ottvar")


def test_advance_refuses_before_initiative_and_when_nobody_is_alive() -> None:
    with pytest.raises(RuleError, match="'init' first"):
        advance(_fight(), lambda key: True)
    fight = Fight(1, round=1, order=("ottvar",))
    with pytest.raises(RuleError, match="nobody in the fight is alive"):
        advance(fight, lambda key: False)


def test_the_surprise_round_is_before_initiative() -> None:
    fight = Fight(1, surprise_by=FOES)
    assert fight.surprise_round
    assert fight.current is None
    assert "surprise round" in fight.whose_turn()
    assert not Fight(1, round=1, surprise_by=FOES, order=("a",)).surprise_round
