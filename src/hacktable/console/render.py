"""Renderers of outcomes: plain text (scripts, pipes, tests), Rich (a terminal) and
JSON Lines (``play --json``: one object per command, errors included). Each renders
the one :class:`~hacktable.play.outcome.Outcome` value a command returns."""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Protocol, TextIO

from ..errors import HacktableError
from ..play.outcome import Outcome

if TYPE_CHECKING:
    from rich.text import Text

__all__ = ["JsonPrinter", "PlainPrinter", "Printer", "RichPrinter", "make_printer", "struck"]

_STYLES = {
    "title": "bold",
    "dice": "cyan",
    "odds": "magenta",
    "success": "bold green",
    "failure": "bold red",
    "critical": "bold yellow",
    "note": "italic",
    "warning": "yellow",
    "muted": "dim",
    "error": "bold red",
    "command": "bold blue",
}


class Printer(Protocol):
    """Shows outcomes, errors and echoed commands."""

    def outcome(self, outcome: Outcome) -> None:
        """Show a command's outcome."""

    def error(self, message: str) -> None:
        """Show an error line."""

    def failure(self, error: HacktableError, line: str = "") -> None:
        """Show a command's failure."""

    def echo(self, line: str) -> None:
        """Show a command being run from a script."""

    def text(self, text: str, style: str = "") -> None:
        """Show one line."""


class PlainPrinter:
    """Plain text, one line per reply line; errors go to ``err``."""

    def __init__(self, out: TextIO | None = None, err: TextIO | None = None) -> None:
        self.out = out or sys.stdout
        self.err = err or sys.stderr

    def outcome(self, outcome: Outcome) -> None:
        for line in outcome.lines:
            self.out.write(line.text + "\n")
        self.out.flush()

    def error(self, message: str) -> None:
        self.out.flush()
        self.err.write(f"error: {message}\n")
        self.err.flush()

    def failure(self, error: HacktableError, line: str = "") -> None:
        self.error(str(error))

    def echo(self, line: str) -> None:
        self.out.write(f"> {line}\n")

    def text(self, text: str, style: str = "") -> None:
        self.out.write(text + "\n")


class RichPrinter:
    """Styled output on a terminal, through Rich."""

    def __init__(self) -> None:
        from rich.console import Console

        self.console = Console(highlight=False)
        self.errors = Console(stderr=True, highlight=False)

    def outcome(self, outcome: Outcome) -> None:
        for line in outcome.lines:
            self.console.print(struck(line.text, _STYLES.get(line.style, "")))

    def error(self, message: str) -> None:
        from rich.text import Text

        self.errors.print(Text(f"error: {message}", style=_STYLES["error"]))

    def failure(self, error: HacktableError, line: str = "") -> None:
        self.error(str(error))

    def echo(self, line: str) -> None:
        from rich.text import Text

        self.console.print(Text(f"> {line}", style=_STYLES["command"]))

    def text(self, text: str, style: str = "") -> None:
        self.console.print(struck(text, _STYLES.get(style, "")))


class JsonPrinter:
    """JSON Lines: one object per command on ``out`` (its outcome, or its error with
    the line that failed); nothing else is printed there."""

    def __init__(self, out: TextIO | None = None) -> None:
        self.out = out or sys.stdout

    def _write(self, body: dict[str, object]) -> None:
        import json

        self.out.write(json.dumps(body, ensure_ascii=False) + "\n")
        self.out.flush()

    def outcome(self, outcome: Outcome) -> None:
        from ..play.outcome_codec import outcome_to_json

        self._write(outcome_to_json(outcome))

    def error(self, message: str) -> None:
        self._write({"error": message})

    def failure(self, error: HacktableError, line: str = "") -> None:
        from ..errors import error_fields

        self._write({**error_fields(error), "line": line} if line else error_fields(error))

    def echo(self, line: str) -> None:
        """Commands are not echoed: each outcome names its intent."""

    def text(self, text: str, style: str = "") -> None:
        self._write({"note": text, "style": style})


_DROPPED = re.compile(r"~~(.+?)~~")
"""A dropped die in the plain text of a roll: ``~~1~~`` (:mod:`hacktable.dice.render`)."""


def struck(text: str, style: str = "") -> Text:
    """``text`` for a terminal: each dropped die ``~~1~~`` struck through instead of
    its tildes (issue 10 §10; plain text and Markdown keep the ``~~``).

    >>> line = struck("4d6kh3: [~~1~~, 3, 5, 6] -> 14")
    >>> line.plain, [(span.start, span.end, str(span.style)) for span in line.spans]
    ('4d6kh3: [1, 3, 5, 6] -> 14', [(9, 10, 'strike dim')])
    """
    from rich.text import Text

    result = Text(style=style)
    at = 0
    for match in _DROPPED.finditer(text):
        result.append(text[at : match.start()])
        result.append(match.group(1), style="strike dim")
        at = match.end()
    result.append(text[at:])
    return result


def make_printer(rich: bool, as_json: bool = False) -> Printer:
    """JSON Lines if asked, else a Rich printer on a terminal, else plain text."""
    if as_json:
        return JsonPrinter()
    return RichPrinter() if rich else PlainPrinter()
