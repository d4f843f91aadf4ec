"""fantasy-hack's checks: d20 + stat + skill meets or beats a DC, and opposed checks.

fantasy-hack Part III ("a check of your stat modifier plus your skill bonus plus a d20
roll, which must meet or beat a target number (DC)"); RULINGS F1 (modifiers, ranks),
F4 (affinities), F5 (opposed: the active side must beat). The dice and the odds are the
engine's (:mod:`hacktable.rules.checks.against_dc` with ``FANTASY_HACK_CHECK``,
:mod:`hacktable.rules.checks.opposed` with ``FANTASY_HACK_OPPOSED``); this module says
what a character adds. A DC is a whole number 1-40 (issue 11 §3; RULINGS S7).

A :class:`~hacktable.rules.resolution.TestRequest` carries a check as: ``attribute``
the words (``"STR+Athletics"``), ``score`` what the character adds, ``difficulty`` the
DC, ``bonus`` the situation's modifier.

>>> odds(TestRequest("STR+Athletics", 6, 15)).success  # 9-20 of 20
Fraction(3, 5)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import RuleError, UnknownNameError
from ...rules.checks import against_dc
from ...rules.checks.variants import FANTASY_HACK_CHECK
from ...rules.resolution import TestOdds, TestRequest, TestResult

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

    from .character import FantasyHackCharacter
    from .derived import Total

# The character's modules (and the equipment data they load) are imported where a
# character's check needs them: one-shot ``hacktable test --ruleset fantasy-hack`` reads
# only check_dc, resolve and odds (its cold start, benchmarks/cold_start.py).

__all__ = [
    "MAX_DC",
    "MIN_DC",
    "Terms",
    "character_check",
    "check_dc",
    "odds",
    "parse_terms",
    "resolve",
]

MIN_DC, MAX_DC = 1, 40
"""A DC is any whole number from 1 to 40 (issue 11 §3; RULINGS S7)."""


def check_dc(dc: int) -> int:
    """``dc``, if it is one.

    Raises:
        RuleError: outside 1-40.
    """
    if not MIN_DC <= dc <= MAX_DC:
        raise RuleError(
            f"a fantasy-hack DC is a whole number from {MIN_DC} to {MAX_DC}, not {dc} (issue 11 §3)"
        )
    return dc


@dataclass(frozen=True, slots=True)
class Terms:
    """What a check adds to the d20: one stat, at most one skill, and the level when
    the rule names it (poison: "character level + STR", Other Hazards).

    Attributes:
        stat: ``STR``, ``DEX`` or ``MND``.
        skill: one of the five skills, or ``None``.
        level: whether the character's level is added.
    """

    stat: str
    skill: str | None = None
    level: bool = False

    @property
    def label(self) -> str:
        """``"STR+Athletics"``, ``"STR+level"``."""
        return "+".join(
            [self.stat, *([self.skill] if self.skill else []), *(["level"] if self.level else [])]
        )


def parse_terms(text: str) -> Terms:
    """Read ``STR+Athletics`` (either order, any case, a skill's unique beginning),
    ``STR``, ``level+STR``.

    Raises:
        RuleError: no stat, two stats or skills, or a word that is neither (naming
            fantasy-hack's stats and skills).
    """
    from .character import SKILLS, STATS, skill_named

    expects = (
        f"fantasy-hack checks add a stat ({', '.join(STATS)}) and a skill "
        f"({', '.join(SKILLS)}), e.g. STR+Athletics"
    )
    stats: list[str] = []
    skills: list[str] = []
    level = False
    for word in (w.strip() for w in text.split("+")):
        if word.upper() in STATS:
            stats.append(word.upper())
        elif word.casefold() == "level":
            level = True
        else:
            try:
                skills.append(skill_named(word))
            except UnknownNameError:
                raise RuleError(f"{word!r} is no stat or skill: {expects}") from None
    if len(stats) != 1 or len(skills) > 1:
        raise RuleError(f"{text!r}: {expects} (one stat, at most one skill)")
    return Terms(stats[0], skills[0] if skills else None, level)


def character_check(
    character: FantasyHackCharacter, terms: Terms, dc: int, bonus: int = 0, field: str = ""
) -> tuple[TestRequest, Total]:
    """The check ``character`` makes: its stat modifier, skill rank, an affinity's +2
    when ``field`` is one of theirs for the skill (F4), the level if named; ``bonus`` is
    the situation's (the GM's +N or -N).

    Raises:
        RuleError: a DC outside 1-40.
    """
    from .derived import Total, affinity_bonus, skill_rank, stat_modifier

    check_dc(dc)
    parts: list[tuple[str, int]] = [(terms.stat, stat_modifier(character, terms.stat))]
    if terms.skill is not None:
        parts.append((terms.skill, skill_rank(character, terms.skill).value))
        if field:
            bonus_in = affinity_bonus(character, terms.skill, field)
            named = f"affinity {field}" if bonus_in else f"no {terms.skill} affinity in {field}"
            parts.append((named, bonus_in))
    if terms.level:
        parts.append(("level", character.level))
    total = Total(sum(amount for _, amount in parts), tuple(parts))
    purpose = f"in {field}" if field else ""
    request = TestRequest(
        terms.label, total.value, dc, bonus=bonus, who=character.name, purpose=purpose
    )
    return request, total


def _request(request: TestRequest) -> against_dc.AgainstDCRequest:
    return against_dc.AgainstDCRequest(
        request.score + request.bonus + request.modifier, request.difficulty
    )


def resolve(request: TestRequest, rng: random.Random) -> TestResult:
    """Roll d20 + everything added against the DC: meet or beat (FANTASY_HACK_CHECK).

    Raises:
        RuleError: a DC outside 1-40; advantage (fantasy-hack has none).
    """
    check_dc(request.difficulty)
    if request.advantages or request.disadvantages:
        raise RuleError("fantasy-hack checks have no advantage or disadvantage (RULINGS F1-F6)")
    check = against_dc.resolve(FANTASY_HACK_CHECK, _request(request), rng)
    return TestResult(
        request=request,
        faces=check.faces,
        kept=check.natural,
        success=check.success,
        critical=check.critical,
        score=request.score + request.bonus + request.modifier,
        difficulty=request.difficulty,
        explanation=f"{check.explanation} (margin {check.margin:+d})",
    )


def odds(request: TestRequest) -> TestOdds:
    """The exact odds, every face enumerated (FANTASY_HACK_CHECK).

    Raises:
        RuleError: a DC outside 1-40; advantage.
    """
    check_dc(request.difficulty)
    if request.advantages or request.disadvantages:
        raise RuleError("fantasy-hack checks have no advantage or disadvantage (RULINGS F1-F6)")
    return against_dc.odds(FANTASY_HACK_CHECK, _request(request))
