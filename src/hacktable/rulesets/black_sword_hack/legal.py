"""What may be asked of a black-sword-hack table now: the intents a tool or a test can
play, the tests whose odds are checked, and the example sessions.

:func:`legal_intents` asks each part of the ruleset's commands for what it offers now
(:data:`OFFERS`: each a function of the ruleset, the view and the principal's role,
living beside its commands) and adds the engine's ``note`` and ``table``. Each intent
names what exists and succeeds or fails only for a rule's reason, never for a typo.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ...rules.resolution import TestKind, TestRequest
from ..grammar import Intent, Words
from ..offers import gather

if TYPE_CHECKING:
    from ..context import CampaignView
    from .character import Character
    from .ruleset import BlackSwordHack

__all__ = ["EXAMPLE_SESSIONS", "OFFERS", "legal_intents", "odds_configurations"]

EXAMPLE_SESSIONS: tuple[tuple[str, int, str], ...] = (
    ("examples/azhars-tower.txt", 7, "tests/golden/azhars-tower.out"),
)
"""``(script, seed, golden transcript)`` of each example session, in play order."""

Offer = Callable[["BlackSwordHack", "CampaignView[Character]", str], list[Intent]]

OFFERS: list[Offer] = []
"""What each part of the commands offers now; a command module appends its own when
imported (``OFFERS.append(offer)``)."""


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
    """The intents ``principal_role`` can ask now (observers: none;
    :func:`~hacktable.rulesets.offers.gather`):
    the GM's first a ``table`` roll of each table."""

    def tables() -> list[Intent]:
        if principal_role != "gm":
            return []
        return [Words("table", (table_id,)) for table_id, _ in ruleset.tables()]

    return gather(ruleset, view, principal_role, OFFERS, "The wind howls.", tables)
