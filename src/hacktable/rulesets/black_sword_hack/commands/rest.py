"""Rests, the day and the place: ``rest short|long``, ``day`` and ``place``
(black-sword-hack 2.2; RULINGS B2, B8; the rules are :mod:`..recovery`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ....errors import RuleError
from ....play.events import Change, Event
from ....play.outcome import Reply
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from ...powers import PARTY, TIME
from .. import recovery
from ..character import Character
from ..legal import OFFERS
from ..recovery import CALENDAR_KEY, PLACE_KEY, PLACES, Calendar, Place, Recovery
from .registry import COMMANDS
from .tests import rules_of

if TYPE_CHECKING:
    from ..ruleset import BlackSwordHack

__all__ = ["DayIntent", "PlaceIntent", "RestIntent"]

FIGHT_KEY = ("fight", "current")
"""The campaign state entity of the fight going on, if any."""


def _calendar(session: CampaignView[Any]) -> Calendar:
    return Calendar.from_json(session.state.get(*CALENDAR_KEY))


def _place(session: CampaignView[Any]) -> Place:
    return Place.from_json(session.state.get(*PLACE_KEY))


def _change(session: CampaignView[Any], key: tuple[str, str], after: Calendar | Place) -> Change:
    return Change(*key, session.state.get(*key), after.to_json())


@dataclass(frozen=True, slots=True)
class RestIntent(Intent):
    """A short or a long rest (black-sword-hack 2.2; RULINGS B8).

    Attributes:
        kind: ``short`` (1 hour, once a day) or ``long`` (6 hours, in a safe place).
        names: the characters who rest, as given (none: everyone who can).
        safe: the GM calls the place safe for this rest (``safe``).
    """

    kind: Literal["short", "long"]
    names: tuple[str, ...] = ()
    safe: bool = False

    def access(self) -> Access:
        """The GM's: a rest passes the party's time (docs/rulings.md H106)."""
        return Access.gm(TIME, "rest")


def _read_rest(args: Args) -> RestIntent:
    kind = args.word("short or long").lower()
    if kind not in ("short", "long"):
        raise args.error(f"a rest is short or long, not {kind!r}")
    names: list[str] = []
    safe = False
    for word in args.rest():
        if word.lower() == "safe":
            if kind != "long":
                raise args.error("'safe' is for a long rest: a short rest can be taken anywhere")
            safe = True
        else:
            names.append(word)
    return RestIntent("short" if kind == "short" else "long", tuple(names), safe)


def _resting(session: CampaignView[Any], names: tuple[str, ...], reply: Reply) -> list[Character]:
    """Who rests: the characters named (each must be able to rest: the rule refuses
    otherwise), or everyone alive who can, the others said in ``reply``.

    Raises:
        RuleError: a named character cannot rest, or nobody can.
    """
    if names:
        chosen: dict[str, Character] = {}
        for name in names:
            character: Character = session.character(name)
            why = recovery.cannot_rest(character)
            if why is not None:
                raise RuleError(why)
            chosen.setdefault(character.key, character)
        return list(chosen.values())
    resting: list[Character] = []
    for character in session.characters():
        why = recovery.cannot_rest(character)
        if why is None:
            resting.append(character)
        elif not character.dead:
            reply.add(f"  {why}", "muted")
    if not resting:
        raise RuleError("nobody can rest: no character is alive and on their feet")
    return resting


def _say(reply: Reply, done: Recovery, before: Character) -> None:
    for line in done.lines:
        reply.add(f"  {line}", "success" if "heals" in line or "restored" in line else "")
    reply.adjust(
        f"{before.name}'s HP",
        before.hp + done.asked,
        done.character.hp,
        "HP never goes above the maximum",
    )


def _short(
    ctx: Context, rules: BlackSwordHack, intent: RestIntent, reply: Reply
) -> tuple[list[Change], Calendar, dict[str, int]]:
    session = ctx.session
    calendar = _calendar(session)
    reply.add(f"Short rest, {recovery.SHORT_REST_HOURS} hour (day {calendar.day})", "title")
    changes: list[Change] = []
    healed: dict[str, int] = {}
    for character in _resting(session, intent.names, reply):
        if not intent.names and character.key in calendar.short_rested:
            reply.add(f"  {character.name} has had today's short rest", "muted")
            continue
        done = recovery.short_rest(rules.content, character, calendar)
        _say(reply, done, character)
        calendar = calendar.rested(character.key)
        changes.append(session.character_change(character, done.character))
        healed[character.name] = done.healed
    if not healed:
        raise RuleError(
            f"everyone has had today's short rest (day {calendar.day}): one a day "
            "(black-sword-hack 2.2)"
        )
    return changes, calendar, healed


def _long(
    ctx: Context, intent: RestIntent, reply: Reply
) -> tuple[list[Change], Calendar, dict[str, int]]:
    session = ctx.session
    why = recovery.require_safe(_place(session), session.setting("camp-is-safe"), intent.safe)
    resting = _resting(session, intent.names, reply)
    calendar = _calendar(session)
    after = calendar.later()
    reply.add(
        f"Long rest, {recovery.LONG_REST_HOURS} hours (day {calendar.day} -> day {after.day}): "
        f"{why}",
        "title",
    )
    changes: list[Change] = []
    healed: dict[str, int] = {}
    for character in resting:
        done = recovery.long_rest(character)
        _say(reply, done, character)
        changes.append(session.character_change(character, done.character))
        healed[character.name] = done.healed
    reply.add(f"  Day {after.day} begins: everyone may take a short rest again", "muted")
    return changes, after, healed


@COMMANDS.typed(
    "rest",
    "rest short [NAME...] | rest long [NAME...] [safe]",
    "a short rest (1 hour, once a day) or a long rest (6 hours, in a safe place)",
    RestIntent,
    _read_rest,
    details="""
Short rest: 1 hour, anywhere, once per day per character; heals half the CON score,
rounded down (plus what gifts add) (black-sword-hack 2.2; RULINGS B8). Long rest: 6
hours, only in a safe place: somewhere the GM has called safe ("place safe"), or
"safe" on the rest's own line; a wilderness camp never is, unless the campaign setting
camp-is-safe says so. It heals every HP, restores the Doom die to its full size (an end
to being Doomed, RULINGS B2) and whatever gifts and backgrounds a long rest refreshes,
and it ends the day (docs/rulings.md H150). Impaired and Injured last until the session
ends, not a rest. With no names, everyone who can rests. Nobody rests during a fight,
and a Helpless character rolls the Helpless d6 first (H152). Only the player characters
heal so: anyone else needs medical attention and several weeks of bed rest (2.2).
""",
    complete=lambda s, w: ("short", "long") if not w else [c.name for c in s.characters()],
)
def rest_command(ctx: Context, intent: RestIntent) -> Reply:
    """Rest."""
    session = ctx.session
    if session.state.get(*FIGHT_KEY) is not None:
        raise RuleError("there is a fight going on: nobody rests until it is over")
    reply = Reply()
    if intent.kind == "short":
        changes, calendar, healed = _short(ctx, rules_of(session), intent, reply)
    else:
        changes, calendar, healed = _long(ctx, intent, reply)
    changes.append(_change(session, CALENDAR_KEY, calendar))
    shown = ", ".join(f"{name} +{hp}" for name, hp in healed.items())
    session.commit(
        Event(
            f"rest.{intent.kind}",
            summary=f"{intent.kind} rest (day {calendar.day}): {shown}",
            detail={"kind": intent.kind, "day": calendar.day, "healed": healed},
            changes=tuple(changes),
            command=ctx.line,
        )
    )
    return reply


@dataclass(frozen=True, slots=True)
class DayIntent(Intent):
    """Show the campaign's day, or let days pass (docs/rulings.md H150).

    Attributes:
        days: how many days pass (0: show the day).
    """

    days: int = 0

    def access(self) -> Access:
        """Anyone may see the day; letting days pass is the GM's."""
        return Access.read() if not self.days else Access.gm(TIME, "day next")


def _read_day(args: Args) -> DayIntent:
    word = args.optional()
    if word is None:
        return DayIntent()
    if word.lower() != "next":
        raise args.error(f"unexpected {word!r}")
    days = 1 if args.empty else args.integer("N", minimum=1)
    args.done()
    return DayIntent(days)


@COMMANDS.typed(
    "day",
    "day | day next [N]",
    "the campaign's day (a short rest a day each), or let N days pass",
    DayIntent,
    _read_day,
    details="""
The campaign counts its days from 1 so that each character takes one short rest a day
(black-sword-hack 2.2). A long rest ends the day; "day next" lets a day pass without
one (a night on the road), "day next N" N days (docs/rulings.md H150).
""",
    complete=lambda s, w: ("next",) if not w else (),
)
def day_command(ctx: Context, intent: DayIntent) -> Reply:
    """Show the day, or let days pass."""
    session = ctx.session
    calendar = _calendar(session)
    reply = Reply()
    if not intent.days:
        reply.add(f"Day {calendar.day}", "title")
        names = [c.name for c in session.characters() if c.key in calendar.short_rested]
        rested = ", ".join(names) if names else "nobody"
        return reply.add(f"  Today's short rest taken: {rested}")
    after = calendar.later(intent.days)
    summary = f"day {calendar.day} -> day {after.day}"
    session.commit(
        Event(
            "day",
            summary=summary,
            detail={"days": intent.days, "day": after.day},
            changes=(_change(session, CALENDAR_KEY, after),),
            command=ctx.line,
        )
    )
    reply.add(f"Day {after.day} (after day {calendar.day})", "title")
    return reply.add("  Everyone may take a short rest again", "muted")


@dataclass(frozen=True, slots=True)
class PlaceIntent(Intent):
    """Show where the party is, or say whether it is safe to rest there (2.2;
    docs/rulings.md H151).

    Attributes:
        kind: ``safe``, ``camp`` or ``unsafe``; ``""`` to show the place.
        name: what the GM calls the place.
    """

    kind: str = ""
    name: str = ""

    def access(self) -> Access:
        """Anyone may see it; saying what it is is the GM's."""
        return Access.read() if not self.kind else Access.gm(PARTY, "place")


def _read_place(args: Args) -> PlaceIntent:
    word = args.optional()
    if word is None:
        return PlaceIntent()
    if word.lower() not in PLACES:
        raise args.error(f"a place is {', '.join(PLACES)}, not {word!r}")
    return PlaceIntent(word.lower(), " ".join(args.rest()))


@COMMANDS.typed(
    "place",
    "place | place safe|camp|unsafe [NAME]",
    "where the party is: whether it is safe for a long rest",
    PlaceIntent,
    _read_place,
    details="""
What counts as safe is the GM's to say: usually a settlement with some comfort. A
wilderness camp, where night attacks are possible, is never safe (black-sword-hack
2.2), unless the campaign setting camp-is-safe says so. Anywhere the GM has not called
safe is not (docs/rulings.md H151). Example: place safe the Drowned Rat inn
""",
    complete=lambda s, w: PLACES if not w else (),
)
def place_command(ctx: Context, intent: PlaceIntent) -> Reply:
    """Show or set the place."""
    session = ctx.session
    place = _place(session)
    reply = Reply()
    if not intent.kind:
        reply.add(f"The place: {place.describe()}", "title")
        camp = str(session.setting("camp-is-safe")) == "yes"
        safe = place.kind == "safe" or (place.kind == "camp" and camp)
        return reply.add(f"  A long rest {'may' if safe else 'cannot'} be taken here")
    after = Place(intent.kind, intent.name)
    if after == place:
        return reply.add(f"The place is {place.describe()} already", "muted")
    session.commit(
        Event(
            "place",
            summary=f"the place: {after.describe()}",
            detail=after.to_json(),
            changes=(_change(session, PLACE_KEY, after),),
            command=ctx.line,
        )
    )
    return reply.add(f"The place: {after.describe()}", "title")


def offer(
    ruleset: BlackSwordHack, view: CampaignView[Character], principal_role: str
) -> list[Intent]:
    """Rests when no fight is on (everyone, and each character by name; a long rest in a
    place called safe), the day, and each kind of place."""
    del ruleset
    intents: list[Intent] = [Words("day", ()), Words("place", ())]
    if principal_role != "gm":
        return intents
    intents += [Words("day", ("next",)), *(Words("place", (kind,)) for kind in PLACES)]
    if view.state.get(*FIGHT_KEY) is not None:
        return intents
    intents += [
        Words("rest", ("short",)),
        Words("rest", ("long",)),
        Words("rest", ("long", "safe")),
    ]
    for character in view.characters():
        intents.append(Words("rest", ("short", character.name)))
        intents.append(Words("rest", ("long", character.name, "safe")))
    return intents


OFFERS.append(offer)
