"""Helpers shared by tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM, Principal
from hacktable.engine.session import Session
from hacktable.play.outcome import Outcome
from hacktable.store import CampaignStore


class Faces(random.Random):
    """A random source that deals the given die faces in order: every draw of
    ``randrange(n)`` returns the next face minus one, so ``roll`` and ``resolve`` see
    exactly these faces. Running out of faces is a test bug and raises."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
        if not self.faces:
            raise AssertionError("the test dealt too few faces")
        return self.faces.pop(0) - 1


@contextmanager
def campaign_at(
    path: Path, ruleset: str, lines: tuple[str, ...] = (), seed: int = 7
) -> Iterator[CommandLayer]:
    """A new ``ruleset`` campaign at ``path`` after ``lines``, as the GM."""
    store = CampaignStore.open(path, ruleset=ruleset)
    try:
        layer = CommandLayer(Session(store, seed))
        for line in lines:
            layer.run(line)
        yield layer
    finally:
        store.close()


class Table:
    """A campaign of :attr:`ruleset` on a file; calling it runs one line as the GM and
    returns the text."""

    ruleset: ClassVar[str]

    def __init__(self, path: Path, seed: int = 1) -> None:
        self.store = CampaignStore.open(path, ruleset=self.ruleset)
        self.session = Session(self.store, seed)
        self.layer = CommandLayer(self.session)

    def run(self, line: str, principal: Principal = GM) -> Outcome:
        return self.layer.run(line, principal)

    def __call__(self, line: str) -> str:
        return self.run(line).text


def answers(*given: str) -> tuple[list[str], Any]:
    """A scripted ``ask``: the questions it was asked, and the function answering
    ``given`` in order."""
    asked: list[str] = []
    queue = list(given)

    def ask(question: str) -> str:
        asked.append(question)
        if not queue:
            raise AssertionError(f"asked one question too many: {question}")
        return queue.pop(0)

    return asked, ask
