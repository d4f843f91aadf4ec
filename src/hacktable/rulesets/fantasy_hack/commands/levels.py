"""``level NAME [STAT] [--affinity SKILL:FIELD]``: the GM raises a character one level
(fantasy-hack: Level Advancement, "at the GM's discretion"; RULINGS F2, F4).

Every gain is shown: +2 max HP, +1 to-hit and skills, a stat at 3/6/9 (the console
asks; a script raises the class's key stat, H302), the Fighter's +1 at 4 and 8, an
Expert's affinity at 3/6/9 (asked, or refused in a script without one), AC through F2.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ....errors import RuleError
from ....play.outcome import Reply
from ...context import CampaignView, Context, ask_until
from ...grammar import Access, Args, Intent, Words
from ...powers import CHARACTERS
from ..character import MAX_LEVEL, STATS, FantasyHackCharacter
from ..legal import OFFERS
from ..levels import gain_level, needs_affinity, needs_stat, parse_affinity
from ..ruleset import FantasyHack
from .lookups import character_names
from .registry import COMMANDS

__all__ = ["LevelIntent"]


@dataclass(frozen=True, slots=True)
class LevelIntent(Intent):
    """Raise a character one level.

    Attributes:
        name: the character's name.
        stat: the stat raised at 3, 6 or 9, or ``None``.
        affinity: an Expert's new affinity, or ``None``.
    """

    name: str
    stat: str | None = None
    affinity: tuple[str, str] | None = None

    def access(self) -> Access:
        """The GM's (Level Advancement: "at the GM's discretion")."""
        return Access.gm(CHARACTERS, "raise a level")


def _read(args: Args) -> LevelIntent:
    name = args.word("NAME")
    stat = None
    affinity = None
    while not args.empty:
        word = args.word("STAT or --affinity")
        if word.upper() in STATS:
            stat = word.upper()
        elif word.lower() == "--affinity":
            try:
                affinity = parse_affinity(args.word("SKILL:FIELD"))
            except RuleError as error:
                raise args.error(str(error)) from None
        else:
            raise args.error(
                f"a level takes a stat ({', '.join(STATS)}) or --affinity, not {word!r}"
            )
    return LevelIntent(name, stat, affinity)


def _complete(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    return character_names(session) if not words else (*STATS, "--affinity")


@COMMANDS.typed(
    "level",
    "level NAME [STR|DEX|MND] [--affinity SKILL:FIELD]",
    "the GM raises a character one level (1-10), every gain shown",
    LevelIntent,
    _read,
    details="""
Each level: +2 max HP, +1 to every to-hit and skill; at 3, 6 and 9 +1 to a stat (name
it; the console asks, a script raises the class's key stat); a Fighter's +1 to hit and
damage at 4 and 8; an Expert's new affinity at 3, 6 and 9 (--affinity SKILL:FIELD);
AC = 10 + DEX + armour + half the level (F2). No level above 10.
""",
    complete=_complete,
)
def level_command(ctx: Context, intent: LevelIntent) -> Reply:
    """Raise a level."""
    session = ctx.session
    character: FantasyHackCharacter = session.character(intent.name)
    if character.dead:
        raise RuleError(f"{character.name} is dead: the dead gain no levels")
    if character.level >= MAX_LEVEL:
        raise RuleError(
            f"{character.name} is level {MAX_LEVEL}: fantasy-hack has no levels above {MAX_LEVEL}"
        )
    level = character.level + 1
    stat, affinity = intent.stat, intent.affinity
    if ctx.ask is not None and stat is None and needs_stat(level):
        stat = ask_until(
            ctx,
            f"Level {level} raises a stat by 1: STR, DEX or MND? ",
            lambda a: (
                None
                if a.strip().upper() in STATS
                else (_ for _ in ()).throw(RuleError("STR, DEX or MND"))
            ),
            what="level",
            command="level",
        ).upper()
    if ctx.ask is not None and affinity is None and needs_affinity(character, level):
        affinity = parse_affinity(
            ask_until(
                ctx, "A new affinity, SKILL:FIELD? ", parse_affinity, what="level", command="level"
            )
        )
    gain = gain_level(character, stat, affinity)
    summary = " ".join(line.strip() for line in gain.lines)
    session.commit_character("level", character, gain.character, summary, ctx.line, gain.detail)
    return Reply().extend(gain.lines)


def offer(
    ruleset: FantasyHack, view: CampaignView[FantasyHackCharacter], role: str
) -> list[Intent]:
    """``level NAME`` for each living character (with an affinity for Experts)."""
    del ruleset
    if role != "gm":
        return []
    intents: list[Intent] = []
    for c in view.characters():
        if c.dead:
            continue
        words = [c.name, "DEX"] if needs_stat(c.level + 1) else [c.name]
        if needs_affinity(c, c.level + 1):
            words += ["--affinity", f"Survival:level-{c.level + 1}"]
        intents.append(Words("level", tuple(words)))
    return intents


OFFERS.append(offer)
