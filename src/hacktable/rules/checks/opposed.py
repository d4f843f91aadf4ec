"""Opposed checks: both sides roll d20 + modifier, the higher total wins.

fantasy-hack Part III: the mugger's DEX + Subterfuge against Ottvar's MND +
Subterfuge, breaking away ("the one running away must beat an opposed Athletics + DEX
check"), the chase's opposed rounds and their margin of 10, hiding (RULINGS F5). The
active side is the one acting (sneaking, breaking away, fleeing, hiding); the
resisting side opposes it. What a tie gives is data (:class:`Tie`): F5's "must beat"
gives ties to the resisting side. Neither text makes a natural face special in an
opposed check, so no face is critical here.

The margin is ``active total - resisting total`` (F5: "wins the opposed check by a
difference of 10 or more"). The exact odds come from each side's distribution of kept
faces (one die, or the higher or lower of two), convolved over every pair of faces.

>>> import random
>>> rule = OpposedRule("example", Tie.RESISTING)
>>> result = resolve(rule, Side("Mugger", 5), Side("Ottvar", 0), random.Random(1))
>>> result.explanation
'Mugger d20 5 + 5 = 10 against Ottvar d20 19: Ottvar wins by 9'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache

from ...dice.advantage import Advantage
from .common import shown
from .engine import require_advantage
from .values import AdvantageRule, Roll

TYPE_CHECKING = False  # random is not imported at run time (start-up cost)
if TYPE_CHECKING:
    import random

__all__ = [
    "FANTASY_HACK_OPPOSED",
    "OpposedOdds",
    "OpposedResult",
    "OpposedRule",
    "Side",
    "SideRoll",
    "Tie",
    "Winner",
    "face_distribution",
    "margin_at_least",
    "margin_distribution",
    "odds",
    "resolve",
]


class Tie(Enum):
    """Who wins equal totals: the resisting side (the active side must beat it,
    fantasy-hack F5), the active side, or neither (a standoff the caller settles)."""

    RESISTING = "resisting"
    ACTIVE = "active"
    NEITHER = "neither"


class Winner(Enum):
    """Which side an opposed check went to."""

    ACTIVE = "active"
    RESISTING = "resisting"
    NEITHER = "neither"


@dataclass(frozen=True, slots=True)
class OpposedRule:
    """How a ruleset's opposed check works, as data.

    Attributes:
        name: the ruleset's id, for messages.
        ties: who wins equal totals.
        advantage: how advantage works for either side (:attr:`AdvantageRule.NONE`
            or :attr:`AdvantageRule.BEST_OF_TWO`: keep the higher for advantage).
        die: the die's size (20).

    Raises:
        RulesDataError: the die has fewer than 2 sides, or the advantage is R3's reroll
            (a reroll needs a success to refuse, which an opposed check has not).
    """

    name: str
    ties: Tie
    advantage: AdvantageRule = AdvantageRule.NONE
    die: int = 20

    def __post_init__(self) -> None:
        from ...errors import RulesDataError

        if self.die < 2:
            raise RulesDataError(
                "check rule", self.name, f"a die needs 2 or more sides, not {self.die}"
            )
        if self.advantage is AdvantageRule.REROLL:
            raise RulesDataError("check rule", self.name, "an opposed check cannot reroll (R3)")


@dataclass(frozen=True, slots=True)
class Side:
    """One side of an opposed check.

    Attributes:
        label: who it is, as the explanation names them (``"Ottvar"``).
        modifier: everything added to the die (the caller sums stat, skill, situation).
        advantage: the side's net advantage.
    """

    label: str
    modifier: int
    advantage: Advantage = Advantage.NONE


@dataclass(frozen=True, slots=True)
class SideRoll:
    """What one side rolled.

    Attributes:
        side: the side.
        rolls: every die it rolled, each marked kept or not and why.
        face: the kept face.
        total: the kept face plus the modifier.
        shown: the dice in words (``"d20 5 and 17, advantage keeps the higher: 17 + 2 = 19"``).
    """

    side: Side
    rolls: tuple[Roll, ...]
    face: int
    total: int
    shown: str


@dataclass(frozen=True, slots=True)
class OpposedResult:
    """A rolled opposed check.

    Attributes:
        active: the active side's roll.
        resisting: the resisting side's roll.
        margin: ``active.total - resisting.total``.
        winner: who won.
        explanation: one line with every die.
    """

    active: SideRoll
    resisting: SideRoll
    margin: int
    winner: Winner
    explanation: str

    @property
    def rolls(self) -> tuple[Roll, ...]:  # every die rolled, the active side's first
        return self.active.rolls + self.resisting.rolls


@dataclass(frozen=True, slots=True)
class OpposedOdds:
    """Exact odds of an opposed check: the chance each side wins, and of equal totals
    (``tie``, already counted in a winner unless the rule's ties are :attr:`Tie.NEITHER`).
    """

    active: Fraction
    resisting: Fraction
    tie: Fraction

    @property
    def neither(self) -> Fraction:
        """Probability nobody wins."""
        return 1 - self.active - self.resisting


def _roll_side(rule: OpposedRule, side: Side, rng: random.Random) -> SideRoll:
    sides = rule.die
    first = rng.randrange(sides) + 1
    if side.advantage is Advantage.NONE:
        rolls: tuple[Roll, ...] = (Roll(first, sides, True, "the only roll"),)
        return SideRoll(
            side, rolls, first, first + side.modifier, f"d{sides} {shown(first, side.modifier)}"
        )
    second = rng.randrange(sides) + 1
    word = side.advantage.word
    higher = side.advantage is Advantage.ADVANTAGE
    which, other = ("higher", "lower") if higher else ("lower", "higher")
    first_kept = first >= second if higher else first <= second
    kept = first if first_kept else second
    if first == second:
        keep, drop = (
            f"the {which} of two ({word}; the same face)",
            f"set aside: the same face ({word})",
        )
    else:
        keep, drop = f"the {which} of two ({word})", f"set aside: the {other} of two ({word})"
    rolls = (
        Roll(first, sides, first_kept, keep if first_kept else drop),
        Roll(second, sides, not first_kept, drop if first_kept else keep),
    )
    text = f"d{sides} {first} and {second}, {word} keeps the {which}: {shown(kept, side.modifier)}"
    return SideRoll(side, rolls, kept, kept + side.modifier, text)


def _winner(rule: OpposedRule, margin: int) -> Winner:
    if margin > 0:
        return Winner.ACTIVE
    if margin < 0:
        return Winner.RESISTING
    return {Tie.ACTIVE: Winner.ACTIVE, Tie.RESISTING: Winner.RESISTING}.get(
        rule.ties, Winner.NEITHER
    )


def resolve(
    rule: OpposedRule,
    active: Side,
    resisting: Side,
    rng: random.Random,
    *,
    active_rng: random.Random | None = None,
    resisting_rng: random.Random | None = None,
) -> OpposedResult:
    """Roll an opposed check: the active side's dice first, then the resisting side's.

    Args:
        rule: the ruleset's opposed rule.
        active: the side acting.
        resisting: the side opposing it.
        rng: the random source (RULINGS G1); only ``randrange`` is called.
        active_rng: the active side's own source instead of ``rng`` (a foe's dice
            when a player entered theirs: RULINGS G5; docs/rulings.md H248).
        resisting_rng: the resisting side's own source instead of ``rng``.

    Raises:
        RuleError: a side has advantage or disadvantage and the rule has none.
    """
    require_advantage(rule.name, rule.advantage, active.advantage)
    require_advantage(rule.name, rule.advantage, resisting.advantage)
    mine = _roll_side(rule, active, rng if active_rng is None else active_rng)
    theirs = _roll_side(rule, resisting, rng if resisting_rng is None else resisting_rng)
    margin = mine.total - theirs.total
    winner = _winner(rule, margin)
    head = f"{active.label} {mine.shown} against {resisting.label} {theirs.shown}"
    if margin == 0:
        if winner is Winner.NEITHER:
            tail = "a tie: nobody wins"
        else:
            who = active.label if winner is Winner.ACTIVE else resisting.label
            tail = f"a tie goes to {who} (ties: the {rule.ties.value} side)"
    else:
        who = active.label if winner is Winner.ACTIVE else resisting.label
        tail = f"{who} wins by {abs(margin)}"
    return OpposedResult(mine, theirs, margin, winner, f"{head}: {tail}")


@lru_cache(maxsize=64)
def face_distribution(sides: int, advantage: Advantage) -> tuple[Fraction, ...]:
    """The exact chance of each kept face (index ``f - 1``) of one die, or of the
    higher (advantage) or lower (disadvantage) of two."""
    total = sides * sides
    if advantage is Advantage.NONE:
        return tuple(Fraction(1, sides) for _ in range(sides))
    if advantage is Advantage.ADVANTAGE:  # P(max = f) = (f^2 - (f - 1)^2) / n^2
        return tuple(Fraction(2 * face - 1, total) for face in range(1, sides + 1))
    return tuple(Fraction(2 * (sides - face) + 1, total) for face in range(1, sides + 1))


def margin_distribution(rule: OpposedRule, active: Side, resisting: Side) -> dict[int, Fraction]:
    """The exact chance of every margin (``active total - resisting total``).

    Raises:
        RuleError: a side has advantage or disadvantage and the rule has none.
    """
    require_advantage(rule.name, rule.advantage, active.advantage)
    require_advantage(rule.name, rule.advantage, resisting.advantage)
    mine = face_distribution(rule.die, active.advantage)
    theirs = face_distribution(rule.die, resisting.advantage)
    offset = active.modifier - resisting.modifier
    margins: dict[int, Fraction] = {}
    for a, p in enumerate(mine, start=1):
        for b, q in enumerate(theirs, start=1):
            margin = a - b + offset
            margins[margin] = margins.get(margin, Fraction(0)) + p * q
    return dict(sorted(margins.items()))


def odds(rule: OpposedRule, active: Side, resisting: Side) -> OpposedOdds:
    """The exact odds of an opposed check, over every pair of kept faces.
    Raises:
        RuleError: a side has advantage or disadvantage and the rule has none.
    """
    margins = margin_distribution(rule, active, resisting)
    tie = margins.get(0, Fraction(0))
    wins = sum((p for m, p in margins.items() if m > 0), Fraction(0))
    losses = sum((p for m, p in margins.items() if m < 0), Fraction(0))
    if rule.ties is Tie.ACTIVE:
        wins += tie
    elif rule.ties is Tie.RESISTING:
        losses += tie
    return OpposedOdds(active=wins, resisting=losses, tie=tie)


def margin_at_least(rule: OpposedRule, active: Side, resisting: Side, margin: int) -> Fraction:
    """The exact chance the active side's margin is ``margin`` or more (a negative
    ``margin``: at most that far behind; F5's chase ends at 10 either way)."""
    return sum(
        (p for m, p in margin_distribution(rule, active, resisting).items() if m >= margin),
        Fraction(0),
    )


FANTASY_HACK_OPPOSED = OpposedRule(
    name="fantasy-hack",
    ties=Tie.RESISTING,
    advantage=AdvantageRule.NONE,
)
"""fantasy-hack opposed checks (Part III: sneaking, breaking away, chases, hiding;
RULINGS F5): both roll d20 + stat + skill, the higher total wins; the active side "must
beat" the other, so a tie goes to the resisting side. No advantage, no critical face."""
