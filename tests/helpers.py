"""Helpers shared by tests."""

from __future__ import annotations

import random


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
