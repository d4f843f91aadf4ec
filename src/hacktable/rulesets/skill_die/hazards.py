"""Falling and bumps: the damage dice of skill-die's Falling and Special Damage
(RULINGS S6; docs/rulings.md H352).

A fall deals 1d4 for every full 2 m fallen; a character who has fallen to the ground,
from any height, is prone and uses their movement for a round to stand up (the dash
action stays open). A bump (running into a wall, a door in the face, tripping) deals
1d4 for each strike.
"""

from __future__ import annotations

from dataclasses import dataclass

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

__all__ = ["MAX_METRES", "MAX_STRIKES", "Harm", "bump", "fall", "fall_dice"]

MAX_METRES = 1000
"""The highest fall the command takes (a kilometre: 500d4)."""

MAX_STRIKES = 20
"""The most strikes one bump takes."""


@dataclass(frozen=True, slots=True)
class Harm:
    """Damage dice rolled.

    Attributes:
        dice: each d4's face, in order.
        total: their sum.
        explanation: one line, e.g. ``"6 m: 3d4 (2+4+1) = 7"``.
    """

    dice: tuple[int, ...]
    total: int
    explanation: str

    def to_json(self) -> dict[str, object]:
        """The roll for an event's detail."""
        return {"dice": list(self.dice), "sides": 4, "total": self.total}


def fall_dice(metres: float) -> int:
    """How many d4 a fall of ``metres`` rolls: one per full 2 m (RULINGS S6).

    >>> fall_dice(1.9), fall_dice(2), fall_dice(5), fall_dice(6)
    (0, 1, 2, 3)
    """
    return int(metres // 2)


def _roll(count: int, rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randrange(4) + 1 for _ in range(count))


def _shown(what: str, dice: tuple[int, ...]) -> str:
    if not dice:
        return f"{what}: no dice, no damage"
    faces = "+".join(str(d) for d in dice)
    return f"{what}: {len(dice)}d4 ({faces}) = {sum(dice)}"


def fall(metres: float, rng: random.Random) -> Harm:
    """A fall of ``metres``: 1d4 per full 2 m (RULINGS S6)."""
    dice = _roll(fall_dice(metres), rng)
    shown = f"{metres:g} m, 1d4 per full 2 m"
    return Harm(dice, sum(dice), _shown(shown, dice))


def bump(strikes: int, rng: random.Random) -> Harm:
    """``strikes`` strikes of a physical encounter: 1d4 each (RULINGS S6)."""
    dice = _roll(strikes, rng)
    word = "strike" if strikes == 1 else "strikes"
    return Harm(dice, sum(dice), _shown(f"{strikes} {word}, 1d4 each", dice))
