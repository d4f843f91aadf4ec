"""What skill-die's commands look up: the ruleset, the campaign's own skills and roles
(``skill add``, ``role add``; RULINGS S4)."""

from __future__ import annotations

from typing import Any

from ....play.character import fold
from ...context import CampaignView
from ..content import Role

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..ruleset import SkillDie

__all__ = [
    "ROLE_KIND",
    "SKILL_KIND",
    "campaign_roles",
    "campaign_skills",
    "character_names",
    "rules_of",
    "skill_names",
]

SKILL_KIND = "skill-die.skill"
"""The state kind of the campaign's own skills: key the folded name, value the name."""

ROLE_KIND = "skill-die.role"
"""The state kind of the campaign's own roles: value ``{"name": ..., "skill": ...}``."""


def rules_of(session: CampaignView[Any]) -> SkillDie:
    """The campaign's ruleset as skill-die."""
    from ..ruleset import SkillDie

    ruleset = session.ruleset
    if not isinstance(ruleset, SkillDie):  # pragma: no cover - command sets are apart
        raise TypeError(f"this command is skill-die's, not {ruleset.id}'s")
    return ruleset


def campaign_skills(session: CampaignView[Any]) -> tuple[str, ...]:
    """The campaign's own skills, in the order added."""
    state = session.state
    return tuple(str(state.get(SKILL_KIND, key)) for key in state.keys(SKILL_KIND))


def campaign_roles(session: CampaignView[Any]) -> tuple[Role, ...]:
    """The campaign's own roles."""
    state = session.state
    roles = []
    for key in state.keys(ROLE_KIND):
        value = state.get(ROLE_KIND, key)
        if isinstance(value, dict):
            roles.append(Role(str(value["name"]), str(value["skill"])))
    return tuple(roles)


def skill_names(session: CampaignView[Any]) -> tuple[str, ...]:
    """Every skill: the text's and the campaign's."""
    return (*(s.name for s in rules_of(session).content.skills), *campaign_skills(session))


def skill_named(session: CampaignView[Any], name: str) -> str:
    """The canonical skill ``name`` names.

    Raises:
        UnknownNameError: no such skill.
    """
    return rules_of(session).content.skill(name, campaign_skills(session))


def character_names(session: CampaignView[Any]) -> list[str]:
    """Every character's name, for completion."""
    return [c.name for c in session.characters()]


def is_skill(session: CampaignView[Any], name: str) -> bool:
    """Whether ``name`` names a skill."""
    return any(fold(s) == fold(name) for s in skill_names(session))
