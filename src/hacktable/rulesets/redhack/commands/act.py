"""One fight command in the making: the fight and the characters as the command changes
them, the lines it shows, and the single event it commits (redhack: Combat)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, TypedDict, TypeVar

from ....errors import CommandError, RuleError
from ....play.codec import from_json, to_json
from ....play.events import Change, Event
from ....play.outcome import Reply
from ....play.principal import Role
from ....rules.resolution import TestRequest, TestResult
from ....rules.tables import TableRoll
from ...base import TableOutcome, check_player_dice
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import OVERRIDING
from ..character import Character
from ..fight import Fight, Fighter
from ..party import MINUTES_PER_DAY, Needs, PartyState
from ..ruleset import Redhack
from ..view import CampaignView

T = TypeVar("T")

__all__ = [
    "FIGHT_KEY",
    "Act",
    "ActionFields",
    "Overridable",
    "OverrideRandom",
    "RollFields",
    "RollOverridable",
    "action_fields",
    "current_fight",
    "fighter_character",
    "read_flags",
    "read_overrides",
    "replace_fighter",
    "roll_fields",
]

FIGHT_KEY = ("fight", "current")
"""Where the fight in progress lives in the campaign state."""


def current_fight(session: CampaignView) -> Fight | None:
    """The fight in progress, or ``None``."""
    data = session.state.get(*FIGHT_KEY)
    return None if data is None else from_json(Fight, data)


class OverrideRandom(random.Random):
    """A random source that deals the GM's chosen faces of a ``sides``-sided die (a
    d20 for tests, a d6 for the injuries table) first, then draws from ``base`` (the GM
    may override any roll: the event records it). Other dice come from ``base``."""

    def __init__(self, base: random.Random, faces: list[int], sides: int = 20) -> None:
        super().__init__(0)
        self.base = base
        self.faces = list(faces)
        self.sides = sides

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        if self.faces and args and args[0] == self.sides and len(args) == 1 and not kwargs:
            return self.faces.pop(0) - 1
        return self.base.randrange(*args, **kwargs)


def read_overrides(args: Args, words: list[str], die: int = 20) -> tuple[list[str], dict[str, Any]]:
    """Split off the GM's overrides: ``override`` (act out of turn), ``roll N[,N]`` (the
    faces of the command's die: a d20, or the injuries table's d6 for ``die=6``),
    ``damage N`` (the damage total).

    Raises:
        CommandError: a malformed number, or a face the die does not have.
    """
    rest: list[str] = []
    found: dict[str, Any] = {}
    items = iter(words)
    for word in items:
        low = word.lower()
        if low == "override":
            found["override"] = True
        elif low == "roll":
            text = next(items, "")
            faces = [args.to_int(t, "roll", minimum=1) for t in text.split(",") if t]
            if not faces or any(f > die for f in faces):
                example = "'roll 14' or '3,17'" if die == 20 else f"'roll {die}' or '4,2'"
                raise args.error(f"roll takes d{die} faces from 1 to {die}, like {example}")
            found["faces"] = faces
        elif low == "damage":
            found["damage"] = args.to_int(next(items, ""), "damage", minimum=0)
        else:
            rest.append(word)
    return rest, found


@dataclass(frozen=True, slots=True, kw_only=True)
class RollOverridable(Intent):
    """An intent whose turn order and die the GM may override (``override``, ``roll
    N[,N]``: see :func:`.act.read_overrides`; the event records them).

    Attributes:
        override: the GM allows what a rule refuses (acting out of turn, ...).
        roll: the faces the command's die shows first (a d20; the injuries table's d6
            for ``injury`` and ``bandage``), ``()`` to roll.
    """

    override: bool = False
    roll: tuple[int, ...] = ()

    def acting(self, *characters: str, what: str = "") -> Access:
        """Who may ask for this action by ``characters``: the GM, or the player of
        every one of them; with ``override``, the GM alone (docs/rulings.md H106). A
        face entered with ``roll N`` is the player's own die (RULINGS G5: allowed)."""
        if self.override:
            return Access.gm(OVERRIDING, "override the rules")
        return Access.play(*characters, what=what)

    def overrides(self) -> dict[str, Any]:
        """The overrides as :class:`.act.Act` takes them (``override``, ``faces``)."""
        found: dict[str, Any] = {}
        if self.override:
            found["override"] = True
        if self.roll:
            found["faces"] = list(self.roll)
        return found


@dataclass(frozen=True, slots=True, kw_only=True)
class Overridable(RollOverridable):
    """An action the GM may override, the damage too (``damage N``).

    Attributes:
        damage: the damage total the GM fixes, ``None`` to roll it.
    """

    damage: int | None = None

    def overrides(self) -> dict[str, Any]:
        """The overrides as :class:`.act.Act` takes them (``override``, ``faces``,
        ``damage``)."""
        found = RollOverridable.overrides(self)
        if self.damage is not None:
            found["damage"] = self.damage
        return found


class RollFields(TypedDict):
    """The fields of :class:`RollOverridable`, read."""

    override: bool
    roll: tuple[int, ...]


class ActionFields(RollFields):
    """The fields of :class:`Overridable`, read."""

    damage: int | None


def roll_fields(found: dict[str, Any]) -> RollFields:
    """The fields of :class:`RollOverridable` from what :func:`.act.read_overrides`
    found."""
    return RollFields(override=bool(found.get("override")), roll=tuple(found.get("faces", ())))


def action_fields(found: dict[str, Any]) -> ActionFields:
    """The fields of :class:`Overridable` from what :func:`.act.read_overrides`
    found."""
    return ActionFields(
        override=bool(found.get("override")),
        roll=tuple(found.get("faces", ())),
        damage=found.get("damage"),
    )


class Act:
    """Stages a fight command's changes; :meth:`commit` stores them as one event.

    Attributes:
        session: the play session.
        ruleset: redhack.
        fight: the fight as changed so far (``None`` if there is none).
        rng: the action's random source (with the GM's overridden faces, if any).
        die: the sides of the die whose faces the GM may override (20; 6 for the
            injuries table).
        reply: what the command shows.
        log: the parts of the event's one-line summary.
        detail: the event's detail.
        extra_changes: other entities the command changes (counters, the GM's points).
    """

    def __init__(
        self, ctx: Context, overrides: dict[str, Any] | None = None, die: int = 20
    ) -> None:
        self.ctx = ctx
        self.session = ctx.session
        ruleset = self.session.ruleset
        if not isinstance(ruleset, Redhack):  # pragma: no cover - only redhack loads us
            raise CommandError("this command is for redhack campaigns")
        self.ruleset: Redhack = ruleset
        self.fight_before = current_fight(self.session)
        self.fight = self.fight_before
        self.overrides = overrides or {}
        base = self.session.rng()
        faces = self.overrides.get("faces")
        if faces:  # the player's own d20 (RULINGS G5), as the campaign allows
            check_player_dice(ctx.principal, self.session.setting)
        self.die = die
        self.rng: random.Random = OverrideRandom(base, faces, die) if faces else base
        self.gm_rng: random.Random = (
            self.session.rng(gm=True) if self.session.dice_entered() else self.rng
        )
        """The GM's dice (a group's morale): the command's own source, or, when a player
        entered theirs, a seeded one beside it (RULINGS G5; docs/rulings.md H248)."""
        self._before: dict[str, Character] = {}
        self._now: dict[str, Character] = {}
        self.reply = Reply()
        self.log: list[str] = []
        self.detail: dict[str, Any] = {}
        self.extra_changes: list[Change] = []
        self._entities: dict[tuple[str, str], Any] = {}
        if self.overrides:
            self.detail["override"] = dict(self.overrides.items())

    # -- the fight -----------------------------------------------------------------------
    def need_fight(self) -> Fight:
        """The fight in progress.

        Raises:
            RuleError: there is none.
        """
        if self.fight is None:
            raise RuleError("there is no fight going on: start one with 'fight start'")
        return self.fight

    def no_fight(self, what: str) -> None:
        """Refuse ``what`` while a fight goes on.

        Raises:
            RuleError: there is a fight.
        """
        if self.fight is not None:
            raise RuleError(f"there is a fight going on: no {what} until 'fight end'")

    # -- characters ----------------------------------------------------------------------
    def character(self, name: str) -> Character:
        """A character as this command has left them so far."""
        found: Character = self.session.character(name)
        return self._now.get(found.key, found)

    def update(self, character: Character) -> None:
        """Stage a change to a character."""
        if character.key not in self._before:
            self._before[character.key] = self.session.character(character.name)
        self._now[character.key] = character

    # -- other entities ------------------------------------------------------------------
    def entity(self, kind: str, key: str, type_: type[T], default: T) -> T:
        """An entity as this command has left it so far (``default`` if there is
        none)."""
        if (kind, key) in self._entities:
            staged: T = self._entities[(kind, key)]
            return staged
        data = self.session.state.get(kind, key)
        return default if data is None else from_json(type_, data)

    def set_entity(self, kind: str, key: str, value: Any) -> None:
        """Stage a new value for an entity."""
        self._entities[(kind, key)] = value

    def party(self) -> PartyState:
        """The party's place and time."""
        return self.entity("party", "state", PartyState, PartyState())

    def set_party(self, state: PartyState) -> None:
        """Stage the party's new place and time."""
        self.set_entity("party", "state", state)

    def needs(self, character: Character) -> Needs:
        """A character's food, water and sleep."""
        return self.entity("needs", character.key, Needs, Needs())

    def set_needs(self, character: Character, needs: Needs) -> None:
        """Stage a character's needs."""
        self.set_entity("needs", character.key, needs)

    # -- output --------------------------------------------------------------------------
    def say(self, text: str, style: str = "", log: bool = True) -> None:
        """Show a line, and (unless ``log`` is false) put it in the event's summary."""
        self.reply.add(text, style)
        if log:
            self.log.append(text.strip())

    def resolve(self, request: TestRequest) -> TestResult:
        """Roll ``request`` with the command's random source and record the check,
        with its exact odds, in the outcome."""
        result = self.ruleset.resolve_test(request, self.rng)
        self.reply.check(request, self.ruleset.test_odds(request), result)
        return result

    def read_table(self, read: TableOutcome | TableRoll) -> None:
        """Record a table entry the command read (a ruleset table's outcome or a
        location's roll) in the outcome."""
        if isinstance(read, TableOutcome):
            self.reply.table(
                read.table_id,
                read.table_name,
                read.value,
                read.result,
                read.effect,
                read.explanation,
            )
        else:
            self.reply.table(
                read.table.id,
                read.table.name,
                read.value,
                read.entry.result,
                read.entry.effect,
                read.explain(),
            )

    def show_test(self, title: str, request: TestRequest, result: TestResult) -> None:
        """Show a test: what, the odds, the dice, the outcome."""
        from ....rules.render import describe_request
        from ..core_rules import above_19

        odds = self.ruleset.test_odds(request)
        self.reply.add(f"{title}: {describe_request(request)}", "title")
        capped = above_19(request)
        if capped is not None:
            self.reply.add(f"  {capped}", "note")
        self.reply.add(f"  odds: {odds.describe()}", "odds")
        faces = self.overrides.get("faces")
        if faces:
            self.say(f"  {self.entered_line(20, faces)}", "warning")
        self.reply.add(f"  {result.explanation}", "dice")
        style = "success" if result.success else "failure"
        if result.critical.value != "none":
            style = "critical"
        self.reply.add(f"  => {result.outcome}", style)
        self.log.append(f"{title}: {result.explanation} => {result.outcome}")

    def entered_line(self, die: int, faces: list[int]) -> str:
        """The line for the faces entered with ``roll N``: the GM's override, or the
        player's own dice rolled at the table (RULINGS G5)."""
        shown = ", ".join(map(str, faces))
        principal = self.ctx.principal
        if principal.role is Role.GM:
            return f"GM override: the d{die} shows {shown}"
        return f"dice entered by {principal.name}: the d{die} shows {shown} (RULINGS G5)"

    def need_override(self, reason: str | None) -> None:
        """Refuse ``reason`` unless the GM overrode it (then note the override).

        Raises:
            RuleError: a reason and no override.
        """
        if reason is None:
            return
        if not self.overrides.get("override"):
            raise RuleError(f"{reason} (add 'override' to allow it)")
        self.say(f"GM override: {reason}", "warning")

    # -- committing ----------------------------------------------------------------------
    def watch_the_dying(self) -> None:
        """Start the clock of anyone who has reached step 7 of the fatigue table, stop it
        for anyone who has left it, and let anyone dying for 24 hours without aid die
        (redhack: Wilderness Survival > Fatigue Table, "will die within 24 hours without
        aid"; RULINGS R23; docs/rulings.md H26). Called by :meth:`commit`, so any command
        that passes time keeps the clock.

        Only the characters this command changed can start or stop dying; everyone
        dying is looked at only when the command touched the party's time (a fight
        command never does), which keeps the check off the fight's hot path."""
        for key, staged in list(self._now.items()):
            if self._before[key].has_condition("dying") and not staged.has_condition("dying"):
                needs = self.needs(staged)
                if needs.dying_since >= 0:
                    self.set_needs(staged, replace(needs, dying_since=-1))
        names = {c.name for c in self._now.values() if c.has_condition("dying")}
        if ("party", "state") in self._entities:
            names |= {
                str(data["name"])
                for data in self.session.state.values("character")
                if isinstance(data, dict) and "dying" in (data.get("conditions") or ())
            }
        if not names:
            return
        now = self.party().minutes
        dying = [self.character(name) for name in sorted(names)]
        for character in dying:
            if character.dead or not character.has_condition("dying"):
                continue
            needs = self.needs(character)
            if needs.dying_since < 0:
                self.set_needs(character, replace(needs, dying_since=now))
                deadline = self.party().later(MINUTES_PER_DAY).clock
                self.say(
                    f"{character.name} is dying: without aid ('injury {character.name}') "
                    f"they die at {deadline} (RULINGS R23)",
                    "critical",
                )
            elif now - needs.dying_since >= MINUTES_PER_DAY:
                self.update(replace(character, conditions=(*character.conditions, "dead")))
                self.set_needs(character, replace(needs, dying_since=-1))
                self.say(f"{character.name} dies: a day without aid (RULINGS R23)", "critical")

    def watch_the_week(self) -> None:
        """Rations' weekly spoilage roll whenever this command's time ends a campaign
        week (redhack: Equipment > Miscellany; docs/rulings.md H251). Called by
        :meth:`commit`, so any command that passes days keeps it."""
        if ("party", "state") not in self._entities:
            return
        from ..spoilage import weeks_ended
        from .supplies import weekly_spoilage

        data = self.session.state.get("party", "state")
        before = PartyState() if data is None else from_json(PartyState, data)
        weeks = weeks_ended(before.day, self.party().day)
        if weeks:
            weekly_spoilage(self, weeks)

    def commit(self, action: str, actor: str = "GM") -> Reply:
        """Store everything staged as one event and return the reply."""
        self.watch_the_week()
        self.watch_the_dying()
        changes: list[Change] = []
        before = self.fight_before
        after = self.fight
        if before != after:
            changes.append(
                Change(
                    *FIGHT_KEY,
                    self.session.state.get(*FIGHT_KEY) if before is not None else None,
                    None if after is None else to_json(after),
                )
            )
        for key, character in self._now.items():
            changes.append(self.session.character_change(self._before[key], character))
        changes.extend(self.extra_changes)
        for (kind, key), value in self._entities.items():
            changes.append(
                Change(
                    kind,
                    key,
                    self.session.state.get(kind, key),
                    None if value is None else to_json(value),
                )
            )
        summary = "; ".join(self.log)
        self.session.commit(
            Event(
                action,
                actor=actor,
                summary=summary,
                detail=self.detail,
                changes=tuple(changes),
                command=self.ctx.line,
            )
        )
        return self.reply


def fighter_character(act: Act, name: str) -> tuple[Fighter, Character]:
    """The fighter and character called ``name``.

    Raises:
        RuleError: no fight; UnknownNameError: not in it.
    """
    fight = act.need_fight()
    fighter = fight.fighter(act.session.character(name).name)
    return fighter, act.character(fighter.name)


def replace_fighter(act: Act, fighter: Fighter) -> None:
    """Stage a change to a fighter."""
    act.fight = act.need_fight().with_fighter(fighter)


def read_flags(
    args: Args, allowed: tuple[str, ...], switches: tuple[str, ...] = ()
) -> dict[str, str]:
    """Read ``--option VALUE`` and ``--switch`` words; other words are joined under
    ``""`` for the caller to refuse or use.

    Raises:
        CommandError: an unknown ``--option``, or one missing its value.
    """
    found: dict[str, str] = {}
    positional: list[str] = []
    while not args.empty:
        word = args.word("an option")
        low = word.lower()
        if low in switches:
            found[low] = "yes"
        elif low in allowed:
            found[low] = args.word(f"the value of {low}")
        elif low.startswith("--"):
            raise args.error(f"unexpected {word!r}")
        else:
            positional.append(word)
    if positional:
        found[""] = " ".join(positional)
    return found
