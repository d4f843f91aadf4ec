"""skill-die's checks as the ruleset contract's tests: ability checks (d20 + modifier
against a DC) and skill checks (the difficulty's die at or under the skill level), both
through the shared engine (:mod:`hacktable.rules.checks.against_dc` with
:data:`~hacktable.rules.checks.variants.SKILL_DIE_ABILITY`,
:mod:`hacktable.rules.checks.skill_die` with
:data:`~hacktable.rules.checks.variants.SKILL_DIE_SKILL`), never re-implemented here.

A :class:`~hacktable.rules.resolution.TestRequest` carries either:

- an ability check (``attribute`` one of STR ... CHA): ``score`` the ability's score,
  ``modifier`` the ability modifier (plus any bonus), ``difficulty`` the DC (RULINGS
  S1, S7: 1-40);
- a skill check (``attribute`` a skill's name): ``score`` the skill level (0-6,
  RULINGS S4), ``difficulty`` the die's size (4, 6, 8, 10, 12 or 20, RULINGS S2).

Sources: skill-die: Ability Checks, Skill Checks, Competitive Skill Checks; RULINGS
S1, S2, S6 (fatigue: disadvantage on all rolls), S7.
"""

from __future__ import annotations

from ...errors import RuleError
from ...rules.checks import against_dc, skill_die
from ...rules.checks.against_dc import AgainstDCRequest
from ...rules.checks.skill_die import SkillDieRequest
from ...rules.checks.values import CheckResult
from ...rules.checks.variants import SKILL_DIE_ABILITY, SKILL_DIE_SKILL
from ...rules.resolution import TestOdds, TestRequest, TestResult
from .abilities import ABILITIES

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

__all__ = [
    "BARE",
    "DIFFICULTIES",
    "MAX_DC",
    "MIN_DC",
    "ability_modifier",
    "check_dc",
    "describe",
    "is_ability",
    "margin",
    "odds",
    "resolve",
    "resolve_with_margin",
]

DIFFICULTIES: tuple[str, ...] = tuple(name for name, _ in SKILL_DIE_ABILITY.difficulties)
"""The text's difficulties, easiest first: simple, easy, normal, hard, expert,
impossible (DC 5 ... 30 for an ability check, d4 ... d20 for a skill check; S1, S2)."""

MIN_DC = 1
MAX_DC = 40
"""A DC is any whole number from 1 to 40 (RULINGS S7)."""


def ability_modifier(score: int, method: str = "floor-half") -> int:
    """The ability modifier of ``score``: floor((score - 10) / 2) (RULINGS S1, the
    default ``floor-half``), or the B/X table (``bx-table``: 3 -3, 4-5 -2, 6-8 -1,
    9-12 0, 13-15 +1, 16-17 +2, 18 +3; docs/rulings.md H341).

    >>> [ability_modifier(s) for s in (8, 9, 10, 11, 15, 18)]
    [-1, -1, 0, 0, 2, 4]
    >>> [ability_modifier(s, "bx-table") for s in (3, 5, 8, 12, 15, 17, 18)]
    [-3, -2, -1, 0, 1, 2, 3]
    """
    if method == "bx-table":
        for top, value in ((3, -3), (5, -2), (8, -1), (12, 0), (15, 1), (17, 2)):
            if score <= top:
                return value
        return 3
    return (score - 10) // 2


def check_dc(dc: int) -> int:
    """``dc`` if it is a DC skill-die allows.

    Raises:
        RuleError: outside 1-40 (RULINGS S7).
    """
    if not MIN_DC <= dc <= MAX_DC:
        raise RuleError(
            f"a skill-die DC is a whole number from {MIN_DC} to {MAX_DC}, or simple, easy, "
            f"normal, hard, expert, impossible; not {dc} (RULINGS S7)"
        )
    return dc


BARE = "ability"
"""The attribute of a bare ability check (``odds +2 dc 15``): a modifier of no
character's ability (docs/rulings.md H451)."""


def is_ability(request: TestRequest) -> bool:
    """Whether ``request`` is an ability check (else a skill check)."""
    return request.attribute == BARE or request.attribute.upper() in ABILITIES


def _ability(request: TestRequest) -> AgainstDCRequest:
    return AgainstDCRequest(
        request.modifier + request.bonus, request.difficulty + request.penalty, request.advantage
    )


def _skill(request: TestRequest) -> SkillDieRequest:
    label = f"{request.attribute} {request.score}"
    return SkillDieRequest(request.score, request.difficulty, request.advantage, label)


def check(request: TestRequest, rng: random.Random) -> CheckResult:
    """Roll ``request`` on the shared engine: the check's every die, kept or not and
    why, its total and margin.

    Raises:
        RuleError: a skill check's die not on the ladder (RULINGS S2).
    """
    if is_ability(request):
        return against_dc.resolve(SKILL_DIE_ABILITY, _ability(request), rng)
    return skill_die.resolve(SKILL_DIE_SKILL, _skill(request), rng)


def resolve(request: TestRequest, rng: random.Random) -> TestResult:
    """Roll ``request`` (RULINGS S1, S2) as the contract's result.

    Raises:
        RuleError: a skill check's die not on the ladder (RULINGS S2).
    """
    return as_result(request, check(request, rng))


def as_result(request: TestRequest, result: CheckResult) -> TestResult:
    """The contract's :class:`TestResult` of a check the engine rolled."""
    ability = is_ability(request)
    return TestResult(
        request=request,
        faces=result.faces,
        kept=result.natural,
        success=result.success,
        critical=result.critical,
        score=request.modifier + request.bonus if ability else request.score,
        difficulty=request.difficulty + request.penalty if ability else request.difficulty,
        explanation=result.explanation,
    )


def odds(request: TestRequest) -> TestOdds:
    """The exact odds of ``request`` by enumerating every face (every pair under
    advantage or disadvantage; RULINGS S1, S2).

    >>> odds(TestRequest("STR", 14, difficulty=15, modifier=2)).success  # 13-20
    Fraction(2, 5)
    >>> odds(TestRequest("Stealth", 3, difficulty=8)).success  # 1-3 of a d8
    Fraction(3, 8)

    Raises:
        RuleError: a skill check's die not on the ladder (RULINGS S2).
    """
    if is_ability(request):
        return against_dc.odds(SKILL_DIE_ABILITY, _ability(request))
    return skill_die.odds(SKILL_DIE_SKILL, _skill(request))


def resolve_with_margin(request: TestRequest, rng: random.Random) -> TestResult:
    """:func:`resolve`, an ability check's explanation ending with its margin for tiered
    results (RULINGS S1), as fantasy-hack's one-shot shows it: ``"... (margin +3)"``."""
    rolled = check(request, rng)
    result = as_result(request, rolled)
    if not is_ability(request):
        return result
    return result.replace(explanation=f"{result.explanation} ({margin(rolled)})")


def margin(result: CheckResult) -> str:
    """An ability check's margin for tiered results (RULINGS S1): ``"margin +3"``."""
    return f"margin {result.margin:+d}"


def difficulty_of_die(die: int) -> str:
    """The difficulty whose die is ``die`` (``8`` -> ``"normal"``; S2)."""
    for name, sides in SKILL_DIE_SKILL.ladder:
        if sides == die:
            return name
    return f"d{die}"


def _flat(source: str) -> str:
    """A source shown inside parentheses without nesting them (docs/rulings.md H494):
    "fatigued (RULINGS S6)" reads "fatigued, RULINGS S6"."""
    if source.endswith(")") and " (" in source:
        what, _, cite = source[:-1].partition(" (")
        return f"{what}, {cite}"
    return source


def describe(request: TestRequest) -> str:
    """The check in the game's words: ``"STR check (15, +2), DC 15"``, ``"Stealth check
    (level 3), normal: d8 at or under 3"``, with advantage and disadvantage and why."""
    if request.attribute == BARE:
        mod = request.modifier + request.bonus
        head = f"ability check, modifier {mod:+d}, DC {request.difficulty + request.penalty}"
    elif is_ability(request):
        mod = request.modifier + request.bonus
        head = f"{request.attribute} check ({request.score}, {mod:+d})"
        head += f", DC {request.difficulty + request.penalty}"
    else:
        die = request.difficulty
        head = f"{request.attribute} check (level {request.score}"
        head += f"), {difficulty_of_die(die)}: d{die} at or under {request.score}"
    if request.purpose:
        head += f" {request.purpose}"
    parts = [head]
    if request.advantages:
        parts.append(f"advantage ({'; '.join(map(_flat, request.advantages))})")
    if request.disadvantages:
        parts.append(f"disadvantage ({'; '.join(map(_flat, request.disadvantages))})")
    if request.advantages and request.disadvantages:
        parts.append(f"net: {request.advantage.word or 'they cancel'}")
    return ", ".join(parts)
