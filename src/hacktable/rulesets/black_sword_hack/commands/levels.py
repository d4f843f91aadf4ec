"""``stories`` and ``level``: a character's stories (experience) and the levels they buy
(RULINGS B7, B4, B2; docs/rulings.md H120-H123).

``stories NAME +N`` is the GM's award; when the stories reach the level, ``level NAME
...`` gains it with the player's choices: the attributes the level raises and the gift
it gives, asked for in the console when the line leaves them out.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ....errors import CommandError, RuleError
from ....play.outcome import Reply
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from ...powers import CHARACTERS
from .. import levels
from ..character import ATTRIBUTES, MAX_SCORE, Character
from ..content.index import Content, lookup_key
from ..content.schemas import Gift
from ..legal import OFFERS
from ..ruleset import BlackSwordHack
from . import guided
from .lookups import black_sword_of, character_names
from .registry import COMMANDS

__all__ = ["LevelIntent", "StoriesIntent"]


def _names_first(session: CampaignView[Character], words: list[str]) -> Iterable[str]:
    return character_names(session) if not words else ()


def _due_line(character: Character) -> str:
    """E.g. ``"Kael can gain level 2 (+1 to one attribute, +1 max HP): level Kael ..."``."""
    gains = levels.gains_at(character.level + 1)
    example = ["level", character.name, *levels.open_attributes(character)[: gains.attributes]]
    if gains.gift:
        example += ["gift", "GIFT"]
    return f"{character.name} can gain level {gains.level} ({gains.describe()}): " + " ".join(
        example
    )


# -- stories -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoriesIntent(Intent):
    """Award (or take back) a character's stories, or show them (RULINGS B7).

    Attributes:
        name: the character's name, as given.
        amount: the change, signed; ``None`` only shows them.
    """

    name: str
    amount: int | None = None

    def access(self) -> Access:
        """Anyone sees them; the GM awards them (docs/rulings.md H106)."""
        if self.amount is None:
            return Access.read()
        return Access.gm(CHARACTERS, "award stories")


def _read_stories(args: Args) -> StoriesIntent:
    name = args.word("NAME")
    text = args.optional()
    args.done()
    if text is None:
        return StoriesIntent(name)
    if text[:1] not in "+-":
        raise args.error(f"stories change by +N or -N, not {text!r}")
    return StoriesIntent(name, args.to_int(text, "+N or -N"))


@COMMANDS.typed(
    "stories",
    "stories NAME [+N|-N]",
    "award a character stories (experience), or show them",
    StoriesIntent,
    _read_stories,
    details="""
A character gains a level when their stories reach their level; the level spends them
(RULINGS B7): "level NAME ..." then, with the level's choices.
""",
    complete=_names_first,
)
def stories_command(ctx: Context, intent: StoriesIntent) -> Reply:
    """Change or show stories."""
    session = ctx.session
    character: Character = session.character(intent.name)
    reply = Reply()
    if intent.amount is None:
        reply.add(f"{character.name}: {character.stories} stories, level {character.level}")
    else:
        after = levels.with_stories(character, intent.amount)
        summary = (
            f"{character.name}: stories {character.stories} -> {after.stories} "
            f"(level {character.level})"
        )
        reply.add(summary)
        session.commit_character("stories", character, after, summary, ctx.line)
        character = after
    if levels.due(character):
        reply.add(_due_line(character), "note")
    elif character.level >= levels.MAX_LEVEL:
        reply.add(f"{character.name} is level {levels.MAX_LEVEL}, the top (RULINGS B7)", "muted")
    return reply


# -- level -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LevelIntent(Intent):
    """Gain the next level with the player's choices (RULINGS B7).

    Attributes:
        name: the character's name, as given.
        attributes: the attributes to raise, upper case (one at levels 2 and 6, two
            different ones at 4 and 8).
        gift: the gift to take at levels 3, 5, 7 and 9, as given.
    """

    name: str
    attributes: tuple[str, ...] = ()
    gift: str | None = None

    def access(self) -> Access:
        """The character's player: the choices are theirs (docs/rulings.md H106)."""
        return Access.play(self.name)


def _read_level(args: Args) -> LevelIntent:
    name = args.word("NAME")
    attributes: list[str] = []
    gift = None
    while not args.empty:
        word = args.word("an attribute or 'gift GIFT'")
        if word.lower() == "gift":
            gift = " ".join(args.rest()) or args.word("the gift")
            break
        if word.upper() not in ATTRIBUTES:
            raise args.error(f"{word!r} is no attribute ({', '.join(ATTRIBUTES)})")
        attributes.append(word.upper())
    return LevelIntent(name, tuple(attributes), gift)


def _complete_level(session: CampaignView[Character], words: list[str]) -> Iterable[str]:
    if not words:
        return character_names(session)
    if words[-1].lower() == "gift":
        return [g.id for g in black_sword_of(session).content.gifts]
    return (*ATTRIBUTES, "gift")


@COMMANDS.typed(
    "level",
    "level NAME [ATTR] [ATTR] [gift GIFT]",
    "gain the next level when the stories have reached it",
    LevelIntent,
    _read_level,
    details="""
Level 2 and 6: +1 to one attribute; 4 and 8: +1 to two different attributes; 3, 5, 7
and 9: a gift the character does not have; every level +1 max HP (CON + level - 1);
level 10: the Doom die one size larger. No attribute goes above 18 (RULINGS B4, B7).
  level Kael STR        level Kael STR DEX        level Kael gift hawk-eye
In the console, what the line leaves out is asked.
""",
    complete=_complete_level,
)
def level_command(ctx: Context, intent: LevelIntent) -> Reply:
    """Gain a level."""
    session = ctx.session
    character: Character = session.character(intent.name)
    content = black_sword_of(session).content
    levels.require_due(character)
    gains = levels.gains_at(character.level + 1)
    attributes, gift = intent.attributes, intent.gift
    if ctx.ask is not None:
        attributes = _ask_attributes(ctx, character, gains, attributes)
        if gains.gift and gift is None:
            gift = _ask_gift(ctx, content, character, gains.level)
    made = levels.level_up(content, character, levels.LevelChoices(attributes, gift))
    words = ["level", character.name, *attributes]
    if made.detail["gift"] is not None:
        words += ["gift", str(made.detail["gift"])]
    summary = "; ".join(made.lines)
    command = shlex.join(words)
    session.commit_character("level", character, made.character, summary, command, made.detail)
    reply = Reply().add(made.lines[0], "title").extend(made.lines[1:])
    if levels.due(made.character):
        reply.add(_due_line(made.character), "note")
    return reply


def _ask_attributes(
    ctx: Context, character: Character, gains: levels.Gains, given: tuple[str, ...]
) -> tuple[str, ...]:
    """Ask for the attributes the level raises that the line left out."""
    chosen = list(given)
    wanted = min(gains.attributes, len(levels.open_attributes(character)))
    while len(chosen) < wanted:
        open_now = [a for a in levels.open_attributes(character) if a not in chosen]
        menu = ", ".join(f"{a} {character.score(a)}" for a in open_now)
        which = "another attribute" if chosen else "which attribute"
        question = f"Level {gains.level}: +1 to {which}? {menu}"
        answer = guided.ask(ctx, "level", question, _attribute_check(character, chosen))
        chosen.append(answer.upper())
    return tuple(chosen)


def _attribute_check(character: Character, chosen: list[str]) -> Callable[[str], None]:
    """Checks an answer names an attribute the level can raise (RULINGS B4; H121)."""

    def check(answer: str) -> None:
        attribute = answer.upper()
        if attribute not in ATTRIBUTES:
            raise CommandError(f"{answer!r} is no attribute ({', '.join(ATTRIBUTES)})")
        if character.score(attribute) >= MAX_SCORE:
            raise RuleError(f"{attribute} is already {MAX_SCORE}, the most (RULINGS B4)")
        if attribute in chosen:
            raise RuleError(f"{attribute} is chosen already: two different ones (H121)")

    return check


def _gift_named(options: tuple[Gift, ...], answer: str) -> Gift:
    text = answer.strip()
    if text.isdigit() and 1 <= int(text) <= len(options):
        return options[int(text) - 1]
    for gift in options:
        if lookup_key(text) in (gift.id, lookup_key(gift.name)):
            return gift
    raise CommandError(f"not a gift they can take: {answer!r} (a number from 1 to {len(options)})")


def _ask_gift(ctx: Context, content: Content, character: Character, level: int) -> str:
    options = levels.gift_choices(content, character)
    menu = " | ".join(f"{n}: {g.name}" for n, g in enumerate(options, 1))
    answer = guided.ask(
        ctx, "level", f"Level {level}: which gift? {menu}", lambda a: _gift_named(options, a)
    )
    return _gift_named(options, answer).id


# -- what can be asked now -----------------------------------------------------------------


def offer(ruleset: BlackSwordHack, view: CampaignView[Character], role: str) -> list[Intent]:
    """``stories NAME +1`` of each living character (the GM's), and ``level`` with
    choices that fit for each whose level is due (RULINGS B7)."""
    content = ruleset.content
    intents: list[Intent] = []
    for character in view.characters():
        if character.dead:
            continue
        if role == "gm":
            intents.append(Words("stories", (character.name, "+1")))
        if not levels.due(character):
            continue
        gains = levels.gains_at(character.level + 1)
        words = [character.name, *levels.open_attributes(character)[: gains.attributes]]
        choices = levels.gift_choices(content, character)
        if gains.gift and choices:
            words += ["gift", choices[0].id]
        intents.append(Words("level", tuple(words)))
    return intents


OFFERS.append(offer)
