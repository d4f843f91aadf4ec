"""Roll-under tests: a d20 (plus any modifier) against an attribute.

redhack: Core Rules > Tests (RULINGS R1, R3) and black-sword-hack 2.1 (RULINGS B1).
What differs between the two is declared in a :class:`RollUnderRule`:

- the comparison (R1: success when ``difficulty < roll <= attribute``; B1: the roll
  must be strictly below the attribute);
- the natural faces and what they mean (R1: a natural 20 always succeeds, a critical
  success, and a natural 1 always fails, a critical failure; B1: a natural 1 is a
  critical success and a natural 20 a critical failure, read from the natural die
  whatever is added);
- advantage (R3: reroll a failure, or a success under disadvantage; B1: 2d20, keep the
  lower for advantage and the higher for disadvantage).

A request may add a modifier to the die (B1: the threat level on attack tests). The
margin is ``attribute - total``: how far the total is under the attribute (an inclusive
rule succeeds at 0, a strict one needs 1 or more; a roll at or below the difficulty
fails whatever its margin).

>>> import random
>>> from hacktable.rules.checks import Naturals, AdvantageRule
>>> rule = RollUnderRule("redhack", Naturals(frozenset({20}), frozenset({1})),
...                      AdvantageRule.REROLL)
>>> resolve(rule, RollUnderRequest(12, difficulty=4, label="WIS 12"),
...         random.Random(2)).explanation
'd20 2 <= difficulty 4: fail'
>>> odds(rule, RollUnderRequest(12, difficulty=4)).success  # 5-12 or a natural 20
Fraction(9, 20)

The rule and the request are :class:`~hacktable.dice.value.Value` classes, not
dataclasses (redhack's one-shot ``hacktable test`` builds them and must start fast);
they behave as frozen dataclasses do.
"""

from __future__ import annotations

from functools import lru_cache

from ...dice.advantage import Advantage
from ...dice.value import Value
from .common import check_die, shown, verdict_text
from .engine import CheckTable, play, require_advantage
from .odds import table_odds
from .values import AdvantageRule, CheckResult, Naturals, Verdict

TYPE_CHECKING = False  # random and typing are not imported at run time (start-up cost)
if TYPE_CHECKING:
    import random

    from ..resolution import TestOdds

__all__ = ["RollUnderRequest", "RollUnderRule", "face_table", "odds", "prepare", "resolve"]


class RollUnderRule(Value):
    """How a ruleset's roll-under test works, as data.

    Attributes:
        name: the ruleset's id (``"redhack"``), for messages.
        naturals: the critical faces and whether they decide the outcome.
        advantage: how advantage and disadvantage work.
        inclusive: ``True`` when a roll equal to the attribute succeeds (R1), ``False``
            when it must be below (B1).
        die: the die's size (20).

    Raises:
        RulesDataError: the die has fewer than 2 sides, or a natural face is not on it.
    """

    __slots__ = ("_hash", "advantage", "die", "inclusive", "name", "naturals")
    __match_args__ = ("name", "naturals", "advantage", "inclusive", "die")
    name: str
    naturals: Naturals
    advantage: AdvantageRule
    inclusive: bool
    die: int
    _hash: int

    def __init__(
        self,
        name: str,
        naturals: Naturals,
        advantage: AdvantageRule,
        inclusive: bool = True,
        die: int = 20,
    ) -> None:
        check_die(name, die, naturals)
        self._set(
            name=name,
            naturals=naturals,
            advantage=advantage,
            inclusive=inclusive,
            die=die,
            _hash=hash((name, naturals, advantage, inclusive, die)),
        )

    def __hash__(self) -> int:  # computed once: rules key the face-table cache
        return self._hash


class RollUnderRequest(Value):
    """A roll-under test to be rolled.

    Attributes:
        attribute: the effective attribute to roll under (redhack: after R2's bonuses
            and cap).
        difficulty: the total must be above this (redhack R1; 0 or less: no floor).
        modifier: added to the die (black-sword-hack B1: the threat level on attacks).
        advantage: the net advantage (sources cancel, RULINGS R3, B1).
        label: how the attribute reads in the explanation (``"STR 13"``); empty for
            ``"attribute 13"``.
    """

    __slots__ = ("advantage", "attribute", "difficulty", "label", "modifier")
    __match_args__ = ("attribute", "difficulty", "modifier", "advantage", "label")
    attribute: int
    difficulty: int
    modifier: int
    advantage: Advantage
    label: str

    def __init__(
        self,
        attribute: int,
        difficulty: int = 0,
        modifier: int = 0,
        advantage: Advantage = Advantage.NONE,
        label: str = "",
    ) -> None:
        self._set(
            attribute=attribute,
            difficulty=difficulty,
            modifier=modifier,
            advantage=advantage,
            label=label,
        )


@lru_cache(maxsize=512)
def face_table(
    rule: RollUnderRule, attribute: int, difficulty: int = 0, modifier: int = 0, label: str = ""
) -> CheckTable:
    """The verdict of every face of a test under ``attribute`` (cached);
    :func:`~.engine.play` rolls it. Advantage is not checked here (see :func:`prepare`).

    Args:
        rule: the ruleset's roll-under rule.
        attribute, difficulty, modifier, label: as in :class:`RollUnderRequest`.
    """
    label = label or f"attribute {attribute}"
    naturals = rule.naturals
    inclusive = rule.inclusive
    over, under = (">", "<=") if inclusive else (">=", "<")
    high = attribute if inclusive else attribute - 1
    verdicts = []
    for face in range(1, rule.die + 1):
        total = face + modifier
        seen = shown(face, modifier)
        below = total <= high
        success, critical = naturals.judge(face, below and total > difficulty)
        if not below:
            comparison = f"{seen} {over} {label}"
        elif total <= difficulty:
            comparison = f"{seen} <= difficulty {difficulty}"
        elif difficulty > 1:
            comparison = f"{seen} in {difficulty + 1}-{high}"
        else:
            comparison = f"{seen} {under} {label}"
        text = verdict_text(face, comparison, success, critical, naturals.decisive)
        verdicts.append(Verdict(face, total, attribute - total, success, critical, seen, text))
    return CheckTable(rule.die, tuple(verdicts), rule.advantage, naturals, lower_is_better=True)


def prepare(rule: RollUnderRule, request: RollUnderRequest) -> CheckTable:
    """The face table of ``request`` under ``rule`` (cached).

    Raises:
        RuleError: the request has advantage or disadvantage and the rule has none.
    """
    require_advantage(rule.name, rule.advantage, request.advantage)
    return face_table(rule, request.attribute, request.difficulty, request.modifier, request.label)


def resolve(rule: RollUnderRule, request: RollUnderRequest, rng: random.Random) -> CheckResult:
    """Roll a roll-under test (RULINGS R1, R3 or B1, as ``rule`` declares).

    Args:
        rule: the ruleset's roll-under rule.
        request: the test.
        rng: the random source (RULINGS G1).

    Raises:
        RuleError: the request has advantage or disadvantage and the rule has none.
    """
    return play(prepare(rule, request), request.advantage, rng)


@lru_cache(maxsize=4096)
def _odds(
    rule: RollUnderRule, attribute: int, difficulty: int, modifier: int, advantage: Advantage
) -> TestOdds:
    return table_odds(face_table(rule, attribute, difficulty, modifier, ""), advantage)


def odds(rule: RollUnderRule, request: RollUnderRequest) -> TestOdds:
    """The exact odds of ``request`` under ``rule``, by enumerating every face (every
    pair under advantage or disadvantage).

    Raises:
        RuleError: the request has advantage or disadvantage and the rule has none.
    """
    require_advantage(rule.name, rule.advantage, request.advantage)
    return _odds(rule, request.attribute, request.difficulty, request.modifier, request.advantage)
