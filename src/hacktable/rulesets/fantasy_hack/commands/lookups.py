"""What the commands look up in the campaign: the ruleset as fantasy-hack, names."""

from __future__ import annotations

from typing import Any

from ....errors import CommandError
from ...context import CampaignView
from ..ruleset import FantasyHack

__all__ = ["character_names", "fantasy_of"]


def fantasy_of(session: CampaignView[Any]) -> FantasyHack:
    """The campaign's ruleset as fantasy-hack.

    Raises:
        CommandError: another ruleset (never: each ruleset has its own command set).
    """
    ruleset = session.ruleset
    if not isinstance(ruleset, FantasyHack):  # pragma: no cover - command sets are apart
        raise CommandError(f"this command is fantasy-hack's, not {ruleset.id}'s")
    return ruleset


def character_names(session: CampaignView[Any]) -> list[str]:
    """Every character's name (completion)."""
    return [c.name for c in session.characters()]
