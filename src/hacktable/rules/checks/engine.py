"""Rolling a prepared check: one die, or two under advantage as the ruleset defines it.

A check kind (:mod:`.roll_under`, :mod:`.against_dc`, :mod:`.skill_die`) turns a rule
and a request into a :class:`CheckTable`: the die's size, the :class:`~.values.Verdict`
of every natural face, and the rule's naturals and advantage. :func:`play` rolls it
with the caller's random source (RULINGS G1); :func:`~.odds.table_odds` enumerates it.
Both read the same table, so the odds are the odds of exactly what is rolled.

Every die is drawn as ``rng.randrange(sides) + 1``, the first before the second, and the
second only when the rule needs it (RULINGS G5: "the second die is asked for only when
the rule needs it").
"""

from __future__ import annotations

from ...dice.advantage import Advantage
from ...dice.value import Value
from ..resolution import Critical
from .values import AdvantageRule, CheckResult, Naturals, Roll, Verdict

TYPE_CHECKING = False  # random and typing are not imported at run time (start-up cost)
if TYPE_CHECKING:
    import random

__all__ = ["CheckTable", "play", "require_advantage"]


class CheckTable(Value):
    """A check ready to roll: everything but the dice.

    A :class:`~hacktable.dice.value.Value` (not a dataclass: one-shot ``hacktable test``
    builds one and must start fast), but compared and hashed by identity: tables are
    built once per rule and request numbers and cached. Results are values, so the
    table keeps each one it has made and hands the same one back for the same dice (a
    plain roll is a lookup).

    Attributes:
        sides: the die's size.
        verdicts: the verdict of each natural face; face ``f`` is at index ``f - 1``.
        advantage: how the rule uses advantage.
        naturals: the rule's natural faces (R3 reads them for the reroll).
        lower_is_better: for :attr:`AdvantageRule.BEST_OF_TWO`, whether advantage keeps
            the lower die (roll-under and the skill die) or the higher (d20 + modifier).
    """

    __slots__ = ("_memo", "_plain", "advantage", "lower_is_better", "naturals", "sides", "verdicts")
    __match_args__ = ("sides", "verdicts", "advantage", "naturals", "lower_is_better")
    sides: int
    verdicts: tuple[Verdict, ...]
    advantage: AdvantageRule
    naturals: Naturals
    lower_is_better: bool
    _plain: tuple[CheckResult, ...]
    _memo: dict[tuple[Advantage, int, int], CheckResult]

    __eq__ = object.__eq__
    __hash__ = object.__hash__

    def __init__(
        self,
        sides: int,
        verdicts: tuple[Verdict, ...],
        advantage: AdvantageRule,
        naturals: Naturals,
        lower_is_better: bool,
    ) -> None:
        plain = tuple(
            _result(
                verdict,
                (Roll(verdict.face, sides, True, "the only roll"),),
                f"d{sides} {verdict.text}",
            )
            for verdict in verdicts
        )
        memo: dict[tuple[Advantage, int, int], CheckResult] = {}
        self._set(
            sides=sides,
            verdicts=verdicts,
            advantage=advantage,
            naturals=naturals,
            lower_is_better=lower_is_better,
            _plain=plain,
            _memo=memo,
        )


def require_advantage(rule_name: str, rule: AdvantageRule, advantage: Advantage) -> None:
    """Refuse advantage or disadvantage where the rule has none.

    Raises:
        RuleError: ``advantage`` is not :attr:`Advantage.NONE` and ``rule`` is
            :attr:`AdvantageRule.NONE`.
    """
    if advantage is not Advantage.NONE and rule is AdvantageRule.NONE:
        from ...errors import RuleError

        raise RuleError(f"{rule_name} checks have no {advantage.word}")


def _result(kept: Verdict, rolls: tuple[Roll, ...], explanation: str) -> CheckResult:
    return CheckResult(
        total=kept.total,
        margin=kept.margin,
        success=kept.success,
        critical=kept.critical,
        rolls=rolls,
        explanation=explanation,
    )


def play(table: CheckTable, advantage: Advantage, rng: random.Random) -> CheckResult:
    """Roll a prepared check.

    Args:
        table: the check (its rule must allow ``advantage``: see
            :func:`require_advantage`).
        advantage: the net advantage of the request (sources cancel, RULINGS R3).
        rng: the random source (RULINGS G1); only ``randrange`` is called.

    Returns:
        The result: the kept verdict, every die rolled and the explanation, which starts
        with the die (``"d20 ..."``).
    """
    sides = table.sides
    index = rng.randrange(sides)
    if advantage is Advantage.NONE:
        return table._plain[index]
    first = table.verdicts[index]
    if table.advantage is AdvantageRule.REROLL and first.success == (
        advantage is Advantage.ADVANTAGE
    ):
        return _memoised(table, advantage, index + 1, 0)  # R3: no reroll needed
    return _memoised(table, advantage, index + 1, rng.randrange(sides) + 1)


def _memoised(table: CheckTable, advantage: Advantage, first: int, second: int) -> CheckResult:
    """The result of natural faces ``first`` and ``second`` (0: not rolled), made once
    per table and kept (at most ``2 * (sides + sides ** 2)`` of them)."""
    key = (advantage, first, second)
    result = table._memo.get(key)
    if result is None:
        verdicts = table.verdicts
        if table.advantage is AdvantageRule.REROLL:
            result = _reroll(table, verdicts[first - 1], advantage, second)
        else:
            result = _best_of_two(table, verdicts[first - 1], verdicts[second - 1], advantage)
        table._memo[key] = result
    return result


def _reroll(
    table: CheckTable, first: Verdict, advantage: Advantage, second_face: int
) -> CheckResult:
    """RULINGS R3: advantage rerolls a failure, disadvantage a success; the reroll is
    taken unless it is a natural critical of the other kind (then the first stands).
    ``second_face`` is 0 when no reroll was needed."""
    sides = table.sides
    word = advantage.word
    head = f"d{sides} {first.text}"
    was = "a success" if first.success else "a failure"
    if not second_face:
        why = f"{was}: no {word} reroll needed"
        explanation = f"{head}; no {word} reroll needed"
        return _result(first, (Roll(first.face, sides, True, why),), explanation)
    second = table.verdicts[second_face - 1]
    naturals = table.naturals
    refused = naturals.failure if advantage is Advantage.ADVANTAGE else naturals.success
    if second.face in refused:
        rolls = (
            Roll(first.face, sides, True, f"stands: the {word} reroll is a natural {second.face}"),
            Roll(
                second.face, sides, False, f"the {word} reroll, a natural {second.face}: not taken"
            ),
        )
        tail = f"{word} reroll natural {second.face}: the first roll stands"
        return _result(first, rolls, f"{head}; {tail}")
    rolls = (
        Roll(first.face, sides, False, f"{was}: {word} rerolls it"),
        Roll(second.face, sides, True, f"the {word} reroll"),
    )
    if second.critical is not Critical.NONE and naturals.decisive:
        tail = f"{word} reroll natural {second.face}: {second.critical.value}"
    elif second.critical is not Critical.NONE:
        tail = f"{word} reroll {second.shown}: {second.critical.value}"
    else:
        tail = f"{word} reroll {second.shown}: {'success' if second.success else 'fail'}"
    return _result(second, rolls, f"{head}; {tail}")


def _best_of_two(
    table: CheckTable, first: Verdict, second: Verdict, advantage: Advantage
) -> CheckResult:
    """RULINGS B1, S1, S2: keep the better of two dice for advantage, the worse for
    disadvantage; on equal faces the first is kept."""
    sides = table.sides
    word = advantage.word
    lower = table.lower_is_better is (advantage is Advantage.ADVANTAGE)
    which, other = ("lower", "higher") if lower else ("higher", "lower")
    first_kept = first.face <= second.face if lower else first.face >= second.face
    kept = first if first_kept else second
    if first.face == second.face:
        whys = (f"the {which} of two ({word}; the same face)", f"set aside: the same face ({word})")
    else:
        whys = (f"the {which} of two ({word})", f"set aside: the {other} of two ({word})")
    rolls = (
        Roll(first.face, sides, first_kept, whys[0] if first_kept else whys[1]),
        Roll(second.face, sides, not first_kept, whys[1] if first_kept else whys[0]),
    )
    explanation = f"d{sides} {first.face} and {second.face}, {word} keeps the {which}: {kept.text}"
    return _result(kept, rolls, explanation)
