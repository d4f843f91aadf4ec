"""Exploring: ``where``, ``explore``, ``tick``, ``light``, ``douse``, ``fire``,
``encounters``, ``check``, ``react`` and ``climb`` (redhack: Exploration & Dungeons;
RULINGS R11, R16-R20).

Time drives the rules: advancing dungeon time rolls what is due by itself. Every 3
ticks the party checks for an encounter and rolls the usage die of every lit light
source (R16), and a mortally wounded character rolls their duration die (R11).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, TypeVar, cast

from ....dice.render import render_roll
from ....dice.roller import roll
from ....dice.usage import roll_usage
from ....errors import HacktableError, RuleError, RulesDataError, UnknownNameError
from ....play.codec import from_json, to_json
from ....play.events import Change, Event
from ....play.outcome import Reply
from ....rules.resolution import TestKind, TestResult
from ....rules.tables import Table, roll_table, validate_table
from ....rules.words import counted
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CONTENT, PARTY, TABLES, TIME
from ..character import Character
from ..exploration import (
    EncounterCheck,
    RopeHold,
    climb_difficulty,
    encounter_check,
    fall_dice,
    rope_neighbours,
    rope_order,
    rope_step,
    shift_reaction,
)
from ..party import ENVIRONMENTS
from ..view import CampaignView
from .act import Act, Overridable, action_fields, current_fight, read_overrides
from .experience import left_home
from .mechanics import damage_character, incapacitated, roll_duration_die
from .registry import COMMANDS

__all__ = [
    "CheckIntent",
    "ClimbIntent",
    "DouseIntent",
    "EncountersIntent",
    "ExploreIntent",
    "FireIntent",
    "LightIntent",
    "ReactIntent",
    "TickIntent",
    "WhereIntent",
    "encounter_for",
    "location_table",
    "pass_ticks",
]

TICK_ACTIONS = {
    "move": 2,  # moving from room to room: 1 tick a room (half-ticks)
    "search": 2,  # searching a room for treasure or points of interest
    "traps": 2,  # checking for traps
    "secret": 2,  # searching for secret doors
    "discuss": 2,  # pausing to discuss next moves
    "fight": 2,  # a typical combat
}
"""Half-ticks each action takes (redhack: Exploration & Dungeons > Time & Movement)."""

FAST_ROOMS_PER_TICK = 2
"""Rooms per tick when moving fast and carelessly (the text: "multiple rooms")."""


# -- encounter tables ----------------------------------------------------------------------


def location_table(session: CampaignView, location: str) -> Table | None:
    """The campaign's encounter table for ``location``, or ``None`` (no location).

    Raises:
        UnknownNameError: a location with no table.
    """
    if not location:
        return None
    data = session.state.get("encounter-table", location)
    if data is None:
        raise UnknownNameError("encounter table", location, session.state.keys("encounter-table"))
    return from_json(Table, data)


def encounter_for(act: Act) -> EncounterCheck:
    """An encounter check for where the party is now, remembering a sign (R17)."""
    party = act.party()
    check = encounter_check(
        act.rng,
        table=location_table(act.session, party.location),
        sign=party.sign,
        fire=party.fire,
        light=party.light,
    )
    act.set_party(replace(act.party(), sign=check.sign))
    if check.creature_roll is not None:
        act.read_table(check.creature_roll)
    act.detail.setdefault("encounter_checks", []).append(
        {"faces": list(check.faces), "outcome": check.outcome, "creature": check.creature}
    )
    return check


# -- light -------------------------------------------------------------------------------


def _fuel_index(character: Character) -> int:
    """The index of the flask of oil a lantern burns: the carrier's first that is not
    used up, or -1 (redhack: Equipment > Miscellany: "Lantern ... Uses oil";
    docs/rulings.md H250)."""
    return next(
        (
            i
            for i, item in enumerate(character.inventory)
            if item.ref == "oil" and item.usage is not None and not item.usage.exhausted
        ),
        -1,
    )


def _light_check(act: Act) -> None:
    """R16: every lit light source rolls its usage die; a lantern burns its carrier's
    oil. One that runs out is announced and goes dark."""
    for character in act.session.characters():
        current = act.character(character.name)
        for index, item in enumerate(current.inventory):
            if not item.lit:
                continue
            fuel_index = index
            if item.usage is None:  # a lantern: its carrier's oil
                fuel_index = _fuel_index(current)
                if fuel_index < 0:
                    current = current.replace_item(index, replace(item, lit=False))
                    act.say(f"  {current.name}'s {item.name} has no oil: it goes out", "warning")
                    continue
            fuel = current.inventory[fuel_index]
            assert fuel.usage is not None
            usage = roll_usage(fuel.usage, act.rng)
            act.say(f"  {current.name}'s {fuel.name}: {usage.explain()}", "dice")
            current = current.replace_item(fuel_index, replace(fuel, usage=usage.after))
            if usage.after.exhausted:
                current = current.replace_item(index, replace(current.inventory[index], lit=False))
                act.say(
                    f"  {current.name}'s {item.name} "
                    + (
                        "gutters out"
                        if fuel_index == index
                        else f"runs dry: the {fuel.name} is used up and it goes out"
                    ),
                    "warning",
                )
        act.update(current)
    lit = any(i.lit for c in act.session.characters() for i in act.character(c.name).inventory)
    from ..magic.effects import ActiveSpells

    spells = act.entity("spell-effects", "active", ActiveSpells, ActiveSpells())
    lit = lit or any(s.light for s in spells.spells)  # a Light spell (H176)
    if not lit and act.party().environment == "dungeon":
        act.say("  No light burns: darkness (disadvantage on tests of sight and morale)", "warning")


def _duration_dice(act: Act) -> None:
    for character in act.session.characters():
        if act.character(character.name).mortal_wound is not None:
            roll_duration_die(act, character.name, "  ")


def spell_effects(act: Act, lights: bool = False) -> None:
    """Spells at work on the clock (RULINGS R33; :func:`..magic.effects.advance`)."""
    from ..magic.effects import advance

    advance(act, lights=lights)


def pass_ticks(act: Act, half_ticks: int, minutes_per_tick: int = 10) -> int | None:
    """Let dungeon time pass and roll what falls due (RULINGS R16): at every third tick,
    an encounter check, every lit light's usage die, and any duration dice (R11).

    Returns:
        ``None`` if all the time passed, else the half-ticks that passed before an
        encounter stopped the clock.

    Raises:
        RuleError: a negative amount of time, or the party is not in a dungeon.
    """
    if half_ticks < 0:
        raise RuleError("time only moves forward: ticks cannot be negative")
    party = act.party()
    if party.environment != "dungeon":
        raise RuleError(
            f"ticks pass in a dungeon; the party is in the {party.environment} "
            "('where dungeon LOCATION' first)"
        )
    start = party.half_ticks
    for step in range(start + 1, start + half_ticks + 1):
        act.set_party(replace(act.party(), half_ticks=step).later(minutes_per_tick // 2))
        if step % 6 == 0:  # every 3 ticks (6 half-ticks)
            act.say(f"Tick {step // 2}: torch check", "title")
            _light_check(act)
            _duration_dice(act)
            spell_effects(act, lights=True)
            check = encounter_for(act)
            act.say(f"  {check.explanation}", "critical" if check.encounter else "dice")
            if check.encounter:
                return step - start
    spell_effects(act)
    return None


# -- commands ----------------------------------------------------------------------------

Environment = Literal["dungeon", "wilderness", "town", "safe"]
"""A place the party can be in (:data:`..party.ENVIRONMENTS`)."""

ExploreAction = Literal["move", "search", "traps", "secret", "discuss", "fight"]
"""A dungeon action that takes time (:data:`TICK_ACTIONS`)."""


def _env_words(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return ENVIRONMENTS
    return session.state.keys("encounter-table")


@dataclass(frozen=True, slots=True)
class WhereIntent(Intent):
    """Show where the party is, or move it (redhack: Exploration & Dungeons; RULINGS
    R16, R17).

    Attributes:
        place: where the party goes, or ``None`` to show where it is.
        location: the location's encounter table id, as given (``""``: none).
    """

    place: Environment | None = None
    location: str = ""

    def access(self) -> Access:
        """Anyone sees where the party is; moving it is the GM's (docs/rulings.md
        H106)."""
        return Access.read() if self.place is None else Access.gm(PARTY, "move the party")


def _read_where(args: Args) -> WhereIntent:
    if args.empty:
        return WhereIntent()
    place = args.word("PLACE").lower()
    if place not in ENVIRONMENTS:
        raise args.error(f"a place is one of {', '.join(ENVIRONMENTS)}")
    return WhereIntent(cast(Environment, place), " ".join(args.rest()).strip())


@COMMANDS.typed(
    "where",
    "where [dungeon|wilderness|town|safe [LOCATION]]",
    "where the party is: the place decides time, rests and encounter checks",
    WhereIntent,
    _read_where,
    details="""
"where dungeon crypt" enters a dungeon whose encounter table is "crypt" (see
'encounters'): time passes in ticks there, with a torch check every 3 ticks (RULINGS
R16); 'enter PLACE' then gives the experience of a new dungeon, level or map
(redhack: Experience & Gaining Levels). "where town" leaves it. A full day's rest
needs a town or safe place; downtime a town. With no arguments, shows where and when the party is.
""",
    complete=_env_words,
)
def where_command(ctx: Context, intent: WhereIntent) -> Reply:
    """Show or set where the party is."""
    act = Act(ctx)
    party = act.party()
    if intent.place is None:
        extra = f", {party.ticks:g} ticks in" if party.environment == "dungeon" else ""
        flags = [
            f
            for f, on in (
                ("visible fire", party.fire),
                ("fast and careless", party.careless),
                ("bright light", party.light),
            )
            if on
        ]
        table = location_table(act.session, party.location) if party.location else None
        place = f" ({table.name}: {party.location})" if table is not None else ""
        return Reply().add(
            f"The party is in the {party.environment}{place}, {party.clock}{extra}"
            + (f"; {', '.join(flags)}" if flags else "")
            + (f"; remembered sign: {party.sign}" if party.sign else "")
        )
    act.no_fight("moving elsewhere")
    environment = intent.place
    location = intent.location.strip().lower()
    table = location_table(act.session, location)  # an unknown table is refused now
    entering = environment == "dungeon" and (
        party.environment != "dungeon" or location != party.location
    )
    if environment != party.environment:
        left_home(act)  # the next downtime is a return home (docs/rulings.md H291)
    act.set_party(
        replace(
            party,
            environment=environment,
            location=location,
            half_ticks=0 if entering else party.half_ticks,
            sign=None if location != party.location else party.sign,
            careless=False,
        )
    )
    place = f" ({table.name}: {location})" if table is not None else ""
    act.say(f"The party is now in the {environment}{place}")
    return act.commit("where")


@dataclass(frozen=True, slots=True)
class ExploreIntent(Intent):
    """Spend dungeon time on an action (redhack: Exploration & Dungeons > Time &
    Movement; RULINGS R16).

    Attributes:
        action: what the party does.
        rooms: the rooms moved through (``move`` only), 1 to 1000 (as ``tick``).
        fast: fast and carelessly.
    """

    action: ExploreAction
    rooms: int = 1
    fast: bool = False

    def access(self) -> Access:
        """The GM's: it spends dungeon time (docs/rulings.md H106)."""
        return Access.gm(TIME, "explore")


def _read_explore(args: Args) -> ExploreIntent:
    action = args.word("ACTION").lower()
    if action not in TICK_ACTIONS:
        raise args.error(f"an action is one of {', '.join(TICK_ACTIONS)}")
    words = [w.lower() for w in args.rest()]
    fast = "fast" in words
    numbers = [w for w in words if w != "fast"]
    if len(numbers) > 1 or (numbers and action != "move"):
        raise args.error(f"unexpected {' '.join(numbers)!r}")
    rooms = args.to_int(numbers[0], "N", minimum=1) if numbers else 1
    if rooms > 1000:
        raise args.error("at most 1000 rooms at a time")
    return ExploreIntent(cast(ExploreAction, action), rooms, fast)


@COMMANDS.typed(
    "explore",
    "explore move [N]|search|traps|secret|discuss|fight [fast]",
    "spend dungeon time on an action: 1 tick each (move: a tick a room)",
    ExploreIntent,
    _read_explore,
    details="""
Moving room to room takes 1 tick a room; searching a room, checking for traps, searching
for secret doors, pausing to discuss, a typical combat: 1 tick each (redhack: Exploration
& Dungeons > Time & Movement). "fast": moving fast and carelessly covers 2 rooms a tick
and searches in half a tick, at the price of disadvantage on search and surprise tests
until the party slows down. Every 3 ticks the torch check follows by itself (R16).
""",
    complete=lambda s, w: tuple(TICK_ACTIONS) if not w else ("fast",),
)
def explore_command(ctx: Context, intent: ExploreIntent) -> Reply:
    """Spend time on a dungeon action."""
    action, rooms, fast = intent.action, intent.rooms, intent.fast
    act = Act(ctx)
    if act.fight is not None and action != "fight":
        raise RuleError("there is a fight going on ('fight end' first)")
    if action == "move":
        half_ticks = 2 * (-(-rooms // FAST_ROOMS_PER_TICK) if fast else rooms)
        what = f"moves {counted(rooms, 'room')}"
    else:
        half_ticks = 1 if fast and action in ("search", "traps", "secret") else 2
        what = {
            "search": "searches the room",
            "traps": "checks for traps",
            "secret": "searches for secret doors",
            "discuss": "stops to talk it over",
            "fight": "fights",
        }[action]
    act.set_party(replace(act.party(), careless=fast))
    pace = " fast and carelessly" if fast else ""
    act.say(f"The party {what}{pace}: {counted(half_ticks / 2, 'tick')}")
    stopped = pass_ticks(act, half_ticks, int(act.session.setting("tick-minutes")))
    if stopped is not None and stopped < half_ticks:
        act.say(
            f"The encounter stops the party after {counted(stopped / 2, 'tick')} of "
            f"{counted(half_ticks / 2, 'tick')} (RULINGS R16)",
            "warning",
        )
    return act.commit("explore")


@dataclass(frozen=True, slots=True)
class TickIntent(Intent):
    """Let dungeon time pass, with a torch check every 3 ticks (redhack: Exploration &
    Dungeons > Time & Movement; RULINGS R16).

    Attributes:
        ticks: how many ticks (0 to 1000).
    """

    ticks: int

    def access(self) -> Access:
        """The GM's: dungeon time (docs/rulings.md H106)."""
        return Access.gm(TIME, "let time pass")


def _read_tick(args: Args) -> TickIntent:
    count = args.integer("N", minimum=0)
    args.done()
    if count > 1000:
        raise args.error("at most 1000 ticks at a time")
    return TickIntent(count)


@COMMANDS.typed(
    "tick",
    "tick N",
    "let N ticks of dungeon time pass (torch checks every 3 ticks)",
    TickIntent,
    _read_tick,
)
def tick_command(ctx: Context, intent: TickIntent) -> Reply:
    """Let time pass."""
    count = intent.ticks
    act = Act(ctx)
    act.no_fight("ticking time")
    act.say(f"{counted(count, 'tick')} pass")
    stopped = pass_ticks(act, 2 * count, int(act.session.setting("tick-minutes")))
    if stopped is not None:
        act.say(
            f"The clock stops after {stopped / 2:g} of {counted(count, 'tick')}: an encounter",
            "warning",
        )
    return act.commit("tick")


def _light_items(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return [c.name for c in session.characters()]
    try:
        character = session.character(words[0])
    except HacktableError:
        return ()
    return [i.name for i in character.inventory if i.kind == "light" or i.ref == "lantern"]


@dataclass(frozen=True, slots=True)
class _LitIntent(Overridable):
    """A light source to light or put out (redhack: Equipment > Miscellany; RULINGS
    R16).

    Attributes:
        character: the carrier's name.
        item: the item's name, as given.
    """

    character: str
    item: str

    def access(self) -> Access:
        """The carrier's player; ``override`` is the GM's (docs/rulings.md H106)."""
        return self.acting(self.character)


@dataclass(frozen=True, slots=True)
class LightIntent(_LitIntent):
    """Light a torch or lantern: it burns its usage die at every torch check; in a fight
    it is the character's action (redhack: Equipment > Miscellany; RULINGS R16)."""


@dataclass(frozen=True, slots=True)
class DouseIntent(_LitIntent):
    """Put a light out (redhack: Equipment > Miscellany; RULINGS R16)."""


_Lit = TypeVar("_Lit", bound=_LitIntent)


def _read_lit(args: Args, kind: type[_Lit]) -> _Lit:
    who = args.word("NAME")
    words, found = read_overrides(args, args.rest())
    name = " ".join(words)
    if not name:
        raise args.error("missing ITEM")
    return kind(who, name, **action_fields(found))


@COMMANDS.typed(
    "light",
    "light NAME ITEM [override]",
    "light a torch or lantern: it burns its usage die at every torch check (in a fight, "
    "it is the character's action)",
    LightIntent,
    lambda args: _read_lit(args, LightIntent),
    complete=_light_items,
)
def light_command(ctx: Context, intent: LightIntent) -> Reply:
    """Light a light source (a tinderbox is needed, redhack: Equipment > Miscellany)."""
    return _set_lit(ctx, intent, True)


@COMMANDS.typed(
    "douse",
    "douse NAME ITEM",
    "put out a light",
    DouseIntent,
    lambda args: _read_lit(args, DouseIntent),
    complete=_light_items,
)
def douse_command(ctx: Context, intent: DouseIntent) -> Reply:
    """Put a light out."""
    return _set_lit(ctx, intent, False)


def _set_lit(ctx: Context, intent: _LitIntent, on: bool) -> Reply:
    act = Act(ctx, intent.overrides())
    character = act.character(intent.character)
    name = intent.item
    matches = character.find_items(name)
    live = [
        i
        for i in matches
        if character.inventory[i].lit != on
        and ((die := character.inventory[i].usage) is None or not die.exhausted)
    ]
    index = (live or matches or [character.find_item(name)])[0]
    item = character.inventory[index]
    if on:
        if item.kind != "light" and item.ref != "lantern":
            raise RuleError(f"{item.name} is not a light source")
        if item.usage is not None and item.usage.exhausted:
            raise RuleError(f"{character.name}'s {item.name} is burnt out")
        if item.lit:
            raise RuleError(f"{character.name}'s {item.name} is already lit")
        if item.usage is None and _fuel_index(character) < 0:
            raise RuleError(
                f"{character.name} carries no oil to fill the {item.name} (redhack: Equipment "
                "> Miscellany: a lantern uses oil; docs/rulings.md H250)"
            )
        tinder = any(
            i.ref == "tinderbox"
            for c in act.session.characters()
            if not c.dead
            for i in act.character(c.name).inventory
        )
        if not tinder:
            raise RuleError("nobody in the party has a tinderbox to light it (redhack: Equipment)")
        fight = act.fight
        if fight is not None and fight.phase != "setup" and fight.has_fighter(character.name):
            # In a fight, lighting a torch is the character's action for the round.
            fighter = fight.fighter(character.name)
            act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
            act.fight = fight.with_fighter(replace(fighter, acted=True, holding=False))
    elif not item.lit:
        raise RuleError(f"{character.name}'s {item.name} is not lit")
    act.update(character.replace_item(index, replace(item, lit=on)))
    act.say(f"{character.name} {'lights' if on else 'puts out'} {item.describe()}")
    return act.commit("light" if on else "douse", character.name)


@dataclass(frozen=True, slots=True)
class FireIntent(Intent):
    """Light or put out a visible fire, or use an unusual amount of light (RULINGS R17;
    docs/rulings.md H22).

    Attributes:
        what: ``"fire"`` (a visible fire) or ``"light"`` (an unusual amount of light).
        on: on, or off.
    """

    what: Literal["fire", "light"]
    on: bool

    def access(self) -> Access:
        """The GM's: the party's flags for encounter checks (docs/rulings.md H106)."""
        return Access.gm(PARTY, "fire")


def _read_fire(args: Args) -> FireIntent:
    first = args.word("on, off or light").lower()
    if first == "light":
        intent = FireIntent("light", args.word("on or off").lower() == "on")
    elif first in ("on", "off"):
        intent = FireIntent("fire", first == "on")
    else:
        raise args.error("on, off or light")
    args.done()
    return intent


@COMMANDS.typed(
    "fire",
    "fire on|off | fire light on|off",
    "a visible fire (-1 on encounter checks), or an unusual amount of light",
    FireIntent,
    _read_fire,
    details="""
A visible fire subtracts 1 from the encounter die (RULINGS R17). "fire light on": the
party uses an unusual amount of light: advantage on search and surprise tests, but the
GM rolls encounter checks with advantage (the lower of two d6; docs/rulings.md H22).
""",
)
def fire_command(ctx: Context, intent: FireIntent) -> Reply:
    """Set the fire or light flag."""
    act = Act(ctx)
    party = act.party()
    on = intent.on
    if intent.what == "light":
        act.set_party(replace(party, light=on))
        act.say(f"The party {'blazes with light' if on else 'dims its lights'}")
    else:
        act.set_party(replace(party, fire=on))
        act.say(f"The party's fire is {'visible' if on else 'out'}")
    return act.commit("fire")


@dataclass(frozen=True, slots=True)
class EncountersIntent(Intent):
    """List, show, add or roll the campaign's encounter tables, one per location
    (redhack: Exploration & Dungeons > Encounters; RULINGS R17).

    Attributes:
        action: ``"list"``, ``"show"`` (a table), ``"add"`` (a file) or ``"roll"`` (on
            a table).
        table: the table's id, as given (show, roll).
        file: the TOML file's path, as given (add).
    """

    action: Literal["list", "show", "add", "roll"] = "list"
    table: str = ""
    file: str = ""

    def access(self) -> Access:
        """Anyone lists and reads the tables; adding and rolling are the GM's
        (docs/rulings.md H106)."""
        if self.action == "add":
            return Access.gm(CONTENT, "encounters add")
        if self.action == "roll":
            return Access.gm(TABLES, "encounters roll")
        return Access.read()


def _read_encounters(args: Args) -> EncountersIntent:
    first = args.optional()
    if first is None:
        return EncountersIntent()
    if first.lower() == "add":
        return EncountersIntent("add", file=" ".join(args.rest()) or args.word("FILE"))
    if first.lower() == "roll":
        return EncountersIntent("roll", args.word("NAME"))
    return EncountersIntent("show", first)


@COMMANDS.typed(
    "encounters",
    "encounters | encounters NAME | encounters add FILE | encounters roll NAME",
    "the campaign's encounter tables, one per location",
    EncountersIntent,
    _read_encounters,
    details="""
A TOML file of tables, each with an id (the location), a name, dice (e.g. "1d8") and
entries with low/high ranges, as the packaged tables.toml; ranges that overlap or leave
gaps are refused, naming the table and the reason. 'where dungeon ID' makes the party's
encounter checks roll on the table of that id.
""",
)
def encounters_command(ctx: Context, intent: EncountersIntent) -> Reply:
    """List, show, add or roll encounter tables."""
    session = ctx.session
    reply = Reply()
    if intent.action == "list":
        for key in session.state.keys("encounter-table"):
            table = location_table(session, key)
            assert table is not None
            reply.add(f"{key:<16} {table.name} ({table.dice})")
        if not reply.lines:
            reply.add("No encounter tables yet: encounters add FILE", "note")
        return reply
    if intent.action == "add":
        return _add_tables(ctx, Path(intent.file))
    if intent.action == "roll":
        act = Act(ctx)
        table = location_table(session, intent.table.lower())
        assert table is not None
        result = roll_table(table, act.rng)
        act.read_table(result)
        act.say(result.explain(), "dice")
        return act.commit("encounters.roll")
    table = location_table(session, intent.table.lower())
    assert table is not None
    from ....rules.tables import describe_entry

    reply.add(f"{table.name} ({table.dice})", "title")
    for entry in table.entries:
        reply.add(
            f"  {describe_entry(entry):<10} {entry.result}"
            + (f": {entry.effect}" if entry.effect else "")
        )
    return reply


def _add_tables(ctx: Context, path: Path) -> Reply:
    import msgspec

    from ....rules.content import load_toml_file

    class TablesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
        tables: tuple[Table, ...]

    if not path.is_file():
        raise RuleError(f"no encounter file {path}")
    loaded = load_toml_file(path, TablesFile)
    ids = [t.id for t in loaded.tables]
    if len(set(ids)) != len(ids):
        raise RulesDataError(path.name, "tables", "two tables share an id")
    for index, table in enumerate(loaded.tables):
        if table.dice is None:
            raise RulesDataError(
                path.name, f"tables[{index}] (id {table.id!r})", "an encounter table needs dice"
            )
        validate_table(table, file=path.name, entry=f"tables[{index}] (id {table.id!r})")
    state = ctx.session.state
    changes = tuple(
        Change("encounter-table", t.id, state.get("encounter-table", t.id), to_json(t))
        for t in loaded.tables
    )
    ctx.session.commit(
        Event(
            "encounters.add",
            summary=f"encounter tables: {', '.join(ids)}",
            detail={"file": str(path)},
            changes=changes,
            command=ctx.line,
        )
    )
    return Reply().add(
        f"Added {counted(len(ids), 'encounter table')} from {path}: {', '.join(ids)}"
    )


@dataclass(frozen=True, slots=True)
class CheckIntent(Intent):
    """An encounter check now: d6, 1 an encounter, 2 a sign (RULINGS R17)."""

    def access(self) -> Access:
        """The GM's (docs/rulings.md H106)."""
        return Access.gm(TABLES, "check for encounters")


def _read_check(args: Args) -> CheckIntent:
    args.done()
    return CheckIntent()


@COMMANDS.typed(
    "check",
    "check",
    "an encounter check now (d6: 1 encounter, 2 a sign; R17)",
    CheckIntent,
    _read_check,
)
def check_command(ctx: Context, intent: CheckIntent) -> Reply:
    """A manual encounter check."""
    act = Act(ctx)
    check = encounter_for(act)
    act.say(check.explanation, "critical" if check.encounter else "dice")
    return act.commit("check")


_REACT_WORDS = ("combat", "adv", "advantage", "dis", "disadvantage")


@dataclass(frozen=True, slots=True)
class ReactIntent(Overridable):
    """A reaction roll (2d6), moved a step by a character's CHA test (redhack:
    Exploration & Dungeons > Reactions; RULINGS R18).

    Attributes:
        character: who parleys, as given (``None``: nobody, the roll stands).
        combat: in combat (a fight going on is combat by itself).
        advantages: the GM's sources of advantage on the CHA test (each ``adv``).
        disadvantages: the GM's sources of disadvantage (each ``dis``).
    """

    character: str | None = None
    combat: bool = False
    advantages: int = 0
    disadvantages: int = 0

    def access(self) -> Access:
        """The GM's: the reaction table is the creatures' (docs/rulings.md H106)."""
        return Access.gm(TABLES, "react")


def _read_react(args: Args) -> ReactIntent:
    words, found = read_overrides(args, args.rest())
    names = [w for w in words if w.lower() not in _REACT_WORDS]
    if len(names) > 1:
        raise args.error(f"unexpected {' '.join(names[1:])!r}")
    return ReactIntent(
        names[0] if names else None,
        any(w.lower() == "combat" for w in words),
        sum(w.lower() in ("adv", "advantage") for w in words),
        sum(w.lower() in ("dis", "disadvantage") for w in words),
        **action_fields(found),
    )


@COMMANDS.typed(
    "react",
    "react [NAME] [combat] [adv|dis]",
    "a reaction roll (2d6), moved a step by a character's CHA test",
    ReactIntent,
    _read_react,
    details="""
When a creature's disposition is unclear, roll 2d6 on the reaction table: 2 hostile,
3-5 threatening, 6-8 cautious, 9-11 friendly, 12 ingratiating. Out of combat a
character's CHA test moves it one step up (success) or down (failure); in combat the
test has disadvantage and +2 difficulty for every damaging attack the players' side has
made in the fight (redhack: Exploration & Dungeons > Reactions; RULINGS R18). While a
fight is going on ('fight start'), a reaction with a NAME is in combat by itself; the
word "combat" asks for it when no fight is being tracked.
""",
    complete=lambda s, w: [c.name for c in s.characters()] if not w else ("combat",),
)
def react_command(ctx: Context, intent: ReactIntent) -> Reply:
    """A reaction roll."""
    gm_adv = ("GM",) * intent.advantages
    gm_dis = ("GM",) * intent.disadvantages
    act = Act(ctx, intent.overrides())
    fight = current_fight(act.session)
    in_combat = intent.combat or fight is not None  # R18: a fight going on is combat
    outcome = act.ruleset.roll_table("reactions", act.rng)
    act.read_table(outcome)
    act.say(outcome.explanation, "dice")
    result = outcome.result
    if intent.character is not None:
        character = act.character(intent.character)
        penalty = 0
        disadvantages = gm_dis
        if in_combat:
            hits = 0 if fight is None else fight.damaging_attacks
            penalty = 2 * hits
            disadvantages = (*gm_dis, "in combat")
            act.say(
                f"  In combat{' (a fight is going on)' if fight is not None else ''}: "
                f"disadvantage, +2 difficulty for each of {hits} damaging attack(s) "
                "(RULINGS R18)",
                "note",
            )
        request = act.ruleset.character_test(
            character,
            "CHA",
            TestOptions(penalty=penalty, advantages=gm_adv, disadvantages=disadvantages),
        )
        test = act.resolve(request)
        act.show_test(f"{character.name} parleys", request, test)
        shifted = shift_reaction(result, 1 if test.success else -1)
        end = ""
        if shifted == result:  # a table read past its end says so (issue 10 §8)
            end = f" (already the table's {'best' if test.success else 'worst'}: it stays)"
        act.say(f"Reaction: {result} -> {shifted}{end}", "success" if test.success else "failure")
        result = shifted
    act.detail["reaction"] = result
    return act.commit("react")


@dataclass(frozen=True, slots=True)
class ClimbIntent(Overridable):
    """A climb: a DEX test with difficulty 1 per 100 feet, and a fall's saves and damage
    on a failure (redhack: Exploration & Dungeons > Climbing, Falling & Natural Hazards;
    RULINGS R20).

    Attributes:
        character: the climber's name.
        feet: how high (at least 1).
        secured: a secured rope (advantage; on a rope, everyone ends up dangling).
        pitons: pitons (advantage, with iron spikes).
        roped: the names on the rope, in their order, as given (``()``: no rope).
        advantages: the GM's sources of advantage (each ``adv``).
        disadvantages: the GM's sources of disadvantage (each ``dis``).
    """

    character: str
    feet: int
    secured: bool = False
    pitons: bool = False
    roped: tuple[str, ...] = ()
    advantages: int = 0
    disadvantages: int = 0

    def access(self) -> Access:
        """The player of the climber and of everyone on the rope (who save if the
        climber falls); ``override`` is the GM's (docs/rulings.md H106)."""
        return self.acting(self.character, *self.roped)


def _read_climb(args: Args) -> ClimbIntent:
    name = args.word("NAME")
    feet = args.integer("FEET", minimum=1)
    words, found = read_overrides(args, args.rest())
    secured = pitons = False
    roped: list[str] = []
    advantages = disadvantages = 0
    items = iter(words)
    for word in items:
        low = word.lower()
        if low == "secured":
            secured = True
        elif low == "pitons":
            pitons = True
        elif low == "roped":
            roped = [n for n in next(items, "").split(",") if n]
            if not roped:
                raise args.error("roped takes the names on the rope, like 'roped A,B,C'")
        elif low in ("adv", "advantage"):
            advantages += 1
        elif low in ("dis", "disadvantage"):
            disadvantages += 1
        else:
            raise args.error(f"unexpected {word!r}")
    return ClimbIntent(
        name,
        feet,
        secured,
        pitons,
        tuple(roped),
        advantages,
        disadvantages,
        **action_fields(found),
    )


@COMMANDS.typed(
    "climb",
    "climb NAME FEET [secured] [pitons] [roped A,B,...] [adv|dis] [override] [roll N]",
    "a climb: DEX test (1 per 100'), and a fall's saves and damage on a failure",
    ClimbIntent,
    _read_climb,
    details="""
Climbing in one go is a DEX test with difficulty 1 per 100 feet (at least 1). A secured
rope or pitons give advantage; a Thief with climbing gear who has advantage twice needs
no roll under normal conditions. On a failure: a DEX save against losing 1d4 unsecured
items, a DEX save against 1d6 damage, and if that fails a further save against 2d6 more,
capped at 1d6 per 10 feet fallen.

"roped A,B,C": the climbers roped together, in their order on the rope (the climber must
be one of them). If the climber falls, their neighbours on the rope make STR saves: if
one holds, the faller only saves against losing items. If nobody holds, the neighbour
with the lowest roll is pulled down too, and the neighbours of the two save on their
behalf with disadvantage (two falling); if that fails too, three have fallen and everyone
on the rope falls. Everyone who falls saves against losing items and against the fall's
damage. A character at 0 HP or dead cannot hold the rope. With "secured" the rope is
properly secured: everyone on it ends up dangling and saves against losing items
(redhack: Exploration & Dungeons > Climbing, Falling & Natural Hazards; RULINGS R20).
Superhuman strength is the GM's call.
""",
    complete=lambda s, w: (
        [c.name for c in s.characters()] if not w else ("secured", "pitons", "roped")
    ),
)
def climb_command(ctx: Context, intent: ClimbIntent) -> Reply:
    """A climb."""
    feet, secured = intent.feet, intent.secured
    gm_dis = ("GM",) * intent.disadvantages
    act = Act(ctx, intent.overrides())
    character = act.character(intent.character)
    rope = (
        rope_order([act.session.character(n).name for n in intent.roped], character.name)
        if intent.roped
        else ()
    )
    advantages = ["GM"] * intent.advantages
    if secured:
        advantages.append("secured rope")
    if intent.pitons and any(i.ref == "iron-spikes" for i in character.inventory):
        advantages.append("pitons")
    request = act.ruleset.character_test(
        character,
        "DEX",
        TestOptions(
            difficulty=climb_difficulty(feet),
            advantages=tuple(advantages),
            disadvantages=gm_dis,
            tags=("climbing",),
        ),
    )
    if len(request.advantages) >= 2 and "Thief" in " ".join(request.advantages) and not gm_dis:
        act.say(
            f"{character.name} climbs {feet} feet: advantage twice (a Thief with climbing "
            "gear) needs no roll (RULINGS R20)",
            "success",
        )
        return act.commit("climb", character.name)
    result = act.resolve(request)
    act.show_test(f"{character.name} climbs {feet} feet", request, result)
    if not result.success:
        _fall(act, character, feet, rope, secured)
    return act.commit("climb", character.name)


def _save_result(
    act: Act, character: Character, attribute: str, why: str, disadvantage: bool = False
) -> TestResult:
    """A save, shown; with ``disadvantage`` the extra weight of two falling (R20)."""
    request = act.ruleset.character_test(
        character,
        attribute,
        TestOptions(kind=TestKind.SAVE, disadvantages=("two falling",) if disadvantage else ()),
    )
    result = act.resolve(request)
    heavy = ", with disadvantage (two falling)" if disadvantage else ""
    act.say(
        f"  {character.name}'s {attribute} save {why}{heavy}: {result.explanation}: "
        f"{'saved' if result.success else 'failed'}",
        "dice",
    )
    return result


def _save(act: Act, character: Character, attribute: str, why: str) -> bool:
    return _save_result(act, character, attribute, why).success


def _helpless(character: Character) -> str | None:
    """Why ``character`` cannot hold a rope (dead, or at 0 HP), or ``None``."""
    if character.dead:
        return "is dead"
    if character.hp <= 0:
        return "is at 0 HP"
    return None


def _hold(act: Act, name: str, two_falling: bool) -> RopeHold:
    """A rope neighbour's STR save to hold the fallen (RULINGS R20)."""
    character = act.character(name)
    why = _helpless(character)
    if why is not None:
        act.say(f"  {character.name} {why}: cannot hold the rope (no save)", "warning")
        return RopeHold(character.name, False)
    result = _save_result(act, character, "STR", "to hold the rope", two_falling)
    return RopeHold(character.name, result.success, result.kept)


def _fall(act: Act, character: Character, feet: int, rope: tuple[str, ...], secured: bool) -> None:
    """A failed climb's fall (RULINGS R20), with the text's roped climbers (redhack:
    Exploration & Dungeons > Climbing, Falling & Natural Hazards): a secured rope leaves
    everyone dangling (each saves against losing items); otherwise the faller's
    neighbours try to hold them, and each round nobody holds pulls the lowest roller
    down too (:func:`..exploration.rope_step`). Whoever is held only saves against
    losing items; whoever falls also saves against the fall's damage."""
    if rope and secured:
        act.say("  The rope is secured: everyone on it ends up dangling", "note")
        for name in rope:
            _dangle(act, name)
        return
    fallen: tuple[str, ...] = (character.name,)
    held = False
    if rope:
        while neighbours := rope_neighbours(rope, fallen):
            two_falling = len(fallen) >= 2  # the extra weight: disadvantage
            holds = [_hold(act, name, two_falling) for name in neighbours]
            step = rope_step(rope, fallen, holds)
            act.say(f"  {step.explanation}", "success" if step.holders else "warning")
            fallen = step.fallen
            if step.holders:
                held = True
                break
    for name in fallen:
        if held:
            _dangle(act, name)
        elif not _dead(act, name):
            _lose_items(act, act.character(name))
            _fall_damage(act, act.character(name), feet)


def _dead(act: Act, name: str) -> bool:
    """Whether ``name`` is dead (then they make no saves: say so)."""
    character = act.character(name)
    if character.dead:
        act.say(f"  {character.name} is dead: no saves", "note")
    return character.dead


def _dangle(act: Act, name: str) -> None:
    """Dangling from the rope: only a save against losing items (RULINGS R20)."""
    if not _dead(act, name):
        _lose_items(act, act.character(name))


def _lose_items(act: Act, character: Character) -> None:
    if _save(act, character, "DEX", "against losing items"):
        return
    count = roll("1d4", act.rng)
    loose = [
        i
        for i, item in enumerate(character.inventory)
        if not item.equipped and item.kind not in ("armour",)
    ]
    lost = loose[-count.total :] if loose else []
    names = [character.inventory[i].name for i in lost]
    for index in sorted(lost, reverse=True):
        character = character.remove_item(index)
    act.update(character)
    act.say(
        f"  {character.name} loses {render_roll(count)} unsecured items: "
        f"{', '.join(names) or 'nothing loose'}",
        "warning",
    )


def _fall_damage(act: Act, character: Character, feet: int) -> None:
    first = not _save(act, character, "DEX", "against 1d6 falling damage")
    second = first and not _save(act, character, "DEX", "against 2d6 more")
    damage, text = fall_dice(feet, act.rng, first, second)
    if damage:
        act.say(f"  {character.name} falls: {text}", "dice")
        damage_character(act, character.name, damage, "the fall")
