"""A day on the road: ``travel day`` plays one day of the journey by the rules as one
event: the leader's survival roll, an encounter check for each hex, camp at 20:00 with
the night's long rest, the day's fatigue tests, and the morning (redhack: Wilderness
Survival; Exploration & Dungeons > Food & Water, Resting; RULINGS R17, R19, R22, R23;
docs/rulings.md H43, H44, H47-H51). :mod:`.travel` registers the command."""

from __future__ import annotations

from dataclasses import replace

from ....errors import RuleError
from ....play.outcome import Reply
from ....rules.words import counted
from ...context import Context
from ..character import Character
from ..survival import survival_roll
from .act import Act
from .explore import encounter_for
from .journey import (
    JOURNEY_KEY,
    all_travelled,
    current_journey,
    day_leader,
    living,
    today_on_the_road,
)
from .landscapes import landscape_for
from .rest import day_fatigue_tests, take_rest
from .supplies import consume

__all__ = ["CAMP_MINUTE", "MORNING_MINUTE", "travel_day"]

CAMP_MINUTE = 20 * 60
"""The party makes camp at 20:00 (docs/rulings.md H47)."""

MORNING_MINUTE = 8 * 60
"""And sets out again at 08:00."""


def travel_day(ctx: Context) -> Reply:
    """Play the journey's next day (``travel day``)."""
    act = Act(ctx)
    act.no_fight("travelling")
    journey = current_journey(act.session)
    if journey is None:
        raise RuleError("no journey planned: 'travel plan' first")
    if journey.finished:
        raise RuleError(
            f"{all_travelled(journey.plan.days)}: 'travel plan --days N' for N more, or "
            "'travel end'"
        )
    characters = living(act)
    if not characters:
        raise RuleError("nobody left to travel")
    plan = journey.plan
    leader, why = day_leader(act, characters, plan.leader)
    if leader is None:
        raise RuleError(f"nobody can lead the party today ({why}): rest first, or 'travel end'")
    landscape = landscape_for(act.session, plan.landscape) if plan.landscape else None
    party = act.party()
    number = journey.days + 1
    act.say(
        f"Journey day {number}{f' of {plan.days}' if plan.days else ''} ({party.clock})", "title"
    )

    _, _, today = today_on_the_road(act, journey, characters)
    act.say(today.explain())
    if why:
        act.say(f"{why}: {leader.name} leads (H43)", "warning")
    survival = survival_roll(
        act.rng, leader, today.penalty, landscape.survival if landscape else None
    )
    act.read_table(survival.roll)
    style = "success" if survival.result in ("Discovery", "Bounty", "Uneventful") else "warning"
    act.say(f"Survival: {survival.explain()}", style)
    act.detail["survival"] = {
        "leader": leader.name,
        "value": survival.roll.value,
        "result": survival.result,
    }
    hexes = today.hexes
    if survival.result.lower() == "bounty":  # "move an extra hex" (H48)
        hexes += 1
        act.say("Bounty: the party moves an extra hex (gathered food or water is the GM's)", "note")

    act.set_party(replace(party, environment="wilderness"))
    for hex_number in range(1, hexes + 1):
        check = encounter_for(act)
        act.say(f"Hex {hex_number}: {check.explanation}", "warning" if check.encounter else "dice")
        if check.encounter:
            met = check.creature or "something (the location has no encounter table)"
            act.say(
                f"  Encounter in hex {hex_number}: {met} - the GM plays it out "
                "('fight start' if it comes to blows)",
                "critical",
            )

    _camp(act, characters, plan.half_rations)
    _fatigue(act, characters)

    now = act.party()
    morning = now.later((MORNING_MINUTE - now.minute) % (24 * 60))
    act.set_party(morning)
    journey = replace(journey, days=number, hexes=journey.hexes + hexes, banked=today.banked)
    act.set_entity(*JOURNEY_KEY, journey)
    act.say(
        f"Day {number}: {counted(hexes, 'hex')} travelled, {journey.hexes} in all; now "
        f"{morning.clock}",
        "title",
    )
    if journey.finished:
        act.say(f"{all_travelled(plan.days).capitalize()}.", "note")
    return act.commit("travel.day", leader.name)


def _camp(act: Act, characters: list[Character], half: bool) -> None:
    """Evening camp at 20:00: the night's long rest, in which everyone eats and drinks
    (:func:`.rest.take_rest`; RULINGS R19: one encounter check in the wilderness).

    After it (docs/rulings.md H47): whoever had nothing to eat is hungry, nothing to
    drink thirsty (redhack: Wilderness Survival > Fatigue & Supplies: "roll food once per
    day or become hungry"), and whoever got no long rest is tired. A rest broken off by
    an encounter gives no rest, but the day's meal is still eaten afterwards. One who
    has had a long rest ending today already has had the day's meal and rest (one long
    rest a day, H51).
    """
    party = act.party()
    act.set_party(party.later(max(0, CAMP_MINUTE - party.minute)))
    before = {c.key: act.needs(c) for c in characters}
    outcome = take_rest(act, "long", half_rations=half, fatigue_tests=False)
    today = act.party().day
    for character in characters:
        was, needs = before[character.key], act.needs(character)
        if was.slept_day == today:  # today's long rest and meal were had (H51)
            continue
        ate, drank = needs.ate_day != was.ate_day, needs.drank_day != was.drank_day
        if outcome.interrupted:  # broken off before its meal: the meal comes after
            ate = consume(act, character.name, "food", half)
            drank = consume(act, character.name, "water")
            needs = act.needs(character)
        if not ate:
            needs = replace(needs, hungry=True, half_rations=False)
        if not drank:
            needs = replace(needs, thirsty=True)
        if needs.slept_day == was.slept_day and not needs.tired:
            act.say(f"{character.name} had no long rest: tired", "warning")
            needs = replace(needs, tired=True)
        act.set_needs(character, needs)


def _fatigue(act: Act, characters: list[Character]) -> None:
    """The day's fatigue tests (RULINGS R23), made once a campaign day (H50: a rest
    earlier the same day may have made them), and a Drained character's HP cap (H44)."""
    day_fatigue_tests(act, [c.name for c in characters])
