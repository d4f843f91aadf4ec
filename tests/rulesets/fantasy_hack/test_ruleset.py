"""The fantasy-hack plugin's shape: registration, settings, hit points (RULINGS F1;
docs/rulings.md H300, H301)."""

from __future__ import annotations

import random
from dataclasses import replace

from hacktable.rules.hit_points import Condition, Pool, damage
from hacktable.rulesets import get_ruleset, ruleset_info
from hacktable.rulesets.fantasy_hack.character import HP_FLOOR
from hacktable.rulesets.fantasy_hack.ruleset import FantasyHack
from hacktable.rulesets.models import DefenceModel, InitiativeModel

from .helpers import make


def test_it_is_registered_with_its_one_shot_form() -> None:
    info = ruleset_info("fantasy-hack")
    assert (info.title, info.oneshot) == (
        "Fantasy Hack",
        "hacktable.rulesets.fantasy_hack.oneshot:FORM",
    )
    assert isinstance(get_ruleset("fantasy-hack"), FantasyHack)


def test_the_shape_ac_as_target_ordered_initiative_hp_below_zero() -> None:
    """F1-F3: to-hit against AC, d20 + DEX initiative order, dying below 0, dead at -10."""
    ruleset = FantasyHack()
    assert ruleset.defence is DefenceModel.AC_AS_TARGET
    assert ruleset.initiative is InitiativeModel.ORDERED_ROLL
    hp = ruleset.hit_points
    assert (hp.out_at, hp.floor, hp.dead_at) == (0, HP_FLOOR, -10)
    assert make().hp_floor == HP_FLOOR == -30
    assert make().with_hp(-40).hp == -30


def test_the_settings_and_their_defaults() -> None:
    """F1 *settings*: stat-method, hp-method, dead-at (-10, from -30 to 0: H300)."""
    ruleset = FantasyHack()
    assert ruleset.setting("stat-method").choices == ("4d6-drop-lowest", "array")
    assert ruleset.setting("hp-method").default == "rolled"
    dead_at = ruleset.setting("dead-at")
    assert (dead_at.default, dead_at.minimum, dead_at.maximum) == (-10, -30, 0)


def test_the_hit_point_rule_follows_the_campaigns_dead_at() -> None:
    """F1: a PC at 0 or below is dying, dead at the threshold (default -10)."""
    ruleset = FantasyHack()
    default = ruleset.hit_point_rule(make(), {"dead-at": -10}.__getitem__)
    assert default is not None
    assert (default.dead_at, default.dying, default.bleed) == (-10, True, 1)
    assert damage(default, Pool(2, 20), 5).condition is Condition.DYING
    assert damage(default, Pool(2, 20), 12).condition is Condition.DEAD
    harsh = ruleset.hit_point_rule(make(), {"dead-at": 0}.__getitem__)
    assert harsh is not None
    assert damage(harsh, Pool(2, 20), 2).condition is Condition.DEAD


def test_the_contracts_character_test_is_a_check() -> None:
    """H305: with no stated DC, DC 15."""
    from hacktable.rulesets.base import TestOptions

    ruleset = FantasyHack()
    request = ruleset.character_test(make(), "str+athletics", TestOptions(bonus=1))
    assert (request.score, request.difficulty, request.bonus) == (9, 15, 1)
    result = ruleset.resolve_test(request, random.Random(3))
    assert result.success == (result.kept + 10 >= 15)


def test_an_imported_sheet_with_an_impossible_value_is_named() -> None:
    ruleset = FantasyHack()
    assert ruleset.sheet_problem(make()) is None
    assert "race" in (ruleset.sheet_problem(replace(make(), race="orc")) or "")
    assert "level" in (ruleset.sheet_problem(replace(make(), level=11)) or "")
