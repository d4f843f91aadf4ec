"""d20 + modifier against a DC or AC: meet or beat.

fantasy-hack Part III (checks: "a d20 roll, which must meet or beat a target number
(DC)"; to hit: "if you meet or beat it, you have hit"; RULINGS F1-F6) and skill-die
Ability Checks ("the same or greater than the Difficulty Challenge"; RULINGS S1, S5).
What differs is declared in an :class:`AgainstDCRule`: the natural faces (fantasy-hack
F3: a natural 20 that hits is a critical hit; neither text makes a natural 1 special),
advantage (skill-die S1: 2d20, keep the higher; disadvantage the lower; fantasy-hack
has none) and, as data, the text's named difficulties (skill-die: Simple DC 5 ...
Impossible DC 30).

The margin is ``total - dc``: 0 or more succeeds (skill-die S1 shows it: "tiered
success").

>>> import random
>>> from hacktable.rules.checks import AdvantageRule, Naturals
>>> rule = AgainstDCRule("example", Naturals(), AdvantageRule.BEST_OF_TWO)
>>> result = resolve(rule, AgainstDCRequest(6, 13, label="AC 13"), random.Random(3))
>>> result.explanation, result.margin
('d20 8 + 6 = 14 >= AC 13: success', 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ...dice.advantage import Advantage
from .common import check_die, shown, verdict_text
from .engine import CheckTable, play, require_advantage
from .odds import table_odds
from .values import AdvantageRule, CheckResult, Naturals, Verdict

TYPE_CHECKING = False  # random and typing are not imported at run time (start-up cost)
if TYPE_CHECKING:
    import random

    from ..resolution import TestOdds

__all__ = [
    "AgainstDCRequest",
    "AgainstDCRule",
    "describe_odds",
    "face_table",
    "odds",
    "prepare",
    "resolve",
]


@dataclass(frozen=True, slots=True)
class AgainstDCRule:
    """How a ruleset's d20 + modifier check works, as data.

    Attributes:
        name: the ruleset's id, for messages.
        naturals: the critical faces and whether they decide the outcome.
        advantage: how advantage and disadvantage work.
        difficulties: the text's named DCs, lowest first, as ``(name, dc)`` pairs
            (``()`` if it names none).
        die: the die's size (20).

    Raises:
        RulesDataError: the die has fewer than 2 sides, or a natural face is not on it.
    """

    name: str
    naturals: Naturals
    advantage: AdvantageRule
    difficulties: tuple[tuple[str, int], ...] = ()
    die: int = 20
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_die(self.name, self.die, self.naturals)
        fields = (self.name, self.naturals, self.advantage, self.difficulties, self.die)
        object.__setattr__(self, "_hash", hash(fields))

    def __hash__(self) -> int:  # computed once: rules key the face-table cache
        return self._hash

    def dc_for(self, difficulty: str) -> int:
        """The DC of a named difficulty (case does not matter).

        Raises:
            UnknownNameError: the rule names no such difficulty.
        """
        for name, dc in self.difficulties:
            if name.casefold() == difficulty.casefold():
                return dc
        from ...errors import UnknownNameError

        raise UnknownNameError("difficulty", difficulty, [name for name, _ in self.difficulties])


@dataclass(frozen=True, slots=True)
class AgainstDCRequest:
    """A d20 + modifier check to be rolled.

    Attributes:
        modifier: everything added to the die (stat + skill + level + class bonus,
            situational modifiers; the caller sums them).
        dc: the target to meet or beat (a DC, or the target's AC for a to-hit roll).
        advantage: the net advantage (sources cancel, RULINGS R3).
        label: how the target reads in the explanation (``"AC 13"``); empty for
            ``"DC 15"``.
    """

    modifier: int
    dc: int
    advantage: Advantage = Advantage.NONE
    label: str = ""


@lru_cache(maxsize=512)
def face_table(rule: AgainstDCRule, modifier: int, dc: int, label: str = "") -> CheckTable:
    """The verdict of every face of a check of ``modifier`` against ``dc`` (cached);
    :func:`~.engine.play` rolls it. Advantage is not checked here (see :func:`prepare`).
    """
    label = label or f"DC {dc}"
    naturals = rule.naturals
    verdicts = []
    for face in range(1, rule.die + 1):
        total = face + modifier
        seen = shown(face, modifier)
        success, critical = naturals.judge(face, total >= dc)
        comparison = f"{seen} {'>=' if total >= dc else '<'} {label}"
        text = verdict_text(face, comparison, success, critical, naturals.decisive)
        verdicts.append(Verdict(face, total, total - dc, success, critical, seen, text))
    return CheckTable(rule.die, tuple(verdicts), rule.advantage, naturals, lower_is_better=False)


def prepare(rule: AgainstDCRule, request: AgainstDCRequest) -> CheckTable:
    """The face table of ``request`` under ``rule`` (cached).

    Raises:
        RuleError: the request has advantage or disadvantage and the rule has none.
    """
    require_advantage(rule.name, rule.advantage, request.advantage)
    return face_table(rule, request.modifier, request.dc, request.label)


def resolve(rule: AgainstDCRule, request: AgainstDCRequest, rng: random.Random) -> CheckResult:
    """Roll a d20 + modifier check against a DC or AC, as ``rule`` declares.

    Args:
        rule: the ruleset's check rule.
        request: the check.
        rng: the random source (RULINGS G1).

    Raises:
        RuleError: the request has advantage or disadvantage and the rule has none.
    """
    return play(prepare(rule, request), request.advantage, rng)


@lru_cache(maxsize=4096)
def _odds(rule: AgainstDCRule, modifier: int, dc: int, advantage: Advantage) -> TestOdds:
    return table_odds(face_table(rule, modifier, dc, ""), advantage)


def odds(rule: AgainstDCRule, request: AgainstDCRequest) -> TestOdds:
    """The exact odds of ``request`` under ``rule``, by enumerating every face (every
    pair under advantage or disadvantage).

    Raises:
        RuleError: the request has advantage or disadvantage and the rule has none.
    """
    require_advantage(rule.name, rule.advantage, request.advantage)
    return _odds(rule, request.modifier, request.dc, request.advantage)


def describe_odds(rule: AgainstDCRule, odds: TestOdds) -> str:
    """The odds in words, naming only the criticals ``rule`` has: fantasy-hack's to-hit
    has a critical hit but no fumble (F3; docs/rulings.md H470), so it reads
    ``"success 50.00% (critical 5.00%)"``; a rule with neither (skill-die S5) reads
    ``"success 50.00%"``; one with both reads as :meth:`TestOdds.describe`.

    Args:
        rule: the check's rule (its natural faces).
        odds: the odds of one request under it.
    """
    p = odds.percentages()
    text = f"success {p['success']:.2f}%"
    if rule.naturals.success:
        text += f" (critical {p['critical_success']:.2f}%)"
    if rule.naturals.failure:
        text += f", critical failure {p['critical_failure']:.2f}%"
    return text
