"""fantasy-hack combat maths: to-hit against AC, damage, criticals, surprise.

fantasy-hack Part III "Combat" and RULINGS F3-F6. A to-hit roll is d20 + STR (melee;
DEX instead with a light weapon if the attacker chooses; DEX always for a ranged or
thrown attack; MND for a Magic To Hit) + level + class bonus + situational modifiers,
against the target's AC, through :data:`~hacktable.rules.checks.FANTASY_HACK_TO_HIT`:
meeting or beating the AC hits, a natural 20 that hits is a critical (F3). Damage is
the weapon's dice + STR in melee and thrown (not bows, firearms or spells), + the
Fighter's damage bonus (F4), + the Rogue's Subterfuge rank on a sneak attack (F4); a
critical rolls the dice twice and doubles the STR modifier, it is not damage x 2 (F3).
A character fatigued by a chase has -2 to hit and to damage (F5).

A command will call :func:`to_hit_odds` (shown before the dice), then
:func:`roll_to_hit` and, on a hit, :func:`roll_damage`; or :func:`attack` for both.
HP then go through :mod:`hacktable.rules.hit_points` (``damage``) or the engine's
``harm`` module. Every value here is frozen and records each die.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...dice import Roll, roll
from ...dice.render import render_detail
from ...rules.checks import FANTASY_HACK_TO_HIT, CheckResult
from ...rules.checks.against_dc import AgainstDCRequest, odds, resolve
from ...rules.resolution import Critical

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

    from ...rules.resolution import TestOdds

__all__ = [
    "FATIGUE_PENALTY",
    "Attack",
    "AttackKind",
    "Attacker",
    "Damage",
    "FreeRound",
    "Term",
    "ToHit",
    "attack",
    "damage_terms",
    "free_round",
    "roll_damage",
    "roll_to_hit",
    "to_hit_odds",
    "to_hit_request",
    "to_hit_terms",
]

FATIGUE_PENALTY = -2
"""RULINGS F5: a character fatigued by a chase has -2 to hit and damage in the fight."""


class AttackKind(Enum):
    """How an attack is made, which decides the to-hit stat and whether STR adds to
    damage (Part III "Combat")."""

    MELEE = "melee"  # STR to hit, STR to damage
    LIGHT = "light"  # a light melee weapon with DEX chosen to hit; STR to damage
    THROWN = "thrown"  # ranged: DEX to hit; STR to damage ("a thrown weapon attack")
    SHOT = "shot"  # a bow or firearm: DEX to hit; no STR to damage
    MAGIC = "magic"  # Magic To Hit: MND to hit; no STR (F4)

    @property
    def stat(self) -> str:
        """The stat the to-hit adds."""
        return {AttackKind.MELEE: "STR", AttackKind.MAGIC: "MND"}.get(self, "DEX")

    @property
    def adds_strength(self) -> bool:
        """Whether STR adds to damage: melee and thrown, not bows, firearms or spells."""
        return self in (AttackKind.MELEE, AttackKind.LIGHT, AttackKind.THROWN)


@dataclass(frozen=True, slots=True)
class Attacker:
    """Who attacks, as plain ints (a character or a bestiary creature's numbers).

    Attributes:
        name: as the explanation names them.
        level: the character level (added to every to-hit, Part III).
        strength: the STR modifier.
        dexterity: the DEX modifier.
        mind: the MND modifier.
        class_to_hit: the class's to-hit bonus for this attack (Fighter +1, +1 more at
            levels 4 and 8; Outdoorsman +1 ranged; F4), summed by the caller.
        class_damage: the class's damage bonus (the Fighter's, F4).
    """

    name: str
    level: int
    strength: int = 0
    dexterity: int = 0
    mind: int = 0
    class_to_hit: int = 0
    class_damage: int = 0

    def stat(self, name: str) -> int:
        """The modifier of stat ``name`` (STR, DEX or MND)."""
        return {"STR": self.strength, "DEX": self.dexterity, "MND": self.mind}[name]


@dataclass(frozen=True, slots=True)
class Term:
    """One term of a sum, named: ``Term("STR", 4)``."""

    label: str
    value: int


def _sum(terms: tuple[Term, ...]) -> int:
    return sum(t.value for t in terms)


def _words(terms: tuple[Term, ...]) -> str:
    return " ".join(f"{'-' if t.value < 0 else '+'} {abs(t.value)} {t.label}" for t in terms)


def to_hit_terms(
    attacker: Attacker, kind: AttackKind, *, situational: int = 0, fatigued: bool = False
) -> tuple[Term, ...]:
    """Everything a to-hit adds to the d20, named (Part III "Combat": STR, or DEX for
    a light weapon by choice and ranged always, or MND for Magic To Hit; + level + class
    modifier; RULINGS F5: -2 when fatigued by a chase; F6: the level is always added).
    Zero terms other than the stat and level are left out."""
    terms = [Term(kind.stat, attacker.stat(kind.stat)), Term("level", attacker.level)]
    if attacker.class_to_hit:
        terms.append(Term("class", attacker.class_to_hit))
    if situational:
        terms.append(Term("situational", situational))
    if fatigued:
        terms.append(Term("fatigued", FATIGUE_PENALTY))
    return tuple(terms)


def to_hit_request(
    attacker: Attacker,
    kind: AttackKind,
    ac: int,
    *,
    situational: int = 0,
    fatigued: bool = False,
) -> AgainstDCRequest:
    """The to-hit as a check against ``ac`` (Part III: "if you meet or beat it, you have
    hit")."""
    terms = to_hit_terms(attacker, kind, situational=situational, fatigued=fatigued)
    return AgainstDCRequest(_sum(terms), ac, label=f"AC {ac}")


def to_hit_odds(
    attacker: Attacker,
    kind: AttackKind,
    ac: int,
    *,
    situational: int = 0,
    fatigued: bool = False,
) -> TestOdds:
    """The exact odds of a to-hit, over every face of the d20: ``success`` is the
    chance to hit, ``critical_success`` of a critical (a natural 20 that hits, F3)."""
    request = to_hit_request(attacker, kind, ac, situational=situational, fatigued=fatigued)
    return odds(FANTASY_HACK_TO_HIT, request)


@dataclass(frozen=True, slots=True)
class ToHit:
    """A rolled to-hit.

    Attributes:
        attacker: who attacked.
        kind: how.
        terms: what was added to the d20, named.
        ac: the target's AC.
        check: the d20 check (its die, total, margin and explanation).
        explanation: one line, e.g. ``"Ottvar melee to-hit: d20 13 + 6 = 19 >= AC 13:
            success (+ 4 STR + 1 level + 1 class)"``.
    """

    attacker: Attacker
    kind: AttackKind
    terms: tuple[Term, ...]
    ac: int
    check: CheckResult
    explanation: str

    @property
    def hit(self) -> bool:
        """Whether it met or beat the AC."""
        return self.check.success

    @property
    def critical(self) -> bool:
        """A natural 20 that hits (F3)."""
        return self.check.critical is Critical.SUCCESS

    @property
    def face(self) -> int:
        """The d20's face."""
        return self.check.total - _sum(self.terms)


def roll_to_hit(
    attacker: Attacker,
    kind: AttackKind,
    ac: int,
    rng: random.Random,
    *,
    situational: int = 0,
    fatigued: bool = False,
) -> ToHit:
    """Roll a to-hit against ``ac`` (Part III "Combat"; RULINGS F3, F5, F6).

    Args:
        attacker: the attacker's numbers.
        kind: melee, light (DEX chosen), thrown, shot or magic.
        ac: the target's armour class.
        rng: the random source (RULINGS G1): one d20.
        situational: the GM's modifier for the situation.
        fatigued: the attacker is fatigued from a chase (-2, F5).
    """
    terms = to_hit_terms(attacker, kind, situational=situational, fatigued=fatigued)
    check = resolve(FANTASY_HACK_TO_HIT, AgainstDCRequest(_sum(terms), ac, label=f"AC {ac}"), rng)
    crit = "; a natural 20 that hits: critical (F3)" if check.critical is Critical.SUCCESS else ""
    text = f"{attacker.name} {kind.value} to-hit: {check.explanation} ({_words(terms)}){crit}"
    return ToHit(attacker, kind, terms, ac, check, text)


@dataclass(frozen=True, slots=True)
class Damage:
    """A rolled damage.

    Attributes:
        dice: the weapon's expression (``"1d8"``).
        rolls: each roll of the expression: one, or two on a critical (F3).
        terms: what was added to the dice, named (STR doubled on a critical).
        critical: whether it was a critical hit's damage.
        total: the damage dealt (at least 1: docs/rulings.md H321).
        explanation: one line, e.g. ``"1d8 [6] + 4 STR + 1 class = 11 damage"``.
    """

    dice: str
    rolls: tuple[Roll, ...]
    terms: tuple[Term, ...]
    critical: bool
    total: int
    explanation: str

    @property
    def faces(self) -> tuple[int, ...]:
        """Every die face rolled, in order (none is ever dropped here)."""
        return tuple(d.value for r in self.rolls for t in r.dice_terms() for d in t.dice)


def damage_terms(
    attacker: Attacker,
    kind: AttackKind,
    *,
    critical: bool = False,
    sneak_rank: int = 0,
    fatigued: bool = False,
) -> tuple[Term, ...]:
    """What damage adds to the dice, named (Part III "Combat": STR in melee and thrown,
    not bows or firearms; F3: a critical doubles the STR modifier; F4: the Fighter's
    damage bonus and the Rogue's sneak attack rank; F5: -2 when fatigued)."""
    terms: list[Term] = []
    if kind.adds_strength and attacker.strength:
        doubled = 2 * attacker.strength if critical else attacker.strength
        terms.append(Term("STR x 2 (critical)" if critical else "STR", doubled))
    if attacker.class_damage:
        terms.append(Term("class", attacker.class_damage))
    if sneak_rank:
        terms.append(Term("sneak attack", sneak_rank))
    if fatigued:
        terms.append(Term("fatigued", FATIGUE_PENALTY))
    return tuple(terms)


def roll_damage(
    dice: str,
    attacker: Attacker,
    kind: AttackKind,
    rng: random.Random,
    *,
    critical: bool = False,
    sneak_rank: int = 0,
    fatigued: bool = False,
) -> Damage:
    """Roll an attack's damage (Part III "Combat"; RULINGS F3, F4, F5).

    Args:
        dice: the weapon's dice (``"1d8"``; a creature's whole damage expression with
            its STR inside, whose constant a critical then doubles along with the dice).
        attacker: the attacker's numbers.
        kind: how the attack was made (decides whether STR adds).
        rng: the random source (RULINGS G1).
        critical: roll the dice twice and double STR (F3), not damage x 2.
        sneak_rank: the Rogue's Subterfuge rank on a sneak attack (F4), else 0.
        fatigued: the attacker is fatigued from a chase (-2, F5).

    Raises:
        DiceSyntaxError: ``dice`` is not a dice expression.
    """
    rolls = (roll(dice, rng), roll(dice, rng)) if critical else (roll(dice, rng),)
    terms = damage_terms(
        attacker, kind, critical=critical, sneak_rank=sneak_rank, fatigued=fatigued
    )
    raw = sum(r.total for r in rolls) + _sum(terms)
    total = max(raw, 1)
    shown = " + ".join(f"{r.expression} {render_detail(r.tree)}" for r in rolls)
    text = f"{shown} {_words(terms)}".rstrip() + f" = {total} damage"
    if critical:
        text = f"critical (F3), the dice twice: {text}"
    if total != raw:
        text += f" (a hit deals at least 1, not {raw}: H321)"
    return Damage(dice, rolls, terms, critical, total, text)


@dataclass(frozen=True, slots=True)
class Attack:
    """A to-hit and, on a hit, its damage (``None`` on a miss)."""

    to_hit: ToHit
    damage: Damage | None

    @property
    def explanation(self) -> str:
        """Both lines, or the miss."""
        if self.damage is None:
            return f"{self.to_hit.explanation}: a miss"
        return f"{self.to_hit.explanation}; {self.damage.explanation}"


def attack(
    attacker: Attacker,
    kind: AttackKind,
    ac: int,
    dice: str,
    rng: random.Random,
    *,
    situational: int = 0,
    sneak_rank: int = 0,
    fatigued: bool = False,
) -> Attack:
    """Roll a to-hit against ``ac`` and, on a hit, the damage (critical on a natural 20
    that hits, F3). The d20 is drawn first, then the damage dice."""
    hit = roll_to_hit(attacker, kind, ac, rng, situational=situational, fatigued=fatigued)
    if not hit.hit:
        return Attack(hit, None)
    damage = roll_damage(
        dice,
        attacker,
        kind,
        rng,
        critical=hit.critical,
        sneak_rank=sneak_rank,
        fatigued=fatigued,
    )
    return Attack(hit, damage)


@dataclass(frozen=True, slots=True)
class FreeRound:
    """Surprise as data (Part III "Combat": "the group that is surprising the other
    group gets a free round of attacks before determining initiative order at all").

    Attributes:
        attackers: who attacks in the free round (the aware side).
        surprised: who cannot act in it.
        sneak_attack: whether a Rogue's attack in it is a sneak attack (F4: surprise).
    """

    attackers: tuple[str, ...]
    surprised: tuple[str, ...]
    sneak_attack: bool = True

    @property
    def explanation(self) -> str:
        """One line naming both sides."""
        return (
            f"surprise: {', '.join(self.attackers)} attack first, a free round before "
            f"initiative; {', '.join(self.surprised)} cannot act in it"
        )


def free_round(aware: tuple[str, ...], unaware: tuple[str, ...]) -> FreeRound | None:
    """The free round a surprise gives (Part III "Combat"), or ``None`` when nobody is
    unaware (initiative is rolled at once). A sneak that decides it is an opposed
    check (DEX + Subterfuge against MND + Subterfuge, :mod:`.chase`'s ``hide`` has the
    same shape) that the caller rolls."""
    if not unaware or not aware:
        return None
    return FreeRound(aware, unaware)
