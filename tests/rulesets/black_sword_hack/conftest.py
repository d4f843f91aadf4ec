"""Fixtures for black-sword-hack's tests: a campaign with characters made directly
(their commands are another part's), played through the command layer."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from hacktable.play.codec import from_json
from hacktable.play.events import Change, Event
from hacktable.rulesets.black_sword_hack.character import ATTRIBUTES, Character
from hacktable.rulesets.black_sword_hack.creation import starting_items
from hacktable.rulesets.black_sword_hack.fight import FIGHT_KEY, Fight

from ... import helpers
from ...helpers import Faces


class Table(helpers.Table):
    """A black-sword-hack campaign on a file; calling it runs one line as the GM and
    returns the text."""

    ruleset = "black-sword-hack"

    def rig(self, *faces: int) -> None:
        """The next command's dice are exactly ``faces`` (each randrange(n) deals the
        next face); dealing too few or too many fails the test."""
        session = self.session
        dealer = Faces(*faces)
        original = session.rng

        def rng(secret: bool = False) -> random.Random:
            session.rng = original  # type: ignore[method-assign]
            return dealer

        session.rng = rng  # type: ignore[method-assign]
        self._dealer = dealer

    def dealt_all(self) -> bool:
        return not self._dealer.faces

    def add(self, name: str, *, owner: str | None = None, **changes: Any) -> Character:
        """A character made directly: every attribute 12 unless given (``STR=14``),
        HP 12, the starting kit (a sword in hand, light armour worn)."""
        scores = tuple((a, int(changes.pop(a, 12))) for a in ATTRIBUTES)
        character = Character(
            name=name,
            ruleset="black-sword-hack",
            hp=12,
            max_hp=12,
            origin="civilized",
            scores=scores,
            inventory=starting_items(),
        )
        character = replace(character, **changes)
        extra: tuple[Change, ...] = ()
        if owner is not None:
            extra = (Change("owner", character.key, None, owner),)
        self.session.commit(
            Event(
                "test.setup",
                changes=(self.session.character_change(None, character), *extra),
            )
        )
        return character

    def seat(self, *players: str) -> None:
        for number, player in enumerate(players, 1):
            self.session.commit(
                Event(
                    "test.setup",
                    changes=(
                        Change("player", player.lower(), None, {"name": player, "seat": number}),
                    ),
                )
            )

    def set(self, name: str, **changes: Any) -> Character:
        before = self.session.character(name)
        after = replace(before, **changes)
        self.session.commit(
            Event("test.setup", changes=(self.session.character_change(before, after),))
        )
        return after

    def character(self, name: str) -> Character:
        found = self.session.character(name)
        assert isinstance(found, Character)
        return found

    def fight(self) -> Fight:
        data = self.session.state.get(*FIGHT_KEY)
        assert data is not None, "no fight"
        return from_json(Fight, data)

    def set_fight(self, fight: Fight) -> None:
        from hacktable.play.codec import to_json

        self.session.commit(
            Event(
                "test.setup",
                changes=(Change(*FIGHT_KEY, self.session.state.get(*FIGHT_KEY), to_json(fight)),),
            )
        )

    def last_seq(self) -> int:
        return self.session.state.last_seq

    def close(self) -> None:
        self.store.close()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    play = Table(tmp_path / "c.db")
    yield play
    play.close()
