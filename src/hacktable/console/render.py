"""Renderers for replies: plain text (scripts, pipes, tests) and Rich (a terminal)."""

from __future__ import annotations

import sys
from typing import Protocol, TextIO

from .framework import Reply

__all__ = ["PlainPrinter", "Printer", "RichPrinter", "make_printer"]

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
    """Shows replies, errors and echoed commands."""

    def reply(self, reply: Reply) -> None:
        """Show a command's reply."""

    def error(self, message: str) -> None:
        """Show an error line."""

    def echo(self, line: str) -> None:
        """Show a command being run from a script."""

    def text(self, text: str, style: str = "") -> None:
        """Show one line."""


class PlainPrinter:
    """Plain text, one line per reply line; errors go to ``err``."""

    def __init__(self, out: TextIO | None = None, err: TextIO | None = None) -> None:
        self.out = out or sys.stdout
        self.err = err or sys.stderr

    def reply(self, reply: Reply) -> None:
        for line in reply.lines:
            self.out.write(line.text + "\n")
        self.out.flush()

    def error(self, message: str) -> None:
        self.out.flush()
        self.err.write(f"error: {message}\n")
        self.err.flush()

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

    def reply(self, reply: Reply) -> None:
        from rich.text import Text

        for line in reply.lines:
            self.console.print(Text(line.text, style=_STYLES.get(line.style, "")))

    def error(self, message: str) -> None:
        from rich.text import Text

        self.errors.print(Text(f"error: {message}", style=_STYLES["error"]))

    def echo(self, line: str) -> None:
        from rich.text import Text

        self.console.print(Text(f"> {line}", style=_STYLES["command"]))

    def text(self, text: str, style: str = "") -> None:
        from rich.text import Text

        self.console.print(Text(text, style=_STYLES.get(style, "")))


def make_printer(rich: bool) -> Printer:
    """A Rich printer on a terminal, else plain text."""
    return RichPrinter() if rich else PlainPrinter()
