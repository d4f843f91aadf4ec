"""fantasy-hack chases as an immutable procedure (Part III "Combat", RULINGS F5).

A :class:`Chase` is a value; each step returns a new one with what was rolled:

1. :func:`begin` the chase between the one fleeing and the one pursuing;
2. :func:`break_away`: an opposed Athletics + DEX check the one fleeing must beat; if
   he does not, he is still engaged and the pursuer gets a free attack (the fight
   goes on);
3. :func:`chase_round`, each round: from round 5 each side not yet fatigued checks
   Athletics + STR against DC 15 or is fatigued (-5 to chase rolls for the rest of the
   chase; -2 to hit and damage if it ends in a fight, :data:`.combat.FATIGUE_PENALTY`);
   then the opposed Athletics + DEX check, with situational modifiers (the barrels'
   -3 or -4) and a mount's +10. A margin of 10 or more ends it: the fleeing side
   escapes, or is caught and it is a fight again;
4. :func:`hide` where the place allows: Subterfuge + DEX against the pursuer's
   Subterfuge + MND; a success ends the chase, a failure leaves the hider found
   (docs/rulings.md H323).

The one fleeing is the active side of every opposed roll (:data:`FANTASY_HACK_OPPOSED`
gives ties to the pursuer: "must beat"). A command will keep the :class:`Chase` value
(in an event's JSON) between steps, show :func:`round_odds`, :func:`break_away_odds` or
:func:`hide_odds` before the dice and call the step.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction

from ...errors import RuleError
from ...rules.checks import (
    FANTASY_HACK_CHECK,
    FANTASY_HACK_OPPOSED,
    CheckResult,
    against_dc,
    opposed,
)
from ...rules.checks.opposed import OpposedOdds, OpposedResult, Side, Winner

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

    from ...rules.resolution import TestOdds

__all__ = [
    "CHASE_END_MARGIN",
    "FATIGUE_CHASE_PENALTY",
    "FATIGUE_DC",
    "FATIGUE_FROM_ROUND",
    "MOUNT_BONUS",
    "BreakAway",
    "Chase",
    "ChaseRound",
    "FatigueCheck",
    "Hide",
    "Outcome",
    "RoundOdds",
    "Runner",
    "begin",
    "break_away",
    "break_away_odds",
    "chase_round",
    "fatigue_odds",
    "hide",
    "hide_odds",
    "mount",
    "round_odds",
]

CHASE_END_MARGIN = 10
"""F5: a margin of 10 or more ends the chase."""
FATIGUE_FROM_ROUND = 5
"""F5: from round 5 each side checks for fatigue every round."""
FATIGUE_DC = 15
"""F5: the fatigue check is Athletics + STR against DC 15."""
FATIGUE_CHASE_PENALTY = -5
"""F5: a fatigued side has -5 to its chase rolls."""
MOUNT_BONUS = 10
"""Part III: a willing horse or other mount gives "+10 normally" to the chase roll."""


@dataclass(frozen=True, slots=True)
class Runner:
    """One side of a chase, as plain ints.

    Attributes:
        name: as the explanations name them.
        athletics: the Athletics rank.
        dex: the DEX modifier.
        strength: the STR modifier (the fatigue check).
        subterfuge: the Subterfuge rank (hiding, searching).
        mind: the MND modifier (searching for a hider).
        mounted: on a willing mount (+10 to chase rolls).
        fatigued: fatigued in this chase (stays so until it ends).
    """

    name: str
    athletics: int
    dex: int
    strength: int = 0
    subterfuge: int = 0
    mind: int = 0
    mounted: bool = False
    fatigued: bool = False

    def chase_modifier(self, situational: int = 0) -> int:
        """Athletics + DEX, + 10 mounted, - 5 fatigued, + the situation (F5)."""
        bonus = MOUNT_BONUS if self.mounted else 0
        tired = FATIGUE_CHASE_PENALTY if self.fatigued else 0
        return self.athletics + self.dex + bonus + tired + situational


class Outcome(Enum):
    """Where a chase stands."""

    STARTING = "starting"  # begun: the break-away is next
    STILL_ENGAGED = "still engaged"  # the break-away failed: the fight goes on
    CHASING = "chasing"
    ESCAPED = "escaped"  # the fleeing side won by 10 or more
    CAUGHT = "caught"  # the pursuer won by 10 or more: a fight again
    HIDDEN = "hidden"  # the hider was not found: the chase is over
    FOUND = "found"  # the hider was found (H323)

    @property
    def over(self) -> bool:
        """Whether no further chase round can be rolled."""
        return self in (Outcome.STILL_ENGAGED, Outcome.ESCAPED, Outcome.CAUGHT, Outcome.HIDDEN)


@dataclass(frozen=True, slots=True)
class Chase:
    """A chase in progress (F5).

    Attributes:
        fleeing: the one running away.
        pursuer: the one giving chase.
        round: chase rounds rolled so far (the break-away is not one).
        outcome: where it stands.
        history: each step's explanation, in order.
    """

    fleeing: Runner
    pursuer: Runner
    round: int = 0
    outcome: Outcome = Outcome.STARTING
    history: tuple[str, ...] = ()

    @property
    def fight_penalties(self) -> dict[str, int]:
        """Each fatigued side's to-hit and damage penalty if this ends in a fight (F5)."""
        from .combat import FATIGUE_PENALTY

        return {r.name: FATIGUE_PENALTY for r in (self.fleeing, self.pursuer) if r.fatigued}


def begin(fleeing: Runner, pursuer: Runner) -> Chase:
    """Begin a chase: the break-away comes first (F5)."""
    return Chase(fleeing, pursuer, history=(f"{fleeing.name} runs from {pursuer.name}",))


def _sides(chase: Chase, fleeing_situational: int, pursuer_situational: int) -> tuple[Side, Side]:
    return (
        Side(chase.fleeing.name, chase.fleeing.chase_modifier(fleeing_situational)),
        Side(chase.pursuer.name, chase.pursuer.chase_modifier(pursuer_situational)),
    )


def _need(chase: Chase, *allowed: Outcome) -> None:
    if chase.outcome not in allowed:
        wanted = " or ".join(o.value for o in allowed)
        raise RuleError(f"the chase is {chase.outcome.value}, not {wanted}")


@dataclass(frozen=True, slots=True)
class BreakAway:
    """A break-away roll and the chase after it.

    Attributes:
        chase: the chase after it (``CHASING`` or ``STILL_ENGAGED``).
        check: the opposed check (the one fleeing active).
        free_attack: whether the pursuer gets a free attack (the one fleeing lost).
    """

    chase: Chase
    check: OpposedResult
    free_attack: bool


def break_away(
    chase: Chase,
    rng: random.Random,
    *,
    fleeing_situational: int = 0,
    pursuer_situational: int = 0,
    pursuer_rng: random.Random | None = None,
) -> BreakAway:
    """Roll the break-away (Part III; F5): the one fleeing must beat an opposed
    Athletics + DEX check; a loss gives the pursuer a free attack and the fight goes on.
    ``pursuer_rng``: the pursuer's own source (a foe's die when a player entered
    theirs, RULINGS G5; docs/rulings.md H248), else ``rng``.

    Raises:
        RuleError: the chase has already started.
    """
    _need(chase, Outcome.STARTING)
    mine, theirs = _sides(chase, fleeing_situational, pursuer_situational)
    check = opposed.resolve(FANTASY_HACK_OPPOSED, mine, theirs, rng, resisting_rng=pursuer_rng)
    away = check.winner is Winner.ACTIVE
    if away:
        line = f"break away: {check.explanation}; {chase.fleeing.name} gets away, the chase is on"
    else:
        line = (
            f"break away: {check.explanation}; {chase.fleeing.name} cannot break away: "
            f"{chase.pursuer.name} gets a free attack"
        )
    outcome = Outcome.CHASING if away else Outcome.STILL_ENGAGED
    after = replace(chase, outcome=outcome, history=(*chase.history, line))
    return BreakAway(after, check, not away)


@dataclass(frozen=True, slots=True)
class FatigueCheck:
    """One side's fatigue check (F5): Athletics + STR against DC 15."""

    name: str
    check: CheckResult

    @property
    def fatigued(self) -> bool:
        """Whether it failed."""
        return not self.check.success


@dataclass(frozen=True, slots=True)
class ChaseRound:
    """One chase round.

    Attributes:
        chase: the chase after it.
        fatigue: the fatigue checks rolled this round (the one fleeing first).
        check: the opposed chase roll.
    """

    chase: Chase
    fatigue: tuple[FatigueCheck, ...]
    check: OpposedResult


def _fatigue(runner: Runner, rng: random.Random) -> tuple[Runner, FatigueCheck | None]:
    if runner.fatigued:
        return runner, None
    request = against_dc.AgainstDCRequest(runner.athletics + runner.strength, FATIGUE_DC)
    check = FatigueCheck(runner.name, against_dc.resolve(FANTASY_HACK_CHECK, request, rng))
    return (replace(runner, fatigued=True) if check.fatigued else runner), check


def chase_round(
    chase: Chase,
    rng: random.Random,
    *,
    fleeing_situational: int = 0,
    pursuer_situational: int = 0,
) -> ChaseRound:
    """Roll a chase round (Part III; F5).

    From round 5, each side not yet fatigued first checks Athletics + STR against
    DC 15 (the one fleeing first; docs/rulings.md H322: before the round's chase roll,
    so a side fatigued now rolls it at -5). Then both roll Athletics + DEX (+ 10
    mounted, - 5 fatigued, + the situation); a margin of 10 or more ends the chase.

    Raises:
        RuleError: the chase is not running (not begun with a break-away, or over).
    """
    _need(chase, Outcome.CHASING, Outcome.FOUND)
    number = chase.round + 1
    fleeing, pursuer = chase.fleeing, chase.pursuer
    checks: list[FatigueCheck] = []
    lines: list[str] = []
    if number >= FATIGUE_FROM_ROUND:
        for who in ("fleeing", "pursuer"):
            runner, check = _fatigue(fleeing if who == "fleeing" else pursuer, rng)
            if check is not None:
                checks.append(check)
                verdict = "fatigued" if check.fatigued else "keeps going"
                lines.append(f"{check.name} fatigue: {check.check.explanation}: {verdict}")
            if who == "fleeing":
                fleeing = runner
            else:
                pursuer = runner
    after = replace(chase, fleeing=fleeing, pursuer=pursuer, round=number)
    mine, theirs = _sides(after, fleeing_situational, pursuer_situational)
    result = opposed.resolve(FANTASY_HACK_OPPOSED, mine, theirs, rng)
    if result.margin >= CHASE_END_MARGIN:
        outcome, end = Outcome.ESCAPED, f"{fleeing.name} escapes"
    elif result.margin <= -CHASE_END_MARGIN:
        outcome, end = Outcome.CAUGHT, f"{pursuer.name} catches up: a fight again"
    else:
        outcome, end = Outcome.CHASING, "the chase goes on"
    lines.append(f"round {number}: {result.explanation}; {end}")
    after = replace(after, outcome=outcome, history=(*chase.history, *lines))
    return ChaseRound(after, tuple(checks), result)


@dataclass(frozen=True, slots=True)
class Hide:
    """A hiding attempt and the chase after it (``HIDDEN`` or ``FOUND``)."""

    chase: Chase
    check: OpposedResult

    @property
    def hidden(self) -> bool:
        """Whether the hider lost the pursuer."""
        return self.chase.outcome is Outcome.HIDDEN


def _hide_sides(chase: Chase, hider_situational: int, seeker_situational: int) -> tuple[Side, Side]:
    hider, seeker = chase.fleeing, chase.pursuer
    return (
        Side(hider.name, hider.subterfuge + hider.dex + hider_situational),
        Side(seeker.name, seeker.subterfuge + seeker.mind + seeker_situational),
    )


def hide(
    chase: Chase,
    rng: random.Random,
    *,
    hider_situational: int = 0,
    seeker_situational: int = 0,
    seeker_rng: random.Random | None = None,
) -> Hide:
    """The one fleeing tries to hide (Part III; F5): Subterfuge + DEX against the
    pursuer's Subterfuge + MND, the hider must beat it. Hidden ends the chase; found
    leaves the pursuer free to act, as Ottvar's thrown axe, or the chase to go on
    (docs/rulings.md H323). ``seeker_rng``: the pursuer's own source (G5, H248).

    Raises:
        RuleError: the chase is not running.
    """
    _need(chase, Outcome.CHASING)
    mine, theirs = _hide_sides(chase, hider_situational, seeker_situational)
    check = opposed.resolve(FANTASY_HACK_OPPOSED, mine, theirs, rng, resisting_rng=seeker_rng)
    if check.winner is Winner.ACTIVE:
        outcome, end = Outcome.HIDDEN, f"{chase.pursuer.name} loses {chase.fleeing.name}"
    else:
        outcome, end = Outcome.FOUND, f"{chase.pursuer.name} finds {chase.fleeing.name}"
    line = f"hide: {check.explanation}; {end}"
    return Hide(replace(chase, outcome=outcome, history=(*chase.history, line)), check)


def mount(chase: Chase, name: str, mounted: bool = True) -> Chase:
    """``name`` mounts (or leaves) a willing mount: +10 to its chase rolls (Part III).

    Raises:
        RuleError: ``name`` is in neither side of the chase.
    """
    if name == chase.fleeing.name:
        return replace(chase, fleeing=replace(chase.fleeing, mounted=mounted))
    if name == chase.pursuer.name:
        return replace(chase, pursuer=replace(chase.pursuer, mounted=mounted))
    raise RuleError(f"{name} is not in the chase ({chase.fleeing.name}, {chase.pursuer.name})")


@dataclass(frozen=True, slots=True)
class RoundOdds:
    """Exact odds of a chase round's roll (fatigue already decided).

    Attributes:
        opposed: each side's chance to win the roll.
        escape: the chance the one fleeing wins by 10 or more.
        caught: the chance the pursuer wins by 10 or more.
    """

    opposed: OpposedOdds
    escape: Fraction
    caught: Fraction


def round_odds(
    chase: Chase, *, fleeing_situational: int = 0, pursuer_situational: int = 0
) -> RoundOdds:
    """The exact odds of the next chase roll with each side as it stands now (a fatigue
    check this round can change them: see :func:`fatigue_odds`)."""
    mine, theirs = _sides(chase, fleeing_situational, pursuer_situational)
    rule = FANTASY_HACK_OPPOSED
    escape = opposed.margin_at_least(rule, mine, theirs, CHASE_END_MARGIN)
    not_caught = opposed.margin_at_least(rule, mine, theirs, -CHASE_END_MARGIN + 1)
    return RoundOdds(opposed.odds(rule, mine, theirs), escape, 1 - not_caught)


def break_away_odds(
    chase: Chase, *, fleeing_situational: int = 0, pursuer_situational: int = 0
) -> OpposedOdds:
    """The exact odds of the break-away (``active``: the one fleeing gets away)."""
    mine, theirs = _sides(chase, fleeing_situational, pursuer_situational)
    return opposed.odds(FANTASY_HACK_OPPOSED, mine, theirs)


def hide_odds(
    chase: Chase, *, hider_situational: int = 0, seeker_situational: int = 0
) -> OpposedOdds:
    """The exact odds of hiding (``active``: the hider is not found)."""
    mine, theirs = _hide_sides(chase, hider_situational, seeker_situational)
    return opposed.odds(FANTASY_HACK_OPPOSED, mine, theirs)


def fatigue_odds(runner: Runner) -> TestOdds:
    """The exact odds of passing a fatigue check (Athletics + STR, DC 15; F5)."""
    request = against_dc.AgainstDCRequest(runner.athletics + runner.strength, FATIGUE_DC)
    return against_dc.odds(FANTASY_HACK_CHECK, request)
