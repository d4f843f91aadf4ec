"""The simulator's encounter: the PCs and foes as both engines read them, the bounds on
hostile input, and how one fight ends (RULINGS R5, R6, R12; docs/simulate.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ....errors import CommandError
from ..bestiary import Monster

__all__ = [
    "MAX_FOES",
    "MAX_ROUNDS",
    "MAX_RUNS",
    "Combatant",
    "Encounter",
    "FightOutcome",
    "FoeInfo",
    "FoeSpec",
    "Progress",
    "Roster",
    "check_runs",
    "roster",
]

MAX_ROUNDS = 50
"""A fight still going after this many rounds is a draw (not a win)."""

MAX_RUNS = 1_000_000
"""The most fights one simulation plays."""

MAX_FOES = 500
"""The most foes in one encounter (a bound on hostile input: memory and time)."""

Progress = Callable[[int], None]
"""Called with the number of fights just finished (an increment), for a progress bar."""


@dataclass(frozen=True)
class Combatant:
    """A PC as the simulator plays them.

    Attributes:
        name: the character's name.
        score_str: STR, for melee attacks (RULINGS R6).
        score_dex: DEX, for initiative (RULINGS R13).
        score_cha: CHA, for the morale test of foes without a score (RULINGS R12).
        ac: player AC, the score of every defence (RULINGS R6, R7).
        hp: hit points at the start of the fight.
        damage: the melee weapon's damage dice, e.g. ``"1d8"``.
        cleave: cleave dice each round: a Warrior's level, else 0 (RULINGS R14).
    """

    name: str
    score_str: int
    score_dex: int
    score_cha: int
    ac: int
    hp: int
    damage: str
    cleave: int


@dataclass(frozen=True)
class FoeSpec:
    """``count`` foes of one kind, in morale group ``group`` (0, 1, ...; RULINGS R12)."""

    monster: Monster
    count: int
    group: int


@dataclass(frozen=True)
class Encounter:
    """A party against foes. Foes are numbered in the order given (``FoeSpec`` by
    ``FoeSpec``), which breaks ties between equally hurt targets."""

    party: tuple[Combatant, ...]
    foes: tuple[FoeSpec, ...]


@dataclass(frozen=True)
class FoeInfo:
    """One foe's numbers, as both engines read them.

    Attributes:
        name: the monster's name.
        group: its morale group, numbered 0, 1, ... in the order the groups appear.
        hd: Hit Dice: a defence's difficulty (RULINGS R6).
        ac: monster AC: an attack's difficulty; broken, HD + AC (RULINGS R12).
        hp_dice: its hit points to roll (RULINGS R5).
        attacks: ``(damage dice, times per round)`` for each attack (RULINGS R5).
    """

    name: str
    group: int
    hd: int
    ac: int
    hp_dice: str
    attacks: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Roster:
    """An encounter's foes one by one, and its morale groups.

    Attributes:
        foes: every foe, in order.
        morale: each group's morale score, the highest of its members', or ``None``
            when none has one (the CHA test then, RULINGS R12).
        sizes: each group's number of foes.
    """

    foes: tuple[FoeInfo, ...]
    morale: tuple[int | None, ...]
    sizes: tuple[int, ...]


def roster(encounter: Encounter) -> Roster:
    """Expand the encounter's foes one by one and number their groups 0, 1, ... in order.

    Raises:
        CommandError: no PCs, no foes, or more than :data:`MAX_FOES` foes.
    """
    if not encounter.party:
        raise CommandError("the party has nobody to fight", "simulate")
    if not encounter.foes:
        raise CommandError("there are no monsters to fight", "simulate")
    total = sum(spec.count for spec in encounter.foes)
    if total > MAX_FOES:
        raise CommandError(f"at most {MAX_FOES} foes, not {total}", "simulate")
    numbers: dict[int, int] = {}
    for spec in encounter.foes:
        numbers.setdefault(spec.group, len(numbers))
    foes: list[FoeInfo] = []
    scores: list[list[int]] = [[] for _ in numbers]
    for spec in encounter.foes:
        if spec.count < 1:
            raise CommandError(f"a count must be 1 or more, not {spec.count}", "simulate")
        monster = spec.monster
        group = numbers[spec.group]
        attacks = tuple((monster.damage(a), a.count) for a in monster.attacks) or (
            (monster.damage(), 1),
        )
        info = FoeInfo(monster.name, group, monster.hd, monster.ac, monster.hp_dice(), attacks)
        foes.extend([info] * spec.count)
        if monster.morale is not None:
            scores[group].append(monster.morale)
    sizes = [0] * len(numbers)
    for foe in foes:
        sizes[foe.group] += 1
    morale = tuple(max(s) if s else None for s in scores)
    return Roster(tuple(foes), morale, tuple(sizes))


def check_runs(runs: int) -> None:
    """Raises CommandError: ``runs`` is not 1 to :data:`MAX_RUNS`."""
    if not 1 <= runs <= MAX_RUNS:
        raise CommandError(f"--runs must be 1 to {MAX_RUNS:,}, not {runs:,}", "simulate")


@dataclass(frozen=True)
class FightOutcome:
    """How one fight ended.

    Attributes:
        won: the party won (no unbroken foe stands). A loss or a draw is not a win.
        rounds: the round in which it ended (at most :data:`MAX_ROUNDS`).
        out: PCs at 0 HP at the end (after a loss: all of them).
        dead: PCs dead after a won fight (a 6 on the injuries table, RULINGS R11).
        injured: PCs with a lasting injury after a won fight (2-5 on the table).
    """

    won: bool
    rounds: int
    out: int
    dead: int
    injured: int
