"""``character``: make, show, list, remove and revive black-sword-hack characters, and
say who plays them (RULINGS B2, B4; docs/rulings.md H106, H127).

``character new NAME`` rolls 2d6 in order for each attribute, then takes the origin and
three backgrounds from the flags, asks for them in the console, or rolls them when
nobody can answer (a script). The Doom die starts at the campaign's ``doom-die``.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field

from ....dice.usage import UsageDie
from ....errors import RuleError
from ....play.outcome import Reply
from ....play.players import owner_of
from ... import character_commands as shared
from ... import keeping
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from .. import armour, creation, levels
from ..character import ORIGINS, Character
from ..content.index import Content
from ..fight import fight_in
from ..legal import OFFERS
from ..ruleset import BlackSwordHack
from . import guided
from .lookups import black_sword_of, character_names
from .registry import COMMANDS

__all__ = ["CharacterIntent", "CreationChoices"]

_NEW_FLAGS = ("--origin", "--backgrounds", "--player")

_USAGE = (
    "character new NAME [--origin O] [--backgrounds A,B,C] [--player P] | "
    "character show NAME | character list | character remove NAME | "
    "character revive NAME | character owner NAME PLAYER|gm"
)


@dataclass(frozen=True, slots=True)
class CreationChoices:
    """What a ``character new`` line chose; what it leaves out (``None``) is asked in
    the console or rolled (RULINGS B4; docs/rulings.md H127).

    Attributes:
        origin: ``--origin``, as given.
        backgrounds: ``--backgrounds``, three ids or names, as given.
        player: ``--player``, who plays it (``None``: whoever makes it; ``"gm"``).
    """

    origin: str | None = None
    backgrounds: tuple[str, ...] | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class CharacterIntent(Intent):
    """Create, show, list, remove or revive characters, or hand one to a player
    (RULINGS B4; bringing the dead back is the GM's word; docs/rulings.md H106).

    Attributes:
        action: ``"new"``, ``"show"``, ``"list"``, ``"remove"``, ``"revive"`` or
            ``"owner"``.
        name: the character's name (``""`` for ``list``).
        choices: for ``new``, what the line chose.
        player: for ``owner``, who is to play the character (``"gm"``: the GM).
    """

    action: keeping.CharacterAction
    name: str = ""
    choices: CreationChoices = field(default_factory=CreationChoices)
    player: str = ""

    def access(self) -> Access:
        """As every ruleset's ``character`` (:func:`hacktable.rulesets.keeping.access`)."""
        return keeping.access(self.action)


def _complete(session: CampaignView[Character], words: list[str]) -> Iterable[str]:
    if not words:
        return keeping.ACTIONS
    if words[0] == "new":
        if words[-1] == "--origin":
            return ORIGINS
        if words[-1] == "--backgrounds":
            return [b.id for b in black_sword_of(session).content.backgrounds]
        return _NEW_FLAGS
    if len(words) == 1:
        return character_names(session)
    return ()


def _read(args: Args) -> CharacterIntent:
    return shared.read(args, CharacterIntent, _read_new)


def _read_new(args: Args) -> CharacterIntent:
    """The new character's name and flags."""
    name = shared.read_name(args)
    flags = shared.read_flags(args, _NEW_FLAGS)
    backgrounds = None
    if "--backgrounds" in flags:
        backgrounds = tuple(b.strip() for b in flags["--backgrounds"].split(",") if b.strip())
        if len(backgrounds) != 3:
            raise args.error(
                "--backgrounds takes three, two of the origin and one of any, like "
                "reaver,horse-lord,scribe (RULINGS B4)"
            )
    choices = CreationChoices(flags.get("--origin"), backgrounds, flags.get("--player"))
    return CharacterIntent("new", name, choices)


@COMMANDS.typed(
    "character",
    _USAGE,
    "create, show, list or remove characters, and say who plays them",
    CharacterIntent,
    _read,
    details="""
"character new NAME" rolls 2d6 in order for each attribute, read on the table 2-3: 8,
4-5: 9, 6-7: 10, 8-9: 11, 10-11: 12, 12: 13, then asks for an origin (barbarian,
civilized, decadent) and three backgrounds, two of the origin and one of any, each +1
to its attribute (never above 18). HP = CON + (level - 1); the Doom die starts at the
campaign's doom-die setting (RULINGS B2, B4). Give the choices as flags to make a
character at once; what no flag gives and nobody can answer is rolled:
  character new Kael --origin barbarian --backgrounds reaver,pit-fighter,scribe
A character is played by the player who makes it, or by the player the GM names with
"--player NAME"; "character owner NAME PLAYER" (or "gm") hands one over (H106).
""",
    complete=_complete,
    aliases=("char",),
)
def character_command(ctx: Context, intent: CharacterIntent) -> Reply:
    """Dispatch the ``character`` subcommands."""
    session = ctx.session
    if intent.action == "new":
        return _new(ctx, intent.name, intent.choices)
    if intent.action == "list":
        return _list(session)
    character: Character = session.character(intent.name)
    if intent.action == "show":
        due = [f"  Level {character.level + 1} is due: level {character.name}"]
        return keeping.show(ctx, character, *(due if levels.due(character) else ()))
    if intent.action == "owner":
        return keeping.hand_over(ctx, character, intent.player)
    if intent.action == "revive":
        return keeping.revive(ctx, character, shared.cleared(character, ("dead",)))
    fight = fight_in(session.state)
    if fight is not None and fight.has_fighter(character.name):
        # the fight's order, turns and commands name its fighters (black-sword-hack 2.1.1)
        raise RuleError(f"{character.name} takes part in fight {fight.number}: 'fight end' first")
    return keeping.remove(ctx, character)


def _list(session: CampaignView[Character]) -> Reply:
    characters = session.characters()
    reply = Reply()
    if not characters:
        return reply.add("No characters yet: character new NAME", "note")
    content = black_sword_of(session).content
    for c in characters:
        scores = " ".join(f"{a} {s}" for a, s in c.scores)
        labels = [session.ruleset.condition_label(k) for k in c.conditions]
        if c.dead:
            state = "  DEAD"
        else:
            flags = [*(["Doomed"] if c.doomed else []), *(["Helpless"] if c.helpless else [])]
            flags += labels
            state = f"  [{', '.join(flags)}]" if flags else ""
        owner = owner_of(session.state, c.key)
        played = f"  played by {owner}" if owner else ""
        reply.add(
            f"{c.name:<12} {c.origin.title():<9} L{c.level}  HP {c.hp}/{c.max_hp}  "
            f"Doom {c.doom}  Armour {armour.armour_rating(content, c)}  {scores}"
            f"{state}{played}"
        )
    return reply


def _origin_of(content: Content, choices: CreationChoices) -> str | None:
    """The origin the flags give: ``--origin``, else the one at least two of
    ``--backgrounds`` share (docs/rulings.md H127), else ``None``; the backgrounds are
    checked against it before any die is rolled.

    Raises:
        UnknownNameError: an unknown origin or background.
        RuleError: backgrounds that break RULINGS B4.
    """
    origin = None if choices.origin is None else creation.origin_named(choices.origin)
    if choices.backgrounds is None:
        return origin
    found = [content.background(b) for b in choices.backgrounds]
    if origin is None:
        shared = [o for o in ORIGINS if sum(b.origin == o for b in found) >= 2]
        if not shared:
            raise RuleError(
                "two of the three backgrounds share the character's origin (RULINGS B4): "
                + ", ".join(f"{b.name} is {b.origin.title()}" for b in found)
            )
        origin = shared[0]
    creation.chosen_backgrounds(content, origin, choices.backgrounds)
    return origin


def _new(ctx: Context, name: str, choices: CreationChoices) -> Reply:
    session = ctx.session
    owner = shared.owner_of_new(ctx, name, choices.player)
    ruleset = black_sword_of(session)
    content = ruleset.content
    origin = _origin_of(content, choices)
    backgrounds = choices.backgrounds
    doom = UsageDie.parse(str(session.setting("doom-die")))
    rng = session.rng()
    scores = creation.roll_scores(rng)
    reply = Reply()
    if ctx.ask is not None and (origin is None or backgrounds is None):
        rolled = ", ".join(f"{a} {s} ({d[0]}+{d[1]})" for a, d, s in scores)
        guided.ask(ctx, "character", f"Rolled 2d6 in order: {rolled}. Press Enter", str)
        if origin is None:
            origin = guided.ask_origin(ctx)
        if backgrounds is None:
            backgrounds = guided.ask_backgrounds(ctx, content, origin)
    spec = creation.CharacterSpec(name, origin, backgrounds, doom)
    made = creation.build_character(content, spec, scores, rng)
    character = made.character
    reply.extend(made.lines)
    reply.add("")
    reply.extend(ruleset.character_sheet(character))
    words = ["character", "new", name, "--origin", character.origin]
    words += ["--backgrounds", ",".join(character.backgrounds)]
    if owner is not None:
        words += ["--player", owner]
    return shared.join(ctx, reply, made, shlex.join(words), owner)


# -- what can be asked now -----------------------------------------------------------------


def offer(ruleset: BlackSwordHack, view: CampaignView[Character], role: str) -> list[Intent]:
    """``character new`` with each origin (rolled backgrounds, and the first of each
    origin's own with one of another) while the party is small, ``character show`` of
    each character and ``character list`` (RULINGS B4)."""
    del role  # the GM and players alike make characters (a player's own, H106)
    intents, names = shared.offer_start(view)
    if names is None:
        return intents
    content = ruleset.content
    for origin in ORIGINS:
        intents.append(Words("character", ("new", next(names), "--origin", origin)))
        own = content.backgrounds_of(origin)
        other = next(b for b in content.backgrounds if b.origin != origin)
        chosen = ",".join((own[0].id, own[-1].id, other.id))
        intents.append(Words("character", ("new", next(names), "--backgrounds", chosen)))
    return intents


OFFERS.append(offer)
