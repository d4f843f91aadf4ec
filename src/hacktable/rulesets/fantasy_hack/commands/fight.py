"""fantasy-hack's fight: the shared ordered fight's ``fight``, ``init``, ``attack`` and
``next`` with :data:`~..fight_rules.FIGHT_RULES` (fantasy-hack Part III "Combat";
RULINGS F1-F5; docs/rulings.md H390-H393), and what they offer the conformance
suite's random playthroughs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ordered_fight import add_fight_commands, fight_offers
from ..fight_rules import FIGHT_RULES
from ..legal import OFFERS
from .registry import COMMANDS

if TYPE_CHECKING:
    from ...context import CampaignView
    from ...grammar import Intent
    from ..character import FantasyHackCharacter
    from ..ruleset import FantasyHack

__all__ = ["offer"]

add_fight_commands(COMMANDS, FIGHT_RULES)


def offer(
    ruleset: FantasyHack, view: CampaignView[FantasyHackCharacter], role: str
) -> list[Intent]:
    """The ordered fight's offers (:func:`~...ordered_fight.fight_offers`)."""
    del ruleset
    return fight_offers(view, role, FIGHT_RULES)


OFFERS.append(offer)
