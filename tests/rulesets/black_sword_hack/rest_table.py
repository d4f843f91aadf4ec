"""The table the tests of ``test``, rests, the session end and the simulator play on: a
campaign, characters made directly (known scores, HP and Doom die), lines run through
the console. Its ``table`` fixture replaces the conftest's in the modules importing it."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from hacktable.console.loop import Console
from hacktable.console.render import PlainPrinter
from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM, Principal
from hacktable.engine.session import Session
from hacktable.play.events import Change, Event
from hacktable.play.outcome import Outcome
from hacktable.rulesets.black_sword_hack.character import ATTRIBUTES, Character
from hacktable.store import CampaignStore


class Table:
    """A black-sword-hack campaign at the table; calling it runs one line as the GM and
    returns the reply's text."""

    def __init__(self, path: Path, seed: int = 1) -> None:
        self.store = CampaignStore.open(path, ruleset="black-sword-hack")
        self.session = Session(self.store, seed)
        self.console = Console(self.session, PlainPrinter(io.StringIO(), io.StringIO()))
        self.layer = CommandLayer(self.session)

    def __call__(self, line: str) -> str:
        return self.run(line).text

    def run(self, line: str, principal: Principal = GM) -> Outcome:
        """Run ``line`` for ``principal``: the outcome."""
        if principal is GM:
            return self.console.execute(line)
        intent = self.layer.parse(line)
        assert intent is not None
        return self.layer.execute(principal, intent, line)

    def add(self, name: str, *, owner: str = "", **changes: Any) -> Character:
        """Test set-up: a level-1 character with every score 10 but those given as
        ``STR=12`` and so on, HP CON + level - 1 (RULINGS B4), a sword and light armour,
        and any other field changed; ``owner``: the player who plays them."""
        scores = {a: int(changes.pop(a, 10)) for a in ATTRIBUTES}
        level = int(changes.pop("level", 1))
        top = scores["CON"] + level - 1
        from hacktable.rulesets.black_sword_hack.creation import starting_items

        character = Character(
            name=name,
            ruleset="black-sword-hack",
            hp=top,
            max_hp=top,
            level=level,
            origin="barbarian",
            scores=tuple((a, scores[a]) for a in ATTRIBUTES),
            inventory=starting_items(),
        )
        character = replace(character, **changes)
        extra = (Change("owner", character.key, None, owner),) if owner else ()
        self.session.commit(
            Event(
                "test.setup",
                changes=(self.session.character_change(None, character), *extra),
            )
        )
        return character

    def set_character(self, name: str, **changes: Any) -> None:
        """Test set-up: change a character directly, as one event."""
        before = self.session.character(name)
        after = replace(before, **changes)
        self.session.commit(
            Event("test.setup", changes=(self.session.character_change(before, after),))
        )

    def character(self, name: str) -> Character:
        """The character now."""
        found: Character = self.session.character(name)
        return found

    def deal(self, monkeypatch: pytest.MonkeyPatch, *faces: int) -> None:
        """The next command's dice are ``faces``, in order (tests.helpers.Faces)."""
        from ...helpers import Faces

        dealt = Faces(*faces)
        monkeypatch.setattr(self.session, "rng", lambda secret=False: dealt)

    def actions(self) -> list[str]:
        """The action of every stored event, in order."""
        return [event.action for event in self.store.events()]

    def close(self) -> None:
        self.store.close()


@pytest.fixture(name="table")
def rest_table(tmp_path: Path) -> Iterator[Table]:
    """The table (replacing the conftest's ``table`` where imported)."""
    found = Table(tmp_path / "c.db")
    yield found
    found.close()
