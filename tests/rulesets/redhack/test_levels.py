"""Gaining a level as a downtime action (issue 10 §3, §9; redhack: Experience & Gaining
Levels; RULINGS R28; docs/rulings.md H183, H185-H187)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacktable.errors import CommandError, RuleError
from hacktable.rulesets.grammar import AccessKind
from hacktable.rulesets.redhack.commands import levels
from hacktable.rulesets.redhack.levelling import (
    AttributeRoll,
    cost_bounds,
    cost_expression,
    roll_attribute,
    roll_cost,
    unrisen_primes,
)

from ...console.conftest import Play
from ...helpers import Faces


def test_the_cost_at_3rd_level_is_3d6x3(table: Play) -> None:
    """Issue 10 §3: "(L)d6 x L coins (3d6x3 at 3rd level)"."""
    assert cost_expression(3) == "3d6x3"
    assert cost_bounds(3) == (9, 54)
    tomas = table.session.character("Tomas")
    cost, shown = roll_cost(replace(tomas, level=3), Faces(2, 5, 4))
    assert cost == 33
    assert shown == "3d6x3: [2, 5, 4] x 3 -> 33"


@pytest.mark.parametrize(
    ("score", "face", "after", "phrase"),
    [
        (12, 13, 13, "+1 -> 13"),
        (12, 12, 12, "no change"),
        (5, 1, 5, "no change"),  # a 1 is not a failure of a test: just lower
        (18, 20, 19, "+1 -> 19"),  # a 20 is not special: higher, so +1
        (19, 20, 19, "19 is the cap"),
    ],
)
def test_a_d20_against_each_attribute(score: int, face: int, after: int, phrase: str) -> None:
    """Issue 10 §3: +1 when higher; 1 and 20 not special; 19 the cap."""
    rolled = roll_attribute("STR", score, Faces(face))
    assert rolled.after == after
    assert phrase in rolled.describe()


def test_the_primes_that_may_roll_again() -> None:
    rolls = [AttributeRoll("STR", 12, 4, 12), AttributeRoll("DEX", 9, 15, 10)]
    assert unrisen_primes(("STR", "DEX"), rolls) == ("STR",)
    capped = [AttributeRoll("STR", 19, 20, 19), AttributeRoll("DEX", 9, 3, 9)]
    assert unrisen_primes(("STR", "DEX"), capped) == ("DEX",)


def _ready(table: Play, name: str, **changes: object) -> None:
    """Give ``name`` a downtime action (a downtime rest) and what else the test needs."""
    table("rest downtime")
    if changes:
        table.set_character(name, **changes)


def test_a_level_up_at_3rd_level(table: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 10 §3: 3 experience checked off, 3d6x3 coins charged, a hit die on max HP,
    a d20 for each of six attributes, the Warrior's cleave dice now 4, the GM's ding."""
    _ready(table, "Aldric", level=3, xp=4, coins=100, hp=20, max_hp=20)
    before = table.session.character("Aldric")
    # cost 3d6: 2, 5, 4 (x3 = 33); hit die 7; STR..CHA d20s; STR and DEX (primes) rise
    faces = [2, 5, 4, 7, 20, 20, 1, 1, 1, 1]
    real = levels.Act

    class Dealt(real):  # type: ignore[misc, valid-type]
        def __init__(self, ctx: object) -> None:
            super().__init__(ctx)
            self.rng = Faces(*faces)

    monkeypatch.setattr(levels, "Act", Dealt)
    out = table('level Aldric --ding "a new background: sergeant of the guard"')
    after = table.session.character("Aldric")
    assert after.level == 4
    assert after.xp == 1
    assert after.coins == 100 - 33
    assert "coins 100 -> 67" in out
    assert after.max_hp == 27
    assert after.hp == 27
    assert after.score("STR") == before.score("STR") + 1
    assert after.score("CON") == before.score("CON")
    assert after.downtime_actions == 0
    assert "4 cleave dice a round" in out
    assert "no second roll needed" in out
    assert "Ding (the GM's bonus): a new background: sergeant of the guard" in out
    table("undo")
    assert table.session.character("Aldric") == before


def test_a_prime_requisite_that_did_not_rise_rolls_again(
    table: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A thief (DEX, WIS): both fail; a script takes --reroll WIS (H187); backstab is
    now 2d6+2."""
    _ready(table, "Sly", xp=1, coins=10)
    real = levels.Act

    class Dealt(real):  # type: ignore[misc, valid-type]
        def __init__(self, ctx: object) -> None:
            super().__init__(ctx)
            self.rng = Faces(3, 4, 1, 1, 1, 1, 1, 1, 20)

    monkeypatch.setattr(levels, "Act", Dealt)
    before = table.session.character("Sly")
    out = table("level Sly --reroll WIS")
    after = table.session.character("Sly")
    assert "Prime requisite WIS did not rise: rolled again" in out
    assert after.score("WIS") == before.score("WIS") + 1
    assert after.score("DEX") == before.score("DEX")
    assert "backstab 2d6+2" in out
    assert after.coins == 7


def test_levelling_without_the_experience_is_refused(table: Play) -> None:
    """Issue 10 §9: levelling without the experience: one clear line, nothing changed,
    nothing rolled."""
    _ready(table, "Tomas", level=2, xp=1)
    before = table.session.character("Tomas")
    with pytest.raises(RuleError, match="has 1 experience: level 3 needs 2"):
        table("level Tomas")
    assert table.session.character("Tomas") == before


def test_levelling_without_the_coins_is_refused(table: Play) -> None:
    """Issue 10 §9: levelling without the coins: below the least cost (L x L) nothing is
    rolled; between, the cost is rolled and refused with nothing stored (H186)."""
    _ready(table, "Tomas", level=3, xp=3, coins=8)
    with pytest.raises(RuleError, match="has 8 coins: level 4 costs 3d6x3, at least 9"):
        table("level Tomas")
    table.set_character("Tomas", coins=10)
    with pytest.raises(RuleError, match=r"rolls the cost, 3d6x3: .* and has 10: not enough"):
        table("level Tomas")
    tomas = table.session.character("Tomas")
    assert tomas.level == 3
    assert tomas.coins == 10


def test_levelling_needs_a_downtime_action(table: Play) -> None:
    table.set_character("Mirela", xp=1)
    with pytest.raises(RuleError, match="no downtime action"):
        table("level Mirela")


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("level Mirela --reroll STR", RuleError),
        ("level Mirela now", CommandError),
        ("level", CommandError),
    ],
)
def test_bad_level_lines(table: Play, line: str, error: type[Exception]) -> None:
    _ready(table, "Mirela", xp=1)
    before = table.session.character("Mirela")
    with pytest.raises(error):
        table(line)
    assert table.session.character("Mirela") == before


def test_only_the_gm_gives_the_ding() -> None:
    assert levels.LevelIntent("Sly").access().kind is AccessKind.PLAY
    assert levels.LevelIntent("Sly", ding="fame").access().kind is AccessKind.GM
