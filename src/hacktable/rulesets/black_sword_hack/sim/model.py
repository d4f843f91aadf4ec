"""The simulator's encounter: the PCs and opponents as the engine reads them, the bounds
on hostile input, and how one fight ends (black-sword-hack 2.1; RULINGS B1-B6).

A PC is a black-sword-hack :class:`~..character.Character` (so their tests are built as
the console builds them: :func:`..sources.character_test`, with their gifts,
backgrounds and conditions) and what they fight with, read from their gear as a fight
reads it: :func:`fighter_of`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ....errors import CommandError
from .. import armour, effects
from ..character import Character
from ..content.index import Content
from ..content.schemas import Opponent

__all__ = [
    "MAX_FOES",
    "MAX_PARTY",
    "MAX_RUNS",
    "MAX_TURNS",
    "Encounter",
    "FightOutcome",
    "Fighter",
    "FoeSpec",
    "Progress",
    "check_runs",
    "fighter_of",
]

MAX_TURNS = 50
"""A fight still going after this many turns is a draw (not a win)."""

MAX_RUNS = 1_000_000
"""The most fights one simulation plays."""

MAX_FOES = 500
"""The most opponents in one encounter (a bound on hostile input: memory and time)."""

MAX_PARTY = 50
"""The most PCs in one party (likewise)."""

Progress = Callable[[int], None]
"""Called with the number of fights just finished (an increment), for a progress bar."""


@dataclass(frozen=True)
class Fighter:
    """A PC as the simulator plays them.

    Attributes:
        character: the character (scores, level, HP, Doom die, gifts, conditions).
        damage: the damage die of their melee attack (``"1d6"``; unarmed ``"1d4"``;
            2.1.6, or a gift's).
        two_handed: a two-handed weapon: damage with advantage (2.1.9).
        armed: a weapon in hand (without one, or a shield, they cannot parry: 2.1.4).
        shield: they hold a shield: advantage on parries, broken by a critical failure
            on one (2.1.8; RULINGS B5).
        armour: the armour rating subtracted from each hit (RULINGS B5).
        critical: natural faces up to this are critical successes on their attacks (1,
            or a gift's wider range).
    """

    character: Character
    damage: str
    two_handed: bool
    armed: bool
    shield: bool
    armour: int
    critical: int = 1

    @property
    def holding(self) -> bool:
        """Whether they hold something, so they may parry (2.1.4)."""
        return self.armed or self.shield

    @property
    def name(self) -> str:
        """The character's name."""
        return self.character.name


def fighter_of(content: Content, character: Character) -> Fighter:
    """A character as the simulator plays them: the melee weapon in hand (else one
    carried, else bare hands), a shield held unless the weapon takes both hands, worn
    armour (RULINGS B4, B5; 2.1.6-2.1.9)."""
    weapons = [i for i in character.inventory if i.kind == "weapon" and "ranged" not in i.types]
    in_hand = [w for w in weapons if w.equipped] or weapons
    weapon = in_hand[0] if in_hand else None
    two_handed = weapon is not None and weapon.hands == 2
    shield = not two_handed and armour.held_shield(character) is not None
    use = "melee" if weapon is not None else "unarmed"
    return Fighter(
        character=character,
        damage=effects.damage_die(content, character, use),
        two_handed=two_handed,
        armed=weapon is not None,
        shield=shield,
        armour=armour.armour_rating(content, character),
        critical=effects.critical_range(content, character, "melee"),
    )


@dataclass(frozen=True)
class FoeSpec:
    """``count`` opponents of one kind, in morale group ``group`` (0, 1, ...; RULINGS
    B6)."""

    opponent: Opponent
    count: int
    group: int


@dataclass(frozen=True)
class Encounter:
    """A party against opponents, with the campaign settings the fight reads.

    Attributes:
        party: the PCs, in seating order (RULINGS B3).
        foes: the opponents, numbered in the order given (which breaks ties between
            equally hurt targets).
        content: the rules content their gifts, backgrounds and gear are read from.
        morale: the ``morale`` setting: a group's morale when its opponents give none
            (RULINGS B6).
        shield_missiles: the ``shield-missiles`` setting: a shield may parry missiles
            with STR (RULINGS B5).
    """

    party: tuple[Fighter, ...]
    foes: tuple[FoeSpec, ...]
    content: Content
    morale: int = 7
    shield_missiles: bool = False

    def check(self) -> None:
        """Raises CommandError: no PCs or no opponents, or too many of either."""
        if not self.party:
            raise CommandError("the party has nobody to fight", "simulate")
        if len(self.party) > MAX_PARTY:
            raise CommandError(f"at most {MAX_PARTY} PCs, not {len(self.party)}", "simulate")
        if not self.foes:
            raise CommandError("there are no opponents to fight", "simulate")
        total = sum(spec.count for spec in self.foes)
        if total > MAX_FOES:
            raise CommandError(f"at most {MAX_FOES} opponents, not {total}", "simulate")
        if any(spec.count < 1 for spec in self.foes):
            raise CommandError("a count must be 1 or more", "simulate")


def check_runs(runs: int) -> None:
    """Raises CommandError: ``runs`` is not 1 to :data:`MAX_RUNS`."""
    if not 1 <= runs <= MAX_RUNS:
        raise CommandError(f"--runs must be 1 to {MAX_RUNS:,}, not {runs:,}", "simulate")


@dataclass(frozen=True)
class FightOutcome:
    """How one fight ended.

    Attributes:
        won: the party won (no opponent stands who has not broken). A loss or a draw
            is not a win.
        turns: the turn in which it ended (at most :data:`MAX_TURNS`).
        helpless: PCs at 0 HP at the end (after a loss: all of them; 2.1.12).
        killed: PCs killed after a won fight (a 6 on the Helpless table, 2.1.13).
        doomed: PCs whose Doom die is exhausted at the end (RULINGS B2).
    """

    won: bool
    turns: int
    helpless: int
    killed: int
    doomed: int
