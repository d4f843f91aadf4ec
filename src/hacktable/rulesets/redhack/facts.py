"""What happened in a fight, as data (redhack: Combat; RULINGS R9-R14).

The fight's rules (:mod:`.damage`, :mod:`.morale`, :mod:`.rounds`, :mod:`.attacks`)
return the new values they made and, in order, the facts a table is told: a foe took
damage, a group broke, a round began. They carry numbers and names, not sentences:
how a fact reads is the front end's (the console's words are in
``commands/narrate.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from ...dice.usage import UsageDie, UsageRoll
from ...rules.resolution import TestRequest, TestResult
from .combat import DamageRoll
from .fight import Fight

__all__ = [
    "AmmunitionUsed",
    "CharacterDown",
    "CharacterHurt",
    "Fact",
    "FightStep",
    "FoeHurt",
    "FoeOut",
    "FreeRound",
    "GroupBreaks",
    "Hit",
    "HoldsOver",
    "InitiativeRolled",
    "MoraleTested",
    "MoraleUntestable",
    "MoraleWhy",
    "NoEffect",
    "NoInitiative",
    "OngoingRolled",
    "OngoingSet",
    "PartyDown",
    "RoundBegins",
    "Surprised",
    "ThrownDown",
    "TurnOrder",
    "UsedUp",
]


# -- damage (redhack: Combat > Damage & Injuries; RULINGS R11) ------------------------------


@dataclass(frozen=True, slots=True)
class CharacterHurt:
    """A character lost ``amount`` HP to ``source`` (never below 0)."""

    name: str
    amount: int
    source: str
    hp_before: int
    hp_after: int


@dataclass(frozen=True, slots=True)
class CharacterDown:
    """A character fell to 0 HP: out of the fight until bandaged or healed, when they
    roll on the injuries table (``in_fight``: a fight is going on; RULINGS R11)."""

    name: str
    in_fight: bool


@dataclass(frozen=True, slots=True)
class PartyDown:
    """Nobody in the fight can still act: the fight is lost unless help comes."""


@dataclass(frozen=True, slots=True)
class FoeHurt:
    """A foe lost ``amount`` HP (never below 0)."""

    name: str
    amount: int
    hp_before: int
    hp_after: int


@dataclass(frozen=True, slots=True)
class FoeOut:
    """A foe at 0 HP is out of the fight."""

    name: str


# -- morale (redhack: Combat > Morale; RULINGS R12) ---------------------------------------


@dataclass(frozen=True, slots=True)
class MoraleWhy:
    """Why a group tests morale: ``lone`` names a lone foe at ``hp`` of ``max_hp``;
    otherwise ``out`` of the group's ``size`` are out."""

    group: str
    lone: str | None
    hp: int
    max_hp: int
    out: int
    size: int


@dataclass(frozen=True, slots=True)
class MoraleTested:
    """A group tested morale; ``explanation`` is the roll or the CHA test in words;
    ``test`` the CHA test as asked and rolled, when it was one."""

    why: MoraleWhy
    explanation: str
    broken: bool
    test: tuple[TestRequest, TestResult] | None = None


@dataclass(frozen=True, slots=True)
class MoraleUntestable:
    """A group's morale was due but could not be tested (``reason``: nobody to make
    the CHA test)."""

    why: MoraleWhy
    reason: str


@dataclass(frozen=True, slots=True)
class GroupBreaks:
    """A group broke: they try to parley, surrender or flee; forced to fight, they
    defend with HD + AC and attack as 1 HD."""

    group: str


# -- ongoing damage (RULINGS R10) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OngoingSet:
    """A foe suffers ongoing damage: ``die`` rolled on the turn of whoever caused it."""

    foe: str
    label: str
    die: UsageDie


@dataclass(frozen=True, slots=True)
class OngoingRolled:
    """Ongoing damage rolled on a foe (``source``: who caused it; ``None`` when it is
    rolled as it is set)."""

    foe: str
    label: str
    source: str | None
    roll: UsageRoll


# -- rounds (redhack: Combat > Initiative & Surprise; RULINGS R13) ------------------------


@dataclass(frozen=True, slots=True)
class FreeRound:
    """The party surprised the foes (a natural 20): every player acts, the monsters do
    not."""


@dataclass(frozen=True, slots=True)
class RoundBegins:
    """Round ``number`` begins."""

    number: int


@dataclass(frozen=True, slots=True)
class NoInitiative:
    """One who cannot act makes no initiative test; ``why`` is their state."""

    name: str
    why: str


@dataclass(frozen=True, slots=True)
class Surprised:
    """One surprised in an unexpected fight does not act in round one."""

    name: str


@dataclass(frozen=True, slots=True)
class InitiativeRolled:
    """A DEX test for initiative: ``side`` is ``"before"`` or ``"after"`` the
    monsters; ``test`` the test as asked and rolled."""

    name: str
    explanation: str
    side: str
    test: tuple[TestRequest, TestResult] | None = None


@dataclass(frozen=True, slots=True)
class TurnOrder:
    """Who acts before the monsters (``held``: those of them acting on an action held
    over), the monsters still in the fight (``held_monsters``: those acting first on a
    held action, after the held players: docs/rulings.md H227), and who acts after."""

    before: tuple[str, ...]
    held: tuple[str, ...]
    monsters: tuple[str, ...]
    after: tuple[str, ...]
    held_monsters: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HoldsOver:
    """One still holding at the end of a round acts first in the next."""

    name: str


# -- attacks (redhack: Combat > Attacking & Defending; RULINGS R6, R9; H19) --------------


@dataclass(frozen=True, slots=True)
class NoEffect:
    """A weapon that harms only some creatures (``only_against``) did nothing."""

    weapon: str
    foe: str
    only_against: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Hit:
    """An attack hit: ``damage`` as rolled, ``total`` as dealt (the GM may fix it)."""

    attacker: str
    target: str
    damage: DamageRoll
    total: int


@dataclass(frozen=True, slots=True)
class AmmunitionUsed:
    """A ranged attack rolled its ammunition's usage die (R9)."""

    character: str
    item: str
    roll: UsageRoll


@dataclass(frozen=True, slots=True)
class UsedUp:
    """Thrown gear (a flask of oil, holy water) is used up."""

    character: str
    item: str


@dataclass(frozen=True, slots=True)
class ThrownDown:
    """A thrown weapon lies where it fell until the fight ends (H19)."""

    character: str
    item: str


Fact: TypeAlias = (
    CharacterHurt
    | CharacterDown
    | PartyDown
    | FoeHurt
    | FoeOut
    | MoraleTested
    | MoraleUntestable
    | GroupBreaks
    | OngoingSet
    | OngoingRolled
    | FreeRound
    | RoundBegins
    | NoInitiative
    | Surprised
    | InitiativeRolled
    | TurnOrder
    | HoldsOver
    | NoEffect
    | Hit
    | AmmunitionUsed
    | UsedUp
    | ThrownDown
)
"""Anything the fight's rules report."""


@dataclass(frozen=True, slots=True)
class FightStep:
    """A fight after a rule, and what happened, in order."""

    fight: Fight
    facts: tuple[Fact, ...] = ()
