"""The campaign's skills and roles, and raising a character's skill: ``skill NAME SKILL
N``, ``skill add NAME``, ``role add NAME SKILL`` (RULINGS S4; docs/rulings.md H354).

The GM sets a skill's level, 0 to 6, when the story says it grows (the text has no
advancement); the GM adds the campaign's own skills and roles, which every later
``character new`` offers (characters already made have them at 0).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ....errors import RuleError
from ....play.character import fold
from ....play.events import Change, Event
from ....play.outcome import Reply
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from ...powers import CHARACTERS, CONTENT
from ..character import ABILITIES, MAX_SKILL, SkillDieCharacter
from ..legal import OFFERS
from .lookups import (
    ROLE_KIND,
    SKILL_KIND,
    campaign_roles,
    character_names,
    rules_of,
    skill_named,
    skill_names,
)
from .registry import COMMANDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..ruleset import SkillDie

__all__ = ["RoleIntent", "SkillIntent"]

_NAME = re.compile(r"^[A-Za-z]+( [A-Za-z]+)*$")


@dataclass(frozen=True, slots=True)
class SkillIntent(Intent):
    """Set a character's skill level, or add a campaign skill.

    Attributes:
        character: the character (``""`` for ``skill add``).
        skill: the skill, as given.
        level: the new level (``None`` for ``skill add``).
    """

    character: str
    skill: str
    level: int | None = None

    def access(self) -> Access:
        """The GM's: editing characters, or the campaign's content."""
        if self.level is None:
            return Access.gm(CONTENT, "skill add")
        return Access.gm(CHARACTERS, "set a skill level")


@dataclass(frozen=True, slots=True)
class RoleIntent(Intent):
    """Add a campaign role: +1 to its skill (RULINGS S4).

    Attributes:
        name: the role's name.
        skill: its skill, as given.
    """

    name: str
    skill: str

    def access(self) -> Access:
        """The GM's: the campaign's content."""
        return Access.gm(CONTENT, "role add")


def _title(args: Args, text: str, what: str) -> str:
    name = " ".join(w.capitalize() for w in text.split())
    if not _NAME.match(name) or len(name) > 30:
        raise args.error(f"a {what} is named in letters, at most 30, like 'Piloting'")
    if name.upper() in ABILITIES:
        raise args.error(f"{name} is an ability: a {what} needs another name")
    return name


def _read_skill(args: Args) -> SkillIntent:
    first = args.word("NAME or 'add'")
    if first.lower() == "add":
        return SkillIntent("", _title(args, " ".join(args.rest()), "skill"))
    skill = args.word("SKILL")
    level = args.integer("N (the level, 0 to 6)")
    args.done()
    return SkillIntent(first, skill, level)


def _read_role(args: Args) -> RoleIntent:
    if args.word("'add'").lower() != "add":
        raise args.error("role add NAME SKILL")
    words = args.rest()
    if len(words) < 2:
        raise args.error("role add NAME SKILL")
    return RoleIntent(_title(args, " ".join(words[:-1]), "role"), words[-1])


def _complete(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    if not words:
        return ["add", *character_names(session)]
    if len(words) == 1 and words[0] != "add":
        return skill_names(session)
    return ()


@COMMANDS.typed(
    "skill",
    "skill NAME SKILL N | skill add NAME",
    "set a character's skill level (0-6), or add a skill to the campaign",
    SkillIntent,
    _read_skill,
    details="""
Skill levels run 0 to 6 (RULINGS S4); the text has no advancement, so the GM sets a
level when the story earns it: skill Ana Nature 5. "skill add Piloting" adds a skill
of the campaign's own, which new characters can take and every check reads (others
have it at 0).
""",
    complete=_complete,
)
def skill_command(ctx: Context, intent: SkillIntent) -> Reply:
    """Set a level, or add a skill."""
    session = ctx.session
    if intent.level is None:
        if any(fold(s) == fold(intent.skill) for s in skill_names(session)):
            raise RuleError(f"the campaign has a skill called {intent.skill} already")
        summary = f"New skill: {intent.skill}"
        session.commit(
            Event(
                "skill.add",
                summary=summary,
                changes=(Change(SKILL_KIND, fold(intent.skill), None, intent.skill),),
                command=ctx.line,
            )
        )
        return Reply().add(summary, "note")
    character: SkillDieCharacter = session.character(intent.character)
    skill = skill_named(session, intent.skill)
    if not 0 <= intent.level <= MAX_SKILL:
        raise RuleError(
            f"skill-die skill levels run 0 to {MAX_SKILL}, not {intent.level} (RULINGS S4)"
        )
    before = character.skill_level(skill)
    if before == intent.level:
        raise RuleError(f"{character.name}'s {skill} is {before} already")
    after = character.with_skill(skill, intent.level)
    summary = f"{character.name}: {skill} {before} -> {intent.level}"
    session.commit_character("skill.set", character, after, summary, ctx.line)
    return Reply().add(summary)


@COMMANDS.typed(
    "role",
    "role add NAME SKILL",
    "add a role to the campaign: +1 to its skill",
    RoleIntent,
    _read_role,
    details="A role adds +1 to its skill at creation (RULINGS S4). Example: role add Pilot Science",
)
def role_command(ctx: Context, intent: RoleIntent) -> Reply:
    """Add a campaign role."""
    session = ctx.session
    ruleset = rules_of(session)
    skill = skill_named(session, intent.skill)
    known = (*ruleset.content.roles, *campaign_roles(session))
    if any(fold(r.name) == fold(intent.name) for r in known):
        raise RuleError(f"the campaign has a role called {intent.name} already")
    summary = f"New role: {intent.name} (+1 to {skill})"
    value = {"name": intent.name, "skill": skill}
    session.commit(
        Event(
            "role.add",
            summary=summary,
            changes=(Change(ROLE_KIND, fold(intent.name), None, value),),
            command=ctx.line,
        )
    )
    return Reply().add(summary, "note")


def offer(ruleset: SkillDie, view: CampaignView[SkillDieCharacter], role: str) -> list[Intent]:
    """Raising and lowering each skill of each character, a level 7 (refused), a
    campaign skill and role."""
    del ruleset
    if role != "gm":
        return []
    intents: list[Intent] = [
        Words("skill", ("add", "Piloting")),
        Words("role", ("add", "Pilot", "Science")),
    ]
    for character in view.characters():
        for skill, level in character.skills[:3]:
            intents.append(Words("skill", (character.name, skill, str(min(MAX_SKILL, level + 1)))))
        intents.append(Words("skill", (character.name, "Stealth", "7")))
        intents.append(Words("skill", (character.name, "Nature", "0")))
    return intents


OFFERS.append(offer)
