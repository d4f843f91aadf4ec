"""Levels 1-10 (fantasy-hack: Level Advancement; RULINGS F2, F4; docs/rulings.md
H301, H302)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacktable.errors import RuleError
from hacktable.rulesets.fantasy_hack.derived import armour_class, skill_rank, to_hit
from hacktable.rulesets.fantasy_hack.levels import gain_level, parse_affinity

from .helpers import make


def test_each_level_adds_2_hp_and_1_to_hit_and_skills() -> None:
    """Level Advancement: max HP +2, +1 to all To Hit rolls, +1 to all skills (H301:
    current HP rise too)."""
    before = make("rogue", scores=(12, 14, 10))
    after = gain_level(before).character
    assert (after.level, after.max_hp, after.hp) == (2, 22, 22)
    assert to_hit(after).value == to_hit(before).value + 1
    assert skill_rank(after, "Subterfuge").value == skill_rank(before, "Subterfuge").value + 1


def test_levels_3_6_9_raise_a_stat() -> None:
    """Level Advancement: +1 to STR, DEX or MND at levels 3, 6 and 9 (F4)."""
    two = make("rogue", scores=(12, 14, 10), level=2)
    gain = gain_level(two, "MND")
    assert gain.character.score("MND") == 11
    assert "  MND 10 -> 11" in gain.lines
    assert gain_level(two).character.score("DEX") == 15  # the key stat (H302)
    with pytest.raises(RuleError, match="only levels 3, 6 and 9"):
        gain_level(make("rogue", level=1), "STR")


def test_a_stat_at_18_is_refused_while_another_can_rise() -> None:
    """RULINGS F1 (at most 18); H302."""
    two = make("fighter", scores=(18, 10, 9), level=2)
    with pytest.raises(RuleError, match="STR is 18"):
        gain_level(two, "STR")
    assert gain_level(two).character.score("DEX") == 11


def test_the_fighters_plus_one_at_4_and_8_is_shown() -> None:
    """RULINGS F4: +1 to hit and damage at levels 4 and 8."""
    three = make("fighter", level=3)
    gain = gain_level(three)
    assert "  Fighter bonus +1 -> +2 to hit and damage (F4)" in gain.lines
    assert to_hit(gain.character).value == to_hit(three).value + 2  # level and Fighter
    seven = make("fighter", level=7)
    assert "  Fighter bonus +2 -> +3 to hit and damage (F4)" in gain_level(seven).lines


def test_ac_rises_at_even_levels_once() -> None:
    """RULINGS F2: the even level's +1 AC is floor(level / 2), counted once."""
    one = make("rogue", scores=(10, 10, 10))
    two = gain_level(one)
    assert armour_class(two.character).value == armour_class(one).value + 1
    assert any("AC 12 -> 13" in line for line in two.lines)
    three = gain_level(two.character, "DEX")
    assert not any(line.strip().startswith("AC") for line in three.lines)


def test_a_raised_dex_moves_ac_and_says_so_not_half_level() -> None:
    """F2: AC = 10 + DEX + armour + floor(level / 2): at level 3 the half level stays 1,
    so an AC that moves moves by the DEX raised (13 -> 14: +1 -> +2), and the line says
    which term moved (docs/rulings.md H473); at level 2 it is the half level."""
    one = make("fighter", scores=(18, 13, 10))
    two = gain_level(one)
    assert "  AC 16 -> 17 (half level, F2)" in two.lines
    three = gain_level(two.character, "DEX")
    assert "  AC 17 -> 18 (DEX +1 -> +2, F2)" in three.lines
    assert not any("half level" in line for line in three.lines)


def test_experts_gain_affinities_at_3_6_9() -> None:
    """RULINGS F4: an Expert's affinity at 3, 6 and 9, none at the levels between."""
    two = make("expert", level=2, affinities=(("Knowledge", "lore"),))
    with pytest.raises(RuleError, match="affinity at level 3"):
        gain_level(two, "MND")
    three = gain_level(two, "MND", ("Survival", "forests")).character
    assert three.affinities == (("Knowledge", "lore"), ("Survival", "forests"))
    with pytest.raises(RuleError, match="no affinity"):
        gain_level(three, None, ("Communication", "haggling"))
    with pytest.raises(RuleError, match="already"):
        gain_level(replace(three, level=5), "MND", ("Survival", "forests"))


def test_no_level_above_10() -> None:
    """Level Advancement: "not meant to support levels above level 10"."""
    with pytest.raises(RuleError, match="no levels above 10"):
        gain_level(make("fighter", level=10))


def test_an_affinity_is_a_skill_and_a_field() -> None:
    """RULINGS F4."""
    assert parse_affinity("know:magical-lore") == ("Knowledge", "magical lore")
    with pytest.raises(RuleError, match="skill and a field"):
        parse_affinity("Knowledge")
    with pytest.raises(RuleError, match="five skills"):
        parse_affinity("Swimming:rivers")
