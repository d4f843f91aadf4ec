"""The ordered fight's buttons at the web table (issue 12 §2; docs/rulings.md H685): an
attack on each foe still alive, for a character in a fight that has begun (its
initiative rolled, or its surprise round). Out of turn the button's odds say why not
(:func:`~.attack.may_act`), before any die."""

from __future__ import annotations

from ...play.character import Character
from ...play.state import CampaignState
from ..base import TableAction
from ..table_view import word
from .state import fight_in

__all__ = ["attack_actions"]


def attack_actions(state: CampaignState, character: Character) -> tuple[TableAction, ...]:
    """``attack NAME FOE`` for each living foe, while ``character`` fights."""
    fight = fight_in(state)
    if fight is None or not fight.has_fighter(character.name):
        return ()
    if not (fight.started or fight.surprise_round):
        return ()
    who = word(character.name)
    return tuple(
        TableAction(f"attack {foe.name}", f"attack {who} {foe.key}")
        for foe in fight.foes
        if not foe.dead
    )
