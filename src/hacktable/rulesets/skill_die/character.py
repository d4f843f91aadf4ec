"""skill-die's character: the core character with what the game adds to it.

skill-die: Ability Checks, Skill Checks, Unconsciousness and Death, Temporary Hit
Points, Fatigue; RULINGS S1 (six abilities), S3 (HP to -20), S4 (skills 0-6, a role),
S6 (the fatigue clock). Temporary HP is the core's ``temp_hp``; unconscious, stable and
dead are the core's conditions (written by :mod:`hacktable.rulesets.harm`). The ruleset
names this class as its ``character_type``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from ...errors import RuleError
from ...play.character import Character as CoreCharacter
from ...play.character import Scored, fold
from .content import ABILITIES

__all__ = [
    "ABILITIES",
    "ASLEEP",
    "FATIGUE_HOURS",
    "HP_FLOOR",
    "MAX_SKILL",
    "PRONE",
    "SkillDieCharacter",
    "fold",
]

MAX_SKILL = 6
"""Skill levels run 0-6 (RULINGS S4)."""

HP_FLOOR = -20
"""HP never go below -20, where a character is dead (skill-die: Unconsciousness and
Death; RULINGS S3)."""

FATIGUE_HOURS = 24
"""The first fatigue check comes 24 in-game hours after the last rest (RULINGS S6)."""

ASLEEP = "asleep"
"""The condition of a fatigued character who failed the second check: they fell asleep
where they are (skill-die: Fatigue; RULINGS S6)."""

PRONE = "prone"
"""The condition of a character who has fallen: standing up takes their movement for a
round (skill-die: Falling and Special Damage)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillDieCharacter(Scored, CoreCharacter):
    """A skill-die player character: the core, and the game's own.

    Attributes:
        role: the role's name (``"Medic"``; RULINGS S4).
        scores: ``(ability, score)`` pairs in STR, DEX, CON, INT, WIS, CHA order.
        skills: ``(skill, level)`` pairs, the role's +1 included (0-6, RULINGS S4); a
            skill not listed is at level 0.
        awake: in-game hours since the last rest (RULINGS S6).
        check_at: the value of ``awake`` at which the next fatigue check comes (24
            after a rest; an hour after each check, S6).
        fatigued: disadvantage on all rolls, half speed (RULINGS S6).
    """

    hp_floor: ClassVar[int] = HP_FLOOR
    """HP never go below -20 (RULINGS S3); the ruleset's ``hit_points`` says the same."""

    role: str
    scores: tuple[tuple[str, int], ...]
    skills: tuple[tuple[str, int], ...] = ()
    awake: int = 0
    check_at: int = FATIGUE_HOURS
    fatigued: bool = False

    def skill_level(self, skill: str) -> int:
        """The level of ``skill`` (case-insensitive; 0 for a skill not on the sheet)."""
        for name, level in self.skills:
            if fold(name) == fold(skill):
                return level
        return 0

    def with_skill(self, skill: str, level: int) -> SkillDieCharacter:
        """A copy with ``skill`` at ``level`` (kept in the sheet's order; a new skill
        goes last).

        Raises:
            RuleError: ``level`` is outside 0-6 (RULINGS S4).
        """
        if not 0 <= level <= MAX_SKILL:
            raise RuleError(
                f"skill-die skill levels run 0 to {MAX_SKILL}, not {level} (RULINGS S4)"
            )
        if any(fold(name) == fold(skill) for name, _ in self.skills):
            skills = tuple((n, level if fold(n) == fold(skill) else v) for n, v in self.skills)
        else:
            skills = (*self.skills, (skill, level))
        return replace(self, skills=skills)

    @property
    def unconscious(self) -> bool:
        """At 0 HP or below (and not dead) a character is unconscious: they can do
        nothing until healed to at least 1 HP (RULINGS S3)."""
        return self.hp <= 0 and not self.dead

    @property
    def asleep(self) -> bool:
        """Whether the character fell asleep from fatigue (RULINGS S6)."""
        return self.has_condition(ASLEEP)

    @property
    def prone(self) -> bool:
        """Whether the character lies where they fell (skill-die: Falling)."""
        return self.has_condition(PRONE)


def check_ability(name: str) -> str:
    """The canonical ability ``name`` names (case-insensitive).

    Raises:
        UnknownNameError: not one of skill-die's six abilities (RULINGS S1).
    """
    from ...errors import UnknownNameError

    if name.upper() in ABILITIES:
        return name.upper()
    raise UnknownNameError("skill-die ability", name, ABILITIES)
