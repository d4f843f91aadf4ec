"""fantasy-hack at the web table (issue 12 §2; docs/rulings.md H630-H632): the
sheets, the fight in initiative order; a check of each stat with each skill against a
DC the player types (``dc N``: the page asks for N), its odds by ``odds``.
"""

from __future__ import annotations

from typing import Any

from ...play.character import Character
from ...play.principal import Principal
from ...play.state import CampaignState
from ..base import Panel, Ruleset, TableAction
from ..ordered_fight.buttons import attack_actions
from ..table_view import DC, table_panels_with, usage_actions, word
from .character import SKILLS

__all__ = ["table_actions", "table_panels"]


def table_panels(
    ruleset: Ruleset[Any], state: CampaignState, principal: Principal
) -> tuple[Panel, ...]:
    """The sheets ``principal`` sees and the fight (order, whose turn)."""
    del ruleset
    return table_panels_with(state, principal)


def table_actions(
    ruleset: Ruleset[Any], state: CampaignState, character: Character
) -> tuple[TableAction, ...]:
    """A check of each stat with each of the character's skills (fantasy-hack Part III:
    d20 + stat + skill against the DC), an attack on each foe in a fight (Part III
    "Combat"; docs/rulings.md H685), then the usage dice."""
    who = word(character.name)
    checks = [
        TableAction(
            f"{stat}+{skill}",
            f"check {who} {stat}+{skill} dc {DC}",
            f"odds {who} {stat}+{skill} dc {DC}",
        )
        for skill in SKILLS
        for stat in ruleset.attributes
    ]
    return (*checks, *attack_actions(state, character), *usage_actions(character))
