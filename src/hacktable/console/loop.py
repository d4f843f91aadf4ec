"""The GM console: runs commands typed at a prompt or read from a script.

Interactive mode has history and Tab completion of commands, characters, attributes,
items and tables (prompt_toolkit). Batch mode reads the same commands from a file or
standard input, echoes each, and stops at the first failing line, reporting its number.
Every command that succeeds has already been saved when its output appears.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TextIO

from ..engine.commands.campaign import QuitRequested, render_event
from ..engine.execute import CommandLayer
from ..engine.principal import GM, Principal, Role
from ..engine.session import Session
from ..errors import HacktableError, ScriptError
from ..play.outcome import Outcome
from ..play.visibility import reveals_in, visible
from .render import Printer

__all__ = ["WATCH_SECONDS", "Console"]

WATCH_SECONDS = 0.5
"""How often the waiting prompt reads the log for other writers' events (issue 12 §3:
at least once a second)."""


class Console:
    """Runs typed command lines through the command layer and shows their outcomes.

    Attributes:
        session: the play session.
        printer: the renderer (plain text, Rich or JSON Lines).
        principal: who is at the console (the GM).
        layer: the command layer every line goes through.
    """

    def __init__(self, session: Session, printer: Printer, principal: Principal = GM) -> None:
        self.session = session
        self.printer = printer
        self.principal = principal
        self.layer = CommandLayer(session)

    def execute(self, line: str, ask: Callable[[str], str] | None = None) -> Outcome:
        """Run one command line.

        Raises:
            HacktableError: the command failed; nothing was saved.
            QuitRequested: the line was ``quit``.
        """
        self.show_others()  # what other writers did while this line was typed comes first
        before = self.session.state.last_seq
        outcome = self.layer.run(line, self.principal, ask, self.printer.error)
        if self.session.state.last_seq - before != len(outcome.events):
            self._show_missed(before, {event.seq for event in outcome.events})
        return outcome

    def _show_missed(self, before: int, own: set[int]) -> None:
        """Show what another writer stored while the command ran (the command layer
        read it to settle the race: docs/rulings.md H618), so nothing slips past."""
        try:
            news = self.session.store.events(after=before)
        except HacktableError as error:
            self.printer.failure(error)
            return
        news = [e for e in news if e.seq not in own and e.seq <= self.session.state.last_seq]
        for event in visible(news, self.principal, reveals_in(news)):
            self.printer.text(render_event(event), "muted")

    # -- batch ---------------------------------------------------------------------------
    def run_lines(self, lines: Iterable[str], source: str) -> None:
        """Run commands from ``lines``; ``#`` starts a comment line.

        Raises:
            ScriptError: a line failed (with its number); earlier lines are saved.
        """
        for number, raw in enumerate(lines, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            self.printer.echo(line)
            try:
                outcome = self.execute(line)
            except QuitRequested:
                return
            except HacktableError as error:
                raise ScriptError(source, number, error) from error
            self.printer.outcome(outcome)

    def run_file(self, path: Path) -> None:
        """Run a script file.

        Raises:
            ScriptError: a line failed.
            CommandError: the file cannot be read.
        """

        self.run_lines(read_script(path).splitlines(), str(path))

    def run_stream(self, stream: TextIO, source: str = "<stdin>") -> None:
        """Run commands read from a stream (standard input when it is not a terminal)."""
        self.run_lines(_lines(stream), source)

    # -- interactive ---------------------------------------------------------------------
    def run_interactive(self, history: Path | None = None) -> None:
        """Prompt for commands until ``quit`` or end of input; errors are shown and
        the prompt comes back."""
        prompt, ask = _make_prompts(self, history)
        game = self.session.game
        seed = f", seed {game.seed}" if self.principal.role is Role.GM else ""  # (H115)
        if game.started:
            where = f"session {game.number}{seed}"
        else:
            where = f"session {game.number} begins with the first action{seed}"
        self.printer.text(
            f"hacktable - {self.session.ruleset.title} - campaign {self.session.store.location} "
            f"- {where}",
            "title",
        )
        self.printer.text("Type 'help' for commands, Tab to complete, 'quit' to leave.", "muted")
        while True:
            self.show_others()
            try:
                line = prompt("hacktable> ")
            except KeyboardInterrupt:
                continue
            except EOFError:
                return
            try:
                outcome = self.execute(line, ask=ask)
            except QuitRequested:
                return
            except HacktableError as error:
                self.printer.failure(error, line)
                continue
            self.printer.outcome(outcome)

    def show_others(self) -> None:
        """Read what other writers (another console, the web table) appended since the
        last command, and show it as this console's principal may see it (RULINGS G4),
        so the prompt never stands on a stale log. A failure to read is shown, not
        raised: the next command reads again."""
        try:
            news = self.session.refresh()
        except HacktableError as error:
            self.printer.failure(error)
            return
        for event in visible(news, self.principal, reveals_in(news)):
            self.printer.text(render_event(event), "muted")

    async def watch(self, every: float = WATCH_SECONDS) -> None:
        """While the command prompt waits, show other writers' events as they come:
        the browsers' rolls appear in the console live (issue 12 §3: on SQLite the
        console polls the log at least once a second; docs/rulings.md H618). Runs on
        the prompt's own event loop and thread, between commands only, so the log is
        never read while a command resolves."""
        from prompt_toolkit.application import run_in_terminal

        while True:
            await asyncio.sleep(every)
            try:
                behind = self.session.store.last_seq() > self.session.state.last_seq
            except HacktableError:
                behind = True  # (show_others shows the failure)
            if behind:
                await run_in_terminal(self.show_others)


def read_script(path: Path) -> str:
    """A script's text (UTF-8; a byte-order mark is dropped).

    Raises:
        CommandError: it cannot be read, or is not UTF-8 text.
    """
    from ..errors import CommandError

    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise CommandError(
            f"script {path} is not UTF-8 text ({error.reason} at byte {error.start})"
        ) from None
    except OSError as error:
        raise CommandError(f"cannot read script {path}: {error.strerror}") from None


def _lines(stream: TextIO) -> Iterator[str]:
    for number, line in enumerate(stream):
        yield line.removeprefix("\ufeff") if number == 0 else line


def default_history() -> Path:
    """Where interactive history is kept: ``$XDG_DATA_HOME/hacktable/history``."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return Path(base) / "hacktable" / "history"


def _make_prompts(
    console: Console, history: Path | None
) -> tuple[Callable[[str], str], Callable[[str], str]]:
    """The command prompt (history and completion, prompt_toolkit) and the prompt for
    a guided command's questions (no completion, history of its own)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import get_app
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from .completion import ConsoleCompleter

    store: FileHistory | InMemoryHistory
    try:
        path = history or default_history()
        path.parent.mkdir(parents=True, exist_ok=True)
        store = FileHistory(str(path))
    except OSError:
        store = InMemoryHistory()
    command_prompt: PromptSession[str] = PromptSession(
        history=store, completer=ConsoleCompleter(console.session), complete_while_typing=False
    )

    def watching() -> None:
        get_app().create_background_task(console.watch())

    def command(text: str) -> str:
        return command_prompt.prompt(text, pre_run=watching)

    questions: PromptSession[str] = PromptSession(history=InMemoryHistory())

    def ask(question: str) -> str:
        return questions.prompt(f"{question} ")

    return command, ask
