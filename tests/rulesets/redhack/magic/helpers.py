"""Helpers for the magic tests: dice dealt in order to the next command."""

from __future__ import annotations

import random

import pytest

from ....console.conftest import Play


class Dealt(random.Random):
    """A random source that deals the given faces, in order, to the next dice: a draw
    of ``randrange(n)`` (the dice roller, usage dice) returns the face minus one, a draw
    of ``randint(1, n)`` (``randrange(1, n + 1)``) the face itself. Once the faces run
    out it draws from a fixed seed (for the ``choice`` of a random spell), unless
    ``strict``, when a further die is a test bug."""

    def __init__(self, *faces: int, strict: bool = True) -> None:
        super().__init__(0)
        self.faces = list(faces)
        self.strict = strict

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:  # type: ignore[override]
        if not self.faces:
            if self.strict:
                raise AssertionError("the test dealt too few faces")
            return super().randrange(start, stop, step)
        face = self.faces.pop(0)
        sides = start if stop is None else stop - start
        assert 1 <= face <= sides, f"a d{sides} has no face {face}"
        return face - 1 if stop is None else start + face - 1


def deal(play: Play, monkeypatch: pytest.MonkeyPatch, *faces: int, strict: bool = True) -> Dealt:
    """Make the next commands roll ``faces`` first."""
    dealt = Dealt(*faces, strict=strict)
    monkeypatch.setattr(play.session, "rng", lambda secret=False: dealt)
    return dealt
