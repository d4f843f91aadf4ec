"""Rations spoil: the extra usage roll after each week (redhack: Equipment >
Miscellany: "Rations 5 ud8, make an extra roll after each week for spoilage"; "Iron
Rations ... No spoilage"; docs/rulings.md H251).

Pure: which campaign weeks a stretch of time ends, and which items spoil.
"""

from __future__ import annotations

from ...play.character import Item

__all__ = ["DAYS_PER_WEEK", "SPOILING", "spoils", "weeks_ended"]

DAYS_PER_WEEK = 7
"""A week of campaign time."""

SPOILING = ("rations",)
"""Equipment ids that make the weekly spoilage roll (Iron Rations do not)."""


def weeks_ended(before_day: int, after_day: int) -> tuple[int, ...]:
    """The campaign weeks that end as the clock goes from ``before_day`` to
    ``after_day``: week ``n`` ends as day ``7n`` ends (so going from day 7 to day 8
    ends week 1, and a 15-day downtime from day 1 ends weeks 1 and 2; docs/rulings.md
    H251).

    >>> weeks_ended(7, 8)
    (1,)
    >>> weeks_ended(1, 16)
    (1, 2)
    >>> weeks_ended(8, 14)
    ()
    """
    first = (before_day - 1) // DAYS_PER_WEEK + 1
    last = (after_day - 1) // DAYS_PER_WEEK
    return tuple(range(first, last + 1))


def spoils(item: Item) -> bool:
    """Whether ``item`` makes the weekly spoilage roll: Rations with some left, not
    Iron Rations (redhack: Equipment > Miscellany)."""
    return item.ref in SPOILING and item.usage is not None and not item.usage.exhausted
