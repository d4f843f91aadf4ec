"""skill-die at the web table (issue 12 §2; docs/rulings.md H630-H632): the sheets
(with the fatigue clock: RULINGS S6), the fight in initiative order; an ability check
of each ability against a DC the player types, a skill check of each of the
character's skills at a difficulty they type (RULINGS S1, S2), odds by ``odds``.
"""

from __future__ import annotations

from typing import Any

from ...play.character import Character
from ...play.principal import Principal
from ...play.state import CampaignState
from ..base import Panel, Ruleset, TableAction
from ..ordered_fight.buttons import attack_actions
from ..table_view import DC, DIFFICULTY, table_panels_with, usage_actions, word

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
    """Ability checks (d20 + modifier against the DC, S1), skill checks (the
    difficulty's die at or under the level, S2), an attack on each foe in a fight (S5;
    docs/rulings.md H685), then the usage dice."""
    who = word(character.name)
    abilities = [
        TableAction(
            f"{ability} check",
            f"check {who} {ability} dc {DC}",
            f"odds {who} {ability} dc {DC}",
        )
        for ability in ruleset.attributes
    ]
    skills = [
        TableAction(
            f"{skill} check",
            f"check {who} {word(skill)} {DIFFICULTY}",
            f"odds {who} {word(skill)} {DIFFICULTY}",
        )
        for skill, _level in getattr(character, "skills", ())
    ]
    return (*abilities, *skills, *attack_actions(state, character), *usage_actions(character))
