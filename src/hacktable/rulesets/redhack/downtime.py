"""Downtime actions: a downtime rest grants each character one, and what is done with
it spends it (redhack: Experience & Gaining Levels, "On your next downtime action";
Exploration & Dungeons > Resting; docs/rulings.md H183).

Levelling up (``level``) spends one; so may any other downtime action a command
offers (copying spells): call :func:`spend_downtime_action` and stage the character
it returns.
"""

from __future__ import annotations

from dataclasses import replace

from ...errors import RuleError
from .character import Character

__all__ = ["grant_downtime_action", "has_downtime_action", "spend_downtime_action"]


def grant_downtime_action(character: Character) -> Character:
    """``character`` after a downtime rest: one downtime action to spend. Unspent ones
    do not pile up: a character has at most one (docs/rulings.md H183)."""
    return replace(character, downtime_actions=1)


def has_downtime_action(character: Character) -> bool:
    """Whether ``character`` has a downtime action left to spend."""
    return character.downtime_actions > 0


def spend_downtime_action(character: Character, what: str = "that") -> Character:
    """``character`` with their downtime action spent on ``what``.

    Raises:
        RuleError: they have none (a downtime rest grants one: 'rest downtime').
    """
    if not has_downtime_action(character):
        raise RuleError(
            f"{character.name} has no downtime action for {what}: a downtime rest grants "
            "one ('rest downtime'; docs/rulings.md H183)"
        )
    return replace(character, downtime_actions=character.downtime_actions - 1)
