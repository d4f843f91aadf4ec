"""Roped climbers and reactions in a fight (redhack: Exploration & Dungeons > Climbing,
Falling & Natural Hazards, Reactions; RULINGS R18, R20).

The console tests deal every die through :class:`tests.helpers.Faces` (the session's
random source is replaced), so each cascade is exact. Faces that pass or fail whatever
the scores: a natural 20 is a critical success, a natural 1 a critical failure, and 19
fails against any score from character creation (3-18).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from hacktable.errors import RuleError, UnknownNameError
from hacktable.play.codec import to_json
from hacktable.play.events import Change, Event
from hacktable.rulesets.redhack.commands.act import current_fight
from hacktable.rulesets.redhack.exploration import (
    RopeHold,
    rope_neighbours,
    rope_order,
    rope_step,
)

from ...console.conftest import Play
from ...helpers import Faces

ROPE = ("Sly", "Aldric", "Tomas", "Mirela")


@pytest.fixture
def climbers(tmp_path: Path) -> Iterator[Play]:
    play = Play(tmp_path / "c.db", seed=5)
    for line in (
        "character new Aldric --class warrior --kit 1",
        "character new Sly --class thief --kit 1",
        "character new Tomas --class cleric --kit 1",
        "character new Mirela --class wizard --kit 1",
    ):
        play(line)
    yield play
    play.close()


def deal(play: Play, monkeypatch: pytest.MonkeyPatch, *faces: int) -> Faces:
    """Make the next command roll exactly ``faces`` (and fail if it wants more)."""
    dealt = Faces(*faces)
    monkeypatch.setattr(play.session, "rng", lambda: dealt)
    return dealt


def hp(play: Play) -> dict[str, int]:
    return {c.name: c.hp for c in play.session.characters()}


# -- the rules as pure functions ------------------------------------------------------------


def test_rope_order_is_checked() -> None:
    assert rope_order(["Sly", "Aldric"], "Aldric") == ("Sly", "Aldric")
    assert rope_order(["Aldric"], "Aldric") == ("Aldric",)
    with pytest.raises(RuleError, match="Aldric climbs but is not on the rope"):
        rope_order(["Sly", "Tomas"], "Aldric")
    with pytest.raises(RuleError, match="Sly is on the rope twice"):
        rope_order(["Sly", "Aldric", "sly"], "Aldric")
    with pytest.raises(RuleError, match="needs the names"):
        rope_order([], "Aldric")


def test_neighbours_of_the_fallen_block() -> None:
    assert rope_neighbours(ROPE, ["Aldric"]) == ("Sly", "Tomas")
    assert rope_neighbours(ROPE, ["Sly"]) == ("Aldric",)
    assert rope_neighbours(ROPE, ["Aldric", "Tomas"]) == ("Sly", "Mirela")
    assert rope_neighbours(ROPE, ["Sly", "Aldric"]) == ("Tomas",)
    assert rope_neighbours(ROPE, ROPE) == ()
    with pytest.raises(RuleError, match="Zed is not on the rope"):
        rope_neighbours(ROPE, ["Zed"])


def test_one_hold_is_enough() -> None:
    step = rope_step(ROPE, ["Aldric"], [RopeHold("Sly", False, 19), RopeHold("Tomas", True, 7)])
    assert (step.holders, step.pulled, step.fallen, step.everyone) == (
        ("Tomas",),
        None,
        ("Aldric",),
        False,
    )
    assert step.explanation == "Tomas holds Aldric: only items are at risk"


def test_nobody_holds_the_lowest_roller_falls_ties_to_the_first_on_the_rope() -> None:
    step = rope_step(ROPE, ["Aldric"], [RopeHold("Sly", False, 19), RopeHold("Tomas", False, 1)])
    assert step.pulled == "Tomas"
    assert step.fallen == ("Aldric", "Tomas")
    assert step.explanation == "Nobody holds: Tomas (lowest roll 1) is pulled down too"
    tie = rope_step(ROPE, ["Aldric"], [RopeHold("Tomas", False, 19), RopeHold("Sly", False, 19)])
    assert tie.pulled == "Sly"


def test_three_fallen_take_the_whole_rope() -> None:
    step = rope_step(
        ROPE, ["Aldric", "Tomas"], [RopeHold("Sly", False, 19), RopeHold("Mirela", False, 1)]
    )
    assert step.pulled == "Mirela"
    assert step.everyone
    assert step.fallen == ROPE
    assert "3 have fallen: everyone on the rope falls (Sly too)" in step.explanation


def test_a_helpless_neighbour_makes_no_roll() -> None:
    rolled = rope_step(ROPE, ["Aldric"], [RopeHold("Sly", False), RopeHold("Tomas", False, 19)])
    assert rolled.pulled == "Tomas"  # the only one who rolled
    nobody = rope_step(ROPE, ["Sly", "Aldric"], [RopeHold("Tomas", False)])
    assert nobody.pulled == "Tomas"
    assert "Tomas cannot hold the rope and is pulled down too" in nobody.explanation
    with pytest.raises(RuleError, match="not the fallen's neighbours"):
        rope_step(ROPE, ["Aldric"], [RopeHold("Sly", True, 5)])


# -- the climb command ----------------------------------------------------------------------


def test_a_secured_rope_leaves_everyone_dangling(
    climbers: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = hp(climbers)
    carried = len(climbers.session.character("Aldric").inventory)
    # the climb (advantage: 1, reroll 1); item saves: Sly 20, Aldric 1 (loses 1d4 = 2),
    # Tomas 20, Mirela 20
    dealt = deal(climbers, monkeypatch, 1, 1, 20, 1, 2, 20, 20)
    shown = climbers("climb Aldric 50 roped Sly,Aldric,Tomas,Mirela secured")
    assert "The rope is secured: everyone on it ends up dangling" in shown
    for name in ROPE:
        assert f"{name}'s DEX save against losing items" in shown
    assert "STR save" not in shown
    assert "falling damage" not in shown
    assert len(climbers.session.character("Aldric").inventory) == carried - 2
    assert hp(climbers) == before
    assert dealt.faces == []


def test_a_neighbours_save_holds_the_faller(
    climbers: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = hp(climbers)
    # the climb 1; Sly's hold 19 (fails), Tomas's hold 20 (holds); Aldric's item save 20
    dealt = deal(climbers, monkeypatch, 1, 19, 20, 20)
    shown = climbers("climb Aldric 50 roped Sly,Aldric,Tomas")
    assert "Sly's STR save to hold the rope: d20 19" in shown
    assert "Tomas holds Aldric: only items are at risk" in shown
    assert "Aldric's DEX save against losing items" in shown
    assert "falling damage" not in shown
    assert "Sly's DEX save" not in shown
    assert "Tomas's DEX save" not in shown
    assert hp(climbers) == before
    assert dealt.faces == []


def test_nobody_holds_the_lowest_roller_is_pulled_down(
    climbers: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = hp(climbers)
    dealt = deal(
        climbers,
        monkeypatch,
        1,  # Aldric's climb fails
        19,  # Sly fails to hold
        1,  # Tomas fails lower: he is pulled down
        20,  # Sly holds the two, with disadvantage: success, so a reroll...
        20,  # ...a natural 20: the first roll stands
        19,  # Mirela fails
        20,  # Aldric's item save
        20,  # Tomas's item save
    )
    shown = climbers("climb Aldric 50 roped Sly,Aldric,Tomas,Mirela")
    assert "Nobody holds: Tomas (lowest roll 1) is pulled down too" in shown
    assert "Sly's STR save to hold the rope, with disadvantage (two falling)" in shown
    assert "Mirela's STR save to hold the rope, with disadvantage (two falling)" in shown
    assert "Sly holds Aldric and Tomas: only items are at risk" in shown
    assert "Tomas's DEX save against losing items" in shown
    assert "falling damage" not in shown
    assert hp(climbers) == before
    assert dealt.faces == []


def test_three_fallen_pull_everyone_down(climbers: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    before = hp(climbers)
    dealt = deal(
        climbers,
        monkeypatch,
        1,  # Aldric's climb fails
        19,  # Sly fails to hold
        1,  # Tomas fails lower: pulled down
        19,  # Sly fails again (disadvantage: no reroll after a failure)
        1,  # Mirela fails lower: pulled down; three have fallen
        *(20, 20),  # Sly: items, damage
        *(20, 20),  # Aldric: items, damage
        *(20, 19, 20, 3),  # Tomas: items, damage fails, 2d6 more saved, 1d6 = 3
        *(20, 20),  # Mirela: items, damage
    )
    shown = climbers("climb Aldric 50 roped Sly,Aldric,Tomas,Mirela")
    assert "Nobody holds: Tomas (lowest roll 1) is pulled down too" in shown
    assert (
        "Nobody holds: Mirela (lowest roll 1) is pulled down too; 3 have fallen: everyone "
        "on the rope falls (Sly too)"
    ) in shown
    for name in ROPE:
        assert f"{name}'s DEX save against 1d6 falling damage" in shown
    assert shown.count("STR save") == 4  # nobody saves once three have fallen
    assert hp(climbers) == {**before, "Tomas": max(0, before["Tomas"] - 3)}
    assert dealt.faces == []


def test_a_climber_not_on_the_rope_is_refused(climbers: Play) -> None:
    before = climbers.session.state.to_json()
    with pytest.raises(RuleError, match="Aldric climbs but is not on the rope"):
        climbers("climb Aldric 50 roped Sly,Tomas roll 1")
    with pytest.raises(RuleError, match="on the rope twice"):
        climbers("climb Aldric 50 roped Sly,Aldric,sly roll 1")
    with pytest.raises(UnknownNameError):
        climbers("climb Aldric 50 roped Sly,Zed,Aldric roll 1")
    assert climbers.session.state.to_json() == before


def test_a_neighbour_at_0_hp_cannot_hold(climbers: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    climbers("hp Tomas 0")
    dealt = deal(
        climbers,
        monkeypatch,
        1,  # Aldric's climb fails
        19,  # Sly fails to hold; Tomas makes no save
        *(20, 20),  # Sly (pulled down): items, damage
        *(20, 20),  # Aldric
        *(20, 20),  # Tomas, dragged down
    )
    shown = climbers("climb Aldric 50 roped Sly,Aldric,Tomas")
    assert "Tomas is at 0 HP: cannot hold the rope (no save)" in shown
    assert "Tomas's STR save" not in shown
    assert "Nobody holds: Sly (lowest roll 19) is pulled down too" in shown
    assert "Nobody holds: Tomas cannot hold the rope and is pulled down too" in shown
    assert dealt.faces == []


def test_a_dead_climber_on_the_rope_makes_no_saves(
    climbers: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    tomas = climbers.session.character("Tomas")
    climbers.session.commit_character(
        "test.setup", tomas, replace(tomas, hp=0, conditions=("dead",)), "Tomas dies", "setup"
    )
    # the climb 1; Tomas is dead; Sly's hold 20 holds; Aldric's item save 20
    dealt = deal(climbers, monkeypatch, 1, 20, 20)
    shown = climbers("climb Aldric 50 roped Tomas,Aldric,Sly")
    assert "Tomas is dead: cannot hold the rope (no save)" in shown
    assert "Sly holds Aldric" in shown
    assert dealt.faces == []


# -- reactions in a fight (R18) -------------------------------------------------------------


def test_a_reaction_in_a_fight_is_in_combat(climbers: Play) -> None:
    calm = climbers("react Aldric")
    assert "in combat" not in calm
    climbers("fight start")
    fight = current_fight(climbers.session)
    assert fight is not None
    climbers.session.commit(
        Event(
            "test.setup",
            changes=(
                Change(
                    "fight",
                    "current",
                    climbers.session.state.get("fight", "current"),
                    to_json(replace(fight, damaging_attacks=2)),
                ),
            ),
        )
    )
    shown = climbers("react Aldric")  # no 'combat': the fight makes it so
    assert "Aldric parleys: CHA test, penalty +4, disadvantage (in combat)" in shown
    assert "In combat (a fight is going on)" in shown
