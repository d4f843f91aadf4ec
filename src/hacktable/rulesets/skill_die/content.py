"""skill-die's data files (``data/skills.toml``, ``data/roles.toml``): their schemas
(frozen msgspec Structs) and the loader that checks them against each other.

Sources: skill-die: Skill Checks (Persuasion, Nature, Science, Stealth; the Corsair,
Medic, Engineer and Soldier of its examples), Competitive Skill Checks (Brawn, Nature
against Stealth); RULINGS S4 (skills 0-6, a role adds +1 to its skill, the campaign's
own skills and roles).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated

import msgspec

from ...errors import RulesDataError, UnknownNameError
from ...play.character import fold
from ...rules.content import load_toml, load_toml_file, require_unique
from .abilities import ABILITIES

__all__ = [
    "ABILITIES",
    "DATA_PACKAGE",
    "ROLES_FILE",
    "SKILLS_FILE",
    "Content",
    "Role",
    "Skill",
    "load_content",
    "load_content_from",
]

DATA_PACKAGE = "hacktable.rulesets.skill_die.data"
SKILLS_FILE = "skills.toml"
ROLES_FILE = "roles.toml"

Name = Annotated[str, msgspec.Meta(pattern=r"^[A-Z][A-Za-z]*( [A-Z][A-Za-z]*)*$", max_length=30)]
"""A skill's or role's name: capitalised words (``"Persuasion"``, ``"Deep Space"``)."""


class Skill(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A skill (RULINGS S4).

    Attributes:
        name: as shown, e.g. ``"Stealth"``.
        text: what it is for.
        against: the skill a competitive check reads on the other side, where the text
            names one (Nature against Stealth; Brawn against Brawn), else ``""``.
    """

    name: Name
    text: str = ""
    against: str = ""


class Role(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A role: +1 to its skill (RULINGS S4).

    Attributes:
        name: as shown, e.g. ``"Medic"``.
        skill: the skill it adds +1 to.
        text: one line on it.
    """

    name: Name
    skill: str
    text: str = ""


class SkillsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``skills.toml``."""

    skills: tuple[Skill, ...]


class RolesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``roles.toml``."""

    roles: tuple[Role, ...]


@dataclass(frozen=True, slots=True)
class Content:
    """The packaged skills and roles, checked.

    Attributes:
        skills: the text's skills, in the file's order.
        roles: the text's roles, in the file's order.
    """

    skills: tuple[Skill, ...]
    roles: tuple[Role, ...]

    def skill(self, name: str, extra: tuple[str, ...] = ()) -> str:
        """The canonical name of the skill ``name`` (case-insensitive), among the
        packaged ones and the campaign's ``extra``.

        Raises:
            UnknownNameError: no such skill (naming those there are).
        """
        every = (*(s.name for s in self.skills), *extra)
        for known in every:
            if fold(known) == fold(name):
                return known
        raise UnknownNameError("skill", name, every)

    def role(self, name: str, extra: tuple[Role, ...] = ()) -> Role:
        """The role called ``name`` (case-insensitive), packaged or the campaign's.

        Raises:
            UnknownNameError: no such role.
        """
        every = (*self.roles, *extra)
        for role in every:
            if fold(role.name) == fold(name):
                return role
        raise UnknownNameError("role", name, [r.name for r in every])

    def against(self, skill: str) -> str:
        """The skill a competitive check of ``skill`` reads on the other side (the same
        skill where the data names none: Brawn against Brawn; docs/rulings.md H355)."""
        for known in self.skills:
            if known.name == skill and known.against:
                return known.against
        return skill


@cache
def load_content() -> Content:
    """The packaged data files, loaded and checked once per process.

    Raises:
        RulesDataError: a file is missing, malformed or inconsistent.
    """
    return _assemble(
        load_toml(DATA_PACKAGE, SKILLS_FILE, SkillsFile),
        load_toml(DATA_PACKAGE, ROLES_FILE, RolesFile),
    )


def load_content_from(directory: Path) -> Content:
    """The data files in ``directory``, loaded and checked (not cached).

    Raises:
        RulesDataError: a file is missing, malformed or inconsistent.
    """
    return _assemble(
        load_toml_file(directory / SKILLS_FILE, SkillsFile),
        load_toml_file(directory / ROLES_FILE, RolesFile),
    )


def _assemble(skills: SkillsFile, roles: RolesFile) -> Content:
    require_unique(SKILLS_FILE, "skills", (fold(s.name) for s in skills.skills), "name")
    require_unique(ROLES_FILE, "roles", (fold(r.name) for r in roles.roles), "name")
    names = {s.name for s in skills.skills}
    for index, skill in enumerate(skills.skills):
        if skill.name.upper() in ABILITIES:
            raise RulesDataError(SKILLS_FILE, f"skills[{index}]", "a skill named as an ability")
        if skill.against and skill.against not in names:
            raise RulesDataError(
                SKILLS_FILE, f"skills[{index}]", f"against {skill.against!r}: no such skill"
            )
    for index, role in enumerate(roles.roles):
        if role.skill not in names:
            raise RulesDataError(
                ROLES_FILE, f"roles[{index}]", f"skill {role.skill!r}: no such skill"
            )
    return Content(skills.skills, roles.roles)
