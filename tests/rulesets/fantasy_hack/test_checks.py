"""Checks: d20 + stat + skill meets or beats a DC, with exact odds (fantasy-hack Part
III; RULINGS F1, F4; issue 11 §3: a DC is 1-40)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hacktable.errors import RuleError
from hacktable.rules.resolution import TestRequest
from hacktable.rulesets.fantasy_hack.checks import (
    Terms,
    character_check,
    check_dc,
    odds,
    parse_terms,
    resolve,
)

from ...helpers import Faces
from .helpers import make


def test_meeting_the_dc_succeeds() -> None:
    """Part III: the roll "must meet or beat a target number (DC)"."""
    request = TestRequest("STR+Athletics", 6, 15)
    assert resolve(request, Faces(9)).success
    assert not resolve(request, Faces(8)).success
    assert "margin +0" in resolve(request, Faces(9)).explanation


@pytest.mark.parametrize("modifier", range(-5, 20, 3))
@pytest.mark.parametrize("dc", [1, 7, 15, 22, 40])
def test_the_odds_agree_with_brute_force(modifier: int, dc: int) -> None:
    """Exact odds: every face of the d20 counted."""
    request = TestRequest("STR", modifier, dc, bonus=2)
    wins = sum(1 for face in range(1, 21) if face + modifier + 2 >= dc)
    assert odds(request).success == Fraction(wins, 20)
    assert odds(request).critical_success == 0  # no natural face is special on a check


@pytest.mark.parametrize("dc", [0, 41, -3])
def test_a_dc_outside_1_40_is_one_clear_line(dc: int) -> None:
    """issue 11 §3: a DC outside 1-40."""
    with pytest.raises(RuleError, match="from 1 to 40"):
        check_dc(dc)
    with pytest.raises(RuleError, match="from 1 to 40"):
        odds(TestRequest("STR", 2, dc))


def test_there_is_no_advantage() -> None:
    """RULINGS F1-F6 give fantasy-hack checks no advantage."""
    with pytest.raises(RuleError, match="no advantage"):
        odds(TestRequest("STR", 2, 10, advantages=("GM",)))


def test_terms_read_either_order_and_name_what_fantasy_hack_expects() -> None:
    """F1: three stats, five skills."""
    assert parse_terms("str+ath") == Terms("STR", "Athletics")
    assert parse_terms("Subterfuge+DEX") == Terms("DEX", "Subterfuge")
    assert parse_terms("level+STR") == Terms("STR", None, True)
    for bad in ("CON+Athletics", "STR+Swimming", "Athletics", "STR+DEX"):
        with pytest.raises(RuleError, match="STR, DEX, MND"):
            parse_terms(bad)


def test_a_character_adds_stat_skill_and_affinity() -> None:
    """Part III: stat modifier + skill bonus; F4: an affinity's +2 in its field."""
    folduin = make("expert", "elf", (10, 12, 18), affinities=(("Knowledge", "magical lore"),))
    request, total = character_check(folduin, parse_terms("MND+Knowledge"), 20, 1, "magical lore")
    assert dict(total.terms) == {"MND": 4, "Knowledge": 4, "affinity magical lore": 2}
    assert (request.score, request.bonus, request.difficulty) == (10, 1, 20)
    assert odds(request).success == Fraction(12, 20)  # 9-20


def test_the_mugger_example_climb() -> None:
    """Part III: Ottvar's STR + Athletics to climb (STR 18 +4, Athletics 1 + 1 + 3)."""
    ottvar = make("fighter", "human", (18, 10, 9))
    request, _ = character_check(ottvar, parse_terms("STR+Athletics"), 15)
    assert request.score == 9
    assert resolve(request, Faces(6)).success
    assert not resolve(request, Faces(5)).success
