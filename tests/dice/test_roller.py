"""Rolling: every die recorded, keep rules, advantage on non-test rolls (G2), seeding (G1)."""

from __future__ import annotations

import random
from collections import Counter

from hacktable.dice import Advantage, render_outcome, render_roll, roll, roll_outcome
from hacktable.dice.render import outcome_to_json, roll_to_json

from ..helpers import Faces


def test_keep_highest_records_every_die_and_renders_as_the_issue_shows() -> None:
    result = roll("4d6kh3", Faces(5, 3, 6, 1))
    assert render_roll(result) == "4d6kh3: [5, 3, 6, ~~1~~] -> 14"
    (term,) = result.dice_terms()
    assert term.kept == (5, 3, 6)
    assert term.dropped == (1,)


def test_keep_lowest_and_ties_keep_the_first_rolled() -> None:
    result = roll("3d6kl1", Faces(4, 2, 2))
    (term,) = result.dice_terms()
    assert result.total == 2
    assert [d.kept for d in term.dice] == [False, True, False]


def test_compound_expression_renders_each_term() -> None:
    assert render_roll(roll("2d20kh1+5", Faces(14, 7))) == "2d20kh1+5: [14, ~~7~~] + 5 -> 19"
    assert render_roll(roll("(d6-1)x10", Faces(4))) == "(d6-1)x10: ([4] - 1) x 10 -> 30"
    assert render_roll(roll("-d4", Faces(3))) == "-d4: -[3] -> -3"


def test_same_seed_same_rolls_and_no_global_random() -> None:
    random.seed(1)
    state = random.getstate()
    first = [roll("10d20", random.Random(42)).total for _ in range(3)]
    second = [roll("10d20", random.Random(42)).total for _ in range(3)]
    assert first == second
    assert random.getstate() == state  # the global source was never touched


def test_dice_are_uniform() -> None:
    rng = random.Random(7)
    counts = Counter(roll("d6", rng).total for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(abs(c - 10_000) < 500 for c in counts.values())


def test_non_test_advantage_keeps_the_higher_total() -> None:
    # RULINGS G2: roll twice, keep the higher (disadvantage: the lower).
    outcome = roll_outcome("2d6", Faces(1, 2, 6, 5), Advantage.ADVANTAGE)
    assert [r.total for r in outcome.rolls] == [3, 11]
    assert outcome.total == 11
    assert render_outcome(outcome) == "2d6 with advantage: [1, 2] -> 3; [6, 5] -> 11; keeps 11"
    worse = roll_outcome("2d6", Faces(1, 2, 6, 5), Advantage.DISADVANTAGE)
    assert worse.total == 3
    plain = roll_outcome("2d6", Faces(1, 2))
    assert len(plain.rolls) == 1


def test_json_tree_records_kept_and_dropped() -> None:
    data = roll_to_json(roll("4d6kh3", Faces(5, 3, 6, 1)))
    assert data["total"] == 14
    assert data["tree"]["dice"][3] == {"value": 1, "kept": False}
    both = outcome_to_json(roll_outcome("d20", Faces(4, 9), Advantage.ADVANTAGE))
    assert both["total"] == 9
    assert both["kept"] == 1
    assert both["advantage"] == "advantage"
