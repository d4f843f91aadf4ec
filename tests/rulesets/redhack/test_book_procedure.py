"""The fight's finer procedure (issue 10 §7, §10): alerting a surprised ally, monsters
holding their actions, an action spent against ongoing damage, Dragging in a fight, and
who makes no surprise test (redhack: Combat > Initiative & Surprise, Holding Actions &
Reactions, Ongoing Damage; Wilderness Survival > Fatigue Table; docs/rulings.md
H226-H229)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacktable.dice import UsageDie
from hacktable.errors import RuleError
from hacktable.rulesets.redhack.commands.act import current_fight
from hacktable.rulesets.redhack.fight import Fight, Ongoing

from ...console.conftest import Play
from .test_book_weapons import set_fight
from .test_fight_commands import start


def now(play: Play) -> Fight:
    found = current_fight(play.session)
    assert found is not None
    return found


def sides(play: Play, **initiative: str) -> None:
    fighters = tuple(
        replace(f, initiative=initiative.get(f.name, "before")) for f in now(play).fighters
    )
    set_fight(play, fighters=fighters)


def test_a_player_alerts_a_surprised_ally_who_acts_at_once(table: Play) -> None:
    """issue 10 §7: "A player who succeeded may spend their action to alert another
    player, who may then act immediately, but this means the original player does not
    get to act" (H226)."""
    start(table, goblins=2, hp=30)
    sides(table, Mirela="surprised")
    with pytest.raises(RuleError, match="surprised and does not act"):
        table("attack Mirela goblin-1 weapon unarmed")
    shown = table("alert Aldric Mirela")
    assert "Aldric spends their action alerting Mirela, who may act now" in shown
    assert now(table).fighter("Mirela").initiative == "before"
    assert now(table).fighter("Aldric").acted
    assert "Mirela attacks Goblin 1" in table("attack Mirela goblin-1 weapon unarmed roll 10")
    with pytest.raises(RuleError, match="already acted"):
        table("attack Aldric goblin-1")


@pytest.mark.parametrize(
    ("line", "match"),
    [
        ("alert Aldric Sly", "not surprised now"),  # Sly was not surprised
        ("alert Mirela Tomas", "surprised too"),
        ("alert Aldric Aldric", "cannot alert themselves"),
    ],
)
def test_a_bad_alert_changes_nothing(table: Play, line: str, match: str) -> None:
    start(table, goblins=2, hp=30)
    sides(table, Mirela="surprised", Tomas="surprised")
    before = table.session.state.to_json()
    with pytest.raises(RuleError, match=match):
        table(line)
    assert table.session.state.to_json() == before


def test_a_monster_holding_its_action_acts_first_next_round(table: Play) -> None:
    """issue 10 §7: "Monsters holding their actions also act first, but after any
    players who were still holding actions" (H227)."""
    start(table, goblins=2, hp=30)
    sides(table)
    table("next")  # the monsters' phase
    assert now(table).phase == "monsters"
    assert "Goblin 1 holds its action" in table("hold goblin-1")
    table("next")  # after the monsters
    shown = table("next")  # round two
    assert "Goblin 1 still holds: acts first next round" in shown
    assert "held actions first: Goblin 1, after held players" in shown
    assert now(table).phase == "before"
    assert now(table).foe("goblin-1").held_over
    # it strikes in the players' phase, without an override; goblin 2 may not
    assert "Goblin 1" in table("defend Aldric goblin-1 roll 10")
    with pytest.raises(RuleError, match="not the monsters' turn"):
        table("defend Aldric goblin-2")


def test_a_monster_that_attacked_cannot_hold(table: Play) -> None:
    start(table, goblins=1, hp=30)
    sides(table)
    table("next")
    table("defend Aldric goblin-1 roll 10")
    with pytest.raises(RuleError, match="has attacked this round"):
        table("hold goblin-1")


def burning(play: Play, die: int = 6) -> None:
    foe = now(play).foe("goblin-1")
    oil = Ongoing("Aldric", UsageDie(die), "burning oil")
    set_fight(
        play,
        foes=tuple(replace(f, ongoing=(oil,)) if f.key == foe.key else f for f in now(play).foes),
    )


def test_an_action_degrades_ongoing_damage(table: Play) -> None:
    """issue 10 §7: "Spending an action may degrade the die or end the effect
    prematurely" (H226): one size down; a ud4 ends."""
    start(table, goblins=1, hp=30)
    burning(table)
    shown = table("smother goblin-1")
    assert "Goblin spends its action on the burning oil: it steps down: ud6 -> ud4" in shown
    assert now(table).foe("goblin-1").ongoing[0].die == UsageDie(4)
    assert now(table).foe("goblin-1").attacks_made == 1  # its action is spent
    assert "it ends" in table("smother goblin-1 burning")
    assert now(table).foe("goblin-1").ongoing == ()
    with pytest.raises(RuleError, match="no ongoing damage"):
        table("smother goblin-1")


def test_an_action_with_the_means_at_hand_ends_it(table: Play) -> None:
    start(table, goblins=1, hp=30)
    burning(table, 12)
    assert "it ends" in table("smother goblin-1 end")
    assert now(table).foe("goblin-1").ongoing == ()


def test_a_dragging_character_gives_up_the_action_to_move_two_rounds_running(
    table: Play,
) -> None:
    """issue 10 §7: Dragging (fatigue step 4) "cannot move in combat two rounds in a row
    without sacrificing a full action to do so" (H228)."""
    table.set_character("Aldric", conditions=("dragging",))
    start(table, goblins=1, hp=30, at="near")
    sides(table)
    shown = table("move Aldric close")
    assert "costs the action" not in shown
    for _ in range(3):
        table("next")
    sides(table)
    shown = table("move Aldric near")
    assert "Aldric is dragging and moved last round: this move costs the action" in shown
    assert now(table).fighter("Aldric").acted
    # not dragging: two rounds of moves are free
    for _ in range(3):
        table("next")
    sides(table)
    assert "costs the action" not in table("move Sly close")


def test_a_dragging_character_who_acted_cannot_move_again(table: Play) -> None:
    table.set_character("Aldric", conditions=("dragging",))
    start(table, goblins=1, hp=30, at="near")
    sides(table)
    table("move Aldric close")
    for _ in range(3):
        table("next")
    sides(table)
    table("attack Aldric goblin-1 weapon unarmed roll 2")
    with pytest.raises(RuleError, match="dragging and moved last round"):
        table("move Aldric near")


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"conditions": ("mortally-wounded",)}, "mortally wounded"),
        ({"hp": 0}, "out of the fight (0 HP)"),
    ],
)
def test_no_surprise_test_for_one_out_of_the_fight(
    table: Play, changes: dict[str, object], why: str
) -> None:
    """issue 10 §10: "A mortally wounded character at 0 HP still rolls for surprise at
    `fight start`" (H229): no longer."""
    table.set_character("Mirela", **changes)
    shown = table("fight start --unexpected")
    assert f"Mirela makes no surprise test: {why}" in shown
    assert "Mirela (surprise)" not in shown
    assert "Aldric (surprise)" in shown
    assert now(table).fighter("Mirela").initiative != "surprised"
