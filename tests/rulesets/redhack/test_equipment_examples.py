"""The worked examples of redhack: Equipment (Encumberance, Haggling; RULINGS R29, R30)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.errors import RuleError
from hacktable.rulesets.redhack.haggling import haggle_dice

from ...console.conftest import Play


def test_the_texts_haggling_example() -> None:
    # RULINGS R30: "250 coins: 5 x (d6-1) + 2 x (d6-1) x 10"
    assert haggle_dice(250) == "5d6-5+(2d6-2)x10"
    assert haggle_dice(10) == "1d6-1"
    assert haggle_dice(2000) == "(2d6-2)x100"  # thousands: (d6-1) x 100 each
    with pytest.raises(RuleError, match="at least 10"):
        haggle_dice(9)


def test_haggling_at_the_console(tmp_path: Path) -> None:
    play = Play(tmp_path / "c.db", seed=3)
    try:
        play("character new Bo --class bard --kit 1")
        shown = play("haggle Bo 250 roll 1")
        assert "CHA test for haggling" in shown
        assert "5d6-5+(2d6-2)x10" in shown
        event = play.store.last(1)[0]
        assert event.detail["final"] >= 250  # a failed test adds the sum (R30)
        assert "critical: +50%" in shown
    finally:
        play.close()


def test_str_15_carries_3750_coins(tmp_path: Path) -> None:
    # redhack: Equipment > Encumberance: "a character with STR 15 ... can carry 3750gp"
    # (250 coins to a slot, RULINGS R29).
    from dataclasses import replace

    play = Play(tmp_path / "c.db", seed=3)
    try:
        play("character new Bo --class bard --kit none")
        bo = play.session.character("Bo")
        strong = replace(
            bo, scores=tuple((a, 15 if a == "STR" else s) for a, s in bo.scores), coins=3750
        )
        ruleset = play.session.ruleset
        assert ruleset.load(strong) == 15  # type: ignore[attr-defined]
        assert ruleset.encumbrance(strong) == "unencumbered"  # type: ignore[attr-defined]
        assert ruleset.encumbrance(replace(strong, coins=3751)) == "encumbered"  # type: ignore[attr-defined]
    finally:
        play.close()
