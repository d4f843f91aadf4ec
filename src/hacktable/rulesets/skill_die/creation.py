"""Making a skill-die character: abilities, skills, role and HP.

RULINGS S1 (six abilities from the array 15, 14, 13, 12, 10, 8 or 4d6 drop the lowest,
*setting*), S4 (4 skill points at creation, at most 3 in one skill, levels 0-6; the
role's +1 to its skill; HP = 10 + CON modifier, *setting*); docs/rulings.md H342
(rolled abilities go in the sheet's order), H343 (the 4 points are all spent),
H340 (the role's +1 after the points).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import RuleError
from ..base import Creation
from .character import ABILITIES, MAX_SKILL, SkillDieCharacter
from .checks import ability_modifier
from .content import Content, Role

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

__all__ = [
    "ARRAY",
    "CREATION_POINTS",
    "HP_FORMULAS",
    "MAX_AT_CREATION",
    "CharacterSpec",
    "build_character",
    "check_array",
    "check_points",
    "max_hp",
    "roll_abilities",
]

ARRAY: tuple[int, ...] = (15, 14, 13, 12, 10, 8)
"""The standard array (RULINGS S1)."""

CREATION_POINTS = 4
"""Skill points a new character spends (RULINGS S4)."""

MAX_AT_CREATION = 3
"""At most 3 of them in one skill (RULINGS S4)."""

HP_FORMULAS: tuple[str, ...] = ("10+CON", "CON", "10")
"""The ``hp-formula`` setting's choices (RULINGS S4, default ``10+CON``: 10 + the CON
modifier; ``CON``: the CON score; ``10``: ten)."""

RolledAbility = tuple[str, tuple[int, ...], int]
"""``(ability, the four dice, the score)``: the lowest die dropped (RULINGS S1)."""


@dataclass(frozen=True, slots=True)
class CharacterSpec:
    """What a new character is made from.

    Attributes:
        name: the character's name.
        role: the role's name (packaged or the campaign's).
        abilities: the six scores in STR ... CHA order (the array in an order), or
            ``None`` to roll 4d6 drop the lowest for each (RULINGS S1).
        skills: ``(skill, points)`` pairs spending the 4 points (RULINGS S4).
        hp_formula: one of :data:`HP_FORMULAS`.
        modifier: the ``ability-modifier`` setting (RULINGS S1).
        extra_skills: the campaign's own skills (``skill add``).
        extra_roles: the campaign's own roles (``role add``).
    """

    name: str
    role: str
    abilities: tuple[int, ...] | None
    skills: tuple[tuple[str, int], ...]
    hp_formula: str = "10+CON"
    modifier: str = "floor-half"
    extra_skills: tuple[str, ...] = ()
    extra_roles: tuple[Role, ...] = ()


def check_array(scores: tuple[int, ...]) -> tuple[int, ...]:
    """``scores`` if they are the array in some order (RULINGS S1).

    Raises:
        RuleError: not six scores that are 15, 14, 13, 12, 10 and 8 in some order.
    """
    if len(scores) != len(ABILITIES) or sorted(scores) != sorted(ARRAY):
        shown = ",".join(str(s) for s in ARRAY)
        raise RuleError(
            f"skill-die abilities are the array {shown} in an order of your choosing "
            f"(STR,DEX,CON,INT,WIS,CHA), or 'rolled' (RULINGS S1); not {scores}"
        )
    return scores


def check_points(
    content: Content, skills: tuple[tuple[str, int], ...], extra: tuple[str, ...] = ()
) -> tuple[tuple[str, int], ...]:
    """The skill points as canonical names, if they keep RULINGS S4.

    Raises:
        UnknownNameError: an unknown skill.
        RuleError: not 4 points in all, more than 3 in one, a skill named twice or a
            negative number.
    """
    named: dict[str, int] = {}
    for skill, points in skills:
        canonical = content.skill(skill, extra)
        if canonical in named:
            raise RuleError(f"--skills names {canonical} twice")
        if not 0 <= points <= MAX_AT_CREATION:
            raise RuleError(
                f"a new character puts at most {MAX_AT_CREATION} points in one skill, not "
                f"{points} in {canonical} (RULINGS S4)"
            )
        named[canonical] = points
    total = sum(named.values())
    if total != CREATION_POINTS:
        raise RuleError(
            f"a new character spends {CREATION_POINTS} skill points, at most "
            f"{MAX_AT_CREATION} in one (RULINGS S4): these are {total}, e.g. "
            "--skills Stealth=3,Nature=1"
        )
    return tuple(named.items())


def roll_abilities(rng: random.Random) -> tuple[RolledAbility, ...]:
    """4d6 for each ability in the sheet's order, the lowest dropped (RULINGS S1;
    docs/rulings.md H342): every die kept in the result."""
    rolled = []
    for ability in ABILITIES:
        dice = tuple(rng.randrange(6) + 1 for _ in range(4))
        rolled.append((ability, dice, sum(dice) - min(dice)))
    return tuple(rolled)


def max_hp(con: int, formula: str, modifier: str = "floor-half") -> int:
    """Maximum HP (RULINGS S4, *setting*): 10 + CON modifier by default; never below 1.

    >>> max_hp(13, "10+CON"), max_hp(8, "10+CON"), max_hp(13, "CON"), max_hp(13, "10")
    (11, 9, 13, 10)
    """
    if formula == "CON":
        return max(1, con)
    if formula == "10":
        return 10
    return max(1, 10 + ability_modifier(con, modifier))


def build_character(
    content: Content, spec: CharacterSpec, rolled: tuple[RolledAbility, ...] | None = None
) -> Creation[SkillDieCharacter]:
    """The character ``spec`` makes; ``rolled``: the 4d6 rolls when the abilities are
    rolled (RULINGS S1, S4).

    Raises:
        UnknownNameError: an unknown role or skill.
        RuleError: abilities that are not the array, skill points that break S4.
    """
    role = content.role(spec.role, spec.extra_roles)
    points = check_points(content, spec.skills, spec.extra_skills)
    lines: list[str] = []
    detail: dict[str, object] = {"role": role.name}
    if spec.abilities is not None:
        scores = tuple(zip(ABILITIES, check_array(spec.abilities), strict=True))
        lines.append("Abilities from the array: " + ", ".join(f"{a} {s}" for a, s in scores))
        detail["abilities"] = {"method": "array", "scores": dict(scores)}
    else:
        if rolled is None:
            raise RuleError("rolled abilities need their dice")
        scores = tuple((a, s) for a, _, s in rolled)
        shown = ", ".join(
            f"{a} {s} ({'+'.join(str(d) for d in dice)}, dropped {min(dice)})"
            for a, dice, s in rolled
        )
        lines.append(f"Abilities, 4d6 drop the lowest, in order: {shown}")
        detail["abilities"] = {
            "method": "4d6-drop-lowest",
            "rolls": [
                {"ability": a, "dice": list(dice), "dropped": min(dice), "score": s}
                for a, dice, s in rolled
            ],
        }
    levels = dict.fromkeys((*(s.name for s in content.skills), *spec.extra_skills), 0)
    levels.update(points)
    levels[role.skill] = min(MAX_SKILL, levels.get(role.skill, 0) + 1)
    spent = ", ".join(f"{s} {p}" for s, p in points if p)
    lines.append(f"Skill points: {spent}; {role.name} adds +1 to {role.skill} (RULINGS S4)")
    con = dict(scores)["CON"]
    hp = max_hp(con, spec.hp_formula, spec.modifier)
    lines.append(f"HP {hp} ({spec.hp_formula}, CON {con}; RULINGS S4)")
    detail |= {"skills": dict(levels), "points": dict(points), "hp": hp}
    character = SkillDieCharacter(
        name=spec.name,
        ruleset="skill-die",
        hp=hp,
        max_hp=hp,
        role=role.name,
        scores=scores,
        skills=tuple(levels.items()),
    )
    return Creation(character, tuple(lines), detail)
