"""Wilderness journeys: speed and hexes (RULINGS R21), the survival roll (R22), the
fatigue tests and recovery (R23), landscapes as campaign data, and journeys at the
console (redhack: Wilderness Survival; Exploration & Dungeons > Food & Water, Resting).

Dice that matter are dealt with :class:`tests.helpers.Faces`, so each test asserts an
exact outcome.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from hacktable.errors import CommandError, RuleError, RulesDataError, UnknownNameError
from hacktable.rulesets.redhack.character import Character, Item
from hacktable.rulesets.redhack.commands.travel import current_journey
from hacktable.rulesets.redhack.party import Needs, PartyState, fatigue_step, with_fatigue_step
from hacktable.rulesets.redhack.ruleset import Redhack
from hacktable.rulesets.redhack.travel import (
    DEFAULT_HEX_MILES,
    SpeedConditions,
    TravelPlan,
    begins_clear,
    drained_cap,
    fatigue_day,
    fatigue_mode,
    hindrances,
    landscapes_from_text,
    load_landscapes,
    movement,
    party_hindrance,
    penalty_per_move,
    recovered_step,
    speed,
    survival_modifier,
    survival_roll,
    travelling_light,
)

from ...console.conftest import Play
from ...helpers import Faces

RULES = Redhack()
MARSH = Path(__file__).resolve().parents[3] / "examples" / "data" / "marsh.toml"


def pc(
    name: str = "Aldric",
    *,
    str_: int = 10,
    con: int = 10,
    wis: int = 10,
    hp: int = 10,
    step: int = 0,
    items: int = 0,
) -> Character:
    """A level-1 thief with the given scores, fatigue step and ``items`` 1-slot items."""
    character = Character(
        name=name,
        ruleset="redhack",
        class_id="thief",
        scores=(("STR", str_), ("DEX", 10), ("CON", con), ("INT", 10), ("WIS", wis), ("CHA", 10)),
        hp=hp,
        max_hp=hp,
        hit_die=6,
        inventory=tuple(Item(f"stone {i}") for i in range(items)),
    )
    return with_fatigue_step(character, step)


# -- speed: RULINGS R21 ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("conditions", "expected"),
    [
        (SpeedConditions(), 0),  # "default speed is zero, representing normal walking"
        (SpeedConditions(mounts=1), 1),  # appropriate mounts +1
        (SpeedConditions(mounts=2), 2),  # ... or more
        (SpeedConditions(light=True), 1),  # less than half items allowed +1
        (SpeedConditions(road=True), 1),  # following a road +1
        (SpeedConditions(hindered=1), -1),  # any PC slowed, dragging or encumbered -1
        (SpeedConditions(hindered=2), -2),  # -1 per additional condition
        (SpeedConditions(hindered=3), -3),
        (SpeedConditions(difficult=True), -1),  # difficult terrain -1
        (SpeedConditions(search=True), -1),  # conducting a search -1
        (SpeedConditions(1, True, True, 1, True, True), 0),
    ],
)
def test_speed_table_rows(conditions: SpeedConditions, expected: int) -> None:
    assert speed(conditions) == expected


def test_horseback_example_is_two_moves_six_hexes_minus_4() -> None:
    # redhack: "a party on horseback travelling light are +2 speed, and travel 3 hexes on
    # each move"; RULINGS R21: the example means two moves (-4, six hexes).
    conditions = SpeedConditions(mounts=1, light=True)
    assert speed(conditions) == 2
    day = movement(speed(conditions), moves=2)
    assert (day.hexes_per_move, day.hexes, day.penalty) == (3, 6, 4)


@pytest.mark.parametrize(
    ("speed_", "moves", "banked", "hexes", "left"),
    [
        (0, 2, 0, 2, 0),  # one hex a move
        (1, 2, 0, 4, 0),  # s > 0: s + 1 hexes a move
        (3, 1, 0, 4, 0),
        (-1, 2, 0, 1, 0),  # s < 0: every hex takes |s| + 1 moves
        (-1, 3, 0, 1, 1),  # a move left over is carried to the next day (H42)
        (-1, 3, 1, 2, 0),
        (-2, 2, 0, 0, 2),
        (-2, 2, 2, 1, 1),
        (2, 0, 0, 0, 0),
    ],
)
def test_hexes_covered(speed_: int, moves: int, banked: int, hexes: int, left: int) -> None:
    day = movement(speed_, moves, banked=banked)
    assert (day.hexes, day.banked) == (hexes, left)


@pytest.mark.parametrize(
    ("miles", "per_move"),
    [(6, 2), (10, 4), (2, 1), (3, 1), (1, 1), (5, 2), (8, 3), (12, 5), (24, 10)],
)
def test_penalty_per_move(miles: int, per_move: int) -> None:
    # RULINGS R21: max(1, round(0.4 x miles)); the text: 10-mile hex -4, 2 or 3 mile -1.
    assert penalty_per_move(miles) == per_move
    assert movement(0, 3, miles).penalty == 3 * per_move


def test_default_hex_is_six_miles_minus_2_a_move() -> None:
    assert DEFAULT_HEX_MILES == 6
    assert movement(-1, 2).penalty == 4  # the penalty is per move, not per hex


@pytest.mark.parametrize("bad", [(0, -1, 6, 0), (0, 1, 0, 0), (0, 1, -6, 0), (-1, 1, 6, -1)])
def test_movement_refuses_bad_numbers(bad: tuple[int, int, int, int]) -> None:
    with pytest.raises(RuleError):
        movement(*bad)


def test_plan_refuses_negative_numbers() -> None:
    for fields in ({"moves": -1}, {"days": -1}, {"mounts": -1}, {"hex_miles": 0}):
        with pytest.raises(RuleError):
            TravelPlan(**fields)  # type: ignore[arg-type]


def test_hindrances_and_the_party_count() -> None:
    light = pc("Light", str_=10, items=4)
    loaded = pc("Loaded", str_=10, items=11)
    dragging = pc("Tired", step=4)
    assert travelling_light(RULES, light)
    assert not travelling_light(RULES, pc(items=5))  # half of STR 10 is not less than half
    assert hindrances(RULES, light) == ()
    assert hindrances(RULES, loaded) == ("encumbered",)  # RULINGS R29: beyond STR items
    assert hindrances(RULES, dragging) == ("dragging",)
    assert hindrances(RULES, pc(step=6)) == ("dragging",)  # every step past 4 drags too
    both = pc("Both", step=4, items=11)
    assert hindrances(RULES, both, slowed=True) == ("slowed", "dragging", "encumbered")
    # H41: the most any one PC has: two PCs each with one condition cost 1, not 2.
    assert party_hindrance(RULES, [loaded, dragging])[0] == 1
    worst, who = party_hindrance(RULES, [light, both], slowed=["both"])
    assert worst == 3
    assert who == {"Both": ("slowed", "dragging", "encumbered")}


# -- the survival roll: RULINGS R22 ---------------------------------------------------------


def test_survival_modifier_is_wis_and_con_less_the_penalty() -> None:
    assert survival_modifier(pc(wis=15, con=13), 4) == -2  # +1 +1 -4
    assert survival_modifier(pc(wis=18, con=5), 2) == -1  # +3 -2 -2
    with pytest.raises(RuleError):
        survival_modifier(pc(), -1)


@pytest.mark.parametrize(
    ("face", "wis", "con", "penalty", "result"),
    [
        (19, 18, 16, 2, "Bounty"),  # 19 + 3 + 2 - 2 = 22: 20 or more
        (19, 10, 10, 0, "Uneventful"),
        (16, 10, 10, 0, "Uneventful"),
        (15, 10, 10, 0, "Difficulty"),
        (13, 13, 13, 4, "Difficulty"),  # 13 + 1 + 1 - 4 = 11
        (10, 10, 10, 0, "Trouble or Loss"),
        (10, 10, 10, 4, "Trouble or Loss"),  # 6
        (9, 10, 10, 4, "Injury or Hazard"),  # 5 or less
        (20, 3, 3, 10, "Discovery"),  # a natural 20 beats the table: 20 - 16 = 4
    ],
)
def test_survival_roll_on_redhacks_table(
    face: int, wis: int, con: int, penalty: int, result: str
) -> None:
    rolled = survival_roll(Faces(face), pc("Tomas", wis=wis, con=con), penalty)
    assert rolled.result == result
    assert rolled.roll.table.id == "survival"
    assert rolled.explain().startswith(
        f"Tomas leads (WIS {rolled.wis:+d}, CON {rolled.con:+d}, penalty -{penalty}): survival: "
    )


def test_survival_roll_on_a_landscape_table() -> None:
    (marsh,) = load_landscapes(MARSH)
    leader = pc(wis=10, con=10)
    # 10 - 4 = 6: Trouble on redhack's table, Injury or Hazard in the marsh (its bad
    # outcomes reach further: "alter the ranges").
    assert survival_roll(Faces(10), leader, 4).result == "Trouble or Loss"
    assert survival_roll(Faces(10), leader, 4, marsh.survival).result == "Injury or Hazard"
    assert survival_roll(Faces(15), leader, 4, marsh.survival).result == "Trouble or Loss"
    assert survival_roll(Faces(20), leader, 12, marsh.survival).result == "Discovery"
    assert survival_roll(Faces(19), pc(wis=18, con=18), 2, marsh.survival).result == "Bounty"


# -- landscapes: campaign data ----------------------------------------------------------------


def test_marsh_example_loads() -> None:
    (marsh,) = load_landscapes(MARSH)
    assert (marsh.id, marsh.terrain, marsh.file) == ("marsh", "difficult", "marsh.toml")
    assert marsh.encounters is not None
    assert marsh.encounters.dice == "1d8"
    from hacktable.rulesets.redhack.bestiary import load_bestiary

    known = set(load_bestiary().ids)
    assert {entry.result for entry in marsh.encounters.entries} <= known


LANDSCAPE = """
[[landscapes]]
id = "moor"
name = "Moor"
survival = "moor-survival"
{extra}

[[tables]]
id = "moor-survival"
name = "Moor survival"
dice = "1d20"
source = "test"
entries = [
    {{ high = 8, result = "Lost" }},
    {{ low = 9, high = 15, result = "Hard going" }},
    {{ low = {low}, result = "Fine" }},
]
"""


def test_landscape_file_without_encounters() -> None:
    (moor,) = landscapes_from_text(LANDSCAPE.format(extra="", low=16), "moor.toml")
    assert moor.encounters is None
    assert moor.terrain == "normal"


@pytest.mark.parametrize(
    ("extra", "low", "entry", "reason"),
    [
        ("", 15, "tables[0] (id 'moor-survival')", "entries[2] (15 or more) overlaps"),
        ("", 18, "tables[0] (id 'moor-survival')", "gap: no entry covers 16-17"),
        ('encounters = "moor-beasts"', 16, "landscapes[0] (id 'moor')", "no table 'moor-beasts'"),
        ('terrain = "boggy"', 16, "landscapes[0] (id 'moor')", "boggy"),
        ("colour = 3", 16, "landscapes[0] (id 'moor')", "colour"),
        ("", "16, high = 25", "landscapes[0] (id 'moor')", "is not open above"),
    ],
)
def test_landscape_file_errors_name_file_entry_and_reason(
    extra: str, low: int | str, entry: str, reason: str
) -> None:
    with pytest.raises(RulesDataError) as caught:
        landscapes_from_text(LANDSCAPE.format(extra=extra, low=low), "moor.toml")
    error = caught.value
    assert error.file == "moor.toml"
    assert error.entry == entry
    assert reason in error.reason


def test_landscape_file_with_no_landscapes_or_twice_the_same() -> None:
    with pytest.raises(RulesDataError, match="no \\[\\[landscapes\\]\\]"):
        landscapes_from_text("landscapes = []", "empty.toml")
    twice = LANDSCAPE.format(extra="", low=16).replace(
        "[[tables]]",
        '[[landscapes]]\nid = "moor"\nname = "Moor"\nsurvival = "moor-survival"\n\n[[tables]]',
    )
    with pytest.raises(RulesDataError, match="duplicate id 'moor'"):
        landscapes_from_text(twice, "twice.toml")


# -- fatigue: RULINGS R23 ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("need", "needs", "mode"),
    [
        ("hunger", Needs(hunger_failures=0), "advantage"),  # until the first failure
        ("hunger", Needs(hunger_failures=1), "normal"),  # until the second
        ("hunger", Needs(hunger_failures=2), "disadvantage"),
        ("hunger", Needs(hunger_failures=5), "disadvantage"),
        ("exhaustion", Needs(tired_failures=0), "advantage"),
        ("exhaustion", Needs(tired_failures=1), "normal"),
        ("exhaustion", Needs(tired_failures=2, hunger_failures=0), "disadvantage"),
        ("exhaustion", Needs(tired_failures=0, hunger_failures=2), "advantage"),
        ("thirst", Needs(thirst_days=1), "advantage"),  # day 1
        ("thirst", Needs(thirst_days=2), "normal"),
        ("thirst", Needs(thirst_days=3), "disadvantage"),
        ("thirst", Needs(thirst_days=4), "automatic failure"),  # from day 4
        ("thirst", Needs(thirst_days=9), "automatic failure"),
        ("hunger", Needs(hunger_failures=4, half_rations=True), "advantage"),  # half rations
        ("thirst", Needs(thirst_days=6, half_rations=True), "advantage"),
        ("exhaustion", Needs(tired_failures=2, half_rations=True), "disadvantage"),
    ],
)
def test_fatigue_modes(need: str, needs: Needs, mode: str) -> None:
    assert fatigue_mode(need, needs) == mode


def test_fatigue_mode_unknown_need() -> None:
    with pytest.raises(RuleError, match="no fatigue test"):
        fatigue_mode("boredom", Needs())


def test_nothing_to_test_for_a_fed_watered_rested_character() -> None:
    day = fatigue_day(RULES, pc(), Needs(), Faces())
    assert day.tests == ()
    assert day.character == pc()


def test_first_hunger_test_has_advantage() -> None:
    # CON 10: a 15 fails, the advantage reroll 5 succeeds (RULINGS R3).
    day = fatigue_day(RULES, pc(con=10), Needs(hungry=True), Faces(15, 5))
    (test,) = day.tests
    assert test.need == "hunger"
    assert test.mode == "advantage"
    assert test.success
    assert test.result is not None
    assert test.result.request.advantages == ("hunger, 0 failed",)
    assert test.result.request.attribute == "CON"
    assert day.step_after == 0
    assert day.needs.hunger_failures == 0


def test_a_failure_moves_one_step_down_and_counts() -> None:
    day = fatigue_day(RULES, pc(con=10), Needs(hungry=True, hunger_failures=1), Faces(17))
    (test,) = day.tests
    assert (test.mode, test.success, test.step, test.status) == ("normal", False, 1, "Distressed")
    assert day.needs.hunger_failures == 2
    assert fatigue_step(day.character) == 1
    assert day.character.has_condition("distressed")
    assert "fatigue step 1 Distressed" in test.explain()
    # the next day, disadvantage: a success is rerolled (RULINGS R3)
    after = fatigue_day(RULES, day.character, replace(day.needs), Faces(5, 14))
    assert after.tests[0].mode == "disadvantage"
    assert not after.tests[0].success
    assert after.step_after == 2


def test_thirst_counts_days_and_fails_automatically_from_day_4() -> None:
    needs = Needs(thirsty=True)
    character = pc(con=10)
    faces = {1: (15, 16), 2: (16,), 3: (17,)}  # every roll fails
    for day_number in (1, 2, 3):
        day = fatigue_day(RULES, character, needs, Faces(*faces[day_number]))
        assert day.needs.thirst_days == day_number
        assert day.tests[0].mode == ("advantage", "normal", "disadvantage")[day_number - 1]
        character, needs = day.character, day.needs
    assert fatigue_step(character) == 3
    day = fatigue_day(RULES, character, needs, Faces())  # no die is rolled
    assert day.tests[0].mode == "automatic failure"
    assert day.tests[0].result is None
    assert "fails automatically" in day.tests[0].explain()
    assert day.step_after == 4


def test_half_rations_still_test_hunger_with_advantage() -> None:
    needs = Needs(half_rations=True, hunger_failures=3)
    day = fatigue_day(RULES, pc(con=10), needs, Faces(15, 3))
    (test,) = day.tests
    assert (test.need, test.mode, test.success) == ("hunger", "advantage", True)
    assert test.result is not None
    assert test.result.request.advantages == ("half rations",)


def test_each_condition_is_its_own_test_and_failures_add_up() -> None:
    needs = Needs(hungry=True, thirsty=True, tired=True, hunger_failures=1, tired_failures=1)
    day = fatigue_day(RULES, pc(con=10), needs, Faces(18, 15, 16, 19))
    assert [t.need for t in day.tests] == ["hunger", "thirst", "exhaustion"]
    assert [t.step for t in day.tests] == [1, 2, 3]
    assert day.needs.hunger_failures == 2
    assert day.needs.tired_failures == 2
    assert day.needs.thirst_days == 1


def test_drained_halves_hp_and_worse_is_announced() -> None:
    character = replace(pc(con=10, hp=11, step=4), hp=9)
    day = fatigue_day(RULES, character, Needs(hungry=True, hunger_failures=2), Faces(12))
    assert day.step_after == 5
    assert drained_cap(day.character) == 5
    assert (day.character.hp, day.character.max_hp) == (5, 11)  # H44: HP capped, max kept
    assert any("HP 9 -> 5 (half of 11)" in note for note in day.notes)
    assert any("is Drained" in note for note in day.notes)
    delirious = fatigue_day(RULES, day.character, day.needs, Faces(12))
    assert delirious.step_after == 6
    assert any("Delirious" in note for note in delirious.notes)
    dying = fatigue_day(RULES, delirious.character, delirious.needs, Faces(12))
    assert dying.step_after == 7
    assert any("Dead: Character will die within 24 hours" in n for n in dying.notes)
    assert drained_cap(pc(step=4)) is None
    assert drained_cap(pc(hp=1, step=5)) == 1


def test_recovery_long_rest_full_day_downtime() -> None:
    # "Each long rest which begins with none of the three conditions will move the
    # character one step up ... A full day of rest will move two steps, and a downtime
    # will usually mean a full recovery."
    assert recovered_step(4, "long", clear=True) == 3
    assert recovered_step(4, "long", clear=False) == 4
    assert recovered_step(4, "day", clear=True) == 2
    assert recovered_step(1, "day", clear=True) == 0
    assert recovered_step(4, "day", clear=False) == 4
    assert recovered_step(6, "downtime", clear=False) == 0
    assert recovered_step(7, "downtime", clear=True) == 7  # only aid saves the dying (H26)
    assert recovered_step(0, "long", clear=True) == 0
    assert begins_clear(Needs(half_rations=True, hunger_failures=2))
    for flag in ("hungry", "thirsty", "tired"):
        assert not begins_clear(Needs(**{flag: True}))  # type: ignore[arg-type]


# -- at the console -------------------------------------------------------------------------


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Play]:
    play = Play(tmp_path / "c.db", seed=1)
    for line in (
        "character new Aldric --class warrior --kit 1",
        "character new Sly --class thief --kit 1",
        "character new Tomas --class cleric --kit 1",
        "give Aldric iron rations",
        "give Aldric waterskin",
        "give Tomas iron rations",
        "give Tomas waterskin",
        "give Sly waterskin",  # Sly has no food: hungry from the first evening
    ):
        play(line)
    yield play
    play.close()


def party_state(play: Play) -> PartyState:
    from hacktable.play.codec import from_json

    data = play.session.state.get("party", "state")
    return PartyState() if data is None else from_json(PartyState, data)


def needs_of(play: Play, name: str) -> Needs:
    from hacktable.play.codec import from_json

    data = play.session.state.get("needs", play.session.character(name).key)
    return Needs() if data is None else from_json(Needs, data)


def test_console_journey_through_the_marsh(table: Play) -> None:
    assert "Added 1 landscape from marsh.toml: marsh" in table(f"landscape add {MARSH}")
    assert "marsh" in table("landscape")
    shown = table("landscape marsh")
    assert "Injury or Hazard" in shown
    assert "lizard-man" in shown
    planned = table("travel plan --landscape marsh --days 3 --leader Tomas")
    assert "speed -1 (difficult terrain -1)" in planned
    assert "2 moves a hex; 2 moves: 1 hex; survival penalty -4" in planned
    assert "leader Tomas" in planned
    party = party_state(table)
    assert party.environment == "wilderness"
    assert party.location == "marsh-encounters"
    start_day = party.day
    events = len(table.session.log())

    for number in (1, 2, 3):
        reply = table("travel day")
        assert len(table.session.log()) == events + number  # one event a day
        event = table.session.log(1)[0]
        assert event.action == "travel.day"
        assert event.actor == "Tomas"
        assert f"Journey day {number} of 3" in reply
        assert "Survival: Tomas leads (WIS" in reply
        assert "marsh-survival: 1d20" in reply
        assert "Hex 1: encounter check: d6" in reply
        assert "Aldric eats: Iron Rations" in reply
        assert "Sly has no food left" in reply
        # the test as made: CON, with the sources of its advantage or disadvantage
        assert "Fatigue, Sly: hunger: CON test for fatigue" in reply
        if number == 1:
            assert (
                "Fatigue, Sly: hunger: CON test for fatigue, advantage (hunger, 0 failed)" in reply
            )
        assert f"now day {start_day + number}, 08:00" in reply
        assert party_state(table).day == start_day + number
        assert party_state(table).minute == 8 * 60
    assert "The 3 planned days are travelled." in reply
    journey = current_journey(table.session)
    assert journey is not None
    assert journey.days == 3
    assert journey.hexes >= 3
    assert needs_of(table, "Sly").hungry
    assert not needs_of(table, "Aldric").hungry
    status = table("travel status")
    assert "3 of 3 days travelled" in status
    assert "the 3 planned days travelled; full rations" in status
    assert "Sly" in status
    assert "hungry" in status
    with pytest.raises(RuleError, match="planned days are travelled"):
        table("travel day")
    assert "journey ends after 3 days" in table("travel end")
    assert current_journey(table.session) is None


def test_console_plan_shows_who_slows_the_party(table: Play) -> None:
    sly = table.session.character("Sly")
    extra = sly.score("STR") - RULES.load(sly) + 1
    table(f"give Sly stones x{extra} custom force")
    planned = table("travel plan --road --mounts 1")
    assert "slowing the party: Sly encumbered" in planned
    assert "speed +1 (mounts +1, road +1, slowed, dragging or encumbered -1)" in planned
    with pytest.raises(RuleError, match="--light: not everyone carries less than half"):
        table("travel plan --light")


def test_console_default_table_and_half_rations(table: Play) -> None:
    table("travel plan --half --moves 1 --hex 10")
    reply = table("travel day")
    assert "survival penalty -4 (-4 a move, 10-mile hexes)" in reply
    assert "survival: 1d20" in reply
    assert "half rations" in table("travel status")
    assert needs_of(table, "Aldric").half_rations


@pytest.mark.parametrize(
    ("line", "error", "match"),
    [
        ("travel day", RuleError, "no journey planned"),
        ("travel status extra", CommandError, "unexpected"),
        ("travel plan --moves -1", CommandError, "--moves must be at least 0"),
        ("travel plan --days -2", CommandError, "--days must be at least 0"),
        ("travel plan --hex -6", CommandError, "--hex must be at least 1"),
        ("travel plan --mounts -1", CommandError, "--mounts must be at least 0"),
        ("travel plan --moves lots", CommandError, "whole number"),
        ("travel plan --landscape atlantis", UnknownNameError, "unknown landscape 'atlantis'"),
        ("travel plan --leader Nobody", UnknownNameError, "unknown character 'Nobody'"),
        ("travel plan --slowed Sly,Nobody", UnknownNameError, "unknown character"),
        ("travel plan --terrain swampy", CommandError, "normal or difficult"),
        ("travel plan --fast", CommandError, "unexpected '--fast'"),
        ("travel plan --moves", CommandError, "missing the value of --moves"),
        ("travel wander", CommandError, "unknown subcommand"),
        ("travel end", RuleError, "no journey to end"),
        ("landscape atlantis", UnknownNameError, "unknown landscape"),
        ("landscape add /nowhere/marsh.toml", RuleError, "no landscape file"),
        ("landscape add", CommandError, "missing FILE"),
    ],
)
def test_console_bad_input_changes_nothing(
    table: Play, line: str, error: type[Exception], match: str
) -> None:
    before = table.session.state.to_json()
    events = len(table.session.log())
    with pytest.raises(error, match=match):
        table(line)
    assert table.session.state.to_json() == before
    assert len(table.session.log()) == events


def test_console_bad_landscape_file_changes_nothing(table: Play, tmp_path: Path) -> None:
    bad = tmp_path / "moor.toml"
    bad.write_text(LANDSCAPE.format(extra="", low=15))
    before = table.session.state.to_json()
    with pytest.raises(RulesDataError, match=r"rules data moor.toml: entry tables\[0\]"):
        table(f"landscape add {bad}")
    assert table.session.state.to_json() == before


def test_console_travel_day_after_a_bad_plan_keeps_the_old_plan(table: Play) -> None:
    table("travel plan --moves 3")
    with pytest.raises(CommandError):
        table("travel plan --moves -3")
    journey = current_journey(table.session)
    assert journey is not None
    assert journey.plan.moves == 3
    assert "3 moves: 3 hexes" in table("travel day")


def test_console_broken_rest_still_eats_but_leaves_everyone_tired(
    table: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hacktable.rulesets.redhack.commands import rest, travel_day

    def broken(act: object, kind: str, **options: object) -> rest.RestOutcome:
        assert kind == "long"
        assert options == {"half_rations": False, "fatigue_tests": False}
        return rest.RestOutcome(kind, interrupted=True, at_hour=2)

    monkeypatch.setattr(travel_day, "take_rest", broken)
    table("travel plan")
    reply = table("travel day")
    assert "Aldric eats: Iron Rations" in reply  # the meal comes after the encounter
    assert "Sly has no food left" in reply
    for name in ("Aldric", "Sly", "Tomas"):
        assert f"{name} had no long rest: tired" in reply
        assert f"Fatigue, {name}: exhaustion: CON test for fatigue, advantage (exhaustion" in reply
        assert needs_of(table, name).tired
    assert needs_of(table, "Sly").hungry
    assert not needs_of(table, "Aldric").hungry
    assert not needs_of(table, "Aldric").thirsty


def test_console_drained_hp_is_capped_each_day(table: Play) -> None:
    # H44: while Drained (fatigue step 5) or worse, HP is capped at half the maximum at
    # the end of every travel day, even a day without fatigue tests. Aldric starts
    # Delirious (6); the night's rest, begun fed, watered and rested, lifts him to 5.
    session = table.session
    before = session.character("Aldric")
    session.commit_character("test.setup", before, with_fatigue_step(before, 6), "", "")
    table("travel plan --leader Tomas")
    reply = table("travel day")
    after = session.character("Aldric")
    cap = max(1, before.max_hp // 2)
    assert fatigue_step(after) == 5
    assert (after.hp, after.max_hp) == (cap, before.max_hp)
    assert f"Aldric is drained: HP {before.max_hp} -> {cap} (half of {before.max_hp})" in reply


def test_console_a_dead_leader_hands_over(table: Play) -> None:
    table("travel plan --leader Sly")
    session = table.session
    sly = session.character("Sly")
    session.commit_character("test.setup", sly, replace(sly, conditions=("dead",)), "Sly dies", "")
    shown = table("travel day")
    assert "Sly cannot lead today (dead): " in shown
    assert "Survival: Sly leads" not in shown
