"""Time, rest, fatigue and hazards (skill-die: Fatigue, Temporary Hit Points, Falling
and Special Damage, Unconsciousness and Death; RULINGS S3, S6, S7; docs/rulings.md
H347-H353)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacktable.errors import CommandError, RuleError
from hacktable.rulesets.skill_die import fatigue, hazards
from hacktable.rulesets.skill_die.character import SkillDieCharacter

from ...helpers import Faces
from .conftest import Table


def _mo(**fields: object) -> SkillDieCharacter:
    scores = tuple((a, 10) for a in ("STR", "DEX", "CON", "INT", "WIS", "CHA"))
    base = SkillDieCharacter(
        name="Mo", ruleset="skill-die", hp=10, max_hp=10, role="Medic", scores=scores
    )
    return replace(base, **fields)  # type: ignore[arg-type]


def test_no_check_before_24_hours() -> None:
    """RULINGS S6: "after 24 in-game hours without rest"."""
    passage = fatigue.pass_hours(_mo(), 23, Faces())
    assert passage.checks == ()
    assert passage.after.awake == 23


def test_at_24_hours_a_d20_of_10_or_less_fatigues() -> None:
    """RULINGS S6: a d20 of 10 or less fatigues."""
    passage = fatigue.pass_hours(_mo(awake=23), 1, Faces(10))
    assert passage.after.fatigued
    assert passage.checks[0].describe() == (
        "hour 24: fatigue check d20 10 <= 10: fatigued: disadvantage on all rolls, half speed"
    )


def test_otherwise_again_each_hour() -> None:
    """RULINGS S6: "otherwise roll again each hour"."""
    passage = fatigue.pass_hours(_mo(awake=23), 3, Faces(11, 15, 4))
    assert [c.hour for c in passage.checks] == [24, 25, 26]
    assert passage.after.fatigued


def test_an_hour_after_fatigue_a_failed_check_falls_asleep() -> None:
    """RULINGS S6: "a fatigued character checks again after one hour and falls asleep
    on a failure"."""
    passage = fatigue.pass_hours(_mo(awake=23), 2, Faces(3, 9))
    assert passage.after.asleep
    assert passage.checks[1].hour == 25
    more = fatigue.pass_hours(passage.after, 5, Faces())  # asleep: no more checks (H348)
    assert more.checks == ()


def test_the_unconscious_make_no_fatigue_check() -> None:
    """docs/rulings.md H348."""
    assert fatigue.pass_hours(_mo(awake=30, hp=0), 3, Faces()).checks == ()


@pytest.mark.parametrize(("metres", "dice"), [(1, 0), (1.9, 0), (2, 1), (5, 2), (6, 3), (13, 6)])
def test_a_fall_rolls_1d4_per_full_2_m(metres: float, dice: int) -> None:
    """RULINGS S6 ("1d4 per full 2 m")."""
    assert hazards.fall_dice(metres) == dice
    rolled = hazards.fall(metres, Faces(*[3] * dice))
    assert rolled.dice == (3,) * dice
    assert rolled.total == 3 * dice


def test_a_bump_rolls_1d4_per_strike() -> None:
    """RULINGS S6."""
    assert hazards.bump(3, Faces(1, 4, 2)).total == 7


def test_time_runs_the_clocks_and_the_check_comes_by_itself(table: Table) -> None:
    table.crew()
    table.run("time +23h")
    assert table.character("Ana").awake == 23
    out = table.run("time +1h")
    assert "Ana: hour 24: fatigue check d20" in out.text
    assert "Vex: hour 24: fatigue check d20" in out.text
    (event,) = out.events
    assert [c["character"] for c in event.detail["clocks"]] == ["Ana", "Vex"]  # type: ignore[index]


@pytest.mark.parametrize("line", ["time +0h", "time soon", "time +169h"])
def test_time_takes_whole_hours(table: Table, line: str) -> None:
    with pytest.raises(CommandError, match="hours"):
        table.run(line)


def test_rest_resets_the_clock_removes_fatigue_and_temporary_hp_and_heals(table: Table) -> None:
    """RULINGS S7: 8 hours; the clock, fatigue, temporary HP lost; 1d8 + CON modifier
    healed, never above the maximum; S3: temporary HP never healed back."""
    table.crew()
    ana = table.character("Ana")
    tired = replace(ana, hp=2, temp_hp=4, awake=30, fatigued=True)
    table.session.commit_character("test.setup", ana, tired, "tired", "")
    table.run("time +1h")  # whatever Vex rolls
    vex_awake = table.character("Vex").awake
    out = table("rest Ana")
    after = table.character("Ana")
    assert (after.awake, after.check_at, after.fatigued, after.temp_hp) == (0, 24, False, 0)
    assert "4 temporary HP" in out
    assert "4 temporary HP lost; heals" in out  # H494: no condition mid-line
    assert "Not resting, their clocks run 8 hours: Vex" in out  # H494: awake or asleep
    assert after.hp > 2
    assert after.hp <= after.max_hp
    assert table.character("Vex").awake == vex_awake + 8  # Vex stayed up (H351)


def test_rest_heals_1d8_plus_con_never_above_maximum(table: Table) -> None:
    table.crew()
    ana = table.character("Ana")  # CON 13: +1
    table.session.commit_character("test.setup", ana, replace(ana, hp=-3), "down", "")
    table.run("rest Ana")
    healed = table.character("Ana").hp
    assert -3 + 1 + 1 <= healed <= -3 + 8 + 1  # 1d8 + 1 applied to the unconscious (S3)
    table.run("rest Ana")
    assert table.character("Ana").hp <= 11


def test_rest_healing_none_is_a_setting(table: Table) -> None:
    table.crew()
    ana = table.character("Ana")
    table.session.commit_character("test.setup", ana, replace(ana, hp=3), "hurt", "")
    table.run("settings rest-healing none")
    table.run("rest Ana")
    assert table.character("Ana").hp == 3


def test_a_fall_takes_temporary_hp_first_and_leaves_the_character_prone(table: Table) -> None:
    """RULINGS S3, S6; skill-die: Falling (standing uses the movement)."""
    table.crew()
    table.run("hp Vex temp +5")
    out = table("fall Vex 7")  # 3d4
    vex = table.character("Vex")
    assert "1d4 per full 2 m: 3d4" in out
    assert "standing up uses their movement" in out
    assert vex.prone
    assert vex.hp + vex.temp_hp < 16
    table.run("stand Vex")
    assert not table.character("Vex").prone
    with pytest.raises(RuleError, match="not on the ground"):
        table.run("stand Vex")


def test_at_minus_20_dead_at_0_unconscious(table: Table) -> None:
    """RULINGS S3: unconscious at 0 or below, dead at -20 (HP floored there)."""
    table.crew()
    table.run("fall Ana 60")  # 30d4 >= 30 > 11 + 20
    ana = table.character("Ana")
    assert ana.hp == -20
    assert ana.dead
    vex = table.character("Vex")
    table.session.commit_character("test.setup", vex, replace(vex, hp=2), "hurt", "")
    table.run("bump Vex 5 strikes")  # 5d4 >= 5
    vex = table.character("Vex")
    assert vex.unconscious
    assert not vex.dead


def test_a_character_named_twice_rests_once(table: Table) -> None:
    """RULINGS S7: one rest heals 1d8 + CON once; naming Ana twice is refused, nothing
    rolled or changed."""
    table.crew()
    ana = table.character("Ana")
    table.session.commit_character("test.setup", ana, replace(ana, hp=1), "hurt", "")
    with pytest.raises(RuleError, match="twice"):
        table.run("rest Ana ana roll 8,8")
    assert table.character("Ana").hp == 1
