"""What may be asked of a skill-die table now: the intents a tool or a test can play,
the checks whose odds are checked, and the example sessions (the crew of four).

:func:`legal_intents` asks each part of the commands for what it offers now
(:data:`OFFERS`, appended by the command modules) and adds the engine's ``note``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ...rules.checks.variants import SKILL_DIE_SKILL
from ...rules.resolution import TestRequest
from ..grammar import Intent
from ..offers import gather

if TYPE_CHECKING:
    from ..context import CampaignView
    from .character import SkillDieCharacter
    from .ruleset import SkillDie

__all__ = ["EXAMPLE_SESSIONS", "OFFERS", "legal_intents", "odds_configurations"]

EXAMPLE_SESSIONS: tuple[tuple[str, int, str], ...] = (
    ("examples/crew-of-four.txt", 5, "tests/golden/crew-of-four.out"),
)
"""``(script, seed, golden transcript)`` of each example session: the crew of four
(issue 11 §2)."""

Offer = Callable[["SkillDie", "CampaignView[SkillDieCharacter]", str], list[Intent]]

OFFERS: list[Offer] = []
"""What each part of the commands offers now; a command module appends its own."""

_NETS = (((), ()), (("GM",), ()), ((), ("GM",)))


def odds_configurations() -> Iterator[TestRequest]:
    """Ability checks of modifiers -4 to +5 against the six named DCs and 1, 21, 40,
    and skill checks of levels 0-6 on every die, each with each net advantage
    (RULINGS S1, S2, S7)."""
    for modifier in range(-4, 6):
        for dc in (1, 5, 10, 15, 20, 21, 25, 30, 40):
            for advantages, disadvantages in _NETS:
                yield TestRequest(
                    "DEX",
                    10 + 2 * modifier,
                    difficulty=dc,
                    advantages=advantages,
                    disadvantages=disadvantages,
                    modifier=modifier,
                )
    for level in range(7):
        for die in SKILL_DIE_SKILL.dice:
            for advantages, disadvantages in _NETS:
                yield TestRequest(
                    "Stealth",
                    level,
                    difficulty=die,
                    advantages=advantages,
                    disadvantages=disadvantages,
                )


def legal_intents(
    ruleset: SkillDie, view: CampaignView[SkillDieCharacter], principal_role: str
) -> list[Intent]:
    """The intents ``principal_role`` can ask now (observers: none;
    :func:`~hacktable.rulesets.offers.gather`)."""
    intents = gather(ruleset, view, principal_role, OFFERS, "The engines hum.")
    # RULINGS S5: a table may turn the tracker off
    if principal_role != "observer" and view.setting("fights") != "off":
        from ..ordered_fight import fight_offers
        from .fight_rules import FIGHT_RULES

        intents += fight_offers(view, principal_role, FIGHT_RULES)
    return intents
