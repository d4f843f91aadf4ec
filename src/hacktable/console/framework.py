"""The console's command framework: a registry of commands, argument reading and
replies.

A command reads its arguments from :class:`Args`, acts through the :class:`Context`
(which holds the session), and returns a :class:`Reply`: lines of text, each with a
style name. Renderers (plain text, Rich) turn replies into output, so commands never
print.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..errors import CommandError, UnknownNameError
from .session import Session

__all__ = [
    "REGISTRY",
    "Args",
    "Command",
    "Context",
    "Line",
    "Reply",
    "command",
    "find_command",
    "split",
]


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a reply.

    Attributes:
        text: the text, plain.
        style: ``""``, ``"title"``, ``"dice"``, ``"odds"``, ``"success"``, ``"failure"``,
            ``"critical"``, ``"note"``, ``"warning"`` or ``"muted"``.
    """

    text: str
    style: str = ""


@dataclass(slots=True)
class Reply:
    """What a command shows."""

    lines: list[Line] = field(default_factory=list)

    def add(self, text: str, style: str = "") -> Reply:
        """Append a line (returns the reply, for chaining)."""
        self.lines.append(Line(text, style))
        return self

    def extend(self, texts: Iterable[str], style: str = "") -> Reply:
        """Append several lines in one style."""
        for text in texts:
            self.add(text, style)
        return self


Asker = Callable[[str], str]
"""Asks the user a question and returns the answer (guided commands)."""


@dataclass(slots=True)
class Context:
    """What a command runs with.

    Attributes:
        session: the play session.
        line: the command line as typed.
        ask: asks the user a question, or ``None`` when nobody can answer (scripts).
        warn: shows the user a problem at once (guided commands re-asking).
    """

    session: Session
    line: str = ""
    ask: Asker | None = None
    warn: Callable[[str], None] | None = None


Runner = Callable[[Context, "Args"], Reply]
Completer = Callable[[Session, list[str]], Iterable[str]]


@dataclass(frozen=True, slots=True)
class Command:
    """A console command.

    Attributes:
        name: what is typed.
        usage: the synopsis, e.g. ``"usage NAME ITEM [adv|dis]"``.
        summary: one line for ``help``.
        run: the implementation.
        details: more help text, shown by ``help NAME``.
        complete: completion of the argument being typed, given the words before it.
        aliases: other names.
        raw: the command takes the rest of the line as one word, unsplit (``note``).
    """

    name: str
    usage: str
    summary: str
    run: Runner
    details: str = ""
    complete: Completer | None = None
    aliases: tuple[str, ...] = ()
    raw: bool = False


REGISTRY: dict[str, Command] = {}
"""Every command by name and alias."""


def command(
    name: str,
    usage: str,
    summary: str,
    details: str = "",
    complete: Completer | None = None,
    aliases: tuple[str, ...] = (),
    raw: bool = False,
) -> Callable[[Runner], Runner]:
    """Register the decorated function as a console command."""

    def register(run: Runner) -> Runner:
        cmd = Command(name, usage, summary, run, details.strip(), complete, aliases, raw)
        for key in (name, *aliases):
            REGISTRY[key] = cmd
        return run

    return register


def find_command(name: str) -> Command:
    """The command called ``name``.

    Raises:
        UnknownNameError: there is none (the message suggests the closest).
    """
    found = REGISTRY.get(name.lower())
    if found is None:
        raise UnknownNameError("command", name, sorted({c.name for c in REGISTRY.values()}))
    return found


def split(line: str) -> list[str]:
    """Split a command line into words, shell-style (quotes group words; tabs are
    spaces).

    Raises:
        CommandError: unbalanced quotes.
    """
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
