"""fantasy-hack hazards: falling, spikes, poison, disease, extreme heat and cold.

fantasy-hack Part III "Other Hazards". Each function rolls the check first (a d20
through :data:`~hacktable.rules.checks.FANTASY_HACK_CHECK`: meet or beat the DC), then
any damage dice, and returns a frozen value with every die and the amount of damage
and where it goes (HP, or a stat's score for stat damage). Halves round down
(docs/rulings.md H324). Nothing here changes HP: a command passes the amount to the
engine's ``harm.damage`` (HP) or lowers the stat (stat damage, which heals 1 point a
night: :mod:`.healing`).

A command will call :func:`fall_odds` / :func:`fall`, :func:`resist_odds` /
:func:`poison`, :func:`disease` once per in-game day, and :func:`exposure` every 10
minutes of exposure, keeping the :class:`Exposure` value it returns for the next.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...dice import Roll, roll
from ...dice.render import render_detail
from ...errors import RuleError
from ...rules.checks import FANTASY_HACK_CHECK, CheckResult
from ...rules.checks.against_dc import AgainstDCRequest, odds, resolve

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

    from ...rules.resolution import TestOdds

__all__ = [
    "EXPOSURE_DAMAGE",
    "EXPOSURE_DC",
    "SPIKES_MAX",
    "STANDARD_POISON_DC",
    "Affliction",
    "Disease",
    "Exposure",
    "ExposureCheck",
    "Fall",
    "OnSuccess",
    "Poison",
    "disease",
    "exposure",
    "exposure_odds",
    "fall",
    "fall_odds",
    "poison",
    "resist_odds",
]

STANDARD_POISON_DC = 15
"""Part III: "A DC of 15 is a standard poison"."""
SPIKES_MAX = 10
"""Part III: spikes add +1 per 10 feet fallen, "max +10"."""
EXPOSURE_DC = 15
"""Part III: extreme heat and cold, "DC 15, +1 per previous check"."""
EXPOSURE_DAMAGE = "1d6"
"""Part III: "taking 1d6 damage on each failed save"."""


def _roll_text(rolled: Roll) -> str:
    """``"1d4 [3]"``; a constant amount (a poison doing 25) is its number alone, never
    ``"25 25"`` (H471)."""
    if not rolled.dice_terms():
        return rolled.expression
    return f"{rolled.expression} {render_detail(rolled.tree)}"


@dataclass(frozen=True, slots=True)
class Fall:
    """A fall (Part III "Falling", "Spikes").

    Attributes:
        feet: the height fallen.
        check: the Athletics + DEX check against the height in feet (``None`` when the
            fall is under 10 feet: no damage, nothing to roll).
        dice: the damage dice rolled (``None`` when there were none).
        spikes: the spikes' bonus (+1 per 10 feet, at most +10; 0 without spikes).
        damage: the HP damage taken (halved, rounded down, on a success).
        explanation: one line with every die.
    """

    feet: int
    check: CheckResult | None
    dice: Roll | None
    spikes: int
    damage: int
    explanation: str

    @property
    def halved(self) -> bool:
        """Whether the check halved the damage."""
        return self.check is not None and self.check.success


def _fall_request(feet: int, athletics: int, dex: int, situational: int) -> AgainstDCRequest:
    return AgainstDCRequest(athletics + dex + situational, feet, label=f"DC {feet} (the height)")


def fall_odds(feet: int, athletics: int, dex: int, situational: int = 0) -> TestOdds:
    """The exact odds of halving a fall's damage (Athletics + DEX against the height in
    feet, Part III)."""
    return odds(FANTASY_HACK_CHECK, _fall_request(feet, athletics, dex, situational))


def fall(
    feet: int,
    athletics: int,
    dex: int,
    rng: random.Random,
    *,
    spikes: bool = False,
    situational: int = 0,
) -> Fall:
    """Fall ``feet`` feet (Part III "Falling", "Spikes"; docs/rulings.md H324).

    1d6 per full 10 feet; spikes add +1 per full 10 feet, at most +10; an Athletics +
    DEX check against the height in feet halves the whole (rounded down). The check's
    d20 is rolled first, then the damage dice.

    Raises:
        RuleError: ``feet`` is negative.
    """
    if feet < 0:
        raise RuleError(f"a fall is 0 feet or more, not {feet}")
    tens = feet // 10
    if tens == 0:
        return Fall(feet, None, None, 0, 0, f"a fall of {feet} ft: under 10 ft, no damage")
    check = resolve(FANTASY_HACK_CHECK, _fall_request(feet, athletics, dex, situational), rng)
    dice = roll(f"{tens}d6", rng)
    bonus = min(tens, SPIKES_MAX) if spikes else 0
    whole = dice.total + bonus
    amount = whole // 2 if check.success else whole
    text = f"a fall of {feet} ft: {_roll_text(dice)}"
    if bonus:
        text += f" + {bonus} spikes"
    text += f" = {whole}; Athletics + DEX {check.explanation}"
    text += f": halved to {amount} damage" if check.success else f": {amount} damage"
    return Fall(feet, check, dice, bonus, amount, text)


class OnSuccess(Enum):
    """What beating a poison's DC does (Part III: "to avoid damage or for half,
    depending on poison")."""

    AVOID = "avoid"
    HALF = "half"


@dataclass(frozen=True, slots=True)
class Poison:
    """A poison (Part III "Poison").

    Attributes:
        name: its name.
        damage: its damage as dice (``"1d4"``, ``"3d8"``).
        dc: the check's DC (15 standard; 20, 25 or more for potent ones).
        target: ``"HP"``, or the stat it damages (``"STR"``, ``"DEX"``, ``"MND"``).
        on_success: avoid, or half.
    """

    name: str
    damage: str
    dc: int = STANDARD_POISON_DC
    target: str = "HP"
    on_success: OnSuccess = OnSuccess.AVOID

    def __post_init__(self) -> None:
        if self.target not in ("HP", "STR", "DEX", "MND"):
            raise RuleError(f"a poison damages HP, STR, DEX or MND, not {self.target!r}")


@dataclass(frozen=True, slots=True)
class Disease(Poison):
    """A disease (Part III "Disease"): a poison checked every day until cured; beating
    the DC by ``cure_margin`` (10, or a band the GM sets: 5 for a minor illness) cures
    it."""

    cure_margin: int = 10


@dataclass(frozen=True, slots=True)
class Affliction:
    """A poison's or a disease's check and its damage.

    Attributes:
        source: the poison or disease.
        check: the level + STR check.
        dice: the damage dice (``None`` when the check avoided them).
        damage: the damage taken, to ``source.target``.
        cured: a disease beaten by its cure margin (always ``False`` for a poison).
        explanation: one line with every die.
    """

    source: Poison
    check: CheckResult
    dice: Roll | None
    damage: int
    cured: bool
    explanation: str

    @property
    def target(self) -> str:
        """``"HP"`` or the damaged stat."""
        return self.source.target


def _resist_request(
    source: Poison, level: int, strength: int, situational: int
) -> AgainstDCRequest:
    return AgainstDCRequest(level + strength + situational, source.dc)


def resist_odds(source: Poison, level: int, strength: int, situational: int = 0) -> TestOdds:
    """The exact odds of beating a poison's or a disease's DC (level + STR, Part III)."""
    return odds(FANTASY_HACK_CHECK, _resist_request(source, level, strength, situational))


def _afflict(
    source: Poison, level: int, strength: int, rng: random.Random, situational: int
) -> Affliction:
    check = resolve(FANTASY_HACK_CHECK, _resist_request(source, level, strength, situational), rng)
    where = "HP" if source.target == "HP" else f"{source.target} damage"
    head = f"{source.name}: level + STR {check.explanation}"
    cured = isinstance(source, Disease) and check.margin >= source.cure_margin
    if check.success and source.on_success is OnSuccess.AVOID:
        text = f"{head}: avoided"
        return Affliction(source, check, None, 0, cured, _cured(text, cured, source))
    dice = roll(source.damage, rng)
    amount = max(dice.total, 0)
    if check.success:
        amount //= 2
        text = f"{head}: half, {_roll_text(dice)} / 2 = {amount} {where}"
    else:
        shown = f"{_roll_text(dice)} = " if dice.dice_terms() else ""  # H471
        text = f"{head}: {shown}{amount} {where}"
    return Affliction(source, check, dice, amount, cured, _cured(text, cured, source))


def _cured(text: str, cured: bool, source: Poison) -> str:
    if not cured or not isinstance(source, Disease):
        return text
    return f"{text}; beaten by {source.cure_margin} or more: cured"


def poison(
    source: Poison, level: int, strength: int, rng: random.Random, *, situational: int = 0
) -> Affliction:
    """Resist a poison (Part III "Poison"): character level + STR against its DC; on a
    success it is avoided or halved as the poison says, on a failure its damage goes to
    HP or to the stat it names. The d20 is rolled first, then any damage dice."""
    return _afflict(source, level, strength, rng, situational)


def disease(
    source: Disease, level: int, strength: int, rng: random.Random, *, situational: int = 0
) -> Affliction:
    """A day's check against a disease (Part III "Disease"): as a poison; beating the
    DC by its cure margin (10 unless set) cures it (``cured``), whatever else the
    check does."""
    return _afflict(source, level, strength, rng, situational)


@dataclass(frozen=True, slots=True)
class Exposure:
    """Exposure to extreme heat or cold so far: how many checks were made (each adds
    +1 to the next DC, Part III)."""

    checks: int = 0

    @property
    def dc(self) -> int:
        """The next check's DC: 15 + 1 per previous check."""
        return EXPOSURE_DC + self.checks


@dataclass(frozen=True, slots=True)
class ExposureCheck:
    """One exposure check.

    Attributes:
        before: the exposure before it.
        after: the exposure after it (one more check).
        check: the level + STR check.
        dice: the 1d6 on a failure (``None`` on a success).
        damage: the HP damage.
        explanation: one line.
    """

    before: Exposure
    after: Exposure
    check: CheckResult
    dice: Roll | None
    damage: int
    explanation: str


def exposure_odds(state: Exposure, level: int, strength: int, situational: int = 0) -> TestOdds:
    """The exact odds of the next exposure check (level + STR against 15 + checks)."""
    return odds(FANTASY_HACK_CHECK, AgainstDCRequest(level + strength + situational, state.dc))


def exposure(
    state: Exposure, level: int, strength: int, rng: random.Random, *, situational: int = 0
) -> ExposureCheck:
    """Ten minutes of extreme heat or cold without protection (Part III "Extreme Heat &
    Cold"): level + STR against DC 15 + 1 per previous check; 1d6 damage on a failure.
    A command keeps ``after`` for the next ten minutes (and a fresh :class:`Exposure`
    once the character is out of it)."""
    check = resolve(
        FANTASY_HACK_CHECK, AgainstDCRequest(level + strength + situational, state.dc), rng
    )
    after = Exposure(state.checks + 1)
    head = f"exposure check {after.checks}: level + STR {check.explanation}"
    if check.success:
        return ExposureCheck(state, after, check, None, 0, f"{head}: no damage")
    dice = roll(EXPOSURE_DAMAGE, rng)
    return ExposureCheck(
        state, after, check, dice, dice.total, f"{head}: {_roll_text(dice)} = {dice.total} damage"
    )
