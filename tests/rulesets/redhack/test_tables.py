"""redhack's tables as loaded: survival (R22), prayer (R27), casting (R26), and others.

redhack: Wilderness Survival > Survival Tables, Fatigue Table; Spellcasting; Combat >
Damage & Injuries; Exploration & Dungeons > Random Encounters, Reactions.
"""

from __future__ import annotations

import random

import pytest

from hacktable.dice import Advantage
from hacktable.errors import RuleError
from hacktable.rules.tables import Table, lookup, lookup_roll, roll_table
from hacktable.rulesets.redhack.content import load_content


def table(table_id: str) -> Table:
    return load_content().table(table_id)


# -- survival: RULINGS R22 ----------------------------------------------------------------


def test_survival_natural_20_is_discovery_whatever_the_modifier() -> None:
    survival = table("survival")
    assert lookup(survival, 14, natural=20).result == "Discovery"
    assert lookup(survival, 26, natural=20).result == "Discovery"
    seen = 0
    for seed in range(400):
        rolled = roll_table(survival, random.Random(seed), modifier=-6)
        if rolled.natural == 20:
            seen += 1
            assert rolled.value == 14
            assert rolled.entry.result == "Discovery"
        else:
            assert rolled.entry.result != "Discovery"
    assert seen > 0


def test_survival_ranges() -> None:
    survival = table("survival")
    assert lookup(survival, 20).result == "Bounty"  # modified 20 without a natural 20
    assert lookup(survival, 23, natural=19).result == "Bounty"
    assert lookup(survival, 16).result == "Uneventful"
    assert lookup(survival, 19).result == "Uneventful"
    assert lookup(survival, 11).result == "Difficulty"
    assert lookup(survival, 15).result == "Difficulty"
    assert lookup(survival, 6).result == "Trouble or Loss"
    assert lookup(survival, 10).result == "Trouble or Loss"
    assert lookup(survival, 5).result == "Injury or Hazard"
    assert lookup(survival, -7, natural=1).result == "Injury or Hazard"
    assert "ambushed by a superior force" in lookup(survival, 3).effect


def test_survival_roll_explains_the_modifier() -> None:
    rolled = roll_table(table("survival"), random.Random(0), modifier=1)
    assert rolled.explain().startswith("survival: 1d20 [13] -> 13 + 1 = 14: Difficulty. ")


# -- prayer: RULINGS R27 ---------------------------------------------------------------------


def test_prayer_is_clamped_to_1_24() -> None:
    prayer = table("prayer")
    assert prayer.clamp == (1, 24)
    for seed in range(50):
        high = roll_table(prayer, random.Random(seed), modifier=40)
        assert high.value == 24
        assert high.entry.result == "Healed or protected"
        low = roll_table(prayer, random.Random(seed), modifier=-40)
        assert low.value == 1
        assert "cannot feel the presence of your deity" in low.entry.effect
    assert [lookup(prayer, v).low for v in range(1, 25)][-1] == 24
    assert "Flamestrike" in lookup(prayer, 23).effect
    assert lookup_roll(prayer, 30).value == 24


# -- casting: RULINGS R26 ---------------------------------------------------------------------


def test_casting_runs_to_8() -> None:
    casting = table("casting")
    assert [lookup(casting, v).result for v in range(1, 9)] == [
        "Oblivion",
        "Entropy",
        "Entropy",
        "Entropy",
        "Equilibrium",
        "Inspiration",
        "Endurance",
        "Epiphany",
    ]
    values = {roll_table(casting, random.Random(seed), modifier=2).value for seed in range(200)}
    assert values == set(range(3, 9))
    with pytest.raises(RuleError, match="9 is not on the casting table"):
        lookup(casting, 9)


def test_casting_disadvantage_keeps_the_lower() -> None:
    casting = table("casting")
    for seed in range(30):
        rolled = roll_table(casting, random.Random(seed), advantage=Advantage.DISADVANTAGE)
        assert rolled.roll is not None
        assert rolled.value == min(r.total for r in rolled.roll.rolls)


# -- the others ---------------------------------------------------------------------------------


def test_reactions_and_injuries_known_rolls() -> None:
    rolled = roll_table(table("reactions"), random.Random(1))
    assert rolled.explain() == (
        "reactions: 2d6 [2, 5] -> 7: Cautious. Will neither attack nor let down their "
        "guard until the PCs give them a reason."
    )
    assert roll_table(table("injuries"), random.Random(0)).entry.result == "Debilitated"


def test_encounter_check_with_a_fire() -> None:
    encounter = table("encounter-check")
    values = {roll_table(encounter, random.Random(s), modifier=-1).value for s in range(100)}
    assert min(values) == 0
    assert lookup(encounter, 0).result == "Encounter"


def test_fatigue_is_looked_up() -> None:
    fatigue = table("fatigue")
    with pytest.raises(RuleError):
        roll_table(fatigue, random.Random(0))
    assert lookup_roll(fatigue, 2).explain() == (
        "fatigue: 2: Distracted. Disadvantage on CHA/INT/WIS tests."
    )
    assert lookup(fatigue, 9).result == "Dead"
