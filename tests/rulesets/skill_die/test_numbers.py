"""The numbers of the skill-die text and RULINGS S1-S7 that no other test pins exactly,
each citing its section (issue 11 §3: "every number in the texts and rulings named here
is a test citing its section"). The rest are in test_checks.py (the DC ladder 5-30, d4
to d20, the competitive ladder, the modifier), test_creation.py (the array, 4d6 drop the
lowest, 4 points, at most 3, the role's +1, HP 10 + CON), test_time.py (24 h, d20 <= 10,
each hour, 1d4 per full 2 m, 1d4 a strike, -20) and test_fight.py (S5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacktable.rules.hit_points import SKILL_DIE
from hacktable.rulesets.skill_die import checks
from hacktable.rulesets.skill_die.character import MAX_SKILL, SkillDieCharacter
from hacktable.rulesets.skill_die.commands import time as time_commands

from ...helpers import Faces
from .conftest import Table


def _mo(con: int) -> SkillDieCharacter:
    scores = tuple(
        (a, con if a == "CON" else 10) for a in ("STR", "DEX", "CON", "INT", "WIS", "CHA")
    )
    return SkillDieCharacter(
        name="Mo", ruleset="skill-die", hp=1, max_hp=10, role="Medic", scores=scores
    )


@pytest.mark.parametrize(
    ("con", "face", "healed"), [(13, 5, 6), (15, 8, 10), (8, 1, 0), (10, 3, 3)]
)
def test_a_rest_heals_1d8_plus_the_con_modifier(con: int, face: int, healed: int) -> None:
    """RULINGS S7: a rest heals 1d8 + CON modifier (never below 0: docs/rulings.md
    H353); CON 13 is +1, CON 15 +2, CON 8 -1 (S1)."""
    amount, text, _ = time_commands._heal_amount(_mo(con), "1d8+CON", "floor-half", Faces(face))
    assert amount == healed
    assert text.startswith(f"1d8 {face} ")


def test_a_rest_is_8_hours() -> None:
    """RULINGS S7: "a rest is at least 8 hours of sleep"."""
    assert time_commands.REST_HOURS == 8


def test_the_others_clocks_run_the_rest_s_8_hours(table: Table) -> None:
    """RULINGS S7 (8 hours), S6 (the clock counts in-game hours without rest)."""
    table.crew()
    table.run("rest Ana")
    assert (table.character("Ana").awake, table.character("Vex").awake) == (0, 8)


@pytest.mark.parametrize("dc", [1, 5, 30, 40])
def test_a_dc_is_any_whole_number_from_1_to_40(dc: int) -> None:
    """RULINGS S7: "A DC is any whole number from 1 to 40" (both ends allowed; 0 and 41
    refused: test_checks.py)."""
    assert checks.check_dc(dc) == dc
    assert (checks.MIN_DC, checks.MAX_DC) == (1, 40)


def test_dead_at_minus_20_unconscious_at_0() -> None:
    """skill-die: Unconsciousness and Death ("drop to 0 ... unconscious", "drop to -20
    then they are dead"); RULINGS S3."""
    assert (SKILL_DIE.down_at, SKILL_DIE.dead_at, SKILL_DIE.dying) == (0, -20, False)


@pytest.mark.parametrize("level", [0, MAX_SKILL])
def test_skill_levels_run_0_to_6(table: Table, level: int) -> None:
    """RULINGS S4: skills have levels 0-6 (both ends set; -1 and 7 refused:
    test_gm_playthrough.py)."""
    table.crew()
    table.run(f"skill Ana Science {level}" if level else "skill Ana Nature 0")
    skill = "Science" if level else "Nature"
    assert table.character("Ana").skill_level(skill) == level
    assert MAX_SKILL == 6


def test_half_speed_and_disadvantage_when_fatigued(table: Table) -> None:
    """RULINGS S6: "disadvantage on all rolls, half speed", said when it happens and on
    the sheet."""
    table.crew()
    ana = table.character("Ana")
    table.session.commit_character("test.setup", ana, replace(ana, fatigued=True), "", "")
    sheet = table("character show Ana")
    assert "half speed" in sheet
