"""Random sources (RULINGS G1).

No rule draws a random number on its own: every roll takes a ``random.Random`` from
the caller. A session records the seed it started from; each action in it draws from
its own source derived from that seed and the action's number, so a session replays to
the same results even if a mistyped command was rejected half-way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from ..errors import RuleError

__all__ = [
    "EnteredNeed",
    "EnteredRandom",
    "RandomSource",
    "RecordingRandom",
    "check_face",
    "count_dice",
    "derive",
    "derive_recording",
    "fresh_seed",
    "ordinal",
    "seeded",
]

RandomSource = random.Random
"""The type every rule takes its randomness from: a seeded ``random.Random``."""


def fresh_seed() -> int:
    """Return a new seed from the operating system's entropy (0 to 2**63 - 1)."""
    return random.SystemRandom().getrandbits(63)


def seeded(seed: int) -> random.Random:
    """Return a random source seeded with ``seed``."""
    return random.Random(seed)


def derive(seed: int, *keys: int | str) -> random.Random:
    """Return a random source determined by ``seed`` and ``keys``.

    ``derive(seed, 7)`` is the source of the 7th action of the session seeded ``seed``:
    the same arguments always give the same stream, different ones independent streams.
    """
    return random.Random(":".join([str(seed), *map(str, keys)]))


class RecordingRandom(random.Random):
    """A seeded random source that remembers every die it deals.

    Every draw of a die goes through ``randrange`` (``randint`` too), so ``dealt``
    lists ``(sides, face)`` for each, in order: the record of every die a command
    rolled. The stream is exactly that of ``random.Random(seed)``.

    >>> source = RecordingRandom("7")
    >>> face = source.randint(1, 6)
    >>> source.dealt == [(6, face)]
    True
    """

    def __init__(self, seed: int | str, dealt: list[tuple[int, int]] | None = None) -> None:
        super().__init__(seed)
        self.dealt: list[tuple[int, int]] = [] if dealt is None else dealt

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        value = super().randrange(start, stop, step)
        low, high = (0, start) if stop is None else (start, stop)
        if step == 1:
            self.dealt.append((high - low, value - low + 1))
        return value


def derive_recording(dealt: list[tuple[int, int]], seed: int, *keys: int | str) -> RecordingRandom:
    """:func:`derive`'s source, recording every die it deals into ``dealt``."""
    return RecordingRandom(":".join([str(seed), *map(str, keys)]), dealt)


EnteredNeed = Callable[[int, int, tuple[int, ...]], int]
"""Asked for a die the entered faces ran out before: ``(sides, ordinal, used)`` gives
the face of the ``ordinal``-th die of ``sides`` sides (``used``: the faces dealt so far),
or raises the error that says it must be entered."""

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def ordinal(number: int) -> str:
    """``"second"`` for 2 (``"12th"`` past the words)."""
    return _ORDINALS[number - 1] if 0 < number <= len(_ORDINALS) else f"{number}th"


def count_dice(dealt: Iterable[tuple[int, int]]) -> str:
    """``"one d20"``, ``"two d6s and one d8"``: how many dice of each kind ``dealt``
    holds, in the order first dealt (``"no dice"`` for none)."""
    counts: dict[int, int] = {}
    for sides, _face in dealt:
        counts[sides] = counts.get(sides, 0) + 1
    if not counts:
        return "no dice"
    parts = []
    for sides, count in counts.items():
        word = _COUNTS[count] if count < len(_COUNTS) else str(count)
        parts.append(f"{word} d{sides}{'s' if count > 1 else ''}")
    return " and ".join(parts)


def check_face(sides: int, face: int) -> None:
    """Refuse a face a die of ``sides`` cannot show (RULINGS G5).

    Raises:
        RuleError: ``face`` is not 1 to ``sides`` ("a d20 shows 1 to 20, not 25").
    """
    if not 1 <= face <= sides:
        raise RuleError(f"a d{sides} shows 1 to {sides}, not {face}")


class EnteredRandom(random.Random):
    """A random source that deals the dice a player rolled at the table (RULINGS G5;
    docs/rulings.md H205).

    Each die a rule draws (``randrange(sides)``, ``randint``) takes the next entered
    face, refusing one the die cannot show; when the entered faces run out, ``need``
    gives the next (the console asks the player; a script's ``need`` raises the line
    that says what to enter). :meth:`check_all_used` refuses, after the rule ran, the
    entered faces it did not need. Every die dealt is recorded in ``dealt`` as
    :class:`RecordingRandom` does. Draws that are no die (``random()``, a shuffle) come
    from the seeded stream ``seed`` names.

    >>> source = EnteredRandom("7", (14,), need=lambda sides, nth, used: 3)
    >>> source.randrange(20) + 1, source.randrange(20) + 1
    (14, 3)
    >>> source.dealt
    [(20, 14), (20, 3)]
    """

    def __init__(
        self,
        seed: int | str,
        faces: Iterable[int],
        need: EnteredNeed,
        dealt: list[tuple[int, int]] | None = None,
        what: str = "the roll",
    ) -> None:
        super().__init__(seed)
        self.faces: tuple[int, ...] = tuple(faces)
        self.need = need
        self.what = what
        self.dealt: list[tuple[int, int]] = [] if dealt is None else dealt
        self.used: list[tuple[int, int]] = []
        """``(sides, face)`` of each die dealt from this source, entered or asked."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if step != 1:  # pragma: no cover - no rule draws a die with a step
            return super().randrange(start, stop, step)
        low, high = (0, start) if stop is None else (start, stop)
        sides = high - low
        if len(self.used) < len(self.faces):
            face = self.faces[len(self.used)]
        else:
            nth = 1 + sum(1 for s, _ in self.used if s == sides)
            face = self.need(sides, nth, tuple(f for _, f in self.used))
        check_face(sides, face)
        self.used.append((sides, face))
        self.dealt.append((sides, face))
        return low + face - 1

    def check_all_used(self) -> None:
        """Refuse entered faces the rule did not need (RULINGS G5).

        Raises:
            RuleError: some were left ("the test needed one d20; 17 was not needed").
        """
        left = self.faces[len(self.used) :]
        if left:
            faces = ", ".join(map(str, left))
            verb = "was" if len(left) == 1 else "were"
            raise RuleError(
                f"{self.what} needed {count_dice(self.used)}; {faces} {verb} not needed"
            )
