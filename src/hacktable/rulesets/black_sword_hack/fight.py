"""The state of a black-sword-hack fight, as immutable values (black-sword-hack 2.1;
RULINGS B2, B3, B6).

A :class:`Fight` holds the turn and whose go it is, the order of play (the players who
won initiative in seating order, then the opposition, then the rest: B3), each
character taking part (:class:`Fighter`: actions left and taken this turn, for the
two-action budget of 2.1.2 and the repeat rule of B2) and the opposition
(:class:`Foe` in :class:`Group`: level, fixed HP, armour, actions, leader, status, B6),
with ongoing damage (2.1.11) and the marks attack effects leave (2.1.10). It is one
entity of the campaign state (kind ``"fight"``, key ``"current"``): every command that
changes it is an event with its before and after, so a fight survives a restart and
every step can be undone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...dice.usage import UsageDie
from ...errors import AmbiguousNameError, UnknownNameError
from ...play.codec import from_json
from ...play.state import CampaignState
from .character import fold

__all__ = [
    "FIGHT_KEY",
    "FOE_STATUSES",
    "OPPOSITION",
    "Fight",
    "Fighter",
    "Foe",
    "FoeAction",
    "Group",
    "Mark",
    "Ongoing",
    "fight_in",
]

FIGHT_KEY = ("fight", "current")
"""Where the fight in progress lives in the campaign state."""

OPPOSITION = "*opposition*"
"""The opposition's place in the order of play (RULINGS B3: between the two groups)."""

FOE_STATUSES = ("fighting", "broken", "dead")
"""A foe fights, has broken and flees (morale, RULINGS B6), or is dead (0 HP, 2.1.12)."""


@dataclass(frozen=True, slots=True)
class Ongoing:
    """Ongoing damage on someone (black-sword-hack 2.1.11): a usage die rolled as
    damage at the start of each turn until it is depleted (RULINGS G3) or stopped.

    Attributes:
        die: the usage die.
        label: what it is (``"vicious wound"``, ``"burning oil"``).
        source: who or what caused it.
    """

    die: UsageDie
    label: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Mark:
    """What an attack effect left on a foe (black-sword-hack 2.1.10).

    Attributes:
        kind: ``entangled`` (further attacks on it this turn have advantage),
            ``pinned`` (it cannot move this turn), ``disarmed`` (it cannot attack
            until its next go has passed, docs/rulings.md H134) or ``broken`` (its
            weapon or a piece of its equipment is broken, for the fight).
        until: the last turn it lasts; 0 for the rest of the fight.
        by: the character whose attack left it.
    """

    kind: str
    until: int
    by: str = ""


@dataclass(frozen=True, slots=True)
class FoeAction:
    """One of a foe's actions (RULINGS B6): the attribute a player defends with and a
    fixed damage.

    Attributes:
        name: e.g. ``"spear"``.
        defend: ``("STR", "DEX")`` (parry or dodge) or ``("DEX",)`` (dodge only).
        damage: the damage a failed defence takes, before armour.
        ranged: a missile: only dodged, unless the campaign lets a shield parry it
            (2.1.4, 2.1.8; RULINGS B5).
        ongoing: the usage die of ongoing damage a hit leaves (``"ud4"``), or ``None``.
    """

    name: str
    defend: tuple[str, ...]
    damage: int
    ranged: bool = False
    ongoing: str | None = None

    def describe(self) -> str:
        """E.g. ``"spear (STR/DEX, 3)"``, ``"bow (DEX, 2, ranged)"``."""
        bits = ["/".join(self.defend), str(self.damage)]
        if self.ranged:
            bits.append("ranged")
        if self.ongoing:
            bits.append(f"ongoing {self.ongoing}")
        return f"{self.name} ({', '.join(bits)})"


@dataclass(frozen=True, slots=True)
class Foe:
    """A monster or NPC in the fight (RULINGS B6): it never rolls.

    Attributes:
        key: unique in the fight, e.g. ``"city-guard-2"``.
        name: shown, e.g. ``"City Guard 2"``.
        ref: its bestiary id (``""``: custom stats).
        group: its group's key.
        level: its level (the threat level, 2.1.5).
        hp: hit points now (0: dead, 2.1.12).
        max_hp: its fixed hit points.
        armour: its armour rating, subtracted from each hit (B5).
        actions: what it does on the opposition's go.
        leader: it leads its group (its fall tests the group's morale, B6).
        status: one of :data:`FOE_STATUSES`.
        marks: what attack effects left on it.
        ongoing: ongoing damage on it.
    """

    key: str
    name: str
    ref: str
    group: str
    level: int
    hp: int
    max_hp: int
    armour: int
    actions: tuple[FoeAction, ...]
    leader: bool = False
    status: str = "fighting"
    marks: tuple[Mark, ...] = ()
    ongoing: tuple[Ongoing, ...] = ()

    @property
    def fighting(self) -> bool:
        """Whether it still fights (not broken, not dead)."""
        return self.status == "fighting"

    @property
    def dead(self) -> bool:
        """Whether it is dead (0 HP, 2.1.12)."""
        return self.status == "dead"

    def marked(self, kind: str) -> Mark | None:
        """Its mark of ``kind``, or ``None``."""
        return next((m for m in self.marks if m.kind == kind), None)

    def with_mark(self, mark: Mark) -> Foe:
        """A copy with ``mark`` replacing any mark of its kind."""
        kept = tuple(m for m in self.marks if m.kind != mark.kind)
        return replace(self, marks=(*kept, mark))

    def action(self, name: str | None) -> FoeAction:
        """The action called ``name`` (the start of its name or of one of its words will
        do: ``coils`` for "crushing coils"), or its first.

        Raises:
            UnknownNameError: it has no such action, or several match.
        """
        if name is None:
            return self.actions[0]
        wanted = fold(name)
        found = [a for a in self.actions if fold(a.name) == wanted]
        found = found or [a for a in self.actions if fold(a.name).startswith(wanted)]
        found = found or [
            a for a in self.actions if any(w.startswith(wanted) for w in fold(a.name).split())
        ]
        if len({a.name for a in found}) == 1:
            return found[0]
        raise UnknownNameError(f"action of {self.name}", name, [a.name for a in self.actions])


@dataclass(frozen=True, slots=True)
class Group:
    """Foes that test morale together (RULINGS B6).

    Attributes:
        key: unique in the fight, e.g. ``"city-guards"``.
        name: shown.
        size: how many it has had.
        morale: its morale (``None``: the campaign's ``morale`` setting).
        tested: the morale tests it has made: ``"half"`` (lost half its number) and
            ``"leader"`` (its leader fell), each once (docs/rulings.md H139).
    """

    key: str
    name: str
    size: int
    morale: int | None = None
    tested: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Fighter:
    """A character taking part.

    Attributes:
        name: the character's name.
        initiative: ``"before"`` or ``"after"`` the opposition (B3); ``""`` until rolled.
        actions: actions left this turn (two; three or one on the first turn after a
            critical initiative, 2.1.1).
        taken: the actions taken this turn, in order (``"attack"``, ``"move"``,
            ``"cast"``, ``"act: search"``...): taking one twice rolls the Doom die (B2).
        extra_attack: flurry's extra attack is due: the next action, if an attack,
            costs nothing (2.1.10; docs/rulings.md H132).
        ongoing: ongoing damage on them.
    """

    name: str
    initiative: str = ""
    actions: int = 0
    taken: tuple[str, ...] = ()
    extra_attack: bool = False
    ongoing: tuple[Ongoing, ...] = ()

    @property
    def key(self) -> str:
        """The character's key."""
        return fold(self.name)


@dataclass(frozen=True, slots=True)
class Fight:
    """A fight in progress.

    Attributes:
        number: the campaign's fight number (1 for the first).
        name: what the GM called it.
        turn: the turn (0 while it is set up, before ``init``).
        order: who acts in turn: fighters' keys and :data:`OPPOSITION` (B3).
        go: the index in :attr:`order` of whose go it is.
        fighters: the characters, in the order they joined.
        groups: the opposition's groups.
        foes: the opposition.
    """

    number: int
    name: str = ""
    turn: int = 0
    order: tuple[str, ...] = ()
    go: int = 0
    fighters: tuple[Fighter, ...] = ()
    groups: tuple[Group, ...] = ()
    foes: tuple[Foe, ...] = ()

    # -- whose go ------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        """Whether initiative has been rolled (turn 1 or later)."""
        return self.turn > 0

    @property
    def current(self) -> str | None:
        """Whose go it is: a fighter's key, :data:`OPPOSITION`, or ``None`` before
        initiative."""
        if not self.started or not self.order:
            return None
        return self.order[self.go]

    @property
    def opposition_go(self) -> bool:
        """Whether it is the opposition's go (defences are rolled then, 2.1.4)."""
        return self.current == OPPOSITION

    def whose_go(self) -> str:
        """Whose go it is, in words."""
        current = self.current
        if current is None:
            return "nobody's (roll initiative with 'init')"
        if current == OPPOSITION:
            return "the opposition's"
        return f"{self.fighter(current).name}'s"

    # -- lookups -------------------------------------------------------------------------
    def fighter(self, name: str) -> Fighter:
        """The fighter called ``name`` (case-insensitive).

        Raises:
            UnknownNameError: not in this fight.
        """
        key = fold(name)
        for fighter in self.fighters:
            if fighter.key == key:
                return fighter
        raise UnknownNameError("character in this fight", name, [f.name for f in self.fighters])

    def has_fighter(self, name: str) -> bool:
        """Whether a character called ``name`` takes part."""
        return any(f.key == fold(name) for f in self.fighters)

    def foe(self, name: str) -> Foe:
        """The foe called ``name``: its key (``city-guard-2``), its name, or a unique
        prefix of its key.

        Raises:
            UnknownNameError: no foe matches; AmbiguousNameError (one) several do.
        """
        wanted = fold(name).replace(" ", "-")
        for foe in self.foes:
            if foe.key == wanted or fold(foe.name) == fold(name):
                return foe
        matches = [f for f in self.foes if f.key.startswith(wanted)]
        if len(matches) == 1:
            return matches[0]
        if matches and wanted:
            raise AmbiguousNameError("opponent", name, [f.key for f in matches])
        raise UnknownNameError("opponent in this fight", name, [f.key for f in self.foes])

    def has_foe(self, name: str) -> bool:
        """Whether ``name`` names exactly one foe."""
        try:
            self.foe(name)
        except UnknownNameError:
            return False
        return True

    def group(self, name: str) -> Group:
        """The group called ``name`` (key or name, case-insensitive).

        Raises:
            UnknownNameError: no such group.
        """
        wanted = fold(name)
        for group in self.groups:
            if group.key == wanted.replace(" ", "-") or fold(group.name) == wanted:
                return group
        raise UnknownNameError("group of opponents", name, [g.key for g in self.groups])

    def has_group(self, name: str) -> bool:
        """Whether ``name`` names a group."""
        try:
            self.group(name)
        except UnknownNameError:
            return False
        return True

    def members(self, group: str) -> tuple[Foe, ...]:
        """The foes of the group keyed ``group``."""
        return tuple(f for f in self.foes if f.group == group)

    def fighting_foes(self) -> tuple[Foe, ...]:
        """Foes still fighting."""
        return tuple(f for f in self.foes if f.fighting)

    # -- changes -------------------------------------------------------------------------
    def with_fighter(self, fighter: Fighter) -> Fight:
        """A copy with ``fighter`` replacing the fighter of the same name."""
        return replace(
            self, fighters=tuple(fighter if f.key == fighter.key else f for f in self.fighters)
        )

    def with_foe(self, foe: Foe) -> Fight:
        """A copy with ``foe`` replacing the foe with the same key."""
        return replace(self, foes=tuple(foe if f.key == foe.key else f for f in self.foes))

    def with_group(self, group: Group) -> Fight:
        """A copy with ``group`` replacing the group with the same key."""
        return replace(self, groups=tuple(group if g.key == group.key else g for g in self.groups))


def fight_in(state: CampaignState) -> Fight | None:
    """The fight in progress in the campaign ``state``, or ``None`` (for rules that
    differ in a fight: a rest, a spell's action).

    Raises:
        DecodeError: the stored fight does not decode.
    """
    data = state.get(*FIGHT_KEY)
    return None if data is None else from_json(Fight, data)
