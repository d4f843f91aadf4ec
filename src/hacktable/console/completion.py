"""Tab completion for the interactive console (prompt_toolkit)."""

from __future__ import annotations

from collections.abc import Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from ..engine.session import Session
from ..errors import HacktableError

__all__ = ["ConsoleCompleter", "candidates"]


def candidates(session: Session, text: str) -> list[str]:
    """The words that may complete the last word of ``text`` (a partial line).

    The first word completes to command names; later words ask the command (character
    names, attributes, items, tables, keywords).
    """
    words = text.split()
    if text.endswith(" ") or not words:
        words.append("")
    prefix = words[-1].lower()
    sets = session.command_sets()
    if len(words) == 1:
        options: Iterable[str] = sorted({c.name for commands in sets for c in commands})
    else:
        cmd = next((c for c in (s.get(words[0]) for s in sets) if c is not None), None)
        if cmd is None or cmd.complete is None:
            return []
        try:
            options = cmd.complete(session, words[1:-1])
        except HacktableError:
            return []
    return [o for o in options if o.lower().startswith(prefix)]


class ConsoleCompleter(Completer):
    """Completes commands, then whatever the command expects next."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text_before_cursor
        word = "" if text.endswith(" ") or not text else text.split()[-1]
        for option in candidates(self.session, text):
            shown = f'"{option}"' if " " in option else option
            yield Completion(shown, start_position=-len(word))
