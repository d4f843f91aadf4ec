"""Hit points below zero on a character (rulesets/harm.py; RULINGS F1, S3; docs/rulings.md
H295, H296)."""

from __future__ import annotations

from typing import ClassVar

import pytest

from hacktable.errors import RuleError
from hacktable.play.character import Character
from hacktable.rules.hit_points import FANTASY_HACK_PC, SKILL_DIE
from hacktable.rulesets import get_ruleset, harm


class Deep(Character):
    hp_floor: ClassVar[int] = -20


def _mara(hp: int = 10, temp: int = 0, *conditions: str) -> Deep:
    return Deep("Mara", "skill-die", hp=hp, max_hp=10, temp_hp=temp, conditions=conditions)


def test_the_floor_is_the_class_s() -> None:
    assert _mara().with_hp(-50).hp == -20
    assert Character("Al", "redhack", hp=3, max_hp=5).with_hp(-4).hp == 0


def test_temporary_hp_go_first_and_the_condition_is_kept() -> None:
    after, change = harm.damage_by(SKILL_DIE, _mara(3, 2, "fatigued"), 7)
    assert (after.hp, after.temp_hp) == (-2, 0)
    assert after.conditions == ("fatigued", "unconscious")
    assert change.explanation.startswith("2 temporary HP take 2 of 7 damage")


def test_death_at_the_threshold_replaces_unconscious() -> None:  # RULINGS S3
    after, _ = harm.damage_by(SKILL_DIE, _mara(-2, 0, "unconscious"), 30)
    assert (after.hp, after.conditions) == (-20, ("dead",))
    assert after.dead


def test_dying_stabilised_and_healed_up() -> None:  # RULINGS F1
    dying, _ = harm.damage_by(FANTASY_HACK_PC, _mara(2), 4)
    assert dying.conditions == ("dying",)
    bled, _ = harm.bleed_by(FANTASY_HACK_PC, dying)
    assert bled.hp == -3
    stable, _ = harm.stabilise_by(FANTASY_HACK_PC, bled)
    assert stable.conditions == ("unconscious", "stable")
    up, change = harm.heal_by(FANTASY_HACK_PC, stable, 5)
    assert up.conditions == ()
    assert change.condition.value == "up"


def test_healing_never_restores_temporary_hp_nor_passes_the_maximum() -> None:  # S3
    after, change = harm.heal_by(SKILL_DIE, _mara(8, 3), 9)
    assert (after.hp, after.temp_hp) == (10, 3)
    assert "capped at max 10" in change.limits


def test_the_higher_temporary_grant_stands() -> None:  # docs/rulings.md H295
    after, change = harm.grant_by(SKILL_DIE, _mara(10, 5), 3)
    assert after.temp_hp == 5
    assert change.limits == ("the current 5 is kept",)
    assert harm.grant_by(SKILL_DIE, _mara(10, 5), 8)[0].temp_hp == 8


def test_a_ruleset_without_a_rule_is_refused() -> None:  # H296
    redhack = get_ruleset("redhack")
    with pytest.raises(RuleError, match="no hit points below zero"):
        harm.damage(redhack, _mara(), 3, lambda name: None)
