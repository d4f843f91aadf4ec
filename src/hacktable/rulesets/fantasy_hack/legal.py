"""What may be asked of a fantasy-hack table now: the intents a tool or a test can play
and the checks whose odds are checked.

:func:`legal_intents` asks each part of the commands for what it offers now
(:data:`OFFERS`, each appended by its command module) and adds the engine's ``note``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ...rules.resolution import TestRequest
from ..grammar import Intent
from ..offers import gather

if TYPE_CHECKING:
    from ..context import CampaignView
    from .character import FantasyHackCharacter
    from .ruleset import FantasyHack

__all__ = ["EXAMPLE_SESSIONS", "OFFERS", "legal_intents", "odds_configurations"]

EXAMPLE_SESSIONS: tuple[tuple[str, int, str], ...] = (
    ("examples/ottvar.txt", 3, "tests/golden/ottvar.out"),
)
"""``(script, seed, golden transcript)`` of each example session, in play order: the
Ottvar example of Part III "Combat" (issue 11 §1)."""

Offer = Callable[["FantasyHack", "CampaignView[FantasyHackCharacter]", str], list[Intent]]

OFFERS: list[Offer] = []
"""What each part of the commands offers now."""


def odds_configurations() -> Iterator[TestRequest]:
    """Modifiers -4 to +15 against DCs 1, 5, 10, 15, 20, 25, 30, 40, with a bonus."""
    for score in range(-4, 16):
        for dc in (1, 5, 10, 15, 20, 25, 30, 40):
            yield TestRequest("STR+Athletics", score, dc)
        yield TestRequest("DEX+Subterfuge", score, 15, bonus=5)


def legal_intents(
    ruleset: FantasyHack, view: CampaignView[FantasyHackCharacter], principal_role: str
) -> list[Intent]:
    """The intents ``principal_role`` can ask now (observers: none;
    :func:`~hacktable.rulesets.offers.gather`)."""
    return gather(ruleset, view, principal_role, OFFERS, "The market is crowded.")
