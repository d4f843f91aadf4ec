"""Time and rest: ``time +Nh`` and ``rest [NAME...]`` (skill-die: Fatigue; RULINGS S3,
S6, S7; docs/rulings.md H347, H351, H353).

``time +Nh`` moves every living character's fatigue clock on by N hours, hour by hour,
and rolls each fatigue check as it comes (:mod:`..fatigue`). ``rest`` is 8 hours of
sleep: each resting character's clock goes back to 0, their fatigue goes, their
temporary HP are lost and they heal 1d8 + CON modifier (the ``rest-healing`` setting),
never above their maximum; everyone else's clock runs those 8 hours.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ....errors import RuleError
from ....play.character import fold
from ....play.events import Change, Event
from ....play.outcome import Reply
from ... import harm
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from ...powers import TIME
from .. import fatigue
from ..character import SkillDieCharacter
from ..checks import ability_modifier
from ..legal import OFFERS
from .lookups import character_names, rules_of
from .registry import COMMANDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

    from ..ruleset import SkillDie

__all__ = ["REST_HOURS", "RestIntent", "TimeIntent"]

REST_HOURS = 8
"""A rest is at least 8 hours of sleep (RULINGS S7)."""

MAX_HOURS = 168
"""The most one ``time`` moves on: a week."""

_HOURS = re.compile(r"^\+?(\d+)(h|hours?)?$")


@dataclass(frozen=True, slots=True)
class TimeIntent(Intent):
    """In-game hours pass (docs/rulings.md H347).

    Attributes:
        hours: how many, 1 to 168.
        faces: the fatigue checks' d20s entered (RULINGS G5), ``()``: hacktable rolls.
    """

    hours: int
    faces: tuple[int, ...] = ()

    def access(self) -> Access:
        """The GM's: the passing of time."""
        return Access.gm(TIME, "pass time")

    def entered(self) -> tuple[int, ...]:
        """The fatigue checks' d20s entered, in the order shown (RULINGS G5;
        docs/rulings.md H454)."""
        return self.faces


@dataclass(frozen=True, slots=True)
class RestIntent(Intent):
    """An 8-hour rest (RULINGS S7).

    Attributes:
        names: who rests, as given (``()``: every living character).
        faces: the dice entered (RULINGS G5), ``()``: hacktable rolls.
    """

    names: tuple[str, ...] = ()
    faces: tuple[int, ...] = ()

    def access(self) -> Access:
        """The GM's: a rest passes 8 hours for everyone."""
        return Access.gm(TIME, "rest")

    def entered(self) -> tuple[int, ...]:
        """The healing d8s (and any fatigue checks' d20s of those who stay up) entered,
        in the order shown (RULINGS G5; docs/rulings.md H454)."""
        return self.faces


def _entered(args: Args) -> tuple[int, ...]:
    """``roll N,...`` at the end of the line: the dice rolled at the table (G5)."""
    if args.peek() is None or str(args.peek()).lower() != "roll":
        return ()
    args.word("roll")
    faces = args.faces(args.word("the faces rolled"))
    args.done()
    return faces


def _read_time(args: Args) -> TimeIntent:
    text = args.word("+Nh (hours)").lower()
    if args.peek() in ("h", "hour", "hours"):
        text += str(args.word("hours"))
    faces = _entered(args)
    args.done()
    found = _HOURS.match(text)
    if found is None:
        raise args.error(f"skill-die counts time in whole hours, like 'time +3h', not {text!r}")
    hours = int(found.group(1))
    if not 1 <= hours <= MAX_HOURS:
        raise args.error(f"time moves on 1 to {MAX_HOURS} hours at once, not {hours}")
    return TimeIntent(hours, faces)


def _passage_lines(reply: Reply, passage: fatigue.Passage) -> None:
    for rolled in passage.checks:
        style = "failure" if rolled.failed else "success"
        reply.add(f"  {passage.after.name}: {rolled.describe()}", style)


def _pass(
    characters: Iterable[SkillDieCharacter], hours: int, rng: random.Random
) -> list[fatigue.Passage]:
    return [fatigue.pass_hours(c, hours, rng) for c in characters if not c.dead]


def _passage_json(passage: fatigue.Passage) -> dict[str, object]:
    return {
        "character": passage.after.name,
        "awake": passage.after.awake,
        "checks": [c.to_json() for c in passage.checks],
    }


@COMMANDS.typed(
    "time",
    "time +Nh [roll N,...]",
    "in-game hours pass: the fatigue clocks run and fatigue checks come by themselves",
    TimeIntent,
    _read_time,
    details="""
Every living character's fatigue clock counts the in-game hours since their last rest.
At 24 hours a fatigue check comes by itself: a d20 of 10 or less and they are fatigued
(disadvantage on all rolls, half speed); otherwise again after each hour. A fatigued
character checks again an hour later, and falls asleep where they are on 10 or less
(RULINGS S6). Unconscious and sleeping characters make no check. 'roll 7,14' enters
the checks' d20s in the order they are shown (RULINGS G5). Example: time +6h
""",
)
def time_command(ctx: Context, intent: TimeIntent) -> Reply:
    """Hours pass for every living character."""
    session = ctx.session
    passages = _pass(session.characters(), intent.hours, session.rng())
    words = "hour passes" if intent.hours == 1 else "hours pass"
    reply = Reply().add(f"{intent.hours} {words}.", "title")
    for passage in passages:
        _passage_lines(reply, passage)
    _commit(ctx, "time", f"{intent.hours} {words}", passages, {"hours": intent.hours})
    return reply


def _commit(
    ctx: Context,
    action: str,
    summary: str,
    passages: list[fatigue.Passage],
    detail: dict[str, object],
    extra: tuple[Change, ...] = (),
) -> None:
    session = ctx.session
    changes = tuple(
        session.character_change(p.before, p.after) for p in passages if p.before != p.after
    )
    detail = {**detail, "clocks": [_passage_json(p) for p in passages]}
    session.commit(
        Event(action, summary=summary, detail=detail, changes=(*changes, *extra), command=ctx.line)
    )


def _read_rest(args: Args) -> RestIntent:
    names: list[str] = []
    while args.peek() is not None and str(args.peek()).lower() != "roll":
        names.append(args.word("NAME"))
    return RestIntent(tuple(names), _entered(args))


def _heal_amount(
    character: SkillDieCharacter, method: str, modifier: str, rng: random.Random
) -> tuple[int, str, dict[str, object]]:
    """What the rest heals (RULINGS S7, *setting*): 1d8 + CON modifier (never below 0,
    docs/rulings.md H353), every HP, or nothing."""
    if method == "none":
        return 0, "no healing (rest-healing none)", {"method": method}
    if method == "full":
        return character.max_hp, "every HP (rest-healing full)", {"method": method}
    face = rng.randrange(8) + 1
    mod = ability_modifier(character.score("CON"), modifier)
    amount = max(0, face + mod)
    return (
        amount,
        f"1d8 {face} {mod:+d} (CON) = {amount}",
        {"method": method, "face": face, "con": mod},
    )


def _complete(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    del words
    return character_names(session)


@COMMANDS.typed(
    "rest",
    "rest [NAME...] [roll N,...]",
    "an 8-hour rest: the fatigue clock back to 0, no fatigue, temporary HP lost, 1d8 + CON healed",
    RestIntent,
    _read_rest,
    complete=_complete,
    details="""
A rest is at least 8 hours of sleep (RULINGS S7). Each resting character (every living
one unless named) wakes with the fatigue clock at 0 and no fatigue, loses their
temporary HP (which no rest or healing restores, S3) and heals 1d8 + CON modifier,
never above the maximum (the campaign's rest-healing setting: 1d8+CON, full or none).
The characters who do not rest stay up those 8 hours: their clocks run. 'roll 5,3'
enters the dice in the order they are shown (RULINGS G5). Example: rest
""",
)
def rest_command(ctx: Context, intent: RestIntent) -> Reply:
    """Rest the named (or every living) character; the others' clocks run 8 hours."""
    session = ctx.session
    ruleset = rules_of(session)
    living = [c for c in session.characters() if not c.dead]
    if intent.names:
        named = [session.character(n) for n in intent.names]
        seen: set[str] = set()
        for character in named:
            if character.dead:
                raise RuleError(f"{character.name} is dead: the dead do not rest")
            if fold(character.name) in seen:
                raise RuleError(f"rest names {character.name} twice: one rest each (RULINGS S7)")
            seen.add(fold(character.name))
    else:
        named = living
    if not named:
        raise RuleError("nobody to rest: character new NAME --role R first")
    resting = {fold(c.name) for c in named}
    rng = session.rng()
    method = str(session.setting("rest-healing"))
    modifier = str(session.setting("ability-modifier"))
    reply = Reply().add(f"{REST_HOURS} hours of rest.", "title")
    changes: list[Change] = []
    rests: list[dict[str, object]] = []
    for character in named:
        after = fatigue.rested(character)
        lines = ["fatigue clock 0"]
        if character.fatigued:
            lines.append("no longer fatigued")
        if after.temp_hp:
            after, lost = harm.lose_temporary(ruleset, after, session.setting)
            lines.append(f"{lost.before.temporary} temporary HP lost")  # H494: no ": up" mid-line
        amount, how, detail = _heal_amount(after, method, modifier, rng)
        if amount:
            after, healed = harm.heal(ruleset, after, amount, session.setting)
            lines.append(f"heals {how}: {healed.explanation}")
        else:
            lines.append(f"heals {how}")
        reply.add(f"  {character.name}: " + "; ".join(lines))
        changes.append(session.character_change(character, after))
        rests.append({"character": character.name, "heal": detail, "hp": after.hp})
    others = [c for c in living if fold(c.name) not in resting]
    passages = _pass(others, REST_HOURS, rng)
    for passage in passages:
        if passage.checks:
            _passage_lines(reply, passage)
    if others:
        # H494: awake or asleep where they fell, these did not rest: their clocks ran.
        who = ", ".join(c.name for c in others)
        reply.add(f"  Not resting, their clocks run {REST_HOURS} hours: {who}", "muted")
    names = ", ".join(c.name for c in named)
    verb = "rests" if len(named) == 1 else "rest"
    summary = f"{names} {verb} {REST_HOURS} hours"
    _commit(ctx, "rest", summary, passages, {"rests": rests}, tuple(changes))
    return reply


def offer(ruleset: SkillDie, view: CampaignView[SkillDieCharacter], role: str) -> list[Intent]:
    """Time passing by an hour, six and a day; rests of everyone and of each."""
    del ruleset
    if role != "gm":
        return []
    intents: list[Intent] = [
        Words("time", ("+1h",)),
        Words("time", ("+6h",)),
        Words("time", ("+24h",)),
    ]
    intents.append(Words("rest", ()))
    intents += [Words("rest", (c.name,)) for c in view.characters() if not c.dead]
    return intents


OFFERS.append(offer)
