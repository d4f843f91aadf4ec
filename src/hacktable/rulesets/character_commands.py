"""What every ruleset's ``character`` command reads, checks and commits the same way:
the subcommand words, a new character's name and flags, the checks before one is made,
the ``character.new`` event with its owner and logged command line, the subcommands
that keep a character (show, owner, revive, remove) and the start of the offers
(docs/rulings.md H106). What a ruleset makes and shows is its own; keeping a character
is :mod:`hacktable.rulesets.keeping`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from typing import Any, Protocol, TypeVar, cast

from ..errors import RuleError
from ..play.character import Character, fold
from ..play.events import Change, Event
from ..play.outcome import Reply
from ..play.players import OWNER, seat_of
from . import keeping
from .context import CampaignView, Context
from .grammar import Args, Intent, Words
from .names import check_name

__all__ = [
    "MAX_CHARACTERS",
    "Made",
    "cleared",
    "dispatch",
    "free_names",
    "join",
    "keep",
    "offer_start",
    "owner_of_new",
    "read",
    "read_flags",
    "read_kept",
    "read_name",
]

IntentT = TypeVar("IntentT", bound=Intent)
C = TypeVar("C", bound=Character)

MAX_CHARACTERS = 6
"""New characters are offered until the campaign has this many living ones."""

ACTIONS_PROMPT = "new, show, list, remove, revive or owner"
"""What ``character`` asks for first."""


class Made(Protocol):
    """A ruleset's made character: the character, the lines that tell how, the
    event's detail."""

    @property
    def character(self) -> Character:
        """The new character."""
        ...

    @property
    def lines(self) -> Iterable[str]:
        """What was rolled and chosen, a line each."""
        ...

    @property
    def detail(self) -> Mapping[str, Any]:
        """The ``character.new`` event's detail."""
        ...


def read(args: Args, make: Callable[..., IntentT], read_new: Callable[[Args], IntentT]) -> IntentT:
    """``character ACTION ...``: ``new`` by ``read_new``, the rest by :func:`read_kept`.

    Raises:
        CommandError: an unknown subcommand, a missing or extra word.
    """
    action = args.word(ACTIONS_PROMPT).lower()
    if action == "new":
        return read_new(args)
    return read_kept(args, action, make)


def read_kept(args: Args, action: str, make: Callable[..., IntentT]) -> IntentT:
    """``character list``, ``character owner NAME PLAYER`` and ``character show|remove|
    revive NAME`` as ``make(action, name, player=...)`` (``new`` is the caller's).

    Raises:
        CommandError: an unknown subcommand, a missing or extra word.
    """
    if action == "list":
        args.done()
        return make("list")
    if action == "owner":
        name = args.word("NAME")
        player = args.word("PLAYER (or gm)")
        args.done()
        return make("owner", name, player=player)
    if action in keeping.ACTIONS:
        name = args.word("NAME")
        args.done()
        return make(cast(keeping.CharacterAction, action), name)
    raise args.error(f"unknown subcommand {action!r}")


def read_name(args: Args, numbers: str = "scores and amounts") -> str:
    """A new character's name, its spaces collapsed: not a flag, a number (``numbers``
    says what numbers are), longer than 40 or with control characters.

    Raises:
        CommandError: a name that cannot be one.
    """
    name = " ".join(args.word("NAME").split())
    if not name or name.startswith("-") or not fold(name):
        raise args.error("the character needs a name")
    if len(name) > 40:
        raise args.error("a name has at most 40 characters")
    if name.lstrip("+-").isdigit():
        raise args.error(f"a name cannot be a number (numbers are {numbers})")
    if any(not ch.isprintable() for ch in name):
        raise args.error("a name cannot hold control characters")
    return name


def read_flags(args: Args, allowed: tuple[str, ...], *, name_them: bool = False) -> dict[str, str]:
    """The rest of the line as ``--flag value`` pairs, each one of ``allowed``
    (``name_them``: an unexpected flag's error lists them).

    Raises:
        CommandError: an unexpected flag, or one without its value.
    """
    flags: dict[str, str] = {}
    while not args.empty:
        flag = args.word("a flag").lower()
        if flag not in allowed:
            more = f"; character new takes {', '.join(allowed)}" if name_them else ""
            raise args.error(f"unexpected {flag!r}{more}")
        flags[flag] = args.word(f"the value of {flag}")
    return flags


def owner_of_new(ctx: Context, name: str, player: str | None) -> str | None:
    """Who plays a new character called ``name`` (:func:`keeping.owner_of_new`), once
    the name is checked free: no character has it, nor a player, and it is not a word
    the commands read (H210).

    Raises:
        RuleError: the name is taken. NotAllowedError, UnknownNameError: as
            :func:`keeping.owner_of_new`.
    """
    session = ctx.session
    if session.state.get("character", fold(name)) is not None:
        raise RuleError(f"there is already a character called {name}")
    check_name(session, name)  # not a monster's id, an attribute, a keyword (H210)
    seated = seat_of(session.state, name)
    if seated is not None:
        raise RuleError(f"{seated.name} is a player's name: a character needs a name of its own")
    return keeping.owner_of_new(ctx, player)


def join(ctx: Context, reply: Reply, made: Made, command: str, owner: str | None) -> Reply:
    """Commit ``made``'s character as ``character.new`` played by ``owner``, logged as
    ``command``; ``reply`` says who plays it.
    """
    session = ctx.session
    character = made.character
    lines = list(made.lines)
    session.commit(
        Event(
            "character.new",
            actor=character.name,
            summary=f"{character.name} joins: " + "; ".join(lines),
            detail=dict(made.detail),
            changes=(
                session.character_change(None, character),
                Change(OWNER, character.key, None, owner),
            ),
            command=command,
        )
    )
    if owner is not None:
        reply.add(f"Played by {owner}", "muted")
    return reply


def cleared(character: C, gone: Iterable[str]) -> C:
    """``character`` without the conditions named in ``gone`` (``name`` or ``name:...``)."""
    names = tuple(gone)
    kept = tuple(c for c in character.conditions if c.split(":", 1)[0] not in names)
    return replace(character, conditions=kept)


def keep(
    ctx: Context, character: Character, action: str, player: str, gone: Iterable[str]
) -> Reply:
    """``character show``, ``owner``, ``revive`` (clearing the conditions in ``gone``)
    or ``remove`` of ``character`` (:mod:`hacktable.rulesets.keeping`)."""
    if action == "show":
        return keeping.show(ctx, character)
    if action == "owner":
        return keeping.hand_over(ctx, character, player)
    if action == "revive":
        return keeping.revive(ctx, character, cleared(character, gone))
    return keeping.remove(ctx, character)


class Asked(Protocol):
    """A ruleset's ``character`` intent, as :func:`dispatch` reads it."""

    @property
    def action(self) -> str:
        """``new``, ``show``, ``list``, ``remove``, ``revive`` or ``owner``."""
        ...

    @property
    def name(self) -> str:
        """The character's name (``""`` for ``list``)."""
        ...

    @property
    def player(self) -> str:
        """For ``owner``, who is to play the character."""
        ...


def dispatch(
    ctx: Context,
    intent: Asked,
    new: Callable[[], Reply],
    listing: Callable[[], Reply],
    gone: Iterable[str],
) -> Reply:
    """``character new`` by ``new``, ``list`` by ``listing``, the rest by :func:`keep`
    (``gone``: the conditions ``revive`` clears)."""
    if intent.action == "new":
        return new()
    if intent.action == "list":
        return listing()
    character = ctx.session.character(intent.name)
    return keep(ctx, character, intent.action, intent.player, gone)


def free_names(taken: set[str]) -> Iterator[str]:
    """``Hero1``, ``Hero2``... that no character has (``taken``: folded names)."""
    number = 0
    while True:
        number += 1
        if f"hero{number}" not in taken:
            yield f"Hero{number}"


def offer_start(view: CampaignView[Any]) -> tuple[list[Intent], Iterator[str] | None]:
    """``character list`` and ``character show`` of each character, and the free names
    for ``character new`` (``None`` once :data:`MAX_CHARACTERS` live)."""
    characters = view.characters()
    intents: list[Intent] = [Words("character", ("list",))]
    intents += [Words("character", ("show", c.name)) for c in characters]
    if sum(1 for c in characters if not c.dead) >= MAX_CHARACTERS:
        return intents, None
    return intents, free_names({fold(c.name) for c in characters})
