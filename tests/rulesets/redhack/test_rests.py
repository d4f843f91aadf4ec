"""Rests that pass a day: the full day's meal and healing, the Drained cap, the day's
fatigue tests made once a day, one long rest a day (redhack: Exploration & Dungeons >
Food & Water, Resting; Wilderness Survival > Fatigue & Supplies, Fatigue Tests, Fatigue
Table; RULINGS R19, R23; docs/rulings.md H23, H43, H44, H50-H53), and the journey fixes
that go with them: the travel leader, re-planning, the fatigue test's label, wording.

Encounter checks are made quiet where a broken-off rest would hide what is tested; the
other dice are the session's, so each assertion holds whatever they show.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from hacktable.errors import RuleError
from hacktable.play.codec import from_json, to_json
from hacktable.play.events import Change, Event
from hacktable.rulesets.redhack.commands import rest, travel_day
from hacktable.rulesets.redhack.commands.travel import current_journey
from hacktable.rulesets.redhack.exploration import EncounterCheck
from hacktable.rulesets.redhack.party import Needs, PartyState, fatigue_step, with_fatigue_step
from hacktable.rulesets.redhack.travel import drained_cap

from ...console.conftest import Play

NOTHING = EncounterCheck((4,), 4, "nothing", None, None, None, "encounter check: d6 4: nothing")


@pytest.fixture
def quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every encounter check (rests and travel) comes up empty."""
    monkeypatch.setattr(rest, "encounter_for", lambda act: NOTHING)
    monkeypatch.setattr(travel_day, "encounter_for", lambda act: NOTHING)


@pytest.fixture
def camp(tmp_path: Path, quiet: None) -> Iterator[Play]:
    """Osric (no food or water: the reviewer's cleric), Aldric and Sly with rations and
    a waterskin, in the wilderness on day 1 at 08:00."""
    play = Play(tmp_path / "c.db", seed=3)
    for line in (
        "character new Osric --class cleric --kit 1",
        "character new Aldric --class warrior --kit 1",
        "character new Sly --class thief --kit 1",
        "give Aldric rations",
        "give Aldric waterskin",
        "give Sly rations",
        "give Sly waterskin",
        "where wilderness",
    ):
        play(line)
    yield play
    play.close()


def needs_of(play: Play, name: str) -> Needs:
    data = play.session.state.get("needs", play.session.character(name).key)
    return Needs() if data is None else from_json(Needs, data)


def party_of(play: Play) -> PartyState:
    data = play.session.state.get("party", "state")
    return PartyState() if data is None else from_json(PartyState, data)


def set_needs(play: Play, name: str, needs: Needs) -> None:
    key = play.session.character(name).key
    play.session.commit(
        Event(
            "test.setup",
            changes=(Change("needs", key, play.session.state.get("needs", key), to_json(needs)),),
        )
    )


def set_clock(play: Play, day: int, minute: int) -> None:
    state = replace(party_of(play), day=day, minute=minute)
    play.session.commit(
        Event(
            "test.setup",
            changes=(
                Change("party", "state", play.session.state.get("party", "state"), to_json(state)),
            ),
        )
    )


def set_step(play: Play, name: str, step: int, hp: int | None = None) -> None:
    before = play.session.character(name)
    after = with_fatigue_step(before, step)
    if hp is not None:
        after = replace(after, hp=hp)
    play.session.commit_character("test.setup", before, after, "", "")


# -- 1. a full day's rest eats a day's food and water, and heals only when fed -------------


def test_a_full_day_without_food_or_water_heals_nothing(camp: Play) -> None:
    # The reviewer's reproduction: a long rest without a meal, then a full day.
    camp("hp Osric -5")
    hurt = camp.session.character("Osric").hp
    camp("rest long")
    assert needs_of(camp, "Osric").healing_blocked
    shown = camp("rest day")
    assert "Osric has no food left" in shown
    assert "Osric has no water left" in shown
    assert "Osric is hungry and thirsty (no meal on a full day's rest, RULINGS R23)" in shown
    assert "Osric cannot heal again until they eat and drink" in shown
    assert "Osric heals" not in shown
    assert camp.session.character("Osric").hp == hurt
    assert needs_of(camp, "Osric").hungry
    assert needs_of(camp, "Osric").thirsty


def test_a_full_day_with_nothing_left_makes_the_fasts_con_test(camp: Play) -> None:
    # No earlier fast: going without is the CON test (success heals 1 HD, not all of
    # them), and no more healing after it until they eat and drink (R19; H52).
    camp("hp Osric -5")
    osric = camp.session.character("Osric")
    shown = camp("rest day")
    assert "Osric rests without a meal: CON test" in shown
    assert "heals to full" not in shown
    assert camp.session.character("Osric").hp <= osric.hp + osric.hit_die
    assert needs_of(camp, "Osric").healing_blocked


def test_a_full_day_eats_a_days_food_and_water_and_heals_to_full(camp: Play) -> None:
    camp("hp Aldric -4")
    shown = camp("rest day")
    assert "Aldric eats: Rations ud8" in shown
    assert "Aldric drinks: Water/Wineskin ud8" in shown
    assert "Aldric heals to full" in shown
    aldric = camp.session.character("Aldric")
    assert aldric.hp == aldric.max_hp
    needs = needs_of(camp, "Aldric")
    day = party_of(camp).day
    assert (needs.ate_day, needs.drank_day, needs.slept_day) == (day, day, day)
    assert (needs.hungry, needs.thirsty) == (False, False)


def test_a_full_day_heals_no_higher_than_the_drained_cap(camp: Play) -> None:
    # Drained (step 5) and hungry when the rest begins: no step up (H46), so the cap
    # stays; the meal lets them heal, to half their maximum (H44).
    set_step(camp, "Aldric", 5, hp=1)
    set_needs(camp, "Aldric", Needs(hungry=True))
    shown = camp("rest day")
    aldric = camp.session.character("Aldric")
    cap = drained_cap(aldric)
    assert cap == max(1, aldric.max_hp // 2)
    assert fatigue_step(aldric) == 5
    assert aldric.hp == cap
    assert f"Aldric heals to full: HP 1 -> {cap} (Drained: at most {cap}" in shown


def test_a_long_rest_heals_no_higher_than_the_drained_cap(camp: Play) -> None:
    set_step(camp, "Aldric", 5)
    cap = drained_cap(camp.session.character("Aldric"))
    assert cap is not None
    set_step(camp, "Aldric", 5, hp=cap - 1)  # two hit dice would take him past the cap
    set_needs(camp, "Aldric", Needs(tired=True))
    camp("rest long")
    assert camp.session.character("Aldric").hp == cap


def test_the_cap_is_judged_at_the_step_the_rest_ends_on(camp: Play) -> None:
    # Drained and clear: the full day lifts him two steps (H46), so he heals to full.
    set_step(camp, "Aldric", 5, hp=1)
    shown = camp("rest day")
    aldric = camp.session.character("Aldric")
    assert "Aldric recovers: fatigue step 5 -> 3" in shown
    assert aldric.hp == aldric.max_hp


def test_in_town_the_place_feeds_them_and_clears_hunger(camp: Play) -> None:
    camp("where town")
    set_needs(camp, "Osric", Needs(hungry=True, thirsty=True, thirst_days=2))
    camp("hp Osric -3")
    before = camp.session.character("Aldric").inventory
    shown = camp("rest day")
    assert "eats:" not in shown
    assert "drinks:" not in shown
    assert "Fatigue" not in shown  # no fatigue tests in a town (H50)
    assert "Osric heals to full" in shown
    assert camp.session.character("Aldric").inventory == before
    needs = needs_of(camp, "Osric")
    assert (needs.hungry, needs.thirsty, needs.thirst_days) == (False, False, 0)
    shown = camp("rest downtime")
    assert "eats:" not in shown


def test_downtime_fasting_in_town_does_not_heal_to_full(camp: Play) -> None:
    camp("where town")
    camp("hp Aldric -4")
    hurt = camp.session.character("Aldric").hp
    shown = camp("rest downtime fast Aldric")
    assert "Aldric rests without a meal: CON test" in shown
    assert "Aldric heals to full" not in shown
    assert "Aldric is hungry and thirsty (no meal on downtime, RULINGS R23)" in shown
    assert needs_of(camp, "Aldric").healing_blocked
    assert camp.session.character("Aldric").hp <= hurt + camp.session.character("Aldric").hit_die


# -- 2. a rest that ends the day makes its fatigue tests, once a day -----------------------


def test_a_long_rest_in_the_wild_makes_the_days_fatigue_tests(camp: Play) -> None:
    shown = camp("rest long")
    assert "Osric is hungry and thirsty (no meal on a long rest, RULINGS R23)" in shown
    assert "Fatigue, Osric: hunger: CON test for fatigue, advantage (hunger, 0 failed)" in shown
    assert "Fatigue, Osric: thirst: CON test for fatigue, advantage (thirst, day 1)" in shown
    assert "Fatigue, Aldric" not in shown  # fed and watered: nothing to test
    day = party_of(camp).day
    osric = needs_of(camp, "Osric")
    assert osric.fatigue_tested_day == day
    assert osric.thirst_days == 1
    assert needs_of(camp, "Aldric").fatigue_tested_day == day


def test_a_short_rest_makes_no_fatigue_tests(camp: Play) -> None:
    shown = camp("rest short")
    assert "Fatigue" not in shown
    assert needs_of(camp, "Osric").fatigue_tested_day == 0


def test_a_second_long_rest_the_same_day_only_passes_time(camp: Play) -> None:
    set_clock(camp, 1, 0)  # midnight: two long rests end at 08:00 and 16:00, day 1
    camp("rest long")
    osric = camp.session.character("Osric")
    osric_needs = needs_of(camp, "Osric")
    set_step(camp, "Aldric", 2)  # a clear long rest would move him up, were it allowed
    camp("hp Aldric -3")  # and a fed one would heal him
    aldric = camp.session.character("Aldric")
    shown = camp("rest long")
    for name in ("Aldric", "Osric", "Sly"):
        assert f"{name} has had today's long rest (day 1): this one passes the hours" in shown
    for word in ("eats:", "drinks:", "has no food", "Fatigue", "recovers", "may memorise"):
        assert word not in shown
    assert re.search(r"heals (\d|to full)", shown) is None
    assert camp.session.character("Aldric") == aldric  # no ration roll, HP or step
    assert camp.session.character("Osric") == osric
    assert needs_of(camp, "Osric") == osric_needs
    assert (party_of(camp).day, party_of(camp).minute) == (1, 16 * 60)  # the hours pass


def test_the_next_days_rest_tests_again(camp: Play) -> None:
    camp("rest long")  # ends day 1, 16:00
    camp("rest long")  # ends day 2, 00:00: a new day
    assert party_of(camp).day == 2
    osric = needs_of(camp, "Osric")
    assert osric.fatigue_tested_day == 2
    assert osric.thirst_days == 2  # a second day of thirst tested


def test_a_travel_day_records_its_tests_and_a_rest_after_it_does_not_test_again(
    camp: Play,
) -> None:
    camp("travel plan")
    camp("travel day")
    day = party_of(camp).day
    assert needs_of(camp, "Osric").fatigue_tested_day == day
    thirst = needs_of(camp, "Osric").thirst_days
    shown = camp("rest long")  # 08:00-16:00 the same day as the camp's rest
    assert "Osric has had today's long rest" in shown
    assert "Fatigue" not in shown
    assert needs_of(camp, "Osric").thirst_days == thirst


def test_a_travel_day_never_doubles_a_rests_tests(
    camp: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_clock(camp, 1, 0)
    camp("rest long")  # ends day 1, 08:00: Osric's tests for day 1
    tested = needs_of(camp, "Osric")
    assert tested.fatigue_tested_day == 1
    step = fatigue_step(camp.session.character("Osric"))

    def broken(act: object, kind: str, **options: object) -> rest.RestOutcome:
        return rest.RestOutcome(kind, interrupted=True, at_hour=1)  # still day 1

    monkeypatch.setattr(travel_day, "take_rest", broken)
    camp("travel plan")
    shown = camp("travel day")
    assert "Fatigue, Osric: today's tests are made already (day 1" in shown
    assert "Fatigue, Osric: hunger: CON" not in shown
    assert "Osric had no long rest" not in shown  # day 1's long rest was had
    assert "Aldric eats" not in shown  # and day 1's meal
    after = needs_of(camp, "Osric")
    assert (after.hunger_failures, after.thirst_days) == (
        tested.hunger_failures,
        tested.thirst_days,
    )
    assert fatigue_step(camp.session.character("Osric")) == step


def test_old_needs_without_the_new_field_still_load() -> None:
    old = {"hungry": True, "thirst_days": 2, "slept_day": 3}
    needs = from_json(Needs, old)
    assert needs.fatigue_tested_day == 0
    assert needs.thirst_days == 2


# -- 3. an incapacitated leader hands over -------------------------------------------------


@pytest.mark.parametrize(
    ("condition", "why"),
    [
        ("delirious", "delirious"),
        ("dying", "dying of fatigue"),
        ("mortally-wounded", "mortally wounded"),
    ],
)
def test_an_incapacitated_leader_hands_over(camp: Play, condition: str, why: str) -> None:
    camp("travel plan --leader Sly")
    sly = camp.session.character("Sly")
    camp.session.commit_character(
        "test.setup", sly, replace(sly, conditions=(*sly.conditions, condition)), "", ""
    )
    shown = camp("travel day")
    assert f"Sly cannot lead today ({why}): " in shown
    leader = camp.session.log(1)[0].actor
    assert leader != "Sly"
    assert f"Survival: {leader} leads" in shown
    assert f": {leader} leads (H43)" in shown


def test_a_leader_at_0_hp_hands_over(camp: Play) -> None:
    camp("travel plan --leader Aldric")
    camp("hp Aldric -100")
    shown = camp("travel day")
    assert "Aldric cannot lead today (at 0 HP): " in shown
    assert "Survival: Aldric leads" not in shown


def test_the_best_default_leader_hands_over_too(camp: Play) -> None:
    camp("travel plan")
    planned = camp("travel status")
    best = planned.split("leader ", 1)[1].split(" ", 1)[0]
    camp(f"hp {best} -100")
    shown = camp("travel day")
    assert f"{best} cannot lead today (at 0 HP): " in shown
    assert camp.session.log(1)[0].actor != best


def test_nobody_can_lead_refuses_the_day(camp: Play) -> None:
    camp("travel plan")
    for name in ("Osric", "Aldric", "Sly"):
        camp(f"hp {name} -100")
    before = camp.session.state.to_json()
    with pytest.raises(RuleError, match="nobody can lead the party today"):
        camp("travel day")
    assert camp.session.state.to_json() == before
    assert "nobody can lead" in camp("travel status")


# -- 4. the fatigue test is shown as it was made -------------------------------------------


def test_the_fatigue_label_is_the_net_test(camp: Play) -> None:
    # Debilitated (step 3): its disadvantage cancels the first hunger test's advantage,
    # so one die is rolled; the label says so instead of "hunger (advantage)". Hungry
    # already, the rest does not lift him off the step first.
    set_step(camp, "Osric", 3)
    set_needs(camp, "Osric", Needs(hungry=True))
    shown = camp("rest long")
    line = next(x for x in shown.splitlines() if "Fatigue, Osric: hunger" in x)
    assert "(advantage)" not in line
    assert "advantage (hunger, 0 failed), disadvantage (debilitated" in line
    assert "net: they cancel" in line
    assert "reroll" not in line


# -- 5. re-planning counts days from now ---------------------------------------------------


def test_replanning_days_counts_from_now(camp: Play) -> None:
    camp("travel plan --days 2")
    camp("travel day")
    camp("travel day")
    with pytest.raises(RuleError, match="the 2 planned days are travelled"):
        camp("travel day")
    shown = camp("travel plan --days 2 --road")
    assert "2 more days planned (2 travelled)" in shown
    journey = current_journey(camp.session)
    assert journey is not None
    assert (journey.days, journey.plan.days) == (2, 4)
    assert "Journey day 3 of 4" in camp("travel day")
    again = camp("travel plan --moves 1")  # no --days: the planned end is kept
    assert "1 more day planned (3 travelled)" in again
    journey = current_journey(camp.session)
    assert journey is not None
    assert journey.plan.days == 4
    camp("travel plan --days 0")
    journey = current_journey(camp.session)
    assert journey is not None
    assert journey.plan.days == 0
    assert "no end planned (3 travelled)" in camp("travel status")


def test_a_new_journey_plans_its_days_from_the_start(camp: Play) -> None:
    assert "3 days planned; full rations" in camp("travel plan --days 3")
    journey = current_journey(camp.session)
    assert journey is not None
    assert journey.plan.days == 3


# -- 6. wording ----------------------------------------------------------------------------


def test_singular_days_and_hexes(camp: Play) -> None:
    camp("travel plan --days 1 --moves 1")
    shown = camp("travel day")
    assert "Day 1: 1 hex travelled, 1 in all" in shown
    assert "The 1 planned day is travelled." in shown
    status = camp("travel status")
    assert "1 of 1 day travelled since day 1, 1 hex;" in status
    assert re.search(r"Osric .*thirsty 1 day(?!s)", status)
    assert "1 days" not in status
    with pytest.raises(RuleError, match="the 1 planned day is travelled"):
        camp("travel day")
    assert "The journey ends after 1 day and 1 hex." in camp("travel end")
