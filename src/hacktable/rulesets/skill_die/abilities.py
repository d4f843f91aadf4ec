"""skill-die's six abilities: a module of its own so the one-shot checks read them
without loading the ruleset's data files."""

from __future__ import annotations

__all__ = ["ABILITIES"]

ABILITIES: tuple[str, ...] = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
"""The six abilities, in the sheet's order (RULINGS S1)."""
