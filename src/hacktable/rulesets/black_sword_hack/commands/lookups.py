"""What the character commands look up in the campaign: the ruleset as
black-sword-hack, the characters' names, a seated player by name."""

from __future__ import annotations

from ....errors import CommandError
from ...context import CampaignView
from ..character import Character
from ..ruleset import BlackSwordHack

__all__ = ["black_sword_of", "character_names"]


def black_sword_of(session: CampaignView[Character]) -> BlackSwordHack:
    """The campaign's ruleset as black-sword-hack.

    Raises:
        CommandError: the campaign plays another ruleset (never: each ruleset has its
            own command set).
    """
    ruleset = session.ruleset
    if not isinstance(ruleset, BlackSwordHack):  # pragma: no cover - command sets are apart
        raise CommandError(f"this command is black-sword-hack's, not {ruleset.id}'s")
    return ruleset


def character_names(session: CampaignView[Character]) -> list[str]:
    """Every character's name (completion)."""
    return [c.name for c in session.characters()]
