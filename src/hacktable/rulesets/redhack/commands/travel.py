"""Wilderness journeys at the console: ``landscape`` and ``travel`` (redhack: Wilderness
Survival; Exploration & Dungeons > Food & Water, Resting; RULINGS R17, R19, R21-R23,
R29; docs/rulings.md H40-H49).

``landscape add FILE`` stores a campaign's landscapes (entity ``landscape``), ``travel
plan`` the journey (entity ``journey``/``current``), and ``travel day`` plays one day by
the rules as one event with every roll in it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from ....console.framework import Args, Context, Reply, command
from ....console.session import Session
from ....errors import RuleError, UnknownNameError
from ....play.character import Character, fold
from ....play.codec import from_json
from ....rules.tables import Table, describe_entry
from ..core_rules import modifier
from ..party import fatigue_step
from ..travel import (
    DEFAULT_MOVES,
    Journey,
    Landscape,
    Movement,
    SpeedConditions,
    TravelPlan,
    fatigue_day,
    load_landscapes,
    movement,
    party_hindrance,
    speed,
    survival_roll,
    travelling_light,
)
from .act import Act, read_flags
from .explore import encounter_for
from .rest import take_rest
from .supplies import FOOD, WATER, consume

__all__ = ["JOURNEY_KEY", "current_journey", "landscape_for"]

JOURNEY_KEY = ("journey", "current")
"""Where the journey in progress lives in the campaign state."""

CAMP_MINUTE = 20 * 60
"""The party makes camp at 20:00 (docs/rulings.md H47)."""

MORNING_MINUTE = 8 * 60
"""And sets out again at 08:00."""

_VALUE_OPTIONS = (
    "--landscape",
    "--mounts",
    "--terrain",
    "--hex",
    "--moves",
    "--leader",
    "--days",
    "--slowed",
)
_SWITCHES = ("--road", "--light", "--search", "--half")


def current_journey(session: Session) -> Journey | None:
    """The journey in progress, or ``None``."""
    data = session.state.get(*JOURNEY_KEY)
    return None if data is None else from_json(Journey, data)


def landscape_for(session: Session, name: str) -> Landscape:
    """The campaign's landscape called ``name`` (its id or name, case-insensitive).

    Raises:
        UnknownNameError: there is none.
    """
    landscapes = _landscapes(session)
    for landscape in landscapes:
        if fold(name) in (fold(landscape.id), fold(landscape.name)):
            return landscape
    raise UnknownNameError("landscape", name, [landscape.id for landscape in landscapes])


def _landscapes(session: Session) -> list[Landscape]:
    return [from_json(Landscape, data) for data in session.state.values("landscape")]


# -- landscape ---------------------------------------------------------------------------


def _complete_landscape(session: Session, words: list[str]) -> Iterable[str]:
    if words:
        return ()
    return ["add", *(landscape.id for landscape in _landscapes(session))]


@command(
    "landscape",
    "landscape | landscape NAME | landscape add FILE",
    "list, show or add the campaign's landscapes (survival and encounter tables)",
    details="""
A landscape is a survival table and an encounter table for one kind of country (redhack:
Wilderness Survival > Survival Tables: "prepare a custom table for each landscape";
RULINGS R22). "landscape add FILE" reads a TOML file of [[landscapes]] (id, name,
survival, encounters, terrain, notes) and the [[tables]] they name, in the shape of
redhack's tables.toml; a table with overlapping ranges or a gap is refused, naming the
file, the entry and the reason. examples/data/marsh.toml is an example. Travel through
one with "travel plan --landscape ID".
""",
    complete=_complete_landscape,
)
def landscape_command(ctx: Context, args: Args) -> Reply:
    """List, show or add landscapes."""
    first = args.optional()
    if first is not None and first.lower() == "add":
        return _add_landscapes(ctx, args)
    if first is not None:
        name = " ".join([first, *args.rest()])
        return Reply().extend(_describe_landscape(landscape_for(ctx.session, name)))
    reply = Reply()
    landscapes = _landscapes(ctx.session)
    if not landscapes:
        return reply.add(
            "No landscapes yet: journeys use redhack's survival table. Add some with "
            "'landscape add FILE' (e.g. examples/data/marsh.toml).",
            "note",
        )
    for landscape in landscapes:
        encounters = landscape.encounters.id if landscape.encounters else "no encounter table"
        reply.add(
            f"{landscape.id:<14} {landscape.name} ({landscape.terrain} terrain; survival "
            f"{landscape.survival.dice}, {encounters})"
        )
    return reply


def _add_landscapes(ctx: Context, args: Args) -> Reply:
    path = Path(" ".join(args.rest()))
    if not str(path) or str(path) == ".":
        raise args.error("missing FILE")
    if not path.is_file():
        raise RuleError(f"no landscape file {path}")
    added = load_landscapes(path)
    act = Act(ctx)
    for landscape in added:
        act.set_entity("landscape", landscape.id, landscape)
        if landscape.encounters is not None:  # the party's location names it (H49)
            act.set_entity("encounter-table", landscape.encounters.id, landscape.encounters)
    names = ", ".join(landscape.id for landscape in added)
    act.say(f"Added {len(added)} landscape(s) from {path.name}: {names}")
    act.detail["file"] = str(path)
    return act.commit("landscape.add")


def _describe_landscape(landscape: Landscape) -> list[str]:
    lines = [f"{landscape.name} ({landscape.id}) - {landscape.terrain} terrain"]
    if landscape.notes:
        lines.append(f"  {landscape.notes}")
    tables: list[tuple[str, Table | None]] = [
        ("Survival", landscape.survival),
        ("Encounters", landscape.encounters),
    ]
    for title, table in tables:
        if table is None:
            continue
        lines.append(f"  {title}: {table.name} ({table.id}), {table.dice}")
        lines.extend(
            f"    {describe_entry(entry):<12} {entry.result}"
            + (f": {entry.effect}" if entry.effect else "")
            for entry in table.entries
        )
    return lines


# -- travel ------------------------------------------------------------------------------


def _complete_travel(session: Session, words: list[str]) -> Iterable[str]:
    if not words:
        return ("plan", "day", "status", "end")
    if words[0].lower() != "plan":
        return ()
    if words[-1].lower() == "--leader" or words[-1].lower() == "--slowed":
        return session.names()
    if words[-1].lower() == "--landscape":
        return [landscape.id for landscape in _landscapes(session)]
    if words[-1].lower() == "--terrain":
        return ("normal", "difficult")
    return (*_VALUE_OPTIONS, *_SWITCHES)


@command(
    "travel",
    "travel plan [--landscape L] [--road] [--mounts N] [--light] [--terrain difficult] "
    "[--search] [--hex MILES] [--moves N] [--leader NAME] [--days N] [--slowed NAMES] "
    "[--half] | travel day | travel status | travel end",
    "plan a wilderness journey and play it day by day (survival, encounters, fatigue)",
    details="""
"travel plan" sets how the party travels and puts it in the wilderness (redhack:
Wilderness Survival > Speed; RULINGS R21): mounts (+N), travelling light (+1: every PC
under half their STR in items), a road (+1); a PC slowed (--slowed NAMES), dragging
(fatigue 4) or encumbered (over STR items, R29) -1, and -1 for each more of them on one
PC; difficult terrain -1 (--terrain difficult, or the landscape's own); searching -1. At
speed s > 0 each move covers s+1 hexes, at s < 0 each hex takes |s|+1 moves. Each move
costs the survival roll max(1, round(0.4 x hex miles)): -2 for the default 6-mile hex.
--moves is moves a day (default 2), --days the days planned, --half half rations.
Planning again keeps the progress made.

"travel day" plays a day: the leader's survival roll, d20 + WIS and CON modifiers - the
penalty, on the landscape's table (R22; natural 20 Discovery, a Bounty an extra hex);
an encounter check for each hex (R17, a visible fire -1; encounters are announced, the
fight is the GM's); camp at 20:00: everyone eats and drinks (nothing left: hungry or
thirsty); the night's long rest (one encounter check, R19); then a CON fatigue test for
each of hungry, thirsty and tired (R23). "travel status" shows the journey and everyone's
needs; "travel end" ends it.
""",
    complete=_complete_travel,
)
def travel_command(ctx: Context, args: Args) -> Reply:
    """Plan, play, show or end a journey."""
    action = args.word("plan, day, status or end").lower()
    if action == "plan":
        return _plan(ctx, args)
    if action == "day":
        args.done()
        return _day(ctx)
    if action == "status":
        args.done()
        return _status(ctx)
    if action == "end":
        args.done()
        return _end(ctx)
    raise args.error(f"unknown subcommand {action!r}")


def _living(act: Act) -> list[Character]:
    return [act.character(c.name) for c in act.session.characters() if not c.dead]


def _plan(ctx: Context, args: Args) -> Reply:
    flags = read_flags(args, _VALUE_OPTIONS, _SWITCHES)
    if "" in flags:
        raise args.error(f"unexpected {flags['']!r}")
    act = Act(ctx)
    act.no_fight("journey planning")
    characters = _living(act)
    if not characters:
        raise RuleError("nobody to travel: make characters first")

    def number(option: str, default: int, minimum: int) -> int:
        if option not in flags:
            return default
        return args.to_int(flags[option], option, minimum=minimum)

    landscape = None
    if "--landscape" in flags:
        landscape = landscape_for(act.session, flags["--landscape"])
    terrain = flags.get("--terrain", landscape.terrain if landscape else "normal").lower()
    if terrain not in ("normal", "difficult"):
        raise args.error(f"--terrain is normal or difficult, not {terrain!r}")
    leader = ""
    if "--leader" in flags:
        leader = _traveller(act, flags["--leader"]).name
    slowed = tuple(_traveller(act, n).name for n in flags.get("--slowed", "").split(",") if n)
    plan = TravelPlan(
        landscape=landscape.id if landscape else "",
        road="--road" in flags,
        mounts=number("--mounts", 0, 0),
        light="--light" in flags,
        difficult=terrain == "difficult",
        search="--search" in flags,
        hex_miles=number("--hex", int(act.session.setting("hex-miles")), 1),
        moves=number("--moves", DEFAULT_MOVES, 0),
        leader=leader,
        days=number("--days", 0, 0),
        half_rations="--half" in flags,
        slowed=slowed,
    )
    if plan.light:
        heavy = [c for c in characters if not travelling_light(act.ruleset, c)]
        if heavy:
            who = ", ".join(
                f"{c.name} ({act.ruleset.load(c)} slots, STR {c.score('STR')})" for c in heavy
            )
            raise RuleError(f"--light: not everyone carries less than half their STR: {who}")
    party = act.party()
    before = current_journey(act.session)
    journey = Journey(plan, started=party.day) if before is None else replace(before, plan=plan)
    act.set_entity(*JOURNEY_KEY, journey)
    location = party.location
    if landscape is not None:
        location = landscape.encounters.id if landscape.encounters else ""
    sign = party.sign if location == party.location else None
    act.set_party(replace(party, environment="wilderness", location=location, sign=sign))
    where = landscape.name if landscape else "the wilderness (redhack's survival table)"
    act.say(f"Journey {'re-planned' if before else 'planned'}: {where}", "title")
    for line in _plan_lines(act, journey, characters):
        act.say(f"  {line}")
    return act.commit("travel.plan")


def _traveller(act: Act, name: str) -> Character:
    """The living character called ``name``.

    Raises:
        UnknownNameError: no such character; RuleError: they are dead.
    """
    character = act.character(name)
    if character.dead:
        raise RuleError(f"{character.name} is dead")
    return character


def _today(
    act: Act, journey: Journey, characters: list[Character]
) -> tuple[SpeedConditions, dict[str, tuple[str, ...]], Movement]:
    """Today's speed conditions, who slows the party and the day's movement (R21)."""
    plan = journey.plan
    hindered, who = party_hindrance(act.ruleset, characters, plan.slowed)
    conditions = plan.conditions(hindered)
    day = movement(speed(conditions), plan.moves, plan.hex_miles, journey.banked)
    return conditions, who, day


def _plan_lines(act: Act, journey: Journey, characters: list[Character]) -> list[str]:
    plan = journey.plan
    conditions, who, today = _today(act, journey, characters)
    terms = ", ".join(f"{name} {value:+d}" for name, value in conditions.terms()) or "on foot"
    leader = _leader(characters, plan.leader)
    days = f"{plan.days} days planned" if plan.days else "no end planned"
    lines = [
        f"speed {speed(conditions):+d} ({terms})",
        today.explain(),
        f"leader {leader.name} (WIS {modifier(leader.score('WIS')):+d}, CON "
        f"{modifier(leader.score('CON')):+d}"
        + (", the best WIS and CON)" if not plan.leader else ")"),
        f"{days}; {'half' if plan.half_rations else 'full'} rations",
    ]
    if who:
        lines.append(
            "slowing the party: "
            + "; ".join(f"{name} {', '.join(words)}" for name, words in who.items())
        )
    else:
        lines.append("nobody is slowed, dragging or encumbered")
    return lines


def _leader(characters: list[Character], name: str) -> Character:
    """The named leader if they travel, else the best WIS + CON modifiers (H43)."""
    if name:
        for character in characters:
            if character.key == fold(name):
                return character
    return max(characters, key=lambda c: modifier(c.score("WIS")) + modifier(c.score("CON")))


def _day(ctx: Context) -> Reply:
    act = Act(ctx)
    act.no_fight("travelling")
    journey = current_journey(act.session)
    if journey is None:
        raise RuleError("no journey planned: 'travel plan' first")
    if journey.finished:
        raise RuleError(
            f"the {journey.plan.days} planned days are travelled: 'travel plan --days N' to "
            "go on, or 'travel end'"
        )
    characters = _living(act)
    if not characters:
        raise RuleError("nobody left to travel")
    plan = journey.plan
    landscape = landscape_for(act.session, plan.landscape) if plan.landscape else None
    party = act.party()
    number = journey.days + 1
    act.say(
        f"Journey day {number}{f' of {plan.days}' if plan.days else ''} ({party.clock})", "title"
    )

    _, _, today = _today(act, journey, characters)
    act.say(today.explain())
    leader = _leader(characters, plan.leader)
    if plan.leader and leader.name != plan.leader:
        act.say(f"{plan.leader} cannot lead today: {leader.name} leads (H43)", "warning")
    survival = survival_roll(
        act.rng, leader, today.penalty, landscape.survival if landscape else None
    )
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
        f"Day {number}: {hexes} {'hex' if hexes == 1 else 'hexes'} travelled, "
        f"{journey.hexes} in all; now {morning.clock}",
        "title",
    )
    if journey.finished:
        act.say(f"The {plan.days} planned days are travelled.", "note")
    return act.commit("travel.day", leader.name)


def _camp(act: Act, characters: list[Character], half: bool) -> None:
    """Evening camp at 20:00: the night's long rest, in which everyone eats and drinks
    (:func:`.rest.take_rest`; RULINGS R19: one encounter check in the wilderness).

    After it (docs/rulings.md H47): whoever had nothing to eat is hungry, nothing to
    drink thirsty (redhack: Wilderness Survival > Fatigue & Supplies: "roll food once per
    day or become hungry"), and whoever got no long rest is tired. A rest broken off by
    an encounter gives no rest, but the day's meal is still eaten afterwards.
    """
    party = act.party()
    act.set_party(party.later(max(0, CAMP_MINUTE - party.minute)))
    before = {c.key: act.needs(c) for c in characters}
    outcome = take_rest(act, "long", half_rations=half)
    for character in characters:
        was, needs = before[character.key], act.needs(character)
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
    """The day's fatigue tests (RULINGS R23), and a Drained character's HP cap (H44)."""
    for character in characters:
        current = act.character(character.name)
        day = fatigue_day(act.ruleset, current, act.needs(current), act.rng)
        for test in day.tests:
            act.say(
                f"Fatigue, {current.name}: {test.explain()}",
                "success" if test.success else "failure",
            )
        for note in day.notes:
            act.say(note, "critical")
        if day.character != current:
            act.update(day.character)
        if day.tests:
            act.set_needs(current, day.needs)


def _status(ctx: Context) -> Reply:
    act = Act(ctx)
    journey = current_journey(act.session)
    reply = Reply()
    if journey is None:
        return reply.add("No journey planned: 'travel plan' first.", "note")
    plan = journey.plan
    characters = _living(act)
    landscape = landscape_for(act.session, plan.landscape).name if plan.landscape else "wilderness"
    days = f" of {plan.days}" if plan.days else ""
    reply.add(
        f"Journey through {landscape}: {journey.days}{days} days travelled since day "
        f"{journey.started}, {journey.hexes} hexes; now {act.party().clock}",
        "title",
    )
    if characters:
        reply.extend(f"  {line}" for line in _plan_lines(act, journey, characters))
    for character in characters:
        reply.add(f"  {_needs_line(act, character)}")
    return reply


def _needs_line(act: Act, character: Character) -> str:
    needs = act.needs(character)
    flags = [
        word
        for word, on in (
            ("hungry", needs.hungry),
            ("thirsty", needs.thirsty),
            ("tired", needs.tired),
        )
        if on
    ]
    if needs.half_rations:
        flags.append("half rations")
    if needs.thirst_days:
        flags.append(f"thirsty {needs.thirst_days} days")
    failed = needs.hunger_failures + needs.tired_failures
    if failed:
        flags.append(f"failed hunger {needs.hunger_failures}, exhaustion {needs.tired_failures}")
    step = fatigue_step(character)
    status = act.ruleset.lookup_table("fatigue", step).result if step else "rested"
    supplies = (
        ", ".join(item.describe() for item in character.inventory if item.ref in (*FOOD, *WATER))
        or "no food or water"
    )
    return (
        f"{character.name:<10} HP {character.hp}/{character.max_hp}  fatigue {step} "
        f"{status}  {', '.join(flags) or 'fed, watered, rested'}  [{supplies}]"
    )


def _end(ctx: Context) -> Reply:
    act = Act(ctx)
    journey = current_journey(act.session)
    if journey is None:
        raise RuleError("no journey to end")
    act.set_entity(*JOURNEY_KEY, None)
    act.say(f"The journey ends after {journey.days} days and {journey.hexes} hexes.")
    return act.commit("travel.end")
