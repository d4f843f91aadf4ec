"""What a skill-die check reads from the character and the situation: the ability
modifier, the skill level, fatigue's disadvantage on all rolls (RULINGS S6) and an
unconscious target's advantage to attacks on it (RULINGS S3), as data on the request.
"""

from __future__ import annotations

from ...rules.checks.variants import SKILL_DIE_SKILL
from ...rules.resolution import TestRequest
from ..base import TestOptions
from .character import SkillDieCharacter
from .checks import ability_modifier

__all__ = [
    "FATIGUED",
    "UNCONSCIOUS_TARGET",
    "ability_request",
    "attack_advantages",
    "character_disadvantages",
    "competitive_die",
    "skill_request",
]

FATIGUED = "fatigued (RULINGS S6)"
"""The source of disadvantage a fatigued character has on all rolls."""

UNCONSCIOUS_TARGET = "the target is unconscious (RULINGS S3)"
"""The source of advantage on attacks made on an unconscious creature."""


def character_disadvantages(character: SkillDieCharacter) -> tuple[str, ...]:
    """What gives ``character`` disadvantage on every roll: fatigue (RULINGS S6)."""
    return (FATIGUED,) if character.fatigued else ()


def attack_advantages(target: SkillDieCharacter) -> tuple[str, ...]:
    """What gives an attack on ``target`` advantage: being unconscious (RULINGS S3);
    S5's fight tracker reads it."""
    return (UNCONSCIOUS_TARGET,) if target.unconscious else ()


def ability_request(
    character: SkillDieCharacter,
    ability: str,
    dc: int,
    options: TestOptions,
    method: str = "floor-half",
) -> TestRequest:
    """The ability check ``character`` makes: d20 + modifier (+ ``options.bonus``)
    against ``dc``, with the caller's sources and fatigue's (RULINGS S1, S6)."""
    score = character.score(ability)
    return TestRequest(
        ability,
        score,
        difficulty=dc,
        bonus=options.bonus,
        advantages=options.advantages,
        disadvantages=(*options.disadvantages, *character_disadvantages(character)),
        kind=options.kind,
        who=character.name,
        modifier=ability_modifier(score, method),
    )


def skill_request(
    character: SkillDieCharacter, skill: str, die: int, options: TestOptions, purpose: str = ""
) -> TestRequest:
    """The skill check ``character`` makes: a d``die`` at or under the skill level,
    with the caller's sources and fatigue's (RULINGS S2, S6)."""
    return TestRequest(
        skill,
        character.skill_level(skill),
        difficulty=die,
        advantages=options.advantages,
        disadvantages=(*options.disadvantages, *character_disadvantages(character)),
        who=character.name,
        purpose=purpose,
    )


def competitive_die(opposing: tuple[int, ...]) -> int:
    """The die of a competitive check: chosen by the highest opposing level (0-1 d4,
    2 d6, 3 d8, 4 d10, 5 d12, 6+ d20; RULINGS S2, S7).

    >>> competitive_die((1, 4, 2)), competitive_die((0,)), competitive_die((9,))
    (10, 4, 20)
    """
    return SKILL_DIE_SKILL.die_against(max(opposing))
