"""A die chosen by difficulty, rolled at or under a skill level.

skill-die: Skill Checks ("roll a dice accordingly. If the roll is the same or less
than the Character's level in that skill then they succeed") and Competitive Skill
Checks; RULINGS S2, S4, S7. The die ladder is data in the :class:`SkillDieRule`
(Simple d4, Easy d6, Normal d8, Hard d10, Expert d12, Impossible d20), and so is the
competitive ladder (the die chosen by the highest opposing level: 0-1 d4, 2 d6, 3 d8,
4 d10, 5 d12, 6+ d20). A skill check is binary ("either it succeeds or it fails"):
neither the text nor the rulings make a face critical. Advantage rolls two dice and
keeps the lower (S2); disadvantage keeps the higher, the converse, which the text needs
for S6's fatigue ("disadvantage on all rolls") but does not spell out (docs/rulings.md H104).

The margin is ``level - roll``: 0 or more succeeds.

>>> import random
>>> from hacktable.rules.checks import SKILL_DIE_SKILL
>>> SKILL_DIE_SKILL.die_for("hard"), SKILL_DIE_SKILL.die_against(1)
(10, 4)
>>> resolve(SKILL_DIE_SKILL, SkillDieRequest(3, 8, label="Stealth 3"),
...         random.Random(5)).explanation
'd8 5 > Stealth 3: fail'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ...dice.advantage import Advantage
from .common import check_die, verdict_text
from .engine import CheckTable, play, require_advantage
from .odds import table_odds
from .values import AdvantageRule, CheckResult, Naturals, Verdict

TYPE_CHECKING = False  # random and typing are not imported at run time (start-up cost)
if TYPE_CHECKING:
    import random

    from ..resolution import TestOdds

__all__ = ["SkillDieRequest", "SkillDieRule", "face_table", "odds", "prepare", "resolve"]


@dataclass(frozen=True, slots=True)
class SkillDieRule:
    """How a ruleset's skill-die check works, as data.

    Attributes:
        name: the ruleset's id, for messages.
        naturals: the critical faces, if any (skill-die: none).
        advantage: how advantage and disadvantage work (skill-die S2: two dice, keep
            the lower for advantage).
        ladder: the difficulties, easiest first, as ``(name, die size)`` pairs.
        competitive: for each rung of ``ladder``, the lowest opposing level that picks
            it (S2: ``(0, 2, 3, 4, 5, 6)``: 0-1 d4, 2 d6, ... 6+ d20).

    Raises:
        RulesDataError: the ladders are empty, of different lengths or out of order, a
            die has fewer than 2 sides, or a natural face is not on every die.
    """

    name: str
    naturals: Naturals
    advantage: AdvantageRule
    ladder: tuple[tuple[str, int], ...]
    competitive: tuple[int, ...]
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:  # computed once: rules key the face-table cache
        return self._hash

    def __post_init__(self) -> None:
        from ...errors import RulesDataError

        sizes = [sides for _, sides in self.ladder]
        if not sizes or len(sizes) != len(self.competitive):
            raise RulesDataError("check rule", self.name, "one opposing level for each die")
        if sizes != sorted(sizes) or list(self.competitive) != sorted(self.competitive):
            raise RulesDataError("check rule", self.name, "the ladders go from easiest up")
        for sides in sizes:
            check_die(self.name, sides, self.naturals)
        fields = (self.name, self.naturals, self.advantage, self.ladder, self.competitive)
        object.__setattr__(self, "_hash", hash(fields))

    @property
    def dice(self) -> tuple[int, ...]:
        """The die sizes of the ladder, easiest first."""
        return tuple(sides for _, sides in self.ladder)

    def die_for(self, difficulty: str) -> int:
        """The die of a named difficulty (case does not matter; S2).

        Raises:
            UnknownNameError: the ladder names no such difficulty.
        """
        for name, sides in self.ladder:
            if name.casefold() == difficulty.casefold():
                return sides
        from ...errors import UnknownNameError

        raise UnknownNameError("difficulty", difficulty, [name for name, _ in self.ladder])

    def die_against(self, opposing_level: int) -> int:
        """The die of a competitive check: chosen by the highest opposing level (S2).
        A level below the first rung takes the easiest die."""
        chosen = self.ladder[0][1]
        for (_, sides), lowest in zip(self.ladder, self.competitive, strict=True):
            if opposing_level >= lowest:
                chosen = sides
        return chosen


@dataclass(frozen=True, slots=True)
class SkillDieRequest:
    """A skill check to be rolled.

    Attributes:
        level: the skill level to roll at or under (skill-die S4: 0-6).
        die: the die's size, one of the rule's ladder (see
            :meth:`SkillDieRule.die_for` and :meth:`SkillDieRule.die_against`).
        advantage: the net advantage (sources cancel, RULINGS R3).
        label: how the skill reads in the explanation (``"Stealth 3"``); empty for
            ``"level 3"``.
    """

    level: int
    die: int
    advantage: Advantage = Advantage.NONE
    label: str = ""


@lru_cache(maxsize=256)
def face_table(rule: SkillDieRule, level: int, die: int, label: str = "") -> CheckTable:
    """The verdict of every face of a d``die`` at or under ``level`` (cached);
    :func:`~.engine.play` rolls it. Neither the die nor advantage is checked here (see
    :func:`prepare`).
    """
    label = label or f"level {level}"
    naturals = rule.naturals
    verdicts = []
    for face in range(1, die + 1):
        success, critical = naturals.judge(face, face <= level)
        comparison = f"{face} {'<=' if face <= level else '>'} {label}"
        text = verdict_text(face, comparison, success, critical, naturals.decisive)
        verdicts.append(Verdict(face, face, level - face, success, critical, str(face), text))
    return CheckTable(die, tuple(verdicts), rule.advantage, naturals, lower_is_better=True)


def prepare(rule: SkillDieRule, request: SkillDieRequest) -> CheckTable:
    """The face table of ``request`` under ``rule`` (cached).

    Raises:
        RuleError: the die is not on the rule's ladder, or the request has advantage or
            disadvantage and the rule has none.
    """
    if request.die not in rule.dice:
        from ...errors import RuleError

        shown = ", ".join(f"d{sides}" for sides in rule.dice)
        raise RuleError(f"{rule.name} skill checks roll one of {shown}, not d{request.die}")
    require_advantage(rule.name, rule.advantage, request.advantage)
    return face_table(rule, request.level, request.die, request.label)


def resolve(rule: SkillDieRule, request: SkillDieRequest, rng: random.Random) -> CheckResult:
    """Roll a skill check: the difficulty's die at or under the skill level (S2).

    Args:
        rule: the ruleset's skill-die rule.
        request: the check.
        rng: the random source (RULINGS G1).

    Raises:
        RuleError: the die is not on the rule's ladder, or the request has advantage or
            disadvantage and the rule has none.
    """
    return play(prepare(rule, request), request.advantage, rng)


def odds(rule: SkillDieRule, request: SkillDieRequest) -> TestOdds:
    """The exact odds of ``request`` under ``rule``, by enumerating every face (every
    pair under advantage or disadvantage).

    Raises:
        RuleError: the die is not on the rule's ladder, or the request has advantage or
            disadvantage and the rule has none.
    """
    return table_odds(prepare(rule, request), request.advantage)
