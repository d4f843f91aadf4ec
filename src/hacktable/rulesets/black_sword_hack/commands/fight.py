"""Setting up and ending a fight: ``fight start|add|status|end`` (black-sword-hack 2.1;
RULINGS B3, B6, B8). Initiative and the turn are :mod:`.turn`'s; the status lines
:mod:`.fight_status`'s."""

from __future__ import annotations

from dataclasses import dataclass, replace

import msgspec

from ....errors import CommandError, RuleError, UnknownNameError
from ....play.events import Change
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import FIGHTS, MONSTERS
from ..character import fold
from ..content.schemas import Opponent
from ..fight import Fight, Fighter, Group
from ..helpless import roll_helpless
from ..opponents import (
    campaign_opponents,
    custom_opponent,
    describe_opponent,
    find_opponent,
    make_foes,
    opponent_id,
    parse_action,
    plural_name,
)
from .fight_status import status_reply
from .registry import COMMANDS
from .staging import Stage

__all__ = [
    "FightAddIntent",
    "FightEndIntent",
    "FightIntent",
    "FightStartIntent",
    "FightStatusIntent",
    "read_add",
    "roll_the_helpless",
]

MAX_COUNT = 20
"""At most this many foes join in one ``fight add``."""


@dataclass(frozen=True, slots=True)
class FightIntent(Intent):
    """A ``fight`` sub-command: the base of its start, add, status and end."""

    def access(self) -> Access:
        """The GM's: running the fight."""
        return Access.gm(FIGHTS, "fight")


@dataclass(frozen=True, slots=True)
class FightStartIntent(FightIntent):
    """A fight begins: the characters named, or every living one, take part
    (black-sword-hack 2.1).

    Attributes:
        names: the characters, as given (``()``: every character neither dead nor
            Helpless, docs/rulings.md H146).
        title: what the GM calls it (``called TITLE``), ``""`` for nothing.
    """

    names: tuple[str, ...] = ()
    title: str = ""


@dataclass(frozen=True, slots=True)
class FightAddIntent(FightIntent):
    """Opponents join the fight: from the campaign's or the packaged bestiary, or with
    the GM's own stats (RULINGS B6).

    Attributes:
        opponent: the bestiary's opponent, or a custom one's name, as given.
        count: how many (``xN``), 1 to 20.
        label: what they are called (``as NAME``), ``None`` for the opponent's name.
        group: the group they join or form (``group G``), ``None`` for a new one.
        leader: the one added leads its group (``leader``: its fall tests morale).
        level, hp, armour, morale: stats that replace the bestiary's (a custom
            opponent needs level, hp and an action).
        actions: actions written ``NAME:DEFEND:DAMAGE[:ranged][:udN]``.
    """

    opponent: str = ""
    count: int = 1
    label: str | None = None
    group: str | None = None
    leader: bool = False
    level: int | None = None
    hp: int | None = None
    armour: int | None = None
    morale: int | None = None
    actions: tuple[str, ...] = ()

    def access(self) -> Access:
        """The GM's: adding opponents."""
        return Access.gm(MONSTERS, "fight add")


@dataclass(frozen=True, slots=True)
class FightStatusIntent(FightIntent):
    """Where the fight stands (nothing is logged)."""

    def access(self) -> Access:
        """Anyone may read it."""
        return Access.read()


@dataclass(frozen=True, slots=True)
class FightEndIntent(FightIntent):
    """The fight is over: every Helpless character rolls on the Helpless table
    (2.1.12, 2.1.13; RULINGS B8)."""


def _read_fight(args: Args) -> FightIntent:
    action = (args.optional() or "status").lower()
    if action == "start":
        return _read_start(args)
    if action == "add":
        return read_add(args)
    if action == "status":
        args.done()
        return FightStatusIntent()
    if action == "end":
        args.done()
        return FightEndIntent()
    raise args.error(f"unknown subcommand {action!r}")


def _read_start(args: Args) -> FightStartIntent:
    names: list[str] = []
    title = ""
    while not args.empty:
        word = args.word("NAME")
        if word.lower() == "called":
            title = " ".join(args.rest())
            if not title:
                raise args.error("called needs a title")
        else:
            names.append(word)
    return FightStartIntent(tuple(names), title)


def read_add(args: Args) -> FightAddIntent:
    """Read ``OPPONENT [xN] [as NAME] [group G] [leader] [level L] [hp H] [armour A]
    [morale M] [action NAME:DEFEND:DAMAGE[:ranged][:udN]]...``.

    Raises:
        CommandError: a malformed word.
    """
    opponent = args.word("OPPONENT")
    found: dict[str, object] = {}
    actions: list[str] = []
    numbers = {"level": 1, "hp": 1, "armour": 0, "morale": 2}
    while not args.empty:
        word = args.word("an option")
        low = word.lower()
        if low.startswith("x") and low[1:].isdigit():
            count = args.to_int(low[1:], "xN", minimum=1)
            if count > MAX_COUNT:
                raise args.error(f"at most {MAX_COUNT} opponents at a time")
            found["count"] = count
        elif low in ("as", "group"):
            text = " ".join(args.word(f"the {low} name").split())
            if not any(ch.isalnum() for ch in text):
                raise args.error(f"{low} needs a name with letters or digits")
            found["label" if low == "as" else "group"] = text
        elif low == "leader":
            found["leader"] = True
        elif low in ("armor", *numbers):
            key = "armour" if low == "armor" else low
            found[key] = args.integer(key, minimum=numbers[key])
        elif low == "action":
            spec = args.word("NAME:DEFEND:DAMAGE")
            try:
                parse_action(spec)
            except ValueError as error:
                raise args.error(str(error)) from error
            actions.append(spec)
        else:
            raise args.error(f"unexpected {word!r}")
    return FightAddIntent(opponent=opponent, actions=tuple(actions), **found)  # type: ignore[arg-type]


@COMMANDS.typed(
    "fight",
    "fight [status] | fight start [NAME...] [called TITLE] | fight add OPPONENT [xN] "
    "[as NAME] [group G] [leader] [level L] [hp H] [armour A] [morale M] "
    "[action NAME:DEFEND:DAMAGE[:ranged][:udN]]... | fight end",
    "run a fight: start it, add opponents, see where it stands, end it",
    FightIntent,
    _read_fight,
    details="""
fight start: every living character takes part (or those named). Then add the
opposition and roll initiative with 'init' (one WIS test each, RULINGS B3).
fight add city-guard x3: three City Guards from the bestiary ('bestiary' lists it),
as one group; 'leader' makes the one added its group's leader, 'group G' puts them in
group G. A group tests its morale when it has lost half its number or its leader: a
d12 above its morale (the bestiary's, else the 'morale' setting) breaks it (B6).
Custom: fight add "Sorcerer's Guard" level 2 hp 6 armour 2 action halberd:STR/DEX:4
(DEFEND: the attributes a player defends with; ':ranged' a missile, dodged only;
':ud4' ongoing damage on a hit). Stats given with a bestiary name replace its own.
fight end: every Helpless character rolls the Helpless d6 (2.1.13; RULINGS B8).
""",
)
def fight_command(ctx: Context, intent: FightIntent) -> Reply:
    """Dispatch the ``fight`` subcommands."""
    if isinstance(intent, FightStartIntent):
        return _start(ctx, intent)
    if isinstance(intent, FightAddIntent):
        return _add(ctx, intent)
    if isinstance(intent, FightEndIntent):
        return _end(ctx)
    return status_reply(Stage(ctx))


def _start(ctx: Context, intent: FightStartIntent) -> Reply:
    stage = Stage(ctx)
    if stage.fight is not None:
        raise RuleError(f"fight {stage.fight.number} is still going on: 'fight end' first")
    if intent.names:
        party = []
        for name in intent.names:
            character = stage.character(name)
            if character.dead:
                raise RuleError(f"{character.name} is dead")
            if character.name not in party:
                party.append(character.name)
    else:
        party = [c.name for c in stage.session.characters() if not c.dead and not c.helpless]
    if not party:
        raise RuleError("nobody to fight: every character is dead or Helpless, or none exists")
    before = stage.session.state.get("counter", "fights")
    number = 1 + int(before or 0)
    stage.fight = Fight(number, intent.title, fighters=tuple(Fighter(n) for n in party))
    stage.extra_changes.append(Change("counter", "fights", before, number))
    title = f"Fight {number}" + (f": {intent.title}" if intent.title else "")
    stage.say(f"{title} begins: {', '.join(party)}", "title")
    stage.say("Add the opposition with 'fight add OPPONENT', then 'init'.", "muted", log=False)
    return stage.commit("fight.start")


def _opponent(stage: Stage, intent: FightAddIntent) -> Opponent:
    """The opponent the intent names, with its stats replaced by those given."""
    own = campaign_opponents(stage.session.state)
    found = find_opponent(stage.content, own, intent.opponent)
    actions = tuple(parse_action(a) for a in intent.actions)
    if found is None:
        if intent.level is None and intent.hp is None and not actions:
            choices = [o.id for o in own] + [o.id for o in stage.content.opponents]
            raise UnknownNameError("opponent", intent.opponent, choices)
        if intent.level is None or intent.hp is None or not actions:
            raise CommandError(
                "a custom opponent needs a level, hp and an action: fight add NAME level 2 "
                "hp 6 armour 2 action halberd:STR/DEX:4",
                "fight",
            )
        return custom_opponent(
            intent.opponent, intent.level, intent.hp, intent.armour or 0, actions, intent.morale
        )
    changes: dict[str, object] = {}
    for field in ("level", "hp", "armour", "morale"):
        if getattr(intent, field) is not None:
            changes[field] = getattr(intent, field)
    if actions:
        changes["actions"] = actions
    if not changes:
        return found
    updated = msgspec.structs.replace(found, **changes)
    return custom_opponent(
        updated.name,
        updated.level,
        updated.hp,
        updated.armour,
        updated.actions,
        updated.morale,
        updated.text,
    )


def _add(ctx: Context, intent: FightAddIntent) -> Reply:
    stage = Stage(ctx)
    fight = stage.need_fight()
    opponent = _opponent(stage, intent)
    if intent.leader and intent.count > 1:
        raise RuleError("a group has one leader: add the leader on their own ('leader')")
    label = intent.label or opponent.name
    if intent.group is not None and fight.has_group(intent.group):
        group = fight.group(intent.group)
        morale = group.morale if group.morale is not None else opponent.morale
        group = replace(group, size=group.size + intent.count, morale=morale)
        groups = tuple(group if g.key == group.key else g for g in fight.groups)
    else:
        name = intent.group or (label if intent.count == 1 else plural_name(label))
        key = opponent_id(name) or opponent.id
        taken = {g.key for g in fight.groups}
        unique, number = key, 2
        while unique in taken:
            unique, number = f"{key}-{number}", number + 1
        group = Group(unique, name, intent.count, opponent.morale)
        groups = (*fight.groups, group)
    if intent.leader and any(f.leader and f.fighting for f in fight.members(group.key)):
        raise RuleError(f"the {group.name} already have a leader")
    foes = make_foes(
        opponent, intent.count, group.key, label, {f.key for f in fight.foes}, intent.leader
    )
    characters = {fold(c.name) for c in stage.session.characters()}
    for foe in foes:
        if fold(foe.name) in characters:
            # 'attack Kael Kael' or 'close Kael' would name either (docs/rulings.md H133)
            raise RuleError(
                f"{foe.name} is a character's name: call the opponent another ('as NAME')"
            )
    stage.fight = replace(fight, groups=groups, foes=(*fight.foes, *foes))
    stage.say(
        f"{intent.count} x {describe_opponent(opponent)} join the {group.name}"
        + (" as its leader" if intent.leader else ""),
        "title",
    )
    for foe in foes:
        stage.say(f"  {foe.name} ({foe.key}): HP {foe.hp}", "muted")
    return stage.commit("fight.add")


def roll_the_helpless(stage: Stage, name: str) -> None:
    """Roll ``name``'s Helpless d6 and stage what it does (2.1.13; RULINGS B8)."""
    character = stage.character(name)
    rolled = roll_helpless(character, stage.rng, lambda table, _rng: stage.roll_table(table))
    stage.update(rolled.character)
    for number, line in enumerate(rolled.lines):
        style = "critical" if rolled.killed and number else ("dice" if not number else "")
        stage.say(f"  {line}", style)
    stage.detail.setdefault("helpless", []).append(
        {
            "name": character.name,
            "d6": rolled.outcome.value,
            "result": rolled.outcome.result,
            "butchered": None if rolled.butchered is None else rolled.butchered.result,
            "destroyed": rolled.destroyed,
            "healed": rolled.healed,
        }
    )


def _end(ctx: Context) -> Reply:
    stage = Stage(ctx)
    fight = stage.need_fight()
    standing = [f for f in fight.fighters if stage.can_act(f.key)]
    verdict = (
        "the party is beaten"
        if not standing
        else "the party holds the field"
        if not fight.fighting_foes()
        else f"{len(fight.fighting_foes())} opponent(s) still fighting"
    )
    stage.say(f"Fight {fight.number} ends after {fight.turn} turn(s): {verdict}", "title")
    for group in fight.groups:
        counts: dict[str, int] = {}
        for foe in fight.members(group.key):
            counts[foe.status] = counts.get(foe.status, 0) + 1
        stage.say(f"  {group.name}: {', '.join(f'{n} {s}' for s, n in counts.items())}")
    for fighter in fight.fighters:
        character = stage.character(fighter.name)
        if character.helpless:
            roll_the_helpless(stage, character.name)
    stage.fight = None
    stage.detail["fight"] = fight.number
    return stage.commit("fight.end")
