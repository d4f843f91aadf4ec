"""Wilderness journeys at the console: ``landscape`` and ``travel`` (redhack: Wilderness
Survival; Exploration & Dungeons > Food & Water, Resting; RULINGS R17, R19, R21-R23,
R29; docs/rulings.md H40-H49).

``landscape add FILE`` stores a campaign's landscapes (entity ``landscape``), ``travel
plan`` the journey (entity ``journey``/``current``), and ``travel day`` plays one day by
the rules as one event with every roll in it (:mod:`.travel_day`). ``landscape`` is
:mod:`.landscapes`; the journey as it reads, its leader and its travellers are
:mod:`.journey`. Importing this module registers ``landscape`` and ``travel``, in that
order, and keeps every name it had before it was split.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal, cast

from ....errors import RuleError
from ....play.outcome import Reply
from ....rules.words import counted
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import TIME
from ..character import Character
from ..party import fatigue_step
from ..travel import DEFAULT_MOVES, Journey, TravelPlan, travelling_light
from ..view import CampaignView
from .act import Act, read_flags
from .experience import left_home
from .journey import JOURNEY_KEY, current_journey, living, plan_lines, traveller
from .landscapes import LandscapeIntent, campaign_landscapes, landscape_for
from .registry import COMMANDS
from .supplies import FOOD, WATER
from .travel_day import travel_day

__all__ = [
    "JOURNEY_KEY",
    "LandscapeIntent",
    "TravelAction",
    "TravelIntent",
    "current_journey",
    "landscape_for",
]

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


# -- travel ------------------------------------------------------------------------------


def _complete_travel(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return ("plan", "day", "status", "end")
    if words[0].lower() != "plan":
        return ()
    if words[-1].lower() == "--leader" or words[-1].lower() == "--slowed":
        return session.names()
    if words[-1].lower() == "--landscape":
        return [landscape.id for landscape in campaign_landscapes(session)]
    if words[-1].lower() == "--terrain":
        return ("normal", "difficult")
    return (*_VALUE_OPTIONS, *_SWITCHES)


TravelAction = Literal["plan", "day", "status", "end"]
"""What ``travel`` does: plan a journey, play a day of it, show it, end it."""


@dataclass(frozen=True, slots=True)
class TravelIntent(Intent):
    """Plan a wilderness journey, play a day of it, show it or end it (redhack:
    Wilderness Survival; RULINGS R17, R19, R21-R23; docs/rulings.md H43-H53). The other
    fields are the plan's (``plan`` only), each as on the line.

    Attributes:
        action: plan, day, status or end.
        landscape: ``--landscape``: the landscape's id or name (``None``: redhack's
            survival table).
        road: ``--road`` (+1).
        mounts: ``--mounts N`` (+N).
        light: ``--light``: travelling light (+1).
        terrain: ``--terrain`` (``None``: the landscape's own, else normal).
        search: ``--search``: searching as they go (-1).
        hex_miles: ``--hex MILES`` (``None``: the campaign's setting ``hex-miles``).
        moves: ``--moves N``: moves a day.
        leader: ``--leader NAME`` (``None``: the best WIS and CON).
        days: ``--days N``: the days planned from now (``None``: a re-planned journey
            keeps its end; 0: no end).
        slowed: ``--slowed NAMES``: the names of the PCs slowed, as given.
        half: ``--half``: half rations.
    """

    action: TravelAction
    landscape: str | None = None
    road: bool = False
    mounts: int = 0
    light: bool = False
    terrain: Literal["normal", "difficult"] | None = None
    search: bool = False
    hex_miles: int | None = None
    moves: int = DEFAULT_MOVES
    leader: str | None = None
    days: int | None = None
    slowed: tuple[str, ...] = ()
    half: bool = False

    def access(self) -> Access:
        """Anyone sees the journey; planning, travelling and ending it are the GM's
        (docs/rulings.md H106)."""
        if self.action == "status":
            return Access.read()
        return Access.gm(TIME, f"travel {self.action}")


def _read_travel(args: Args) -> TravelIntent:
    action = args.word("plan, day, status or end").lower()
    if action == "plan":
        return _read_plan(args)
    if action in ("day", "status", "end"):
        args.done()
        return TravelIntent(cast(TravelAction, action))
    raise args.error(f"unknown subcommand {action!r}")


def _read_plan(args: Args) -> TravelIntent:
    flags = read_flags(args, _VALUE_OPTIONS, _SWITCHES)
    if "" in flags:
        raise args.error(f"unexpected {flags['']!r}")

    def number(option: str, minimum: int) -> int | None:
        if option not in flags:
            return None
        return args.to_int(flags[option], option, minimum=minimum)

    terrain: Literal["normal", "difficult"] | None = None
    if "--terrain" in flags:
        given = flags["--terrain"].lower()
        if given not in ("normal", "difficult"):
            raise args.error(f"--terrain is normal or difficult, not {given!r}")
        terrain = "difficult" if given == "difficult" else "normal"
    mounts = number("--mounts", 0)
    hex_miles = number("--hex", 1)
    moves = number("--moves", 0)
    return TravelIntent(
        "plan",
        landscape=flags.get("--landscape"),
        road="--road" in flags,
        mounts=0 if mounts is None else mounts,
        light="--light" in flags,
        terrain=terrain,
        search="--search" in flags,
        hex_miles=hex_miles,
        moves=DEFAULT_MOVES if moves is None else moves,
        leader=flags.get("--leader"),
        days=number("--days", 0),
        slowed=tuple(n for n in flags.get("--slowed", "").split(",") if n),
        half="--half" in flags,
    )


@COMMANDS.typed(
    "travel",
    "travel plan [--landscape L] [--road] [--mounts N] [--light] [--terrain difficult] "
    "[--search] [--hex MILES] [--moves N] [--leader NAME] [--days N] [--slowed NAMES] "
    "[--half] | travel day | travel status | travel end",
    "plan a wilderness journey and play it day by day (survival, encounters, fatigue)",
    TravelIntent,
    _read_travel,
    details="""
"travel plan" sets how the party travels and puts it in the wilderness (redhack:
Wilderness Survival > Speed; RULINGS R21): mounts (+N), travelling light (+1: every PC
under half their STR in items), a road (+1); a PC slowed (--slowed NAMES), dragging
(fatigue 4) or encumbered (over STR items, R29) -1, and -1 for each more of them on one
PC; difficult terrain -1 (--terrain difficult, or the landscape's own); searching -1. At
speed s > 0 each move covers s+1 hexes, at s < 0 each hex takes |s|+1 moves. Each move
costs the survival roll max(1, round(0.4 x hex miles)): -2 for the default 6-mile hex.
--moves is moves a day (default 2), --days N the days planned from now, --half half
rations. Planning again keeps the progress made and the planned end: with a journey
under way, --days N plans N more days (H53; --days 0: no end).

"travel day" plays a day: the leader's survival roll, d20 + WIS and CON modifiers - the
penalty, on the landscape's table (R22; natural 20 Discovery, a Bounty an extra hex);
an encounter check for each hex (R17, a visible fire -1; encounters are announced, the
fight is the GM's); camp at 20:00: everyone eats and drinks (nothing left: hungry or
thirsty); the night's long rest (one encounter check, R19); then a CON fatigue test for
each of hungry, thirsty and tired (R23), once a day (H50: a rest the same day may have
made them). The plan's leader leads unless dead, dying, delirious, mortally wounded or
at 0 HP: then the best WIS + CON of those who can (H43). "travel status" shows the
journey and everyone's needs; "travel end" ends it.
""",
    complete=_complete_travel,
)
def travel_command(ctx: Context, intent: TravelIntent) -> Reply:
    """Plan, play, show or end a journey."""
    if intent.action == "plan":
        return _plan(ctx, intent)
    if intent.action == "day":
        return travel_day(ctx)
    if intent.action == "status":
        return _status(ctx)
    return _end(ctx)


def _plan(ctx: Context, intent: TravelIntent) -> Reply:
    act = Act(ctx)
    act.no_fight("journey planning")
    characters = living(act)
    if not characters:
        raise RuleError("nobody to travel: make characters first")
    landscape = None
    if intent.landscape is not None:
        landscape = landscape_for(act.session, intent.landscape)
    terrain = intent.terrain or (landscape.terrain if landscape else "normal")
    leader = ""
    if intent.leader is not None:
        leader = traveller(act, intent.leader).name
    slowed = tuple(traveller(act, n).name for n in intent.slowed)
    hex_miles = int(act.session.setting("hex-miles"))
    plan = TravelPlan(
        landscape=landscape.id if landscape else "",
        road=intent.road,
        mounts=intent.mounts,
        light=intent.light,
        difficult=terrain == "difficult",
        search=intent.search,
        hex_miles=hex_miles if intent.hex_miles is None else intent.hex_miles,
        moves=intent.moves,
        leader=leader,
        days=0,
        half_rations=intent.half,
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
    # --days counts from now: N more days of a journey under way; without it a
    # re-planned journey keeps its planned end (docs/rulings.md H53).
    travelled = before.days if before is not None else 0
    more = intent.days
    if more is not None:
        plan = replace(plan, days=travelled + more if more else 0)
    elif before is not None:
        plan = replace(plan, days=before.plan.days)
    journey = Journey(plan, started=party.day) if before is None else replace(before, plan=plan)
    act.set_entity(*JOURNEY_KEY, journey)
    location = party.location
    if landscape is not None:
        location = landscape.encounters.id if landscape.encounters else ""
    sign = party.sign if location == party.location else None
    act.set_party(replace(party, environment="wilderness", location=location, sign=sign))
    left_home(act)  # the next downtime is a return home (docs/rulings.md H291)
    where = landscape.name if landscape else "the wilderness (redhack's survival table)"
    act.say(f"Journey {'re-planned' if before else 'planned'}: {where}", "title")
    for line in plan_lines(act, journey, characters):
        act.say(f"  {line}")
    return act.commit("travel.plan")


def _status(ctx: Context) -> Reply:
    act = Act(ctx)
    journey = current_journey(act.session)
    reply = Reply()
    if journey is None:
        return reply.add("No journey planned: 'travel plan' first.", "note")
    plan = journey.plan
    characters = living(act)
    landscape = landscape_for(act.session, plan.landscape).name if plan.landscape else "wilderness"
    days = (
        f"{journey.days} of {counted(plan.days, 'day')}"
        if plan.days
        else counted(journey.days, "day")
    )
    reply.add(
        f"Journey through {landscape}: {days} travelled since day {journey.started}, "
        f"{counted(journey.hexes, 'hex')}; now {act.party().clock}",
        "title",
    )
    if characters:
        reply.extend(f"  {line}" for line in plan_lines(act, journey, characters))
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
        flags.append(f"thirsty {counted(needs.thirst_days, 'day')}")
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
    act.say(
        f"The journey ends after {counted(journey.days, 'day')} and "
        f"{counted(journey.hexes, 'hex')}."
    )
    return act.commit("travel.end")
