"""The simulator's parties from the command line's text or from a campaign's replayed
state, and the encounter they make with the opponents (docs/simulate.md).

Opening a campaign file is the caller's (:mod:`hacktable.cli.simulate`): a ruleset does
not read the store.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....errors import CommandError
from ....play.codec import from_json
from ..character import Character
from ..content.loader import load_content
from .model import Encounter, Fighter, fighter_of
from .notation import is_party_text, parse_opponents, parse_party

if TYPE_CHECKING:
    from pathlib import Path

    from ....play.state import CampaignState

__all__ = ["encounter_of", "fighters_of", "text_encounter"]


def text_encounter(party: str, opponents: str) -> Encounter | None:
    """``--party`` in the party notation (or ``sample``) against ``--opponents`` from
    the bestiary, with the settings' defaults; ``None`` when ``party`` names a file
    (:func:`.notation.is_party_text`), for the caller to open as a campaign.

    Raises:
        CommandError: the party or the opponents cannot be read.
        UnknownNameError: an opponent the bestiary does not know.
    """
    if not is_party_text(party):
        return None
    content = load_content()
    return Encounter(parse_party(party, content), parse_opponents(opponents, content), content)


def fighters_of(state: CampaignState, path: Path) -> tuple[Fighter, ...]:
    """The campaign's characters who can fight (alive, above 0 HP: a Helpless one is
    out, 2.1.12), in the order they were made, with their gear, gifts and Doom dice as
    they stand.

    Raises:
        CommandError: nobody can.
    """
    content = load_content()
    found = [from_json(Character, data) for data in state.values("character")]
    able = tuple(fighter_of(content, c) for c in found if not c.dead and c.hp > 0)
    if not able:
        raise CommandError(f"nobody in {path} can fight (alive, above 0 HP)", "simulate")
    return able


def encounter_of(state: CampaignState, path: Path, opponents: str) -> Encounter:
    """A campaign's fighters (:func:`fighters_of`) against ``opponents``, with the
    campaign's ``morale`` and ``shield-missiles`` settings (RULINGS B5, B6).

    Raises:
        CommandError: nobody can fight, or the opponents cannot be read.
        UnknownNameError: an opponent the bestiary does not know.
    """
    content = load_content()
    party = fighters_of(state, path)
    morale = state.get("setting", "morale")
    missiles = state.get("setting", "shield-missiles")
    return Encounter(
        party,
        parse_opponents(opponents, content),
        content,
        morale=morale if isinstance(morale, int) else 7,
        shield_missiles=missiles == "yes",
    )
