"""Campaigns made alike, for the tests of typed intents.

A command's typed intent must do exactly what its line does. :class:`Twins` plays two
campaigns with one seed and one history: one is given the line, the other the intent
executed directly. The random source is derived per action, so both deal the same dice
only if the command draws them in the same order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM
from hacktable.engine.session import Session
from hacktable.errors import CommandError
from hacktable.play.events import Event
from hacktable.play.outcome import Outcome
from hacktable.rulesets.grammar import Intent
from hacktable.store import CampaignStore

__all__ = ["Twins", "campaign"]


def campaign(path: Path, seed: int, setup: Iterable[str] = ()) -> CommandLayer:
    """A new campaign at ``path`` with ``seed``, after playing the ``setup`` lines (the
    caller closes ``layer.session.store``)."""
    layer = CommandLayer(Session(CampaignStore.open(path), seed))
    for line in setup:
        layer.run(line)
    return layer


class Twins:
    """Two campaigns with one seed and one history: one plays lines, the other intents.

    The second campaign is opened when first asked for, and plays the history so far,
    so that a check of one table (parsing, refusals) opens only one. Play the history
    with :meth:`setup`, never on one campaign alone. Use it as a context manager (or
    call :meth:`close`) to close the stores.

    Attributes:
        by_line: the campaign that is given lines (also the one for single-table checks).
    """

    def __init__(self, folder: Path, seed: int, setup: Iterable[str] = ()) -> None:
        self._folder, self._seed = folder, seed
        self._history: list[str] = []
        self._by_intent: CommandLayer | None = None
        self.by_line = campaign(folder / "by-line.db", seed)
        self.setup(*setup)

    @property
    def by_intent(self) -> CommandLayer:
        """The campaign that is given the intents, after the same history."""
        if self._by_intent is None:
            self._by_intent = campaign(self._folder / "by-intent.db", self._seed, self._history)
        return self._by_intent

    def __enter__(self) -> Twins:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def setup(self, *lines: str) -> None:
        """Play ``lines`` on both campaigns."""
        for line in lines:
            self.by_line.run(line)
            if self._by_intent is not None:
                self._by_intent.run(line)
            self._history.append(line)

    def same(self, line: str, intent: Intent) -> Outcome:
        """Check that ``line`` parses to ``intent``, shows something, and that executing
        the intent directly does what the line does: the same command, intent, lines,
        dice, checks, tables, adjustments, events (but their line and time) and state.

        Returns:
            The line's outcome.
        """
        assert self.by_line.parse(line) == intent
        told = self.by_line.run(line)
        built = self.by_intent.execute(GM, intent)
        assert told.lines, "the command shows something"
        assert built.command == told.command
        assert built.intent == told.intent == intent
        assert built.lines == told.lines
        assert built.dice == told.dice
        assert built.checks == told.checks
        assert built.tables == told.tables
        assert built.adjustments == told.adjustments
        assert [_event(e) for e in built.events] == [_event(e) for e in told.events]
        assert self.by_line.session.state.to_json() == self.by_intent.session.state.to_json()
        return told

    def refused(self, line: str, message: str = "") -> None:
        """Check that ``line`` is a usage error of its command saying ``message`` (any
        message when empty) and ending with the command's usage, and that running it
        stores nothing."""
        command = self.by_line.command(line.split(maxsplit=1)[0])
        with pytest.raises(CommandError) as caught:
            self.by_line.parse(line)
        said = str(caught.value)
        assert message in said
        assert caught.value.command == command.name
        assert said.startswith(f"{command.name}: ")
        assert said.endswith(f" (usage: {command.usage})")
        store = self.by_line.session.store
        before = store.last_seq()
        with pytest.raises(CommandError) as ran:
            self.by_line.run(line)
        assert str(ran.value) == said
        assert store.last_seq() == before

    def close(self) -> None:
        """Close the stores of the campaigns opened."""
        self.by_line.session.store.close()
        if self._by_intent is not None:
            self._by_intent.session.store.close()


def _event(event: Event) -> Event:
    """An event without what differs between the campaigns: the line it was typed as,
    the time it was stored, and the hashes that cover them."""
    return dataclasses.replace(event, command="", at="", prev_hash="", hash="")
