"""The entered-dice random source (RULINGS G5; docs/rulings.md H205; issue 10 §6)."""

from __future__ import annotations

import pytest

from hacktable.dice import roll_outcome
from hacktable.dice.source import EnteredRandom, count_dice, ordinal
from hacktable.errors import RuleError


def _refuse(sides: int, nth: int, used: tuple[int, ...]) -> int:
    raise RuleError(f"needs a {ordinal(nth)} d{sides} after {used}")


def test_entered_faces_are_dealt_in_order_and_recorded() -> None:
    dealt: list[tuple[int, int]] = []
    source = EnteredRandom("1", (3, 5), _refuse, dealt)
    outcome = roll_outcome("2d6", source)
    assert outcome.total == 8
    assert dealt == [(6, 3), (6, 5)]
    source.check_all_used()


def test_a_face_the_die_cannot_show_is_refused() -> None:
    source = EnteredRandom("1", (25,), _refuse)
    with pytest.raises(RuleError, match="a d20 shows 1 to 20, not 25"):
        source.randrange(20)


def test_faces_the_rule_did_not_need_are_refused() -> None:
    source = EnteredRandom("1", (14, 17), _refuse, what="the test")
    source.randrange(20)
    with pytest.raises(RuleError, match="the test needed one d20; 17 was not needed"):
        source.check_all_used()


def test_a_missing_die_is_asked_for_with_its_place() -> None:
    asked: list[tuple[int, int, tuple[int, ...]]] = []

    def need(sides: int, nth: int, used: tuple[int, ...]) -> int:
        asked.append((sides, nth, used))
        return 4

    source = EnteredRandom("1", (14,), need)
    assert [source.randrange(20) + 1, source.randrange(20) + 1] == [14, 4]
    assert asked == [(20, 2, (14,))]
    with pytest.raises(RuleError, match="a d20 shows 1 to 20, not 0"):
        EnteredRandom("1", (), lambda s, n, u: 0).randrange(20)


def test_randint_deals_entered_faces_too() -> None:
    source = EnteredRandom("1", (6,), _refuse)
    assert source.randint(1, 6) == 6


def test_counting_and_ordinals() -> None:
    assert count_dice([(20, 1)]) == "one d20"
    assert count_dice([(6, 1), (6, 2), (8, 1)]) == "two d6s and one d8"
    assert count_dice([]) == "no dice"
    assert (ordinal(2), ordinal(12)) == ("second", "12th")
