"""Rollable tables: lookup, validation, seeded rolls and a coverage property.

RULINGS G1 (the caller's random source), G2 (advantage on table rolls), R22 (natural
entries before the ranges).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hacktable.dice import Advantage
from hacktable.errors import RuleError, RulesDataError
from hacktable.rules.tables import (
    Table,
    TableEntry,
    TableRoll,
    clamp_value,
    describe_entry,
    lookup,
    lookup_roll,
    roll_table,
    table_to_json,
    validate_table,
)


def entry(low: int | None, high: int | None, result: str = "", effect: str = "") -> TableEntry:
    return TableEntry(low=low, high=high, result=result or f"{low}-{high}", effect=effect)


def make(
    *entries: TableEntry,
    dice: str | None = "1d6",
    clamp: tuple[int, int] | None = None,
    table_id: str = "t",
) -> Table:
    return Table(id=table_id, name="T", dice=dice, source="test", entries=entries, clamp=clamp)


REACTIONS = make(
    entry(2, 2, "Hostile", "Will attack on sight."),
    entry(3, 5, "Threatening"),
    entry(6, 8, "Cautious", "Will neither attack."),
    entry(9, 11, "Friendly"),
    entry(12, 12, "Ingratiating"),
    dice="2d6",
    table_id="reactions",
)

SURVIVAL = make(
    entry(None, 5, "Injury"),
    entry(6, 19, "Mid"),
    TableEntry(natural=20, result="Discovery"),
    entry(20, None, "Bounty"),
    dice="1d20",
    table_id="survival",
)


# -- lookup ----------------------------------------------------------------------------


def test_lookup_ranges_and_single_values() -> None:
    validate_table(REACTIONS)
    assert lookup(REACTIONS, 2).result == "Hostile"
    assert lookup(REACTIONS, 4).result == "Threatening"
    assert lookup(REACTIONS, 8).result == "Cautious"
    assert lookup(REACTIONS, 12).result == "Ingratiating"


def test_lookup_off_the_table_is_a_rule_error() -> None:
    with pytest.raises(RuleError, match=r"13 is not on the reactions table"):
        lookup(REACTIONS, 13)
    with pytest.raises(ValueError, match="1 is not on"):  # RuleError is a ValueError
        lookup(REACTIONS, 1)


def test_open_ends() -> None:
    validate_table(SURVIVAL)
    assert lookup(SURVIVAL, -40).result == "Injury"
    assert lookup(SURVIVAL, 5).result == "Injury"
    assert lookup(SURVIVAL, 20).result == "Bounty"
    assert lookup(SURVIVAL, 99).result == "Bounty"


def test_natural_entry_is_checked_before_ranges() -> None:
    assert lookup(SURVIVAL, 17, natural=20).result == "Discovery"
    assert lookup(SURVIVAL, 25, natural=19).result == "Bounty"
    assert lookup(SURVIVAL, 20).result == "Bounty"  # no natural given


def test_describe_entry() -> None:
    assert describe_entry(entry(3, 5)) == "3-5"
    assert describe_entry(entry(12, 12)) == "12"
    assert describe_entry(entry(None, 5)) == "5 or less"
    assert describe_entry(entry(20, None)) == "20 or more"
    assert describe_entry(TableEntry(natural=20, result="x")) == "natural 20"


def test_values_are_immutable() -> None:
    with pytest.raises(AttributeError):
        REACTIONS.entries[0].low = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        REACTIONS.id = "x"  # type: ignore[misc]
    rolled = roll_table(REACTIONS, random.Random(0))
    with pytest.raises(dataclasses.FrozenInstanceError):
        rolled.value = 3  # type: ignore[misc]


# -- validation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "reason"),
    [
        (make(entry(1, 3), entry(3, 6)), "overlaps"),
        (make(entry(1, 3), entry(5, 6)), "gap: no entry covers 4 "),
        (make(entry(1, 2), entry(6, 6), entry(3, 4)), "gap: no entry covers 5 "),
        (make(entry(1, 2), entry(5, 6)), "no entry covers 3-4"),
        (make(entry(4, 1), entry(5, 6)), "low 4 is above high 1"),
        (make(entry(1, 3), entry(None, 6)), "(6 or less) is open below but entries[0]"),
        (make(entry(None, 3), entry(None, 6)), "open below but overlaps"),
        (make(entry(1, None), entry(4, 6)), "is open above but"),
        (make(entry(1, 5)), "no entry covers a roll of 6"),
        (make(entry(2, 6)), "no entry covers a roll of 1"),
        (make(entry(1, 6), dice="2d"), "dice: bad dice expression"),
        (make(entry(1, 6), dice="1d6+"), "dice:"),
        (make(), "has no entries"),
        (make(TableEntry(low=1, high=6, natural=6, result="x")), "cannot also have a range"),
        (make(entry(2, 12), TableEntry(natural=12, result="x"), dice="2d6"), "one die"),
        (make(entry(1, 6), TableEntry(natural=7, result="x")), "not a face of d6"),
        (
            make(entry(1, 6), TableEntry(natural=6, result="x"), TableEntry(natural=6, result="y")),
            "natural 6 overlaps",
        ),
        (make(entry(1, 3), TableEntry(natural=3, result="x"), dice=None), "not rolled"),
        (make(entry(1, 20), dice="1d20", clamp=(1, 24)), "no entry covers a roll of 21"),
        (make(entry(1, 6), clamp=(6, 1)), "clamp"),
    ],
)
def test_validation_errors(table: Table, reason: str) -> None:
    with pytest.raises(RulesDataError) as caught:
        validate_table(table, file="tables.toml", entry="tables[0] (id 't')")
    assert caught.value.file == "tables.toml"
    assert caught.value.entry == "tables[0] (id 't')"
    assert reason in caught.value.reason
    assert "\n" not in str(caught.value)


def test_validation_default_entry_names_the_table() -> None:
    with pytest.raises(RulesDataError) as caught:
        validate_table(make(entry(1, 3), entry(3, 6), table_id="oops"))
    assert caught.value.entry == "table 'oops'"


def test_valid_shapes() -> None:
    validate_table(make(entry(1, 6)))
    validate_table(make(entry(None, None), dice="1d6"))  # one open range covers all
    validate_table(make(entry(3, 4), entry(None, 2), entry(5, 6)))  # order is free
    validate_table(make(entry(10, 60), dice="1d6x10"))
    validate_table(make(entry(2, 20), TableEntry(natural=1, result="Fumble"), dice="1d20"))
    validate_table(make(entry(1, 3), entry(4, None), dice=None))  # lookup-only
    validate_table(make(entry(None, 1), entry(2, 24), dice="1d20", clamp=(1, 24)))


# -- clamp and rolls --------------------------------------------------------------------------


def test_clamp() -> None:
    prayer = make(entry(1, 12), entry(13, 24), dice="1d20", clamp=(1, 24))
    validate_table(prayer)
    assert clamp_value(prayer, 30) == 24
    assert clamp_value(prayer, -5) == 1
    assert clamp_value(REACTIONS, 30) == 30  # no clamp
    high = roll_table(prayer, random.Random(0), modifier=100)
    assert high.value == 24
    assert high.entry.result == "13-24"
    low = roll_table(prayer, random.Random(0), modifier=-100)
    assert low.value == 1
    assert "clamped to 1" in low.explain()


def test_roll_table_known_answers() -> None:
    assert [roll_table(REACTIONS, random.Random(seed)).value for seed in range(6)] == [
        8,
        7,
        2,
        7,
        5,
        8,
    ]
    rolled = roll_table(REACTIONS, random.Random(1))
    assert isinstance(rolled, TableRoll)
    assert rolled.natural is None  # two dice
    assert rolled.entry.result == "Cautious"
    assert rolled.explain() == "reactions: 2d6 [2, 5] -> 7: Cautious. Will neither attack."
    assert roll_table(REACTIONS, random.Random(4)).explain() == (
        "reactions: 2d6 [2, 3] -> 5: Threatening"
    )


def test_roll_table_modifier_and_natural() -> None:
    rolled = roll_table(SURVIVAL, random.Random(0), modifier=1)
    assert (rolled.natural, rolled.modifier, rolled.value) == (13, 1, 14)
    assert rolled.explain() == "survival: 1d20 [13] -> 13 + 1 = 14: Mid"
    minus = roll_table(SURVIVAL, random.Random(0), modifier=-2)
    assert minus.explain() == "survival: 1d20 [13] -> 13 - 2 = 11: Mid"


def test_roll_table_advantage_keeps_higher_or_lower() -> None:
    better = roll_table(SURVIVAL, random.Random(1), advantage=Advantage.ADVANTAGE)
    worse = roll_table(SURVIVAL, random.Random(1), advantage=Advantage.DISADVANTAGE)
    assert better.roll is not None
    assert [r.total for r in better.roll.rolls] == [5, 19]
    assert (better.value, better.natural, better.entry.result) == (19, 19, "Mid")
    assert (worse.value, worse.natural, worse.entry.result) == (5, 5, "Injury")
    assert better.explain() == "survival: 1d20 with advantage: [5] -> 5; [19] -> 19; keeps 19: Mid"


def test_natural_twenty_whatever_the_modifier() -> None:
    for seed in range(500):
        rolled = roll_table(SURVIVAL, random.Random(seed), modifier=-10)
        if rolled.natural == 20:
            assert rolled.value == 10
            assert rolled.entry.result == "Discovery"
            assert rolled.explain().endswith("(natural 20): Discovery")
            break
    else:  # pragma: no cover - 500 seeds always include a 20
        pytest.fail("no natural 20 in 500 seeds")


def test_roll_table_uses_only_the_given_rng() -> None:
    random.seed(12345)
    state = random.getstate()
    first = [roll_table(SURVIVAL, random.Random(7)).value for _ in range(3)]
    assert random.getstate() == state
    assert len(set(first)) == 1


def test_lookup_only_tables() -> None:
    fatigue = make(entry(1, 1, "Distressed"), entry(2, None, "Worse"), dice=None)
    with pytest.raises(RuleError, match="looked up, not rolled"):
        roll_table(fatigue, random.Random(0))
    found = lookup_roll(fatigue, 3)
    assert found.roll is None
    assert found.entry.result == "Worse"
    assert found.explain() == "t: 3: Worse"


def test_roll_off_the_table_raises() -> None:
    with pytest.raises(RuleError, match="is not on the reactions table"):
        roll_table(REACTIONS, random.Random(0), modifier=20)


def test_table_to_json() -> None:
    data = table_to_json(roll_table(SURVIVAL, random.Random(0), modifier=1))
    assert data["table"] == "survival"
    assert data["value"] == 14
    assert data["natural"] == 13
    assert data["modifier"] == 1
    assert data["entry"] == {
        "low": 6,
        "high": 19,
        "natural": None,
        "result": "Mid",
        "effect": "",
    }
    assert data["roll"]["total"] == 13
    assert data["text"] == "survival: 1d20 [13] -> 13 + 1 = 14: Mid"
    json.dumps(data)
    assert table_to_json(lookup_roll(SURVIVAL, 3))["roll"] is None


# -- property: every roll of every valid table lands on exactly one entry ----------------------

_DICE = {"1d4": (1, 4), "1d6": (1, 6), "1d20": (1, 20), "2d6": (2, 12), "3d6": (3, 18)}


@st.composite
def valid_tables(draw: st.DrawFn) -> Table:
    dice = draw(st.sampled_from(sorted(_DICE)))
    low, high = _DICE[dice]
    cuts = draw(st.sets(st.integers(low + 1, high), max_size=high - low))
    bounds = [low, *sorted(cuts), high + 1]
    rows = [entry(a, b - 1) for a, b in itertools.pairwise(bounds)]
    if draw(st.booleans()):
        rows[0] = entry(None, rows[0].high, rows[0].result)
    if draw(st.booleans()):
        rows[-1] = entry(rows[-1].low, None, rows[-1].result)
    if dice.startswith("1d") and draw(st.booleans()):
        face = draw(st.integers(low, high))
        rows.append(TableEntry(natural=face, result=f"natural {face}"))
    order = draw(st.permutations(rows))
    return make(*order, dice=dice)


@settings(max_examples=200, deadline=None)
@given(valid_tables(), st.integers(0, 2**32 - 1), st.integers(-5, 5))
def test_every_roll_lands_on_exactly_one_entry(table: Table, seed: int, modifier: int) -> None:
    validate_table(table)
    ranges = [row for row in table.entries if row.natural is None]
    open_low = any(row.low is None for row in ranges)
    open_high = any(row.high is None for row in ranges)
    # A modifier may only push off a closed end; keep it where the table is closed.
    if (modifier < 0 and not open_low) or (modifier > 0 and not open_high):
        modifier = 0
    rolled = roll_table(table, random.Random(seed), modifier=modifier)
    natural_hits = [
        row for row in table.entries if row.natural is not None and row.natural == rolled.natural
    ]
    range_hits = [row for row in ranges if row.covers(rolled.value)]
    assert len(range_hits) == 1
    if natural_hits:
        assert rolled.entry is natural_hits[0]
    else:
        assert rolled.entry is range_hits[0]


@settings(max_examples=100, deadline=None)
@given(valid_tables(), st.data())
def test_removing_a_middle_range_is_a_gap(table: Table, data: st.DataObject) -> None:
    ranges = sorted(
        (row for row in table.entries if row.natural is None),
        key=lambda row: -(10**9) if row.low is None else row.low,
    )
    if len(ranges) < 3:
        return
    removed = ranges[data.draw(st.integers(1, len(ranges) - 2))]
    broken = make(*(row for row in table.entries if row is not removed), dice=table.dice)
    with pytest.raises(RulesDataError, match="gap"):
        validate_table(broken)
