"""Advantage and disadvantage as a value.

redhack: Core Rules > Advantage & Disadvantage; RULINGS R3 (net cancellation) and G2
(advantage on rolls that are not tests: roll twice, keep the higher).
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["Advantage"]


class Advantage(IntEnum):
    """Net advantage on a roll: sources do not stack, they cancel (RULINGS R3).

    An ``IntEnum`` so the dice layer can take its value (-1, 0, 1) without importing
    :mod:`enum` on the roll fast path.
    """

    DISADVANTAGE = -1
    NONE = 0
    ADVANTAGE = 1

    @classmethod
    def net(cls, advantages: int, disadvantages: int) -> Advantage:
        """Combine counts of sources: the sign of ``advantages - disadvantages``.

        Two disadvantages and one advantage give disadvantage (RULINGS R3).

        Raises:
            ValueError: a count is negative.
        """
        if advantages < 0 or disadvantages < 0:
            raise ValueError("source counts cannot be negative")
        difference = advantages - disadvantages
        return cls((difference > 0) - (difference < 0))

    @classmethod
    def from_flags(cls, advantage: bool, disadvantage: bool) -> Advantage:
        """Advantage from two flags; both set cancel to :attr:`NONE`."""
        return cls.net(int(advantage), int(disadvantage))

    @property
    def word(self) -> str:
        """``"advantage"``, ``"disadvantage"`` or ``""``."""
        return {1: "advantage", -1: "disadvantage", 0: ""}[self.value]
