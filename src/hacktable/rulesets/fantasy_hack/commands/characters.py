"""``character``: make, show, list, remove and revive fantasy-hack characters, and say
who plays them (RULINGS F1, F4; docs/rulings.md H106, H302).

``character new NAME --race R --class C`` makes the stats by the campaign's
``stat-method`` (4d6 drop the lowest, every die shown, or the array 16, 13, 11) or takes
them from ``--stats 16,13,11`` (STR, DEX, MND, as rolled at the table), assigns them
highest first in ``--order`` (the console asks; a script gives the class's key stat
the highest, H302), adds the race's +2, rolls HP = STR + 1d6 and gives the class's kit.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from ....errors import RuleError
from ....play.outcome import Reply
from ....play.players import owner_of
from ... import character_commands as shared
from ... import keeping
from ...context import CampaignView, Context, ask_until
from ...grammar import Access, Args, Intent, Words
from ...harm import HP_CONDITIONS
from .. import creation
from ..character import (
    CLASSES,
    MAX_LEVEL,
    RACES,
    STATS,
    FantasyHackCharacter,
    class_named,
    race_named,
)
from ..derived import armour_class
from ..legal import OFFERS
from ..levels import parse_affinity
from ..ruleset import FantasyHack
from .lookups import character_names, fantasy_of
from .registry import COMMANDS

__all__ = ["CharacterIntent", "CreationChoices"]

_NEW_FLAGS = (
    "--str",
    "--dex",
    "--mnd",
    "--race",
    "--class",
    "--stats",
    "--order",
    "--level",
    "--affinity",
    "--raise",
    "--player",
)

_USAGE = (
    "character new NAME --race R --class C [--stats S,D,M|rolled|array | --str N --dex N "
    "--mnd N] [--order A,B,C] "
    "[--level N] [--affinity SKILL:FIELD[,...]] [--raise STAT[,...]] [--player P] | "
    "character show NAME | character list | character remove NAME | "
    "character revive NAME | character owner NAME PLAYER|gm"
)


@dataclass(frozen=True, slots=True)
class CreationChoices:
    """What a ``character new`` line chose; what it leaves out is asked in the console.

    Attributes:
        race: ``--race``, as given.
        klass: ``--class``, as given.
        stats: ``--stats``: three scores (STR, DEX, MND), ``"rolled"`` or ``"array"``
            (``None``: the campaign's ``stat-method``).
        order: ``--order``: the stats from highest to lowest.
        level: ``--level`` (1-10).
        affinities: ``--affinity``: an Expert's, one for each of levels 1, 3, 6, 9.
        raises: ``--raise``: the stats raised at levels 3, 6, 9.
        player: ``--player``.
    """

    race: str | None = None
    klass: str | None = None
    stats: tuple[int, int, int] | str | None = None
    order: tuple[str, ...] | None = None
    level: int = 1
    affinities: tuple[tuple[str, str], ...] = ()
    raises: tuple[str, ...] = ()
    player: str | None = None


@dataclass(frozen=True, slots=True)
class CharacterIntent(Intent):
    """Create, show, list, remove or revive characters, or hand one to a player.

    Attributes:
        action: ``"new"``, ``"show"``, ``"list"``, ``"remove"``, ``"revive"`` or ``"owner"``.
        name: the character's name (``""`` for ``list``).
        choices: for ``new``, what the line chose.
        player: for ``owner``, who is to play the character.
    """

    action: keeping.CharacterAction
    name: str = ""
    choices: CreationChoices = field(default_factory=CreationChoices)
    player: str = ""

    def access(self) -> Access:
        """As every ruleset's ``character`` (:func:`hacktable.rulesets.keeping.access`)."""
        return keeping.access(self.action)


def _complete(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    if not words:
        return keeping.ACTIONS
    if words[0] == "new":
        choices = {"--race": RACES, "--class": CLASSES, "--stats": ("rolled", "array")}
        return choices.get(words[-1], _NEW_FLAGS)
    if len(words) == 1:
        return character_names(session)
    return ()


def _read(args: Args) -> CharacterIntent:
    return shared.read(args, CharacterIntent, _read_new)


def _stats(args: Args, text: str) -> tuple[int, int, int] | str:
    if text.lower() in ("rolled", "array"):
        return text.lower()
    parts = [p for p in text.split(",") if p]
    if len(parts) != 3:
        raise args.error("--stats takes STR,DEX,MND like 16,13,11, or 'rolled' or 'array' (F1)")
    a, b, c = (args.to_int(p, "a stat", minimum=3) for p in parts)
    return a, b, c


def _read_new(args: Args) -> CharacterIntent:
    """The new character's name and flags."""
    name = shared.read_name(args)
    flags = shared.read_flags(args, _NEW_FLAGS)
    stats = _stats(args, flags["--stats"]) if "--stats" in flags else None
    each = [flags.get(f) for f in ("--str", "--dex", "--mnd")]
    if any(each):
        if not all(each) or stats is not None:
            raise args.error("--str, --dex and --mnd come together, instead of --stats")
        stats = _stats(args, ",".join(str(e) for e in each))
    order = (
        tuple(s.strip().upper() for s in flags["--order"].split(","))
        if "--order" in flags
        else None
    )
    if order is not None and sorted(order) != sorted(STATS):
        raise args.error(
            "--order names STR, DEX and MND once each, highest first, like MND,DEX,STR"
        )
    if order is not None and isinstance(stats, tuple):
        raise args.error("--stats with scores gives them in STR,DEX,MND order: no --order")
    level = args.to_int(flags.get("--level", "1"), "--level", minimum=1)
    if level > MAX_LEVEL:
        raise args.error(f"fantasy-hack has levels 1 to {MAX_LEVEL} (Level Advancement)")
    try:
        affinities = tuple(parse_affinity(a) for a in flags.get("--affinity", "").split(",") if a)
    except RuleError as error:
        raise args.error(str(error)) from None
    raises = tuple(s.strip().upper() for s in flags.get("--raise", "").split(",") if s.strip())
    if any(s not in STATS for s in raises):
        raise args.error("--raise names STR, DEX or MND for each of levels 3, 6, 9")
    choices = CreationChoices(
        flags.get("--race"),
        flags.get("--class"),
        stats,
        order,
        level,
        affinities,
        raises,
        flags.get("--player"),
    )
    return CharacterIntent("new", name, choices)


@COMMANDS.typed(
    "character",
    _USAGE,
    "create, show, list or remove characters, and say who plays them",
    CharacterIntent,
    _read,
    details="""
"character new NAME --race R --class C" makes STR, DEX and MND by the campaign's
stat-method (4d6 drop the lowest three times, or the array 16, 13, 11), assigned
highest first in --order (the console asks; a script gives the class's key stat the
highest: Fighter STR, Rogue and Outdoorsman DEX, Expert and Sorcerer MND, H302); or
"--stats 16,13,11" gives STR, DEX, MND as rolled at the table. Races: Human (+1 every
skill), Elf (+2 MND), Dwarf (+2 STR), Halfling (+2 DEX); at most 18. Skills: rank =
level + race + 3 in the class's skill. HP = STR score + 1d6 (hp-method), +2 a level.
An Expert names an affinity: --affinity Knowledge:magical-lore (RULINGS F1, F4).
  character new Ottvar --race human --class fighter --stats 18,10,9
""",
    complete=_complete,
    aliases=("char",),
)
def character_command(ctx: Context, intent: CharacterIntent) -> Reply:
    """Dispatch the ``character`` subcommands."""
    return shared.dispatch(
        ctx,
        intent,
        lambda: _new(ctx, intent.name, intent.choices),
        lambda: _list(ctx.session),
        HP_CONDITIONS,
    )


def _list(session: CampaignView[FantasyHackCharacter]) -> Reply:
    characters = session.characters()
    reply = Reply()
    if not characters:
        return reply.add("No characters yet: character new NAME --race R --class C", "note")
    for c in characters:
        # H495: the scores as the checks use them, damage shown; one column per field.
        scores = " ".join(
            f"{a} {c.effective(a)}" + (f" (of {s})" if c.damage_to(a) else "") for a, s in c.scores
        )
        who = f"{c.race.title()} {c.klass.title()}"
        state = f"  [{', '.join(c.conditions)}]" if c.conditions else ""
        owner = owner_of(session.state, c.key)
        played = f"  played by {owner}" if owner else ""
        reply.add(
            f"{c.name:<12} {who:<20} L{c.level:<2}  "
            f"HP {c.hp}/{c.max_hp}  "
            f"AC {armour_class(c).value}  {scores}{state}{played}"
        )
    return reply


def _ask_choices(
    ctx: Context,
    choices: CreationChoices,
    method: str,
    rolled: Callable[[], tuple[creation.RolledStat, ...]],
) -> CreationChoices:
    """Ask the console for the race, class, order and affinity a line left out; the
    4d6 are ``rolled()`` before the order is asked, so the player sees them (H478)."""
    race, klass = choices.race, choices.klass
    if race is None:
        race = ask_until(
            ctx, f"Race ({', '.join(RACES)})? ", race_named, what="character", command="character"
        )
    if klass is None:
        klass = ask_until(
            ctx,
            f"Class ({', '.join(CLASSES)})? ",
            class_named,
            what="character",
            command="character",
        )
    order = choices.order
    if order is None and not isinstance(choices.stats, tuple):
        if (choices.stats or method) == "array":
            how = "the array 16, 13, 11"
        else:
            scores = sorted((r.score for r in rolled()), reverse=True)
            how = "4d6 drop the lowest, " + ", ".join(map(str, scores))
        default = ",".join(creation.default_order(class_named(klass)))

        def check(answer: str) -> None:
            creation.assign((1, 2, 3), tuple((answer or default).split(",")))

        answer = ask_until(
            ctx,
            f"Stats by {how}: which gets the highest, then the next (Enter: {default})? ",
            check,
            what="character",
            command="character",
        )
        order = tuple(s.strip().upper() for s in (answer or default).split(","))
    affinities = choices.affinities
    if class_named(klass) == "expert" and not affinities:
        affinities = (
            parse_affinity(
                ask_until(
                    ctx,
                    "An Expert's affinity, SKILL:FIELD (like Knowledge:magical-lore)? ",
                    parse_affinity,
                    what="character",
                    command="character",
                )
            ),
        )
    return replace(choices, race=race, klass=klass, order=order, affinities=affinities)


def _new(ctx: Context, name: str, choices: CreationChoices) -> Reply:
    session = ctx.session
    owner = shared.owner_of_new(ctx, name, choices.player)
    ruleset = fantasy_of(session)
    method = str(session.setting("stat-method"))
    rng = session.rng()
    rolls: list[tuple[creation.RolledStat, ...]] = []

    def rolled() -> tuple[creation.RolledStat, ...]:
        if not rolls:  # from the creation's own dice, once (H478)
            rolls.append(creation.roll_stats(rng))
        return rolls[0]

    if ctx.ask is not None:
        choices = _ask_choices(ctx, choices, method, rolled)
    if choices.race is None or choices.klass is None:
        raise RuleError(
            f"a fantasy-hack character needs --race ({', '.join(RACES)}) and --class "
            f"({', '.join(CLASSES)})"
        )
    stats = choices.stats
    spec = creation.CharacterSpec(
        name,
        race_named(choices.race),
        class_named(choices.klass),
        scores=stats if isinstance(stats, tuple) else None,
        method={"rolled": "4d6-drop-lowest", "array": "array"}[stats]
        if isinstance(stats, str)
        else method,
        order=choices.order,
        level=choices.level,
        affinities=choices.affinities,
        raises=choices.raises,
        hp_method=str(session.setting("hp-method")),
        rolled=rolls[0] if rolls else None,
    )
    made = ruleset.create_character(spec, rng)
    character = made.character
    reply = Reply().extend(made.lines).add("").extend(ruleset.character_sheet(character))
    words = ["character", "new", name, "--race", character.race, "--class", character.klass]
    # The scores as given, before the race's +2 and the levels' raises (RULINGS F1):
    # the logged command makes the same character again.
    words += ["--stats", ",".join(map(str, stats))] if isinstance(stats, tuple) else []
    if choices.order:
        words += ["--order", ",".join(choices.order)]
    if choices.level > 1:
        words += ["--level", str(choices.level)]
    if choices.raises:
        words += ["--raise", ",".join(choices.raises)]
    if character.affinities:
        words += ["--affinity", ",".join(f"{s}:{f.replace(' ', '-')}" for s, f in spec.affinities)]
    if owner is not None:
        words += ["--player", owner]
    return shared.join(ctx, reply, made, shlex.join(words), owner)


# -- what can be asked now -----------------------------------------------------------------


def offer(
    ruleset: FantasyHack, view: CampaignView[FantasyHackCharacter], role: str
) -> list[Intent]:
    """``character new`` of each class (with a race each, one from the array, one at
    level 4), ``character show`` of each character and ``character list``."""
    del ruleset, role
    intents, names = shared.offer_start(view)
    if names is None:
        return intents
    for number, klass in enumerate(CLASSES):
        words = ["new", next(names), "--race", RACES[number % len(RACES)], "--class", klass]
        if klass == "expert":
            words += ["--affinity", "Knowledge:magical-lore"]
        intents.append(Words("character", tuple(words)))
    intents.append(
        Words(
            "character",
            (
                "new",
                next(names),
                "--race",
                "dwarf",
                "--class",
                "fighter",
                "--stats",
                "array",
                "--level",
                "4",
            ),
        )
    )
    return intents


OFFERS.append(offer)
