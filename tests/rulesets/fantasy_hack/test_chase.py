"""fantasy-hack chases (Part III; RULINGS F5): the Ottvar example's break-away (16 vs
7), first round (won by 4) and lost hide; the margin of 10; fatigue from round 5; the
barrels and the mount; exact odds against brute force."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hacktable.errors import RuleError
from hacktable.rulesets.fantasy_hack.chase import (
    Chase,
    Outcome,
    Runner,
    begin,
    break_away,
    break_away_odds,
    chase_round,
    fatigue_odds,
    hide,
    hide_odds,
    mount,
    round_odds,
)

from ...helpers import Faces

# The thief: Athletics 2, DEX +3, Subterfuge 4 (the bestiary's mugger); Ottvar: a level
# 1 Fighter, Athletics 4 (level 1 + the class's 3), DEX 0, STR +4, Subterfuge 1, MND 0.
THIEF = Runner("Thief", athletics=2, dex=3, strength=0, subterfuge=4, mind=0)
OTTVAR = Runner("Ottvar", athletics=4, dex=0, strength=4, subterfuge=1, mind=0)


def test_ottvar_example_break_away_16_against_7() -> None:
    """Part III: "He gets a 16 on his Athletics + DEX check to break away from combat,
    which Ottvar is not able to match with a paltry 7"."""
    step = break_away(begin(THIEF, OTTVAR), Faces(11, 3))
    assert (step.check.active.total, step.check.resisting.total) == (16, 7)
    assert step.chase.outcome is Outcome.CHASING
    assert not step.free_attack


def test_a_failed_break_away_gives_the_pursuer_a_free_attack() -> None:
    """F5: "a loss gives the pursuer a free attack"; a tie is a loss ("must beat")."""
    step = break_away(begin(THIEF, OTTVAR), Faces(5, 6))  # 10 against 10
    assert step.free_attack
    assert step.chase.outcome is Outcome.STILL_ENGAGED
    assert "free attack" in step.chase.history[-1]
    with pytest.raises(RuleError, match="still engaged"):
        chase_round(step.chase, Faces(1, 1))


def test_ottvar_example_first_round_beaten_by_4_the_chase_goes_on() -> None:
    """Part III: "able again to beat Ottvar's chase roll in the first round; but only
    by 4"."""
    chase = break_away(begin(THIEF, OTTVAR), Faces(11, 3)).chase
    step = chase_round(chase, Faces(12, 9))  # 17 against 13
    assert step.check.margin == 4
    assert step.chase.round == 1
    assert step.chase.outcome is Outcome.CHASING
    assert step.fatigue == ()


def test_ottvar_example_the_hide_is_lost() -> None:
    """Part III: the thief's DEX + Subterfuge roll to hide; "Mike makes his own MND +
    Subterfuge rolls, and beats the GM's roll"; docs/rulings.md H323: found."""
    chase = chase_round(break_away(begin(THIEF, OTTVAR), Faces(11, 3)).chase, Faces(12, 9)).chase
    step = hide(chase, Faces(6, 14))  # 6 + 7 = 13 against 14 + 1 = 15
    assert (step.check.active.total, step.check.resisting.total) == (13, 15)
    assert not step.hidden
    assert step.chase.outcome is Outcome.FOUND
    assert "Ottvar finds Thief" in step.chase.history[-1]


def test_a_successful_hide_ends_the_chase() -> None:
    chase = break_away(begin(THIEF, OTTVAR), Faces(11, 3)).chase
    step = hide(chase, Faces(15, 2))
    assert step.hidden
    assert step.chase.outcome.over


@pytest.mark.parametrize(
    ("faces", "outcome"),
    [
        ((10, 1), Outcome.ESCAPED),
        ((9, 1), Outcome.CHASING),
        ((1, 11), Outcome.CHASING),
        ((1, 12), Outcome.CAUGHT),
    ],
)
def test_a_margin_of_10_or_more_ends_the_chase(faces: tuple[int, int], outcome: Outcome) -> None:
    """F5: "a margin of 10 or more ends the chase (escape, or caught: a fight)".
    Thief +5, Ottvar +4: 15 - 5 = 10 escapes, 14 - 5 = 9 does not; 6 - 15 = -9 does
    not, 6 - 16 = -10 is caught."""
    chase = break_away(begin(THIEF, OTTVAR), Faces(11, 3)).chase
    assert chase_round(chase, Faces(*faces)).chase.outcome is outcome


def test_the_barrels_minus_3_and_a_mount_plus_10() -> None:
    """Part III: barrels "may create up to a -3 or -4 modifier" to the pursuer's roll;
    a mount gives "+10 normally"."""
    chase = break_away(begin(THIEF, OTTVAR), Faces(11, 3)).chase
    step = chase_round(chase, Faces(10, 10), pursuer_situational=-3)
    assert step.check.resisting.total == 10 + 4 - 3
    mounted = mount(chase, "Ottvar")
    assert chase_round(mounted, Faces(10, 10)).check.resisting.total == 10 + 4 + 10
    with pytest.raises(RuleError, match="not in the chase"):
        mount(chase, "Nobody")


def _run_to_round(rounds: int) -> Chase:
    chase = break_away(begin(THIEF, OTTVAR), Faces(11, 3)).chase
    for _ in range(rounds):
        chase = chase_round(chase, Faces(10, 10)).chase
    return chase


def test_fatigue_checks_start_in_round_5_and_fatigue_stays() -> None:
    """F5: "From round 5 each side checks Athletics + STR at DC 15 every round or is
    fatigued (-5 to chase rolls"; Part III: "he will remain fatigued for the remainder
    of the chase". H322: the checks come first, the one fleeing first."""
    chase = _run_to_round(4)
    assert chase.round == 4
    # thief 10 + 2 = 12 < 15: fatigued; Ottvar 7 + 8 = 15: keeps going; then 10 vs 10
    step = chase_round(chase, Faces(10, 7, 10, 10))
    assert [c.fatigued for c in step.fatigue] == [True, False]
    assert step.chase.fleeing.fatigued
    assert step.check.active.total == 10 + 5 - 5
    # round 6: only Ottvar checks again; the thief stays fatigued
    again = chase_round(step.chase, Faces(10, 10, 10))
    assert [c.name for c in again.fatigue] == ["Ottvar"]
    assert again.chase.fleeing.fatigued
    assert again.chase.fight_penalties == {"Thief": -2}


def test_no_fatigue_check_before_round_5() -> None:
    chase = _run_to_round(3)
    assert chase_round(chase, Faces(10, 10)).fatigue == ()


def _brute(a_mod: int, b_mod: int) -> tuple[Fraction, Fraction, Fraction]:
    win = esc = caught = 0
    for a in range(1, 21):
        for b in range(1, 21):
            margin = a + a_mod - (b + b_mod)
            win += margin > 0
            esc += margin >= 10
            caught += margin <= -10
    return Fraction(win, 400), Fraction(esc, 400), Fraction(caught, 400)


def test_round_odds_are_exact_against_brute_force() -> None:
    """F5: the chance of each side, and of a margin of 10 either way."""
    chase = break_away(begin(THIEF, OTTVAR), Faces(11, 3)).chase
    found = round_odds(chase, pursuer_situational=-4)
    win, escape, caught = _brute(5, 4 - 4)
    assert found.opposed.active == win
    assert found.escape == escape
    assert found.caught == caught


def test_break_away_and_hide_odds_are_exact() -> None:
    chase = begin(THIEF, OTTVAR)
    assert break_away_odds(chase).active == _brute(5, 4)[0]
    running = break_away(chase, Faces(11, 3)).chase
    assert hide_odds(running).active == _brute(7, 1)[0]


def test_fatigue_odds() -> None:
    """Athletics 4 + STR 4 = 8 against DC 15: faces 7-20, 14 in 20."""
    assert fatigue_odds(OTTVAR).success == Fraction(14, 20)
