"""The campaign as redhack's commands see it: a
:class:`~hacktable.rulesets.context.CampaignView` whose characters are redhack's
(:class:`.character.Character`)."""

from __future__ import annotations

from typing import TypeAlias

from ..context import CampaignView as AnyCampaignView
from .character import Character

__all__ = ["CampaignView"]

CampaignView: TypeAlias = AnyCampaignView[Character]
"""A campaign of redhack characters."""
