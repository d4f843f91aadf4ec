"""A ruleset's command grammar: the typed intents it answers, how a line of words
becomes one, and the per-ruleset registry of its commands.

A command is declared in a :class:`CommandSet` (each ruleset has its own, and the
engine one for ruleset-neutral commands, so two rulesets loaded in one process never
collide). Each command has an intent type, a frozen value saying what is asked, and
two steps:

- ``parse(command, words) -> Intent``: the words after the command's name, read into
  its intent (:class:`Args` reads them left to right, with one-line usage errors);
- ``resolve(context, intent) -> Reply``: the rules applied with the table's random
  source, events committed through the context, the outcome recorded in the reply.

Commands whose words are read as they resolve (the guided and most state-dependent
ones) take the :class:`Words` intent: the command's name and its words, exactly as
given, frozen; they are registered with :meth:`CommandSet.command`. Commands with
intents of their own are registered with :meth:`CommandSet.typed`; a command with
sub-commands may register a base intent whose subclasses are its sub-commands'.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, TypeVar

from ..errors import CommandError, UnknownNameError
from ..play.outcome import Reply
from .context import CampaignView, Context

__all__ = [
    "Access",
    "AccessKind",
    "Args",
    "Command",
    "CommandSet",
    "Completer",
    "Intent",
    "UnknownCommandError",
    "Words",
    "find",
    "split",
]


class AccessKind(Enum):
    """What kind of asking an intent is (who may ask it: see :class:`Access`)."""

    READ = "read"
    """It only reads: anyone at the table may ask, observers included."""
    PLAY = "play"
    """It acts for characters: the GM, or the player who plays every one of them."""
    GM = "gm"
    """It uses a GM power: the GM only."""


@dataclass(frozen=True, slots=True)
class Access:
    """Who may ask for an intent: what the command layer checks before it resolves.

    Attributes:
        kind: reading, acting for characters, or a GM power.
        characters: (``PLAY``) the characters it acts for, as named in the intent; a
            name that is no character (a monster) is the GM's.
        power: (``GM``) the power it uses, said to a player who is refused, e.g.
            ``"adding monsters is the GM's"``.
        what: what it does, as a refused principal is told (``"fight add"``,
            ``"override the rules"``); ``""`` for the command's name.
    """

    kind: AccessKind
    characters: tuple[str, ...] = ()
    power: str = ""
    what: str = ""

    @classmethod
    def read(cls) -> Access:
        """Anyone may ask it."""
        return cls(AccessKind.READ)

    @classmethod
    def play(cls, *characters: str, what: str = "") -> Access:
        """The GM, or the player of every character named, may ask it (with no
        character named: any player, acting as themselves: a roll, a note)."""
        return cls(AccessKind.PLAY, tuple(characters), what=what)

    @classmethod
    def gm(cls, power: str, what: str = "") -> Access:
        """Only the GM may ask it; ``power`` names the rule a player is told."""
        return cls(AccessKind.GM, (), power, what)


@dataclass(frozen=True, slots=True)
class Intent:
    """What a principal asks a command to do: the base of every typed intent.

    An intent holds names as given (a character's name, an attribute), not the things
    they name: it is checked and resolved against the state when it is executed.
    """

    enter_word: ClassVar[str] = "roll"
    """The word that enters the player's own dice after it (``roll 14``; the ``roll``
    command's is ``entered``)."""

    def access(self) -> Access:
        """Who may ask for it. Every intent a player may ask says so by overriding
        this; the default is the GM's alone."""
        return Access.gm("only the GM may do that")

    def entered(self) -> tuple[int, ...]:
        """The faces of the dice the asker rolled at the table and entered, in the
        order the rule draws them (RULINGS G5; docs/rulings.md H205): the command's
        public dice come from them alone. ``()``: hacktable rolls."""
        return ()

    def secret(self) -> bool:
        """Whether its roll is secret or blind (RULINGS G4): rolled by hacktable on the
        secret stream, never entered (G5)."""
        return False


@dataclass(frozen=True, slots=True)
class Words(Intent):
    """The intent of a command that reads its words as it resolves.

    Attributes:
        command: the command's name.
        words: the words after the name, as split (quotes group words).
    """

    command: str
    words: tuple[str, ...] = ()


Completer = Callable[[CampaignView[Any], list[str]], Iterable[str]]
"""Completion of the word being typed, given the table and the words before it."""

Runner = Callable[[Context, "Args"], Reply]
"""A :class:`Words` command's implementation: reads its words and resolves."""

IntentT = TypeVar("IntentT", bound=Intent)

Resolver = Callable[[Context, IntentT], Reply]
"""A typed command's implementation: resolves its intent."""


@dataclass(frozen=True, slots=True)
class Command:
    """A command of a ruleset (or of the engine).

    Attributes:
        name: what is typed.
        usage: the synopsis, e.g. ``"usage NAME ITEM [adv|dis]"``.
        summary: one line for ``help``.
        intent: the type of intent it answers.
        parse: reads the words after the name into the intent.
        resolve: resolves the intent.
        owner: the command set's owner (a ruleset id, or ``"core"``).
        details: more help text, shown by ``help NAME``.
        complete: completion of the argument being typed.
        aliases: other names.
        raw: the command takes the rest of the line as one word, unsplit (``note``).
    """

    name: str
    usage: str
    summary: str
    intent: type[Intent]
    parse: Callable[[Command, list[str]], Intent]
    resolve: Callable[[Context, Any], Reply]
    owner: str
    details: str = ""
    complete: Completer | None = None
    aliases: tuple[str, ...] = ()
    raw: bool = False

    def read(self, words: list[str]) -> Intent:
        """The intent the words after the command's name ask for.

        Raises:
            CommandError: the words do not make one (the message shows the usage).
        """
        return self.parse(self, words)


def _words_parser(command: Command, words: list[str]) -> Intent:
    return Words(command.name, tuple(words))


class CommandSet:
    """The commands of one ruleset (or of the engine), by name and alias.

    Attributes:
        owner: the ruleset's id (or ``"core"``).
        instead: other rulesets' words this one lacks, each with what it does instead
            (``"save"`` in skill-die: "the GM calls a check ..."): an unknown command
            says so in one line (issue 11 §3; docs/rulings.md H297).
    """

    def __init__(self, owner: str, instead: Mapping[str, str] | None = None) -> None:
        self.owner = owner
        self.instead: Mapping[str, str] = dict(instead or {})
        self._by_name: dict[str, Command] = {}
        self._by_intent: dict[type[Intent], Command] = {}

    def command(
        self,
        name: str,
        usage: str,
        summary: str,
        details: str = "",
        complete: Completer | None = None,
        aliases: tuple[str, ...] = (),
        raw: bool = False,
    ) -> Callable[[Runner], Runner]:
        """Register the decorated function as a :class:`Words` command."""

        def register(run: Runner) -> Runner:
            def resolve(ctx: Context, intent: Words) -> Reply:
                return run(ctx, Args(self._by_name[name], list(intent.words)))

            self._add(
                Command(
                    name,
                    usage,
                    summary,
                    Words,
                    _words_parser,
                    resolve,
                    self.owner,
                    details.strip(),
                    complete,
                    aliases,
                    raw,
                )
            )
            return run

        return register

    def typed(
        self,
        name: str,
        usage: str,
        summary: str,
        intent: type[IntentT],
        parse: Callable[[Args], IntentT],
        details: str = "",
        complete: Completer | None = None,
        aliases: tuple[str, ...] = (),
        raw: bool = False,
    ) -> Callable[[Resolver[IntentT]], Resolver[IntentT]]:
        """Register the decorated ``resolve(context, intent)`` as a command whose words
        ``parse`` reads into an ``intent``."""

        def register(
            resolve: Callable[[Context, IntentT], Reply],
        ) -> Callable[[Context, IntentT], Reply]:
            def read(command: Command, words: list[str]) -> Intent:
                return parse(Args(command, words))

            self._add(
                Command(
                    name,
                    usage,
                    summary,
                    intent,
                    read,
                    resolve,
                    self.owner,
                    details.strip(),
                    complete,
                    aliases,
                    raw,
                )
            )
            return resolve

        return register

    def _add(self, command: Command) -> None:
        for key in (command.name, *command.aliases):
            if key in self._by_name:
                raise ValueError(f"{self.owner}: command {key!r} is declared twice")
            self._by_name[key] = command
        if command.intent is not Words:
            self._by_intent[command.intent] = command

    def get(self, name: str) -> Command | None:
        """The command called ``name`` (or an alias), or ``None``."""
        return self._by_name.get(name.lower())

    def for_intent(self, intent: Intent) -> Command | None:
        """The command that answers ``intent``, or ``None``: the one registered for its
        type, else for the nearest base class registered (a command with sub-commands
        registers their common base, e.g. ``fight`` and its start, add, status, end)."""
        if isinstance(intent, Words):
            return self.get(intent.command)
        for kind in type(intent).__mro__:
            found = self._by_intent.get(kind)
            if found is not None:
                return found
        return None

    def __iter__(self) -> Iterator[Command]:
        """Each command once, in the order declared."""
        seen: set[str] = set()
        for command in self._by_name.values():
            if command.name not in seen:
                seen.add(command.name)
                yield command

    def names(self) -> list[str]:
        """Every command's name (aliases excluded), sorted."""
        return sorted(command.name for command in self)


def find(sets: Iterable[CommandSet], name: str) -> Command:
    """The command called ``name`` in the first of ``sets`` that has it.

    Raises:
        UnknownNameError: none has it (the message suggests the closest).
    """
    ordered = list(sets)
    for commands in ordered:
        found = commands.get(name)
        if found is not None:
            return found
    for commands in ordered:
        hint = commands.instead.get(name.lower())
        if hint is not None:
            raise UnknownCommandError(name, commands.owner, [], instead=hint)
    raise UnknownCommandError(
        name,
        ordered[0].owner if ordered else "",
        sorted({n for commands in ordered for n in commands.names()}),
    )


class UnknownCommandError(UnknownNameError):
    """A command the campaign's ruleset does not know: the message names the ruleset
    and what it offers (or the closest command).

    Attributes:
        kind, name, choices: as :class:`~hacktable.errors.UnknownNameError`.
        ruleset: the ruleset asked.
        instead: what the ruleset does instead of another ruleset's word, if it says.
    """

    def __init__(self, name: str, ruleset: str, choices: list[str], instead: str = "") -> None:
        super().__init__("command", name, choices)
        self.ruleset = ruleset
        self.instead = instead
        if instead:
            self.message = f"{ruleset} has no command {name!r}: {instead}"
            self.args = (self.message,)
        elif "did you mean" not in self.message:
            offer = ", ".join(choices)
            self.message = f"{ruleset} has no command {name!r}; it offers: {offer}"
            self.args = (self.message,)


_SHELL_QUOTING = frozenset("'\"\\")
"""What makes :func:`shlex.split` read a line as more than blanks and words."""


def split(line: str) -> list[str]:
    """Split a command line into words, shell-style (quotes group words; tabs are
    spaces).

    A line with no quote or backslash is split on its blanks at once, exactly as
    :func:`shlex.split` would split it (spaces, tabs, carriage returns and newlines),
    since most lines are such and shlex reads them a character at a time.

    Raises:
        CommandError: unbalanced quotes.
    """
    if not _SHELL_QUOTING.intersection(line):
        plain = line.replace("\t", " ").replace("\r", " ").replace("\n", " ")
        return [word for word in plain.split(" ") if word]
    try:
        return shlex.split(line, comments=False)
    except ValueError as error:
        raise CommandError(f"cannot read the line: {error}") from error


class Args:
    """The words after a command's name, read left to right."""

    def __init__(self, cmd: Command, words: list[str]) -> None:
        self.cmd = cmd
        self.words = list(words)

    def error(self, message: str) -> CommandError:
        """A usage error that shows the command's synopsis."""
        return CommandError(f"{message} (usage: {self.cmd.usage})", self.cmd.name)

    @property
    def empty(self) -> bool:
        """Whether every word has been read."""
        return not self.words

    def peek(self) -> str | None:
        """The next word, not consumed."""
        return self.words[0] if self.words else None

    def word(self, what: str) -> str:
        """Read a required word.

        Raises:
            CommandError: none left (names ``what`` and shows the usage).
        """
        if not self.words:
            raise self.error(f"missing {what}")
        return self.words.pop(0)

    def optional(self) -> str | None:
        """Read a word if there is one."""
        return self.words.pop(0) if self.words else None

    def integer(self, what: str, minimum: int | None = None) -> int:
        """Read a required whole number.

        Raises:
            CommandError: missing, not a whole number, or below ``minimum``.
        """
        text = self.word(what)
        return self.to_int(text, what, minimum)

    def faces(self, text: str) -> tuple[int, ...]:
        """The faces of entered dice, ``"14"`` or ``"3,17"`` (RULINGS G5); whether each
        fits its die is checked when the rule draws it.

        Raises:
            CommandError: missing, or a face that is no whole number from 1.
        """
        parts = [part for part in text.split(",") if part]
        if not parts:
            raise self.error("roll takes the faces rolled, like 'roll 14' or 'roll 3,17'")
        return tuple(self.to_int(part, "a face rolled", minimum=1) for part in parts)

    def to_int(self, text: str, what: str, minimum: int | None = None) -> int:
        """``text`` as a whole number for ``what``.

        Raises:
            CommandError: not a whole number, over the limit of 999,999,999 (named as
                such), or below ``minimum``.
        """
        body = text[1:] if text[:1] in "+-" else text
        if not (body.isascii() and body.isdigit()):
            raise self.error(f"{what} must be a whole number, not {text!r}")
        if len(body.lstrip("0")) > 9:
            shown = text if len(text) <= 15 else text[:12] + "..."
            raise self.error(f"{what} is over the limit of 999,999,999: {shown}")
        value = int(text)
        if minimum is not None and value < minimum:
            raise self.error(f"{what} must be at least {minimum}, not {value}")
        return value

    def rest(self) -> list[str]:
        """Read every remaining word."""
        words, self.words = self.words, []
        return words

    def done(self) -> None:
        """Check that every word was used.

        Raises:
            CommandError: words are left over.
        """
        if self.words:
            raise self.error(f"unexpected {' '.join(self.words)!r}")
