"""Morale: when a group tests it, and how it breaks (redhack: Combat > Morale; RULINGS
R12).

"If 50% of a group of NPCs or Monsters are taken out, or a single powerful NPC or
Monster loses 50% of its HP, they must pass a Morale Test or become broken." The
trigger is defined once, here, as a function of counts (:func:`morale_due`) that works
on plain integers and, elementwise, on NumPy arrays: the console's fights
(:func:`check_morale`), the simulator's scalar engine and its vector engine all take
it from here, and so the break (:func:`morale_breaks`, :func:`morale_check`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, overload

from ...dice.render import render_roll
from ...dice.roller import roll
from ...errors import RuleError
from ...rules.resolution import TestKind, TestRequest, TestResult
from ..base import TestOptions
from . import core_rules
from .character import Character
from .facts import Fact, FightStep, GroupBreaks, MoraleTested, MoraleUntestable, MoraleWhy
from .fight import Fight

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from .ruleset import Redhack

__all__ = [
    "HP_SHARE",
    "MORALE_DICE",
    "OUT_SHARE",
    "MoraleDue",
    "MoraleResult",
    "check_morale",
    "morale_breaks",
    "morale_check",
    "morale_due",
    "morale_trigger",
]

OUT_SHARE = Fraction(1, 2)
"""A group tests once this share of it is out ("50% of a group ... taken out")."""

HP_SHARE = Fraction(1, 2)
"""A lone foe tests once its HP are down to this share of its maximum ("a single
powerful NPC or Monster loses 50% of its HP")."""

MORALE_DICE = "2d6"
"""The morale roll of a group with a morale score: on or under it they hold."""


@overload
def morale_due(size: int, out: int, standing: int, hp: int, max_hp: int) -> bool: ...


@overload
def morale_due(
    size: NDArray[np.int64],
    out: NDArray[np.int64],
    standing: NDArray[np.int64],
    hp: NDArray[np.int64],
    max_hp: NDArray[np.int64],
) -> NDArray[np.bool_]: ...


def morale_due(size: Any, out: Any, standing: Any, hp: Any, max_hp: Any) -> Any:
    """Whether a group's morale test is due (redhack: Combat > Morale; RULINGS R12):
    some of it still stands, and either :data:`OUT_SHARE` of its ``size`` members are
    ``out``, or it is one foe and its ``hp`` are down to :data:`HP_SHARE` of ``max_hp``
    (``hp`` and ``max_hp`` count only for a group of one). A group none of whose
    members stands does not test: the test could change nothing. Whether the group has
    tested already is the caller's (each group tests once).

    Plain integers give a ``bool``; NumPy integer arrays (the vector engine: one cell
    per fight and group) give an array of them, cell by cell.

    >>> morale_due(6, 3, 3, 0, 0), morale_due(6, 2, 4, 0, 0), morale_due(1, 0, 1, 5, 10)
    (True, False, True)
    >>> import numpy as np
    >>> morale_due(np.array([6, 6, 1]), np.array([3, 2, 0]), np.array([3, 4, 1]),
    ...            np.array([0, 0, 6]), np.array([0, 0, 10]))
    array([ True, False, False])
    """
    half_out = out * OUT_SHARE.denominator >= size * OUT_SHARE.numerator
    lone_hurt = (size == 1) & (hp * HP_SHARE.denominator <= max_hp * HP_SHARE.numerator)
    return (standing > 0) & (half_out | lone_hurt)


@overload
def morale_breaks(total: int, score: int) -> bool: ...


@overload
def morale_breaks(total: NDArray[np.int64], score: NDArray[np.int64]) -> NDArray[np.bool_]: ...


def morale_breaks(total: Any, score: Any) -> Any:
    """Whether a :data:`MORALE_DICE` roll of ``total`` breaks a group with morale
    ``score``: on or under it they hold (RULINGS R12). Elementwise on NumPy arrays.
    (A group with no score breaks on the player's successful CHA test instead.)

    >>> morale_breaks(7, 7), morale_breaks(8, 7)
    (False, True)
    """
    return total > score


@dataclass(frozen=True, slots=True)
class MoraleResult:
    """A morale test (redhack: Combat > Morale; RULINGS R12).

    Attributes:
        broken: whether the foes break.
        explanation: the roll in words.
        dice: the 2d6 roll's text, or ``None`` for a CHA test.
        test: the CHA test, when the foes have no morale score.
    """

    broken: bool
    explanation: str
    dice: str | None = None
    test: TestResult | None = None


def morale_check(
    morale: int | None,
    rng: random.Random,
    cha_request: TestRequest | None = None,
) -> MoraleResult:
    """Test morale (RULINGS R12). With a morale score (2-12): :data:`MORALE_DICE` on or
    under it holds (:func:`morale_breaks`). Without one, the player who made the latest
    kill (or hit) makes a CHA test and a success breaks them.

    Raises:
        RuleError: no morale score and nobody to make the CHA test.
    """
    if morale is not None:
        result = roll(MORALE_DICE, rng)
        broken = morale_breaks(result.total, morale)
        verdict = "they break" if broken else "they hold"
        text = f"morale {morale}: {render_roll(result)}: {verdict}"
        return MoraleResult(broken, text, render_roll(result))
    if cha_request is None:
        raise RuleError("no morale score, and no player has hit them to make the CHA test")
    test = core_rules.resolve(cha_request, rng)
    verdict = "they break" if test.success else "they hold"
    text = f"{cha_request.who}'s CHA test: {test.explanation}: {verdict}"
    return MoraleResult(test.success, text, None, test)


# -- in a fight ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoraleDue:
    """A group whose morale test is due (RULINGS R12).

    Attributes:
        why: what set it off.
        score: the highest morale score among those standing, or ``None``.
        tester: who makes the CHA test when there is no score: for a lone foe the
            player who hit it last, else the one who made the latest kill (or hit);
            ``None`` if nobody has.
    """

    why: MoraleWhy
    score: int | None
    tester: str | None


def morale_trigger(fight: Fight, group_key: str) -> MoraleDue | None:
    """The morale test ``group_key`` now owes, or ``None``: tested already, nobody of it
    standing, or :func:`morale_due` says not yet (redhack: Combat > Morale; RULINGS
    R12). Foes turned or fled are neither standing nor out.

    Raises:
        UnknownNameError: no such group.
    """
    group = fight.group(group_key)
    if group.morale_tested:
        return None
    members = fight.members(group.key)
    standing = [f for f in members if f.fighting]
    if not standing:
        return None
    out = sum(1 for f in members if f.status == "out")
    first = members[0]
    if not morale_due(len(members), out, len(standing), first.hp, first.max_hp):
        return None
    lone = len(members) == 1
    if lone:
        tester = fight.latest("last_hit", group.key)
    else:
        tester = fight.latest("last_kill", group.key) or fight.latest("last_hit", group.key)
    why = MoraleWhy(
        group.name, first.name if lone else None, first.hp, first.max_hp, out, len(members)
    )
    scores = [f.morale for f in standing if f.morale is not None]
    return MoraleDue(why, max(scores) if scores else None, tester)


def check_morale(
    fight: Fight,
    group_key: str,
    *,
    ruleset: Redhack,
    party: Mapping[str, Character],
    rng: random.Random,
) -> FightStep:
    """Test a group's morale when its trigger happens (:func:`morale_trigger`; redhack:
    Combat > Morale; RULINGS R12). Each group tests once. With a morale score the dice
    decide; without one, the player who made the latest kill (or hit) makes a CHA test
    (``party`` has them), and success breaks them. Broken foes attempt to parley,
    surrender or flee; forced to fight they defend with HD + AC and attack as 1 HD.

    Raises:
        UnknownNameError: no such group.
    """
    due = morale_trigger(fight, group_key)
    if due is None:
        return FightStep(fight)
    request = None
    if due.score is None and due.tester is not None:
        request = ruleset.character_test(
            party[due.tester], "CHA", TestOptions(kind=TestKind.MORALE)
        )
    try:
        result = morale_check(due.score, rng, request)
    except RuleError as error:
        return FightStep(fight, (MoraleUntestable(due.why, str(error)),))
    group = fight.group(group_key)
    fight = fight.with_group(replace(group, morale_tested=True))
    test = None if request is None or result.test is None else (request, result.test)
    facts: list[Fact] = [MoraleTested(due.why, result.explanation, result.broken, test)]
    if result.broken:
        for foe in fight.members(group.key):
            if foe.fighting:
                fight = fight.with_foe(replace(foe, status="broken"))
        facts.append(GroupBreaks(group.name))
    return FightStep(fight, tuple(facts))
