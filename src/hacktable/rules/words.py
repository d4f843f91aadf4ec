"""Small helpers for the words of results: counts with their nouns."""

from __future__ import annotations

__all__ = ["counted"]


def counted(number: float, noun: str, plural: str | None = None) -> str:
    """``number`` and its noun, singular for exactly 1 (``plural``: an irregular form,
    else the noun + "s").

    >>> counted(1, "tick"), counted(2, "room"), counted(0.5, "tick"), counted(3, "man", "men")
    ('1 tick', '2 rooms', '0.5 ticks', '3 men')
    """
    shown = f"{number:g}" if isinstance(number, float) else str(number)
    return f"{shown} {noun if number == 1 else plural or noun + 's'}"
