"""fantasy-hack's chase commands: flee, chase, hide, mount (Part III "Combat"; RULINGS
F5, G5; docs/rulings.md H323, H393-H396)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.errors import RuleError
from hacktable.rulesets.fantasy_hack.chase import Outcome
from hacktable.rulesets.fantasy_hack.chase_state import chase_in
from hacktable.rulesets.fantasy_hack.fight_rules import FATIGUED
from hacktable.rulesets.ordered_fight import fight_in

from .helpers import campaign, text

SETUP = (
    "character new Ottvar --race human --class fighter --stats 18,10,9",
    "fight start",
    "fight add Mugger from mugger",
    "init roll 9,14",
)
"""The mugger first: Ottvar 9, the mugger 14 + 3."""


def _chasing(layer: object) -> None:
    layer.run("flee Mugger roll 11,2")  # type: ignore[attr-defined]
    layer.run("chase Ottvar")  # type: ignore[attr-defined]


def test_a_lost_break_away_gives_a_free_attack_and_no_chase(tmp_path: Path) -> None:
    """F5: "a loss gives the pursuer a free attack"; the fight goes on."""
    with campaign(tmp_path / "c.db", *SETUP) as layer:
        shown = text(layer, "flee Mugger roll 2,11")
        assert "Ottvar gets a free attack ('attack Ottvar Mugger')" in shown
        assert chase_in(layer.session.state) is None
        assert layer.session.log()[-1].detail["break_away"]["totals"] == [7, 16]
        assert "free attack" in text(layer, "attack Ottvar Mugger roll 13 damage roll 6")


def test_a_won_break_away_then_giving_chase_then_a_round(tmp_path: Path) -> None:
    """The Ottvar example: 16 vs 7 breaks away; the first chase round beaten by 4."""
    with campaign(tmp_path / "c.db", *SETUP) as layer:
        shown = text(layer, "flee Mugger roll 11,2")
        assert "odds: Mugger wins 47.50%" in shown  # +5 vs +5, ties to the pursuer
        with pytest.raises(RuleError, match="gives chase first"):
            layer.run("chase round")
        layer.run("chase Ottvar")
        shown = text(layer, "chase round roll 10,6")
        assert "Mugger wins by 4: the chase goes on" in shown
        state = chase_in(layer.session.state)
        assert state is not None
        assert (state.chase.round, state.chase.outcome) == (1, Outcome.CHASING)


def test_a_margin_of_10_ends_it_and_situational_modifiers_count(tmp_path: Path) -> None:
    """F5: a margin of 10 or more ends the chase; Part III: the barrels' -3 or -4."""
    with campaign(tmp_path / "c.db", *SETUP) as layer:
        _chasing(layer)
        shown = text(layer, "chase round Ottvar -4 roll 15,11")
        assert "Mugger +5; Ottvar +5 (situation -4) = +1" in shown
        assert "odds: Mugger wins 66.00%" in shown
        assert layer.session.log()[-1].detail["chase_round"]["margin"] == 20 - 12
        shown = text(layer, "chase round Ottvar -4 roll 17,11")
        assert "Mugger escapes" in shown
        with pytest.raises(RuleError, match="the chase is over"):
            layer.run("chase round")
        log = len(layer.session.log())
        with pytest.raises(RuleError, match="the chase is over"):  # H497: no mount after it
            layer.run("mount Ottvar")
        assert len(layer.session.log()) == log


def test_caught_and_a_mount_s_plus_10(tmp_path: Path) -> None:
    """F5: the pursuer winning by 10 catches up; Part III: a mount's +10."""
    with campaign(tmp_path / "c.db", *SETUP) as layer:
        _chasing(layer)
        layer.run("mount Ottvar")
        log = len(layer.session.log())
        with pytest.raises(RuleError, match="Ottvar is already mounted"):  # one +10, not two
            layer.run("mount Ottvar")
        assert len(layer.session.log()) == log
        shown = text(layer, "chase round roll 10,10")
        assert "Ottvar catches up" in shown
        assert layer.session.log()[-1].detail["chase_round"]["margin"] == -10


def test_fatigue_from_round_5_and_its_minus_2_in_the_fight(tmp_path: Path) -> None:
    """F5: from round 5 Athletics + STR DC 15 or fatigued: -5 to chase rolls, -2 to hit
    and damage in the fight; H472: it outlasts 'chase end' while the fight goes on."""
    with campaign(tmp_path / "c.db", *SETUP) as layer:
        _chasing(layer)
        for _ in range(4):
            layer.run("chase round roll 10,10")
        shown = text(layer, "chase round roll 1,1,10,10")
        assert "Mugger is fatigued" in shown
        assert "Ottvar is fatigued" in shown
        assert layer.session.log()[-1].detail["chase_round"]["totals"] == [10, 10]
        assert FATIGUED in layer.session.character("Ottvar").conditions
        fight = fight_in(layer.session.state)
        assert fight is not None
        assert (fight.foes[0].to_hit, fight.foes[0].damage) == (2, "1d6-2")
        shown = text(layer, "attack Ottvar Mugger roll 10 damage roll 1")
        assert "to-hit +4" in shown
        assert "fatigued -2 (F5)" in shown
        shown = text(layer, "chase end")
        assert "The chase ends: Mugger and Ottvar stop running after 5 round(s)" in shown
        assert "Ottvar stays fatigued until the fight ends" in shown
        assert FATIGUED in layer.session.character("Ottvar").conditions  # H472
        assert "fatigued -2 (F5)" in text(layer, "attack Ottvar Mugger roll 10 damage roll 1")


def test_the_fatigue_ends_with_the_fight_not_the_chase(tmp_path: Path) -> None:
    """Part III / F5: "The fatigued condition ends when the 'action scene' is over" and
    the -2 holds "if the chase ends in combat": 'chase end' keeps it while the fight
    goes on, 'fight end' takes it away and ends a chase still open (H472); undo brings
    it back."""
    with campaign(tmp_path / "c.db", *SETUP) as layer:
        _chasing(layer)
        for _ in range(4):
            layer.run("chase round roll 10,10")
        layer.run("chase round roll 1,1,10,10")
        shown = text(layer, "fight end")
        assert "the chase ends with the fight" in shown
        assert "Ottvar catches their breath: no longer fatigued (F5)" in shown
        assert FATIGUED not in layer.session.character("Ottvar").conditions
        assert chase_in(layer.session.state) is None
        layer.run("undo")
        assert FATIGUED in layer.session.character("Ottvar").conditions
        assert chase_in(layer.session.state) is not None


def test_chase_end_says_how_the_chase_ended(tmp_path: Path) -> None:
    """H472: one phrase, not the chase's status line twice over ("The chase ends
    (found); Chase: ...; found")."""
    with campaign(tmp_path / "c.db", *SETUP) as layer:
        _chasing(layer)
        layer.run("hide Mugger roll 5,14")
        shown = text(layer, "chase end")
        assert shown.splitlines()[0] == "The chase ends: Ottvar found Mugger"
    with campaign(tmp_path / "d.db", *SETUP) as layer:
        layer.run("flee Mugger roll 11,2")
        assert "The chase ends: Ottvar lets Mugger go" in text(layer, "chase end")


def test_hide_found_and_hidden(tmp_path: Path) -> None:
    """F5: Subterfuge + DEX (the mugger's 4 + 3) against Subterfuge + MND (Ottvar's
    2 - 1); H323: found leaves the chase on."""
    with campaign(tmp_path / "c.db", *SETUP) as layer:
        _chasing(layer)
        with pytest.raises(RuleError, match="only the one fleeing"):
            layer.run("hide Ottvar")
        shown = text(layer, "hide Mugger roll 5,14")
        assert "d20 5 + 7 = 12 against Ottvar d20 14 + 1 = 15" in shown
        state = chase_in(layer.session.state)
        assert state is not None
        assert state.chase.outcome is Outcome.FOUND
        layer.run("chase round roll 10,10")
        assert "loses Mugger" in text(layer, "hide Mugger roll 15,3")


def test_undo_reverts_a_step_and_errors_change_nothing(tmp_path: Path) -> None:
    """State changes are events: undo reverts the round; bad input changes nothing."""
    with campaign(tmp_path / "c.db", *SETUP) as layer:
        _chasing(layer)
        layer.run("chase round roll 10,6")
        layer.run("undo")
        state = chase_in(layer.session.state)
        assert state is not None
        assert state.chase.round == 0
        before = len(layer.session.log())
        with pytest.raises(RuleError, match="already on"):
            layer.run("flee Mugger")
        with pytest.raises(RuleError, match="not in the chase"):
            layer.run("chase round Bob +2")
        assert len(layer.session.log()) == before


def test_no_fight_no_flight(tmp_path: Path) -> None:
    with campaign(tmp_path / "c.db", SETUP[0]) as layer:
        with pytest.raises(RuleError, match="no fight"):
            layer.run("flee Ottvar")
        with pytest.raises(RuleError, match="no chase"):
            layer.run("chase")


def test_the_chase_rolls_odds_follow_this_rounds_fatigue_checks(tmp_path: Path) -> None:
    """F5 and H322: a side fatigued by this round's check rolls the round at -5, so the
    odds shown before the chase roll are the fatigued ones (H475): the mugger +0 against
    Ottvar +5 wins on a face 6 or more above Ottvar's, 105 of 400 pairs."""
    with campaign(tmp_path / "c.db", *SETUP) as layer:
        _chasing(layer)
        for _ in range(4):
            layer.run("chase round roll 10,10")
        shown = text(layer, "chase round roll 2,15,10,6").splitlines()
    now = next(i for i, line in enumerate(shown) if "Athletics + DEX now" in line)
    assert shown[now] == "  Athletics + DEX now: Mugger +5 (fatigued -5) = +0; Ottvar +5"
    assert shown[now + 1].startswith("  odds: Mugger wins 26.25%")
    assert shown[now - 1].startswith("  Ottvar fatigue: d20 15")
    assert shown[now + 3].startswith("  round 5: Mugger d20 10 against Ottvar d20 6 + 5 = 11")


def test_a_player_enters_only_their_own_die_to_flee_and_hide(tmp_path: Path) -> None:
    """RULINGS G5 (docs/rulings.md H248): a player's ``roll N`` is their character's d20;
    the foe's opposing die is the GM's, from its own seeded stream. A second face (the
    foe's) is refused and nothing is stored."""
    from hacktable.play.principal import Principal, Role

    ann = Principal(Role.PLAYER, "Ann")
    lines = ("player add Ann", SETUP[0] + " --player Ann", *SETUP[1:], "next")
    with campaign(tmp_path / "c.db", *lines) as layer:  # Ottvar's turn: he may flee (H501)
        before = layer.session.state.last_seq
        with pytest.raises(RuleError):
            layer.run("flee Ottvar roll 20,1", principal=ann)
        assert layer.session.state.last_seq == before
        shown = text(layer, "flee Ottvar roll 20", principal=ann)
        assert "dice entered by Ann, not rolled: d20 20 (RULINGS G5)" in shown
        assert layer.session.log()[-1].detail["break_away"]["faces"][0] == 20
        layer.run("chase Mugger")
        with pytest.raises(RuleError):
            layer.run("hide Ottvar roll 20,1", principal=ann)
        shown = text(layer, "hide Ottvar roll 20", principal=ann)
        assert "dice entered by Ann, not rolled: d20 20 (RULINGS G5)" in shown
