"""Wilderness journeys at the console: ``landscape`` and ``travel`` (redhack: Wilderness
Survival; Exploration & Dungeons > Food & Water, Resting; RULINGS R17, R19, R21-R23,
R29; docs/rulings.md H40-H49).

``landscape add FILE`` stores a campaign's landscapes (entity ``landscape``), ``travel
plan`` the journey (entity ``journey``/``current``), and ``travel day`` plays one day by
the rules as one event with every roll in it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, cast

from ....errors import RuleError, UnknownNameError
from ....play.codec import from_json
from ....play.outcome import Reply
from ....rules.tables import Table, describe_entry
from ....rules.words import counted
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CONTENT, TIME
from ..character import Character, fold
from ..core_rules import modifier
from ..party import fatigue_step
from ..travel import (
    DEFAULT_MOVES,
    Journey,
    Landscape,
    Movement,
    SpeedConditions,
    TravelPlan,
    load_landscapes,
    movement,
    party_hindrance,
    speed,
    survival_roll,
    travelling_light,
)
from ..view import CampaignView
from .act import Act, read_flags
from .experience import left_home
from .explore import encounter_for
from .mechanics import incapacitated
from .registry import COMMANDS
from .rest import day_fatigue_tests, take_rest
from .supplies import FOOD, WATER, consume

__all__ = [
    "JOURNEY_KEY",
    "LandscapeIntent",
    "TravelAction",
    "TravelIntent",
    "current_journey",
    "landscape_for",
]

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


def current_journey(session: CampaignView) -> Journey | None:
    """The journey in progress, or ``None``."""
    data = session.state.get(*JOURNEY_KEY)
    return None if data is None else from_json(Journey, data)


def landscape_for(session: CampaignView, name: str) -> Landscape:
    """The campaign's landscape called ``name`` (its id or name, case-insensitive).

    Raises:
        UnknownNameError: there is none.
    """
    landscapes = _landscapes(session)
    for landscape in landscapes:
        if fold(name) in (fold(landscape.id), fold(landscape.name)):
            return landscape
    raise UnknownNameError("landscape", name, [landscape.id for landscape in landscapes])


def _landscapes(session: CampaignView) -> list[Landscape]:
    return [from_json(Landscape, data) for data in session.state.values("landscape")]


# -- landscape ---------------------------------------------------------------------------


def _complete_landscape(session: CampaignView, words: list[str]) -> Iterable[str]:
    if words:
        return ()
    return ["add", *(landscape.id for landscape in _landscapes(session))]


@dataclass(frozen=True, slots=True)
class LandscapeIntent(Intent):
    """List, show or add the campaign's landscapes: a survival and an encounter table
    for a kind of country (redhack: Wilderness Survival > Survival Tables; RULINGS R22).

    Attributes:
        action: ``"list"``, ``"show"`` (a landscape) or ``"add"`` (a file).
        name: the landscape's id or name, as given (show).
        file: the TOML file's path, as given (add).
    """

    action: Literal["list", "show", "add"] = "list"
    name: str = ""
    file: str = ""

    def access(self) -> Access:
        """Anyone lists and reads them; adding is the GM's (docs/rulings.md H106)."""
        return Access.gm(CONTENT, "landscape add") if self.action == "add" else Access.read()


def _read_landscape(args: Args) -> LandscapeIntent:
    first = args.optional()
    if first is None:
        return LandscapeIntent()
    if first.lower() == "add":
        file = " ".join(args.rest())
        if str(Path(file)) == ".":
            raise args.error("missing FILE")
        return LandscapeIntent("add", file=file)
    return LandscapeIntent("show", " ".join([first, *args.rest()]))


@COMMANDS.typed(
    "landscape",
    "landscape | landscape NAME | landscape add FILE",
    "list, show or add the campaign's landscapes (survival and encounter tables)",
    LandscapeIntent,
    _read_landscape,
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
def landscape_command(ctx: Context, intent: LandscapeIntent) -> Reply:
    """List, show or add landscapes."""
    if intent.action == "add":
        return _add_landscapes(ctx, Path(intent.file))
    if intent.action == "show":
        return Reply().extend(_describe_landscape(landscape_for(ctx.session, intent.name)))
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


def _add_landscapes(ctx: Context, path: Path) -> Reply:
    if not path.is_file():
        raise RuleError(f"no landscape file {path}")
    added = load_landscapes(path)
    act = Act(ctx)
    for landscape in added:
        act.set_entity("landscape", landscape.id, landscape)
        if landscape.encounters is not None:  # the party's location names it (H49)
            act.set_entity("encounter-table", landscape.encounters.id, landscape.encounters)
    names = ", ".join(landscape.id for landscape in added)
    act.say(f"Added {counted(len(added), 'landscape')} from {path.name}: {names}")
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


def _complete_travel(session: CampaignView, words: list[str]) -> Iterable[str]:
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
        return _day(ctx)
    if intent.action == "status":
        return _status(ctx)
    return _end(ctx)


def _living(act: Act) -> list[Character]:
    return [act.character(c.name) for c in act.session.characters() if not c.dead]


def _plan(ctx: Context, intent: TravelIntent) -> Reply:
    act = Act(ctx)
    act.no_fight("journey planning")
    characters = _living(act)
    if not characters:
        raise RuleError("nobody to travel: make characters first")
    landscape = None
    if intent.landscape is not None:
        landscape = landscape_for(act.session, intent.landscape)
    terrain = intent.terrain or (landscape.terrain if landscape else "normal")
    leader = ""
    if intent.leader is not None:
        leader = _traveller(act, intent.leader).name
    slowed = tuple(_traveller(act, n).name for n in intent.slowed)
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


def _all_travelled(days: int) -> str:
    """``"the 3 planned days are travelled"``, ``"the 1 planned day is travelled"``."""
    return f"the {counted(days, 'planned day')} {'is' if days == 1 else 'are'} travelled"


def _days_planned(journey: Journey) -> str:
    """``"3 days planned"``; under way, ``"2 more days planned (4 travelled)"`` (H53)."""
    plan = journey.plan
    if not plan.days:
        return "no end planned" + (f" ({journey.days} travelled)" if journey.days else "")
    if not journey.days:
        return f"{counted(plan.days, 'day')} planned"
    left = max(0, plan.days - journey.days)
    if not left:
        return f"the {counted(plan.days, 'planned day')} travelled"
    return f"{left} more {'day' if left == 1 else 'days'} planned ({journey.days} travelled)"


def _plan_lines(act: Act, journey: Journey, characters: list[Character]) -> list[str]:
    plan = journey.plan
    conditions, who, today = _today(act, journey, characters)
    terms = ", ".join(f"{name} {value:+d}" for name, value in conditions.terms()) or "on foot"
    leader, why = _leader(act, characters, plan.leader)
    if leader is None:
        leading = f"nobody can lead ({why})"
    else:
        best = ", the best WIS and CON" + (" of those who can lead" if why else "")
        leading = (
            f"leader {leader.name} (WIS {modifier(leader.score('WIS')):+d}, CON "
            f"{modifier(leader.score('CON')):+d}"
            + (best if not plan.leader or why else "")
            + ")"
            + (f"; {why}" if why else "")
        )
    lines = [
        f"speed {speed(conditions):+d} ({terms})",
        today.explain(),
        leading,
        f"{_days_planned(journey)}; {'half' if plan.half_rations else 'full'} rations",
    ]
    if who:
        lines.append(
            "slowing the party: "
            + "; ".join(f"{name} {', '.join(words)}" for name, words in who.items())
        )
    else:
        lines.append("nobody is slowed, dragging or encumbered")
    return lines


def _cannot_lead(character: Character) -> str | None:
    """Why ``character`` cannot lead: dead, mortally wounded, delirious or dying on
    the fatigue table (:func:`.mechanics.incapacitated`), or at 0 HP (H43)."""
    why = incapacitated(character)
    if why is None and character.hp <= 0:
        why = "at 0 HP"
    return why


def _leader(act: Act, characters: list[Character], name: str) -> tuple[Character | None, str]:
    """Who leads today, and ``"NAME cannot lead today (WHY)"`` when the one meant
    cannot (``""`` if they lead): the named leader, else the best WIS + CON modifiers
    (the first made on a tie); one who is dead, incapacitated or at 0 HP hands over to
    the best of those who can lead (docs/rulings.md H43). ``None`` and who cannot, why,
    when nobody can."""

    def best(among: list[Character]) -> Character:
        return max(among, key=lambda c: modifier(c.score("WIS")) + modifier(c.score("CON")))

    able = [c for c in characters if _cannot_lead(c) is None]
    meant: Character | None = None
    why: str | None = None
    label = name
    if name:
        meant = next((c for c in characters if c.key == fold(name)), None)
        if meant is None:
            try:
                gone = act.character(name)
            except UnknownNameError:
                why = "no longer in the party"
            else:
                why, label = ("dead" if gone.dead else "not travelling"), gone.name
        else:
            why = _cannot_lead(meant)
            label = meant.name
    elif characters:
        meant = best(characters)
        why = _cannot_lead(meant)
        label = meant.name
    if why is None and meant is not None:
        return meant, ""
    if not able:
        who = "; ".join(f"{c.name} {_cannot_lead(c)}" for c in characters) or "nobody travels"
        return None, who
    leader = best(able)
    return leader, f"{label} cannot lead today ({why})"


def _day(ctx: Context) -> Reply:
    act = Act(ctx)
    act.no_fight("travelling")
    journey = current_journey(act.session)
    if journey is None:
        raise RuleError("no journey planned: 'travel plan' first")
    if journey.finished:
        raise RuleError(
            f"{_all_travelled(journey.plan.days)}: 'travel plan --days N' for N more, or "
            "'travel end'"
        )
    characters = _living(act)
    if not characters:
        raise RuleError("nobody left to travel")
    plan = journey.plan
    leader, why = _leader(act, characters, plan.leader)
    if leader is None:
        raise RuleError(f"nobody can lead the party today ({why}): rest first, or 'travel end'")
    landscape = landscape_for(act.session, plan.landscape) if plan.landscape else None
    party = act.party()
    number = journey.days + 1
    act.say(
        f"Journey day {number}{f' of {plan.days}' if plan.days else ''} ({party.clock})", "title"
    )

    _, _, today = _today(act, journey, characters)
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
        act.say(f"{_all_travelled(plan.days).capitalize()}.", "note")
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


def _status(ctx: Context) -> Reply:
    act = Act(ctx)
    journey = current_journey(act.session)
    reply = Reply()
    if journey is None:
        return reply.add("No journey planned: 'travel plan' first.", "note")
    plan = journey.plan
    characters = _living(act)
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
