"""Morale, defined once: the trigger and the break as plain numbers and as arrays, the
simulator's two engines against each other, and a fight's morale test on scripted dice
(redhack: Combat > Morale; RULINGS R12)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np
import pytest

from hacktable.rulesets.redhack.facts import GroupBreaks, MoraleTested, MoraleUntestable
from hacktable.rulesets.redhack.fight import Fight, Fighter, Foe, Group
from hacktable.rulesets.redhack.morale import (
    MORALE_DICE,
    check_morale,
    morale_breaks,
    morale_due,
    morale_trigger,
)
from hacktable.rulesets.redhack.ruleset import Redhack
from hacktable.rulesets.redhack.sim.campaign import sample_characters
from hacktable.rulesets.redhack.sim.scalar import group_morale_due
from hacktable.rulesets.redhack.sim.vector import morale_triggered

from ...helpers import Faces

# -- the trigger and the break, as numbers and as arrays -------------------------------------


def cases() -> list[tuple[int, int, int, int, int]]:
    """Every (size, out, standing, hp, max_hp) of groups of 1 to 4 foes, with a first
    foe's HP of 0 to 4 out of 1 to 4."""
    found = []
    for size in range(1, 5):
        for out in range(size + 1):
            for standing in range(size - out + 1):
                for max_hp in range(1, 5):
                    for hp in range(max_hp + 1):
                        found.append((size, out, standing, hp, max_hp))
    return found


def test_the_trigger_follows_the_text() -> None:
    # half of a group out; a lone foe at half its HP or less; nobody standing: no test
    assert morale_due(4, 2, 2, 9, 9)
    assert not morale_due(4, 1, 3, 9, 9)
    assert morale_due(5, 3, 2, 9, 9)
    assert not morale_due(5, 2, 3, 9, 9)
    assert morale_due(1, 0, 1, 4, 8)
    assert not morale_due(1, 0, 1, 5, 8)
    assert not morale_due(4, 4, 0, 0, 9)
    assert not morale_due(1, 1, 0, 0, 8)
    # a group of several does not look at its first foe's HP
    assert not morale_due(3, 0, 3, 1, 9)


def test_the_vector_form_of_the_trigger_agrees_with_the_scalar_rule() -> None:
    table = cases()
    columns = [np.array(column, dtype=np.int64) for column in zip(*table, strict=True)]
    vector = morale_due(*columns)
    assert vector.dtype == np.bool_
    assert vector.shape == (len(table),)
    scalar = [morale_due(*case) for case in table]
    assert all(isinstance(value, bool) for value in scalar)
    assert vector.tolist() == scalar
    assert 0 < sum(scalar) < len(table)  # the enumeration has both answers


def test_the_vector_form_of_the_break_agrees_with_the_scalar_rule() -> None:
    totals, scores = np.meshgrid(np.arange(2, 13), np.arange(2, 13))
    vector = morale_breaks(totals.ravel(), scores.ravel())
    scalar = [
        morale_breaks(int(t), int(s)) for t, s in zip(totals.ravel(), scores.ravel(), strict=True)
    ]
    assert vector.tolist() == scalar
    assert not morale_breaks(7, 7)  # on or under the score holds
    assert morale_breaks(8, 7)
    assert MORALE_DICE == "2d6"


def test_both_engines_trigger_the_same_groups_on_every_state() -> None:
    # Groups of 2, 1 and 3 foes (6 foes, each at 0 to 2 of 2 HP), tested or not: the
    # vector engine's trigger (all states at once) against the scalar engine's (one by one).
    groups = [[0, 1], [2], [3, 4, 5]]
    membership = np.zeros((6, 3), dtype=np.int64)
    for group, members in enumerate(groups):
        membership[members, group] = 1
    sizes = membership.sum(axis=0)
    single = np.array([members[0] for members in groups], dtype=np.int64)
    states = list(itertools.product(range(3), repeat=6))
    max_hp = [2] * 6
    answers: set[bool] = set()
    for tested in itertools.product((False, True), repeat=3):
        hp = np.array(states, dtype=np.int64)
        vector = morale_triggered(
            hp,
            np.full_like(hp, 2),
            np.tile(np.array(tested), (len(states), 1)),
            membership,
            sizes,
            single,
        )
        scalar = [
            [
                group_morale_due(state, max_hp, members, tested[g])
                for g, members in enumerate(groups)
            ]
            for state in states
        ]
        assert vector.tolist() == scalar
        answers |= set(vector.ravel().tolist())
    assert answers == {True, False}


# -- a fight's morale test -----------------------------------------------------------------


@pytest.fixture(scope="module")
def rules() -> Redhack:
    return Redhack()


@pytest.fixture(scope="module")
def party() -> dict[str, object]:
    return {c.name: c for c in sample_characters()}


def goblins(*hps: int, morale: int | None = 7) -> Fight:
    """Aldric and Sly against goblins at ``hps`` (of 4)."""
    foes = tuple(
        Foe(f"goblin-{i}", f"Goblin {i}", "goblin", "goblins", 1, 11, hp, 4, morale=morale)
        for i, hp in enumerate(hps, start=1)
    )
    return Fight(
        1,
        round=1,
        phase="before",
        fighters=(Fighter("Aldric"), Fighter("Sly")),
        groups=(Group("goblins", "Goblins", "goblin", len(hps)),),
        foes=tuple(replace(f, status="out") if f.hp == 0 else f for f in foes),
        last_hit=(("goblins", "Sly"),),
        last_kill=(("goblins", "Aldric"),),
    )


def test_the_trigger_in_a_fight() -> None:
    assert morale_trigger(goblins(0, 4, 4, 4), "goblins") is None
    due = morale_trigger(goblins(0, 0, 4, 4), "goblins")
    assert due is not None
    assert (due.why.out, due.why.size, due.why.lone, due.score) == (2, 4, None, 7)
    assert due.tester == "Aldric"  # the latest kill
    tested = goblins(0, 0, 4, 4)
    tested = tested.with_group(replace(tested.groups[0], morale_tested=True))
    assert morale_trigger(tested, "goblins") is None
    assert morale_trigger(goblins(0, 0), "goblins") is None  # nobody left to break


def test_a_lone_foe_at_half_hp_tests_and_its_last_hitter_is_the_tester() -> None:
    assert morale_trigger(goblins(3), "goblins") is None
    due = morale_trigger(goblins(2), "goblins")
    assert due is not None
    assert (due.why.lone, due.why.hp, due.why.max_hp, due.tester) == ("Goblin 1", 2, 4, "Sly")


def test_turned_foes_are_neither_standing_nor_out() -> None:
    fight = goblins(4, 4, 4, 4)
    for key in ("goblin-1", "goblin-2"):
        fight = fight.with_foe(replace(fight.foe(key), status="turned"))
    assert morale_trigger(fight, "goblins") is None


def test_a_failed_morale_roll_breaks_the_standing_foes(rules: Redhack, party: dict) -> None:
    step = check_morale(goblins(0, 0, 4, 4), "goblins", ruleset=rules, party=party, rng=Faces(4, 4))
    assert [f.status for f in step.fight.foes] == ["out", "out", "broken", "broken"]
    assert step.fight.group("goblins").morale_tested
    tested, breaks = step.facts
    assert isinstance(tested, MoraleTested)
    assert tested.broken
    assert "they break" in tested.explanation
    assert breaks == GroupBreaks("Goblins")


def test_a_held_morale_roll_is_still_the_groups_one_test(rules: Redhack, party: dict) -> None:
    step = check_morale(goblins(0, 0, 4, 4), "goblins", ruleset=rules, party=party, rng=Faces(3, 4))
    assert [f.status for f in step.fight.foes] == ["out", "out", "fighting", "fighting"]
    assert step.fight.group("goblins").morale_tested
    assert len(step.facts) == 1
    assert not step.facts[0].broken  # type: ignore[union-attr]
    again = check_morale(step.fight, "goblins", ruleset=rules, party=party, rng=Faces())
    assert again.fight == step.fight
    assert again.facts == ()


def test_without_a_score_the_killers_cha_test_breaks_them(rules: Redhack, party: dict) -> None:
    # Aldric (CHA 10) made the latest kill: a 9 succeeds, and success breaks them.
    fight = goblins(0, 0, 4, 4, morale=None)
    step = check_morale(fight, "goblins", ruleset=rules, party=party, rng=Faces(9))
    assert step.fight.foe("goblin-3").broken
    assert "Aldric's CHA test" in step.facts[0].explanation  # type: ignore[union-attr]
    held = check_morale(fight, "goblins", ruleset=rules, party=party, rng=Faces(15))
    assert not held.fight.foe("goblin-3").broken


def test_nobody_to_make_the_cha_test_leaves_the_group_untested(rules: Redhack, party: dict) -> None:
    fight = replace(goblins(0, 0, 4, 4, morale=None), last_hit=(), last_kill=())
    step = check_morale(fight, "goblins", ruleset=rules, party=party, rng=Faces())
    assert step.fight == fight
    (fact,) = step.facts
    assert isinstance(fact, MoraleUntestable)
    assert "no player has hit them" in fact.reason
