"""The state of a redhack fight, as immutable values (redhack: Combat; RULINGS R5-R15).

A :class:`Fight` holds the round and phase, the player characters taking part
(:class:`Fighter`: initiative, held actions, cleave dice, distances, what they did this
round and last) and the monster groups and foes (:class:`Group`, :class:`Foe`). It is one
entity of the campaign state (kind ``"fight"``, key ``"current"``); every command that
changes it is an event with its before and after, so a fight survives a restart in the
middle of a round and every step can be undone.

Round structure (redhack: Combat > Initiative & Surprise): each round every player
makes a DEX test; those who succeed act before the monsters, the others after them. A
player holding an action at the end of a round acts first in the next without a roll.
When combat begins unexpectedly, each player tests WIS: failures do not act in round
one; any natural 20 gives the whole party a free round first (RULINGS R13).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import ClassVar

from ...dice.usage import UsageDie
from ...errors import RuleError
from ...rules.roster import Roster
from .character import Item, fold
from .combat import Band
from .npcs import Aptitude

__all__ = [
    "FIGHTING",
    "PHASES",
    "Fight",
    "Fighter",
    "Foe",
    "FoeAttack",
    "Group",
    "Ongoing",
]

PHASES = ("setup", "free-round", "before", "monsters", "after")
"""Phases of a fight: set-up; the party's free round after a surprise (R13); then each
round: players who won initiative, the monsters, the other players."""

FIGHTING = ("fighting", "broken")
"""Foe statuses that still count as in the fight (broken foes fight defensively, R12)."""


@dataclass(frozen=True, slots=True)
class FoeAttack:
    """One of a foe's attacks: its name, damage dice, how many per round, and the
    special effect a hit has, as the bestiary's notes give it (``""``: none; a fight
    stored before effects were kept has none)."""

    name: str
    damage: str
    count: int = 1
    effect: str = ""


@dataclass(frozen=True, slots=True)
class Ongoing:
    """Ongoing damage on a target (RULINGS R10): a usage die rolled as damage on the
    turn of whoever caused it, stepping down until exhausted.

    Attributes:
        source: who caused it (a character's name, or a foe's key).
        die: the usage die.
        label: what it is, e.g. ``"burning oil"``.
    """

    source: str
    die: UsageDie
    label: str


@dataclass(frozen=True, slots=True)
class Foe:
    """One monster in a fight.

    Attributes:
        key: unique in the fight, e.g. ``"goblin-2"``.
        name: shown, e.g. ``"Goblin 2"``.
        monster: its bestiary id.
        group: its group's key.
        hd: Hit Dice (its defence difficulty for players, RULINGS R6).
        ac: monster AC (the players' attack difficulty).
        hp: current hit points.
        max_hp: hit points at the start.
        attacks: its attacks.
        morale: morale score 2-12, or ``None``.
        tags: bestiary tags (``undead``, ``leader``, ...).
        status: ``fighting``, ``broken``, ``out``, ``turned``, ``fled`` or
            ``surrendered``.
        conditions: ``stunned``, ``held``, ``blinded``, ``hindered`` (a Bard's trick:
            disadvantage on its next attack).
        ongoing: ongoing damage on it.
        attacks_made: attacks it made this round.
        holding: holding its action this round (docs/rulings.md H227).
        held_over: held to the end of last round: acts first this round, after any
            players still holding (redhack: Combat > Holding Actions & Reactions).
        aptitude: a significant NPC's Major/Minor values, given by the GM's ``npc``,
            used by its tests instead of HD + 10 (redhack: Core Rules > Monster Rolls;
            docs/rulings.md H252), or ``None``.
    """

    key: str
    name: str
    monster: str
    group: str
    hd: int
    ac: int
    hp: int
    max_hp: int
    attacks: tuple[FoeAttack, ...] = ()
    morale: int | None = None
    tags: tuple[str, ...] = ()
    status: str = "fighting"
    conditions: tuple[str, ...] = ()
    ongoing: tuple[Ongoing, ...] = ()
    attacks_made: int = 0
    holding: bool = False
    held_over: bool = False
    aptitude: Aptitude | None = None

    @property
    def fighting(self) -> bool:
        """Whether it still takes part (fighting or broken, R12)."""
        return self.status in FIGHTING

    @property
    def broken(self) -> bool:
        """Broken by morale: defends with HD + AC, attacks as 1 HD (RULINGS R12)."""
        return self.status == "broken"

    @property
    def defence(self) -> int:
        """The difficulty of hitting it: its AC, or HD + AC when broken (R12)."""
        return self.hd + self.ac if self.broken else self.ac

    @property
    def attack_hd(self) -> int:
        """The HD it attacks with: its own, or 1 when broken (R12)."""
        return 1 if self.broken else self.hd


@dataclass(frozen=True, slots=True)
class Group:
    """A group of monsters that checks morale together (RULINGS R12).

    Attributes:
        key: unique in the fight, e.g. ``"goblins"``.
        name: shown.
        monster: bestiary id of its members.
        size: how many it started with.
        morale_tested: whether its morale trigger has fired.
        important: whether it counts as an important foe for experience.
    """

    key: str
    name: str
    monster: str
    size: int
    morale_tested: bool = False
    important: bool = False


@dataclass(frozen=True, slots=True)
class Fighter:
    """A player character in a fight.

    Attributes:
        name: the character's name.
        initiative: ``"before"``, ``"after"``, ``"surprised"`` (skips round one) or
            ``""`` before it is rolled.
        acted: took their action this round.
        moves: moves made this round (one, or two giving up the action).
        holding: holding their action this round.
        held_over: held to the end of last round: acts first without a roll (R13).
        cleave_left: cleave dice left this round (a Warrior's level, R14).
        cleaved: foes given a cleave die this round.
        parried: attackers parried this round.
        defended: foes they defended against successfully this round.
        attacked: foes they attacked this round.
        attacked_last: foes they attacked last round.
        close_last: groups they were Close to last round.
        bands: distance to each group.
        close_since: the round they came Close to each group.
        ranged_shots: ranged attacks with ammunition this round (R9).
        hidden: hidden (when the fight began, or since hiding).
        hid_round: the round they spent an action hiding (0: never).
        attacked_by: foes that attacked them this round or last.
        invisible: invisible.
        ammo: ``(item index, die before the fight)`` of ammunition used (R9).
        offhand_ready: made a main attack without disadvantage this round, so may make
            an off-hand attack (dual weapons).
        thrown: weapons thrown in this fight, picked up when it ends.
        fired_first: fired a crossbow this round: once per round (redhack: Equipment >
            Weapons).
        moved_last: moved last round (a Dragging character's next move costs the
            action: docs/rulings.md H228).
        guarding: forwent their attack this round (Defensive Fighting: advantage on
            defence, docs/rulings.md H230).
        blocks: blocks made this round (Defensive Fighting allows two).
        twisting: the foe whose wound holds their knife (Twist the Knife, H231), or
            ``""``.
    """

    name: str
    initiative: str = ""
    acted: bool = False
    moves: int = 0
    holding: bool = False
    held_over: bool = False
    cleave_left: int = 0
    cleaved: tuple[str, ...] = ()
    parried: tuple[str, ...] = ()
    defended: tuple[str, ...] = ()
    attacked: tuple[str, ...] = ()
    attacked_last: tuple[str, ...] = ()
    close_last: tuple[str, ...] = ()
    bands: tuple[tuple[str, int], ...] = ()
    close_since: tuple[tuple[str, int], ...] = ()
    ranged_shots: int = 0
    hidden: bool = False
    hid_round: int = 0
    attacked_by: tuple[str, ...] = ()
    invisible: bool = False
    ammo: tuple[tuple[int, int], ...] = ()
    offhand_ready: bool = False
    thrown: tuple[Item, ...] = ()
    fired_first: bool = False
    moved_last: bool = False
    guarding: bool = False
    blocks: int = 0
    twisting: str = ""

    @property
    def key(self) -> str:
        """The character's key."""
        return fold(self.name)

    def band(self, group: str) -> Band:
        """Distance to ``group`` (Near if never set)."""
        for key, band in self.bands:
            if key == group:
                return Band(band)
        return Band.NEAR

    def with_band(self, group: str, band: Band, round_number: int) -> Fighter:
        """A copy at ``band`` from ``group``, noting when it came Close."""
        bands = (*tuple((k, b) for k, b in self.bands if k != group), (group, int(band)))
        since = tuple((k, r) for k, r in self.close_since if k != group)
        if band == Band.CLOSE:
            previous = dict(self.close_since).get(group)
            if previous is None or self.band(group) != Band.CLOSE:
                previous = round_number
            since += ((group, previous),)
        return replace(self, bands=bands, close_since=since)

    def close_groups(self) -> tuple[str, ...]:
        """Groups this fighter is Close to."""
        return tuple(k for k, b in self.bands if b == Band.CLOSE)

    def after_action(self) -> Fighter:
        """A copy that has taken its action this round (an action held is spent; R13)."""
        return replace(self, acted=True, holding=False)


@dataclass(frozen=True, slots=True)
class Fight(Roster[Fighter, Foe, Group]):
    """A fight in progress.

    Attributes:
        number: the campaign's fight number (1 for the first).
        name: what the GM called it.
        round: the round (0 before round one and during a free round).
        phase: one of :data:`PHASES`.
        unexpected: whether it began unexpectedly (surprise tests were made).
        free_round: whether the party won a free round by a natural 20 (R13).
        fighters: the player characters.
        groups: the monster groups.
        foes: the monsters.
        attacked_this_round: foes attacked by anyone this round (backstab).
        last_hit: ``(group, character)``: who last hit a member of each group.
        last_kill: ``(group, character)``: who last took one out.
        damaging_attacks: attacks by the players' side that did damage (a reaction test
            in combat has +2 difficulty for each, RULINGS R18).
        confined: it is fought in a confined space (a pike has disadvantage: redhack:
            Equipment > Weapons; docs/rulings.md H224).
    """

    FOE_WORD: ClassVar[str] = "foe"
    GROUP_WORD: ClassVar[str] = "monster group"

    number: int
    name: str = ""
    round: int = 0
    phase: str = "setup"
    unexpected: bool = False
    free_round: bool = False
    fighters: tuple[Fighter, ...] = ()
    groups: tuple[Group, ...] = ()
    foes: tuple[Foe, ...] = ()
    attacked_this_round: tuple[str, ...] = ()
    last_hit: tuple[tuple[str, str], ...] = ()
    last_kill: tuple[tuple[str, str], ...] = ()
    damaging_attacks: int = 0
    confined: bool = False

    def active_foes(self) -> tuple[Foe, ...]:
        """Foes still in the fight."""
        return tuple(f for f in self.foes if f.fighting)

    def noting(self, field: str, group: str, name: str) -> Fight:
        """A copy with ``(group, name)`` as the latest entry of ``last_hit`` or
        ``last_kill``."""
        pairs: Iterable[tuple[str, str]] = getattr(self, field)
        noted = (*((g, n) for g, n in pairs if g != group), (group, name))
        if field == "last_hit":
            return replace(self, last_hit=noted)
        return replace(self, last_kill=noted)

    def latest(self, field: str, group: str) -> str | None:
        """Who made the latest hit or kill on ``group``, or ``None``."""
        pairs: Iterable[tuple[str, str]] = getattr(self, field)
        return dict(pairs).get(group)

    def acting_phase(self, fighter: Fighter, first: bool = False) -> str:
        """The phase in which ``fighter`` acts this round; ``first``: an action that is
        always taken before the monsters (a crossbow shot, redhack: Equipment >
        Weapons; docs/rulings.md H221)."""
        if self.phase == "free-round":
            return "free-round"
        if fighter.held_over or first:
            return "before"
        return fighter.initiative

    def check_can_act(
        self,
        fighter: Fighter,
        character_hp: int,
        condition: str | None = None,
        first: bool = False,
    ) -> str | None:
        """Why ``fighter`` may not act now, or ``None`` if they may (R13); ``first``: the
        action is always taken before the monsters (:meth:`acting_phase`).

        Raises:
            RuleError: they cannot act at all (out of the fight, or a condition such as
                delirious or mortally wounded leaves them no concerted action).
        """
        if condition is not None:
            raise RuleError(f"{fighter.name} is {condition}: no concerted action")
        if character_hp <= 0:
            raise RuleError(f"{fighter.name} is out of the fight (0 HP)")
        if self.phase == "setup":
            return "the fight has not started: roll initiative with 'init' first"
        if fighter.acted:
            return f"{fighter.name} has already acted this round"
        if fighter.holding:
            return None  # a held action may come after anyone (R13)
        if fighter.initiative == "surprised":
            return f"{fighter.name} was surprised and does not act in round one"
        phase = self.acting_phase(fighter, first)
        if phase != self.phase:
            when = {"before": "before the monsters", "after": "after the monsters"}
            why = " (a crossbow fires before the monsters)" if first else ""
            return (
                f"{fighter.name} acts {when.get(phase, phase)} this round{why}, and it is "
                f"now the {self.phase} phase"
            )
        return None
