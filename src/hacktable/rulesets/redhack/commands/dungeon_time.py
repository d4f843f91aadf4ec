"""Dungeon time: ``explore`` spends it on an action, ``tick`` lets it pass (redhack:
Exploration & Dungeons > Time & Movement; RULINGS R11, R16).

Time drives the rules: advancing dungeon time rolls what is due by itself. Every 3
ticks the party checks for an encounter and rolls the usage die of every lit light
source (R16), and a mortally wounded character rolls their duration die (R11).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, cast

from ....errors import RuleError
from ....play.outcome import Reply
from ....rules.words import counted
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import TIME
from .act import Act
from .encounter_tables import encounter_for
from .light_sources import light_check
from .mechanics import roll_duration_die
from .registry import COMMANDS

__all__ = [
    "FAST_ROOMS_PER_TICK",
    "TICK_ACTIONS",
    "ExploreAction",
    "ExploreIntent",
    "TickIntent",
    "explore_command",
    "pass_ticks",
    "spell_effects",
    "tick_command",
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


ExploreAction = Literal["move", "search", "traps", "secret", "discuss", "fight"]
"""A dungeon action that takes time (:data:`TICK_ACTIONS`)."""


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
            light_check(act)
            _duration_dice(act)
            spell_effects(act, lights=True)
            check = encounter_for(act)
            act.say(f"  {check.explanation}", "critical" if check.encounter else "dice")
            if check.encounter:
                return step - start
    spell_effects(act)
    return None


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
