"""A 30-day wilderness journey, simulated: party-days per second, and the odds that the
party arrives with nobody Drained.

Method: the party is the sample party of the fight simulator (a level-1 warrior, thief,
cleric and wizard with kit 1, ``hacktable.rulesets.redhack.sim.sample_characters``),
each also carrying Iron Rations ud8 and a Water/Wineskin ud8. A journey plays up to 30
days with the pure rules of ``hacktable.rulesets.redhack.travel`` (no campaign store, no
console), on foot in normal terrain, 2 moves a day in 6-mile hexes (speed 0: 2 hexes,
survival penalty -4; RULINGS R21). Each day, as ``travel day`` plays it:

- the party's speed (a PC encumbered or dragging slows it, RULINGS R21, R29) and the
  hexes covered; the leader's survival roll (the best WIS + CON modifiers, R22) on
  redhack's survival table, a Bounty adding a hex;
- one encounter check per hex and one for the night (R17, R19): counted, never played
  (no fights, no interrupted rests);
- the evening meal. **Supply model**: each PC rolls the rations' usage die and the
  waterskin's once a day (G3); once the ration die is down to ud4 they eat half rations
  (2s ignored, R23) to stretch it; a Bounty's food or water is not gathered; with the die
  exhausted the PC is hungry (or thirsty). Two scenarios: nothing is ever resupplied
  (the headline), and every usage die is restored to ud8 after every 7th day (a village
  or a cache on the way), for contrast;
- the night's long rest: a step up the fatigue table if it began with none of hungry,
  thirsty and tired (R23); tired never arises, as rests are never broken off;
- the day's fatigue tests (``travel.fatigue_day``: CON tests through
  ``Redhack.character_test``, so each fatigue step's disadvantage applies).

The journey ends early on the first day a PC reaches fatigue step 5 (Drained) or worse.
The figures: party-days per second over one ``core_rules.resolve`` call's time (how many
resolved tests a simulated day costs; lower is better), in alternating rounds with
medians as ``_bench`` does; absolute party-days per second; and, from many journeys
(2,000 per scenario; 200 with ``--quick``) with a progress bar, the probability that
the party ends the 30 days with nobody Drained or worse, with a Wilson 95% interval, the
share still fit at days 5, 10, ... 30 and the median day of the first Drained PC.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace

from _bench import per_call, print_header, ratio, result, rounds, spread, standard_parser
from hacktable.dice import UsageDie
from hacktable.dice.usage import roll_usage
from hacktable.rules import TestRequest
from hacktable.rulesets.redhack.character import Character, Item
from hacktable.rulesets.redhack.core_rules import modifier, resolve
from hacktable.rulesets.redhack.exploration import encounter_check
from hacktable.rulesets.redhack.party import Needs, fatigue_step, with_fatigue_step
from hacktable.rulesets.redhack.ruleset import Redhack
from hacktable.rulesets.redhack.sim import sample_characters, wilson
from hacktable.rulesets.redhack.travel import (
    DRAINED,
    TravelPlan,
    begins_clear,
    fatigue_day,
    movement,
    party_hindrance,
    recovered_step,
    speed,
    survival_roll,
)

DAYS = 30
JOURNEYS, QUICK_JOURNEYS = 2_000, 200
TIMED_JOURNEYS, REPEATS = 20, 7
QUICK_TIMED_JOURNEYS, QUICK_REPEATS = 5, 3
RESOLVES = 20_000
SEED = 2026
CHECKPOINTS = (5, 10, 15, 20, 25, 30)
SCENARIOS = {0: "no resupply", 7: "resupplied weekly"}
"""Supply scenarios: days between resupplies (0: never) and their names."""
RULES = Redhack()
PLAN = TravelPlan()


def supplied_party() -> tuple[Character, ...]:
    """The sample party, each with Iron Rations ud8 and a Water/Wineskin ud8."""
    supplies = (
        Item("Iron Rations", ref="iron-rations", usage=UsageDie.UD8),
        Item("Water/Wineskin", ref="waterskin", usage=UsageDie.UD8),
    )
    return tuple(replace(c, inventory=c.inventory + supplies) for c in sample_characters())


def _supply(character: Character, ref: str) -> int | None:
    for index, item in enumerate(character.inventory):
        if item.ref == ref and item.usage is not None and not item.usage.exhausted:
            return index
    return None


def meal(character: Character, needs: Needs, rng: random.Random) -> tuple[Character, Needs]:
    """The supply model's evening meal: a roll of each usage die, half rations at ud4."""
    food = _supply(character, "iron-rations")
    if food is None:
        needs = replace(needs, hungry=True, half_rations=False)
    else:
        item = character.inventory[food]
        assert item.usage is not None
        half = item.usage is UsageDie.UD4
        rolled = roll_usage(item.usage, rng)
        after = item.usage if half and rolled.kept == 2 else rolled.after
        character = character.replace_item(food, replace(item, usage=after))
        needs = replace(needs, hungry=False, half_rations=half)
    water = _supply(character, "waterskin")
    if water is None:
        needs = replace(needs, thirsty=True)
    else:
        item = character.inventory[water]
        assert item.usage is not None
        rolled = roll_usage(item.usage, rng)
        character = character.replace_item(water, replace(item, usage=rolled.after))
        needs = replace(needs, thirsty=False, thirst_days=0)
    return character, needs


def resupplied(character: Character) -> Character:
    """Every ration and waterskin back to ud8 (a village or a cache on the way)."""
    inventory = tuple(
        replace(item, usage=UsageDie.UD8) if item.ref in ("iron-rations", "waterskin") else item
        for item in character.inventory
    )
    return replace(character, inventory=inventory)


def journey(
    party: tuple[Character, ...], rng: random.Random, days: int = DAYS, resupply: int = 0
) -> int:
    """Play one journey; the day someone first reaches Drained, or ``days + 1``. With
    ``resupply`` N > 0, supplies are restored after every N-th day."""
    characters = list(party)
    needs = [Needs() for _ in characters]
    survival = RULES.content.table("survival")
    leader = max(characters, key=lambda c: modifier(c.score("WIS")) + modifier(c.score("CON")))
    banked = 0
    sign: str | None = None
    for day in range(1, days + 1):
        hindered, _ = party_hindrance(RULES, characters)
        today = movement(speed(PLAN.conditions(hindered)), PLAN.moves, PLAN.hex_miles, banked)
        banked = today.banked
        rolled = survival_roll(rng, leader, today.penalty, survival)
        for _ in range(today.hexes + (rolled.result == "Bounty") + 1):  # + the night's
            sign = encounter_check(rng, sign=sign).sign
        for index, start in enumerate(needs):
            eaten, fed = meal(characters[index], start, rng)
            step = recovered_step(fatigue_step(eaten), "long", begins_clear(start))
            tested = fatigue_day(RULES, with_fatigue_step(eaten, step), fed, rng)
            characters[index], needs[index] = tested.character, tested.needs
        if any(fatigue_step(c) >= DRAINED for c in characters):
            return day
        if resupply and day % resupply == 0:
            characters = [resupplied(c) for c in characters]
    return days + 1


def timed_days(party: tuple[Character, ...], n: int) -> Callable[[], float]:
    """A measure: seconds per simulated party-day over ``n`` journeys, new seeds each
    call."""
    seeds = iter(range(10**6, 2 * 10**6))

    def measure() -> float:
        played = 0
        start = time.perf_counter()
        for _ in range(n):
            played += min(journey(party, random.Random(next(seeds))), DAYS)
        return (time.perf_counter() - start) / played

    return measure


def timed_resolve() -> Callable[[], float]:
    """A measure: seconds per ``resolve`` of a plain CON 13 test."""
    request = TestRequest("CON", 13)
    rng = random.Random(SEED)

    def run(n: int) -> None:
        for _ in range(n):
            resolve(request, rng)

    return lambda: per_call(run, RESOLVES)


def odds(party: tuple[Character, ...], n: int) -> dict[int, list[int]]:
    """For each supply scenario, the day of the first Drained PC in each of ``n``
    journeys, with a progress bar."""
    from rich.progress import Progress

    ends: dict[int, list[int]] = {}
    with Progress(transient=False) as progress:
        for resupply, name in SCENARIOS.items():
            task = progress.add_task(f"{n:,} journeys, {name}", total=n)
            ends[resupply] = []
            for index in range(n):
                rng = random.Random(f"{SEED}:{index}")
                ends[resupply].append(journey(party, rng, resupply=resupply))
                progress.advance(task)
    return ends


def main() -> int:
    """Measure, print the figures and the RESULT lines."""
    args = standard_parser(__doc__ or "").parse_args()
    timed_n, repeats, runs = (
        (QUICK_TIMED_JOURNEYS, QUICK_REPEATS, QUICK_JOURNEYS)
        if args.quick
        else (TIMED_JOURNEYS, REPEATS, JOURNEYS)
    )
    print_header(
        f"A {DAYS}-day wilderness journey: party-days per second and the odds of arriving fit",
        f"""
        the sample party (4 PCs, kit 1) with Iron Rations ud8 and a waterskin ud8 each,
        on foot, 2 moves a day in 6-mile hexes; half rations at ud4; no resupply, or weekly;
        timing: {timed_n} journeys a round against {RESOLVES:,} bare resolve() calls,
        {repeats} alternating rounds, medians; odds: {runs:,} journeys (seeds {SEED}:i).
        """,
    )
    party = supplied_party()
    journey(party, random.Random(0))  # warm up: content, conditions, tables
    samples = rounds({"day": timed_days(party, timed_n), "resolve": timed_resolve()}, repeats)
    per_day = statistics.median(samples["day"])
    cost = ratio(samples["day"], samples["resolve"])
    print(f"{'measure':<28} {'per second':>12} {'spread':>7}")
    print(f"{'simulated party-days':<28} {1 / per_day:12,.0f} {spread(samples['day']):>7}")
    resolves = samples["resolve"]
    print(
        f"{'resolve() (baseline)':<28} {1 / statistics.median(resolves):12,.0f} "
        f"{spread(resolves):>7}"
    )
    print(f"a simulated party-day costs {cost:.0f} resolved tests")
    print()

    start = time.perf_counter()
    ends = odds(party, runs)
    seconds = time.perf_counter() - start
    print(f"{len(SCENARIOS) * runs:,} journeys in {seconds:.1f} s")
    fit = {}
    for resupply, name in SCENARIOS.items():
        found = ends[resupply]
        fit[resupply] = wilson(sum(end > DAYS for end in found), runs)
        estimate = fit[resupply]
        print(
            f"{name}: nobody Drained or worse after {DAYS} days: {estimate.mean:.1%} "
            f"(95% {estimate.low:.1%}-{estimate.high:.1%})"
        )
        curve = "  ".join(f"{d}: {sum(end > d for end in found) / runs:.0%}" for d in CHECKPOINTS)
        print(f"  still nobody Drained by day {curve}")
        drained = [end for end in found if end <= DAYS]
        if drained:
            print(f"  the first PC is Drained on day {statistics.median(drained):g} (median)")
    print()
    result(
        "journey.day_x_resolve", cost, "x one resolve() per simulated party-day (lower is better)"
    )
    result(
        "journey.days_per_s", 1 / per_day, "simulated party-days/s (absolute: machine-dependent)"
    )
    result("journey.p_fit_no_resupply", fit[0].mean, f"P(nobody Drained after {DAYS} days)")
    result(
        "journey.p_fit_weekly", fit[7].mean, f"P(nobody Drained after {DAYS} days), weekly resupply"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
