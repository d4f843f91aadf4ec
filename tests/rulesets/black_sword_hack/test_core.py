"""black-sword-hack's test (RULINGS B1): strictly roll-under, natural 1 and 20, 2d20
advantage, threat level on the die; the known answers of the text and rulings."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from hacktable.dice.advantage import Advantage
from hacktable.rules.resolution import Critical, TestKind, TestRequest
from hacktable.rulesets import get_ruleset
from hacktable.rulesets.black_sword_hack import core


class Faces(random.Random):
    """Deals the given d20 faces in order (every die is ``randrange(sides) + 1``)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
        return self.faces.pop(0) - 1


def test_str_12_a_d20_of_11_hits_and_12_misses() -> None:
    """RULINGS B1 (the issue's known answer): strictly below the attribute."""
    assert core.resolve(TestRequest("STR", 12), Faces(11)).success
    assert not core.resolve(TestRequest("STR", 12), Faces(12)).success


def test_natural_1_is_a_critical_success_and_20_a_critical_failure_whatever_is_added() -> None:
    crit = core.resolve(TestRequest("STR", 3, modifier=5), Faces(1))
    assert crit.success
    assert crit.critical is Critical.SUCCESS
    fumble = core.resolve(TestRequest("STR", 30, bonus=5), Faces(20))
    assert not fumble.success
    assert fumble.critical is Critical.FAILURE


def test_advantage_keeps_the_lower_and_disadvantage_the_higher() -> None:
    adv = core.resolve(TestRequest("DEX", 10, advantages=("GM",)), Faces(15, 4))
    assert adv.success
    assert adv.faces == (15, 4)
    assert adv.kept == 4
    dis = core.resolve(TestRequest("DEX", 10, disadvantages=("GM",)), Faces(4, 15))
    assert not dis.success
    assert dis.kept == 15


def test_advantage_and_disadvantage_cancel_one_for_one() -> None:
    request = TestRequest("DEX", 10, advantages=("GM", "shield"), disadvantages=("Doomed",))
    assert request.advantage is Advantage.ADVANTAGE
    even = TestRequest("DEX", 10, advantages=("GM",), disadvantages=("Doomed",))
    assert core.odds(even) == core.odds(TestRequest("DEX", 10))


def test_a_level_1_character_against_a_level_4_foe_adds_3_to_the_attack_die() -> None:
    """2.1.5; RULINGS B1: the threat level is added to attack tests only."""
    assert core.threat(1, 4) == 3
    assert core.threat(4, 1) == 0
    attack = TestRequest("STR", 12, kind=TestKind.ATTACK, modifier=core.threat(1, 4))
    assert core.resolve(attack, Faces(8)).success  # 8 + 3 = 11 < 12
    assert not core.resolve(attack, Faces(9)).success  # 9 + 3 = 12
    assert core.odds(attack).success == Fraction(8, 20)


def test_exact_odds_agree_with_every_face() -> None:
    for score in range(1, 25):
        for modifier in (0, 3):
            request = TestRequest("STR", score, modifier=modifier)
            wins = sum(core.resolve(request, Faces(face)).success for face in range(1, 21))
            assert core.odds(request).success == Fraction(wins, 20)


@pytest.mark.parametrize("critical", [2, 3])
def test_a_wider_critical_range_changes_the_odds_of_a_critical(critical: int) -> None:
    odds = core.odds(TestRequest("STR", 12), critical)
    assert odds.critical_success == Fraction(critical, 20)
    assert core.resolve(TestRequest("STR", 1), Faces(critical), critical).success


def test_the_plugin_resolves_with_the_core() -> None:
    ruleset = get_ruleset("black-sword-hack")
    request = TestRequest("WIS", 11, advantages=("GM",))
    assert ruleset.test_odds(request) == core.odds(request)
    assert ruleset.resolve_test(request, Faces(3, 18)).kept == 3
    assert ruleset.modifier(18) == 0
