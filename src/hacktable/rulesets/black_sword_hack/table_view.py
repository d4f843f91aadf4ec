"""black-sword-hack at the web table (issue 12 §2; docs/rulings.md H630, H631): the
sheets (with the Doom die), the fight, the day and the place; a test and a save per
attribute, the Doom die, an attack on and a parry and a dodge of each opponent still
fighting (the players roll every die: black-sword-hack 2.1.4), and the usage dice.
"""

from __future__ import annotations

from typing import Any

from ...play.character import Character
from ...play.principal import Principal
from ...play.state import CampaignState
from ..base import Panel, Ruleset, TableAction
from ..table_view import attribute_tests, table_panels_with, usage_actions, word
from .fight import fight_in

__all__ = ["table_actions", "table_panels"]


def table_panels(
    ruleset: Ruleset[Any], state: CampaignState, principal: Principal
) -> tuple[Panel, ...]:
    """The sheets ``principal`` sees, the fight, the day and the place."""
    del ruleset
    return table_panels_with(state, principal, Panel("Day", "day"), Panel("Place", "place"))


def table_actions(
    ruleset: Ruleset[Any], state: CampaignState, character: Character
) -> tuple[TableAction, ...]:
    """Tests and saves (a save's odds are shown as it rolls: the gifts that help saves
    apply, docs/rulings.md H153), the Doom die (B2), attacks, parries and dodges in a
    fight, usage dice."""
    who = word(character.name)
    saves = tuple(
        TableAction(f"{attribute} save", f"save {who} {attribute}", "")
        for attribute in ruleset.attributes
    )
    fighting: list[TableAction] = []
    fight = fight_in(state)
    if fight is not None and fight.has_fighter(character.name):
        for foe in fight.foes:
            if foe.fighting:
                fighting.append(TableAction(f"attack {foe.name}", f"attack {who} {foe.key}"))
                for way in ("parry", "dodge"):
                    line = f"defend {who} {way} {foe.key}"
                    fighting.append(TableAction(f"{way} {foe.name}", line))
    return (
        *attribute_tests(ruleset.attributes, character.name),
        *saves,
        TableAction("Doom die", f"doom {who}"),
        *fighting,
        *usage_actions(character),
    )
