"""redhack at the web table (issue 12 §2; docs/rulings.md H630, H631): the sheets,
the fight (order, whose turn, HP), where and when the party is; a test and a save per
attribute, an attack on and a defence against each monster still fighting (the
players roll both: RULINGS R6), and the usage dice with their odds (H673).
"""

from __future__ import annotations

from typing import Any

from ...play.character import Character
from ...play.codec import from_json
from ...play.principal import Principal
from ...play.state import CampaignState
from ..base import Panel, Ruleset, TableAction
from ..table_view import attribute_tests, table_panels_with, usage_actions, word
from .commands.act import FIGHT_KEY
from .fight import Fight

__all__ = ["table_actions", "table_panels"]


def table_panels(
    ruleset: Ruleset[Any], state: CampaignState, principal: Principal
) -> tuple[Panel, ...]:
    """The sheets ``principal`` sees, the fight and the party's time (``where``)."""
    del ruleset
    return table_panels_with(state, principal, Panel("Time", "where"))


def table_actions(
    ruleset: Ruleset[Any], state: CampaignState, character: Character
) -> tuple[TableAction, ...]:
    """Tests and saves (odds by ``odds``: redhack's saving throw is a test, Core
    Rules > Saving Throws), attacks and defences in a fight (RULINGS R6), a Warrior's
    parry of each attacker they defended against this round with a cleave die left
    (RULINGS R14; docs/rulings.md H674), usage dice."""
    who = word(character.name)
    saves = tuple(
        TableAction(f"{attribute} save", f"save {who} {attribute}", f"odds {who} {attribute}")
        for attribute in ruleset.attributes
    )
    fighting: list[TableAction] = []
    data = state.get(*FIGHT_KEY)
    fight = None if data is None else from_json(Fight, data)
    if fight is not None and fight.has_fighter(character.name):
        fighter = fight.fighter(character.name)
        for foe in fight.foes:
            if foe.fighting:
                fighting.append(TableAction(f"attack {foe.name}", f"attack {who} {foe.key}"))
                fighting.append(TableAction(f"defend vs {foe.name}", f"defend {who} {foe.key}"))
                parried = foe.key in fighter.parried
                if fighter.cleave_left and foe.key in fighter.defended and not parried:
                    fighting.append(TableAction(f"parry {foe.name}", f"parry {who} {foe.key}"))
    return (
        *attribute_tests(ruleset.attributes, character.name),
        *saves,
        *fighting,
        *usage_actions(character),
    )
