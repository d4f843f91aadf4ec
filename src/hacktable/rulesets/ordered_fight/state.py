"""The state of an ordered-initiative fight, as immutable values (fantasy-hack Part III
"Combat", RULINGS F1, F3; skill-die S3, S5).

A :class:`Fight` holds who takes part (the characters, by key, as :class:`Fighter`;
the foes, with their own stats and hit points, as :class:`Foe`), the
:class:`~hacktable.rules.initiative.Initiative` rolled for it (every die, kept for the
fight: F3), the round and whose turn it is, the side that surprised the other (its
free round before initiative: fantasy-hack "Combat"), and the log of what each did.
It is one entity of the campaign state (kind ``"fight"``, key ``"current"``): every
command that changes it is an event with its before and after, so a fight survives a
restart and every step can be undone. Characters' hit points stay on the characters
(:mod:`hacktable.rulesets.harm`); foes' are a :class:`~hacktable.rules.hit_points.Pool`
here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import ClassVar

from ...errors import RuleError
from ...play.character import fold
from ...play.codec import from_json
from ...play.state import CampaignState
from ...rules.hit_points import Pool
from ...rules.initiative import Initiative
from ...rules.roster import Roster

__all__ = [
    "FIGHT_KEY",
    "FOES",
    "PARTY",
    "SIDES",
    "Action",
    "Fight",
    "Fighter",
    "Foe",
    "Group",
    "advance",
    "fight_in",
]

FIGHT_KEY = ("fight", "current")
"""Where the fight in progress lives in the campaign state."""

PARTY = "party"
"""The characters' side."""
FOES = "foes"
"""The foes' side."""
SIDES = (PARTY, FOES)


@dataclass(frozen=True, slots=True)
class Fighter:
    """A character taking part (their HP and conditions stay on the character).

    Attributes:
        name: the character's name.
    """

    name: str

    @property
    def key(self) -> str:
        """The character's key."""
        return fold(self.name)


@dataclass(frozen=True, slots=True)
class Foe:
    """A monster or NPC in the fight, with the stats a fight needs (fantasy-hack
    bestiary: level, HP, AC, to-hit, damage, DEX; RULINGS S5: a defence DC).

    Attributes:
        key: unique in the fight, e.g. ``"goblin-2"``.
        name: shown, e.g. ``"Goblin 2"``.
        ref: its bestiary id (``""``: the GM's own stats).
        level: its level.
        pool: its hit points (RULINGS F1: NPCs die at 0; S3: -20).
        ac: its AC or defence DC, what an attack on it must meet or beat.
        to_hit: added to its d20 when it attacks.
        damage: its damage, a dice expression (``"1d6+1"``).
        dex: its DEX score (initiative modifier and tie key, F3).
        conditions: ``"dead"``, ``"unconscious"``, ``"dying"``, ``"stable"``.
        group: its group's key (``""``: none; foes are not grouped yet).
    """

    key: str
    name: str
    ref: str
    level: int
    pool: Pool
    ac: int
    to_hit: int
    damage: str
    dex: int
    conditions: tuple[str, ...] = ()
    group: str = ""

    @property
    def dead(self) -> bool:
        """Whether it is dead."""
        return "dead" in self.conditions

    @property
    def down(self) -> bool:
        """Whether it is down (unconscious or dying) but not dead."""
        return not self.dead and ("unconscious" in self.conditions or "dying" in self.conditions)


@dataclass(frozen=True, slots=True)
class Group:
    """A group of foes (kept for the shared roster; no rule of these rulesets groups
    foes yet).

    Attributes:
        key: unique in the fight.
        name: shown.
    """

    key: str
    name: str


@dataclass(frozen=True, slots=True)
class Action:
    """One line of the fight's log.

    Attributes:
        round: the round (0: the surprise round, before initiative).
        actor: who acted (a combatant's key).
        what: what they did, in words (``"attack Goblin 1: hit, 7 damage"``).
    """

    round: int
    actor: str
    what: str


@dataclass(frozen=True, slots=True)
class Fight(Roster[Fighter, Foe, Group]):
    """A fight in progress.

    Attributes:
        number: the campaign's fight number (1 for the first).
        round: 0 while it is set up (and the surprise round, if any), 1 from ``init``.
        surprise_by: the side that surprised the other (:data:`PARTY` or :data:`FOES`),
            ``""`` for none: its combatants attack in round 0, before initiative.
        initiative: the initiative rolled (every die, F3), ``None`` before ``init``.
        order: the combatants' keys in acting order, kept for the fight (F3).
        turn: the index in :attr:`order` of whose turn it is.
        fighters: the characters, in the order they joined.
        foes: the foes, in the order they joined.
        groups: unused (the shared roster's).
        acted: who has attacked in the surprise round.
        log: what each did.
    """

    FOE_WORD: ClassVar[str] = "foe"

    number: int
    round: int = 0
    surprise_by: str = ""
    initiative: Initiative | None = None
    order: tuple[str, ...] = ()
    turn: int = 0
    fighters: tuple[Fighter, ...] = ()
    foes: tuple[Foe, ...] = ()
    groups: tuple[Group, ...] = ()
    acted: tuple[str, ...] = ()
    log: tuple[Action, ...] = ()

    # -- who is who ----------------------------------------------------------------------
    @property
    def started(self) -> bool:
        """Whether initiative has been rolled."""
        return self.round > 0

    @property
    def surprise_round(self) -> bool:
        """Whether the surprised side is still waiting for the free round to end."""
        return bool(self.surprise_by) and not self.started

    @property
    def current(self) -> str | None:
        """The key of whose turn it is, or ``None`` before initiative."""
        if not self.started or not self.order:
            return None
        return self.order[self.turn]

    def side_of(self, key: str) -> str:
        """:data:`PARTY` or :data:`FOES` for a combatant's key.

        Raises:
            RuleError: nobody in the fight has that key.
        """
        if any(f.key == key for f in self.fighters):
            return PARTY
        if any(f.key == key for f in self.foes):
            return FOES
        raise RuleError(f"{key!r} is not in this fight")

    def name_of(self, key: str) -> str:
        """The shown name of the combatant keyed ``key``."""
        for fighter in self.fighters:
            if fighter.key == key:
                return fighter.name
        for foe in self.foes:
            if foe.key == key:
                return foe.name
        return key

    def combatant_keys(self) -> tuple[str, ...]:
        """Every combatant's key, characters first."""
        return (*(f.key for f in self.fighters), *(f.key for f in self.foes))

    def whose_turn(self) -> str:
        """Whose turn it is, in words."""
        current = self.current
        if current is None:
            if self.surprise_round:
                return f"the surprise round (the {self.surprise_by} attack, then 'init')"
            return "nobody's (roll initiative with 'init')"
        return f"{self.name_of(current)}'s"

    def logged(self, actor: str, what: str) -> Fight:
        """A copy with ``what`` ``actor`` did added to the log."""
        return replace(self, log=(*self.log, Action(self.round, actor, what)))


def advance(fight: Fight, alive: Callable[[str], bool]) -> Fight:
    """The fight at the next living combatant's turn: on down the order kept for the
    fight (F3), a new round when it wraps (fantasy-hack "Combat": "This entire cycle
    ... is called a combat round"); the dead are skipped (docs/rulings.md H373).

    Args:
        fight: a started fight.
        alive: whether the combatant keyed so is alive (down but alive still has a
            turn: a dying character bleeds at its end, F1).

    Raises:
        RuleError: the fight has not started, or nobody in it is alive.
    """
    if not fight.started or not fight.order:
        raise RuleError("initiative has not been rolled: 'init' first")
    turn, round_ = fight.turn, fight.round
    for _ in range(len(fight.order)):
        turn += 1
        if turn >= len(fight.order):
            turn, round_ = 0, round_ + 1
        if alive(fight.order[turn]):
            return replace(fight, turn=turn, round=round_)
    raise RuleError("nobody in the fight is alive: 'fight end'")


def fight_in(state: CampaignState) -> Fight | None:
    """The fight in progress in the campaign ``state``, or ``None``.

    Raises:
        DecodeError: the stored fight does not decode.
    """
    data = state.get(*FIGHT_KEY)
    return None if data is None else from_json(Fight, data)
