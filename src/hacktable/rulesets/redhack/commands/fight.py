"""Fight set-up and flow: ``fight start|add|status|end``, ``init``, ``next``, ``hold``,
``move``, ``block`` and ``flag`` (redhack: Combat; RULINGS R5, R9, R12, R13, R31)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ....dice.render import render_roll
from ....dice.roller import parse_cached, roll
from ....dice.usage import roll_usage
from ....errors import CommandError, DiceError, HacktableError, RuleError
from ....play.events import Change
from ....play.outcome import Reply
from ....rules.resolution import Critical, TestKind
from ....rules.words import plural
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import FIGHTS, FLAGS, MONSTERS
from ..combat import Band, attack_effect
from ..fight import Fight, Fighter, Foe, FoeAttack, Group
from ..procedure import dragging_move, hold_foe, no_surprise_test
from ..technique_rules import may_block_again
from ..view import CampaignView
from .act import (
    Act,
    Overridable,
    action_fields,
    current_fight,
    fighter_character,
    read_flags,
    read_overrides,
    replace_fighter,
)
from .experience import gain
from .fight_words import usage_error
from .mechanics import end_of_round, incapacitated, start_round, tick_ongoing
from .registry import COMMANDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..bestiary import Bestiary, Monster

__all__ = [
    "BlockIntent",
    "FightAddIntent",
    "FightEndIntent",
    "FightIntent",
    "FightStartIntent",
    "FightStatusIntent",
    "FlagIntent",
    "HoldIntent",
    "InitIntent",
    "MoveIntent",
    "NextIntent",
    "campaign_day",
    "monsters_for",
]


def _names(session: CampaignView, words: list[str]) -> Iterable[str]:
    fight = current_fight(session)
    names = [c.name for c in session.characters()]
    if fight is not None:
        names += [f.key for f in fight.foes] + [g.key for g in fight.groups]
    return names


def monsters_for(session: CampaignView) -> Bestiary:
    """The bestiary with the campaign's own monsters (RULINGS R5).

    Raises:
        RulesDataError: the packaged bestiary or a stored monster is broken.
    """
    from ..bestiary import load_bestiary, monster_from_json

    own = [monster_from_json(data) for data in session.state.values("monster")]
    return load_bestiary().merged(own)


def campaign_day(session: CampaignView) -> int:
    """The campaign's current day (1 until time is kept)."""
    clock = session.state.get("clock", "now")
    if isinstance(clock, dict) and isinstance(clock.get("day"), int):
        return int(clock["day"])
    return 1


# -- fight -------------------------------------------------------------------------------


def _complete_fight(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return ("start", "add", "status", "end")
    if words[0] == "add" and len(words) == 2:
        try:
            return [m.id for m in monsters_for(session).monsters]
        except HacktableError:
            return ()
    if words[0] == "start":
        return ("--unexpected", "--party", "--hidden", "--name")
    return ("--at", "--group", "--name", "--hp", "--important")


@dataclass(frozen=True, slots=True)
class FightIntent(Intent):
    """A ``fight`` sub-command (redhack: Combat): the base of :class:`FightStartIntent`,
    :class:`FightAddIntent`, :class:`FightStatusIntent` and :class:`FightEndIntent`,
    under which ``fight`` is registered."""

    def access(self) -> Access:
        """The GM's: setting up and ending fights (docs/rulings.md H106)."""
        return Access.gm(FIGHTS, "fight")


@dataclass(frozen=True, slots=True)
class FightStartIntent(FightIntent):
    """The party enters a fight; in an unexpected one each player tests WIS for
    surprise (redhack: Combat > Initiative & Surprise; RULINGS R13).

    Attributes:
        party: the characters who fight, names as given (``--party A,B``); ``None`` for
            every living character.
        hidden: characters hidden as it begins, names as given (``--hidden A,B``).
        name: the fight's name (``--name TEXT``), ``""`` for none.
        unexpected: the fight is unexpected (``--unexpected``): surprise is tested.
        confined: it is fought in a confined space (``--confined``: a pike has
            disadvantage, docs/rulings.md H224).
    """

    party: tuple[str, ...] | None = None
    hidden: tuple[str, ...] = ()
    name: str = ""
    unexpected: bool = False
    confined: bool = False

    def access(self) -> Access:
        """The GM's (docs/rulings.md H106)."""
        return Access.gm(FIGHTS, "fight start")


@dataclass(frozen=True, slots=True)
class FightAddIntent(FightIntent):
    """A group of monsters from the bestiary joins the fight, HP rolled HD d8 unless the
    stat block gives them (RULINGS R5, R12).

    Attributes:
        count: how many, 1 to 50; or dice notation rolled for how many (``"2d4"``).
        monster: the bestiary's monster, as given.
        at: the range band between the group and the party (``--at BAND``).
        group: the group they join or form (``--group G``), ``None`` for a new one of
            their own.
        name: what they are called (``--name TEXT``), ``None`` for the monster's name.
        hp: every one's HP, the GM's (``--hp N``), ``None`` to roll them.
        important: the group counts as an important foe for experience
            (``--important``; redhack: Experience & Gaining Levels).
    """

    count: int | str
    monster: str
    at: Band = Band.NEAR
    group: str | None = None
    name: str | None = None
    hp: int | None = None
    important: bool = False

    def access(self) -> Access:
        """The GM's (docs/rulings.md H106)."""
        return Access.gm(MONSTERS, "fight add")


@dataclass(frozen=True, slots=True)
class FightStatusIntent(FightIntent):
    """Where the fight stands: round, phase, HP, cleave dice, distances (nothing is
    logged)."""

    def access(self) -> Access:
        """Anyone (docs/rulings.md H106)."""
        return Access.read()


@dataclass(frozen=True, slots=True)
class FightEndIntent(FightIntent):
    """The fight ends: its summary, ammunition recovered (RULINGS R9), thrown weapons
    picked up (docs/rulings.md H19), a disrepair point when the gear was not maintained
    today (R31)."""

    def access(self) -> Access:
        """The GM's (docs/rulings.md H106)."""
        return Access.gm(FIGHTS, "fight end")


def _read_fight(args: Args) -> FightIntent:
    action = args.word("start, add, status or end").lower()
    if action == "start":
        return _read_start(args)
    if action == "add":
        return _read_add(args)
    if action == "status":
        args.done()
        return FightStatusIntent()
    if action == "end":
        args.done()
        return FightEndIntent()
    raise args.error(f"unknown subcommand {action!r}")


def _read_start(args: Args) -> FightStartIntent:
    flags = read_flags(args, ("--party", "--hidden", "--name"), ("--unexpected", "--confined"))
    if "" in flags:
        raise args.error(f"unexpected {flags['']!r}")
    party = None
    if "--party" in flags:
        party = tuple(n for n in flags["--party"].split(",") if n)
    return FightStartIntent(
        party,
        tuple(n for n in flags.get("--hidden", "").split(",") if n),
        flags.get("--name", ""),
        "--unexpected" in flags,
        "--confined" in flags,
    )


def _read_add(args: Args) -> FightAddIntent:
    count_text = args.word("N")
    monster = args.word("MONSTER")
    count: int | str = count_text
    if count_text.isascii() and count_text.lstrip("+-").isdigit():
        count = args.to_int(count_text, "N", minimum=1)
        if count > 50:
            raise args.error("at most 50 monsters at a time")
    else:
        try:
            parse_cached(count_text)
        except DiceError as error:
            raise args.error(f"N is a number or dice like 2d4: {error}") from error
    flags = read_flags(args, ("--at", "--group", "--name", "--hp"), ("--important",))
    if "" in flags:
        raise args.error(f"unexpected {flags['']!r}")
    at = Band.parse(flags.get("--at", "near"))
    name = flags.get("--name")
    if name is not None:
        label = " ".join(name.split())
        if not label or not any(ch.isalnum() for ch in label):
            raise args.error("--name needs a name")
    hp = args.to_int(flags["--hp"], "--hp", minimum=1) if "--hp" in flags else None
    return FightAddIntent(
        count, monster, at, flags.get("--group"), name, hp, "--important" in flags
    )


@COMMANDS.typed(
    "fight",
    "fight start [--unexpected] [--confined] [--party A,B] [--hidden A,B] [--name TEXT] | "
    "fight add N|DICE MONSTER [--at BAND] [--group G] [--name TEXT] [--hp N] [--important] | "
    "fight status | fight end",
    "run a fight by the rules: set it up, see where it stands, end it",
    FightIntent,
    _read_fight,
    details="""
fight start: the party (all characters, or --party) enters a fight. --unexpected: each
player makes a WIS test for surprise; failures do not act in round one, and any natural
20 gives the whole party a free round first (redhack: Combat > Initiative & Surprise;
RULINGS R13). --hidden: characters hidden when the fight begins (a Thief may backstab).
--confined: a confined space (a pike has disadvantage; 'flag fight confined [off]').
fight add 6 goblin --at near: a group of monsters from the bestiary, HP rolled HD d8
unless the stat block gives HP (RULINGS R5). The number may be dice, as encounter tables
give it: fight add 2d4 giant-rat rolls how many. --group G adds them to group G (to an
existing one, a leader joins their band: morale uses the group's highest score, R12).
--important: the group counts as an important foe for experience.
fight status: round, phase, order, HP, cleave dice, distances. fight end: the summary,
ammunition recovery (R9), a disrepair point when the gear was not maintained today (R31).
Then: init (round one), attack, defend, parry, hold, move, next, ... (help fight).
""",
    complete=_complete_fight,
)
def fight_command(ctx: Context, intent: FightIntent) -> Reply:
    """Dispatch the ``fight`` subcommands."""
    if isinstance(intent, FightStartIntent):
        return _start(ctx, intent)
    if isinstance(intent, FightAddIntent):
        return _add(ctx, intent)
    if isinstance(intent, FightStatusIntent):
        return status_reply(Act(ctx))
    if isinstance(intent, FightEndIntent):
        return _end(ctx)
    raise CommandError("fight: ask to start, add, status or end", "fight")


def _start(ctx: Context, intent: FightStartIntent) -> Reply:
    act = Act(ctx)
    if act.fight is not None:
        raise RuleError(f"fight {act.fight.number} is still going on: 'fight end' first")
    if intent.party is not None:
        party = [act.session.character(n).name for n in intent.party]
    else:
        party = [c.name for c in act.session.characters() if not c.dead]
    if not party:
        raise RuleError("nobody to fight: create characters first")
    hidden = {act.session.character(n).name for n in intent.hidden}
    if hidden - set(party):
        raise RuleError(f"--hidden: {', '.join(sorted(hidden - set(party)))} not in the fight")
    number = 1 + int(act.session.state.get("counter", "fights") or 0)
    fighters = tuple(Fighter(name, hidden=name in hidden) for name in party)
    fight = Fight(
        number,
        intent.name,
        fighters=fighters,
        unexpected=intent.unexpected,
        confined=intent.confined,
    )
    act.fight = fight
    title = f"Fight {number}" + (f": {fight.name}" if fight.name else "")
    act.say(f"{title} begins: {', '.join(party)}", "title")
    if hidden:
        act.say(f"Hidden as it begins: {', '.join(sorted(hidden))}", "note")
    if fight.confined:
        act.say("A confined space: a pike has disadvantage (redhack: Equipment > Weapons)", "note")
    if fight.unexpected:
        _surprise(act)
    act.say(
        "Add monsters with 'fight add N MONSTER', then 'init' for round one.", "muted", log=False
    )
    act.extra_changes.append(
        Change("counter", "fights", act.session.state.get("counter", "fights"), number)
    )
    return act.commit("fight.start")


def _surprise(act: Act) -> None:
    """R13: each player makes a WIS test for surprise (the helm's disadvantage on
    surprise applies, and the party's situation: darkness or moving carelessly give
    disadvantage, an unusual amount of light advantage; redhack: Exploration &
    Dungeons); failures skip round one; any natural 20 wins a free round."""
    fight = act.need_fight()
    free = False
    situation = act.ruleset.circumstances(act.session.state)
    for fighter in fight.fighters:
        character = act.character(fighter.name)
        why = no_surprise_test(character)
        if why is not None:
            act.say(f"{fighter.name} makes no surprise test: {why}", "muted")
            continue
        request = act.ruleset.character_test(
            character,
            "WIS",
            TestOptions(kind=TestKind.SURPRISE, tags=("surprise",), circumstances=situation),
        )
        result = act.resolve(request)
        act.show_test(f"{fighter.name} (surprise)", request, result)
        if result.critical is Critical.SUCCESS:
            free = True
        if not result.success:
            fight = fight.with_fighter(replace(fighter, initiative="surprised"))
    if free:
        fight = replace(
            fight,
            free_round=True,
            fighters=tuple(replace(f, initiative="") for f in fight.fighters),
        )
        act.say(
            "A natural 20: the party surprises them and gets a free round; everyone acts "
            "in round one",
            "critical",
        )
    act.fight = fight


def _add(ctx: Context, intent: FightAddIntent) -> Reply:
    act = Act(ctx)
    fight = act.need_fight()
    count_roll = None
    if isinstance(intent.count, int):
        count = intent.count
    else:
        try:
            count_roll = roll(intent.count, act.rng)
        except DiceError as error:
            raise usage_error("fight", f"N is a number or dice like 2d4: {error}") from error
        count = count_roll.total
        if count < 1:
            raise RuleError(f"{render_roll(count_roll)}: no monsters")
    if count > 50:
        raise usage_error("fight", "at most 50 monsters at a time")
    monster = monsters_for(act.session).get(intent.monster)
    band = intent.at
    label = " ".join((monster.name if intent.name is None else intent.name).split())
    if not label or not any(ch.isalnum() for ch in label):
        raise usage_error("fight", "--name needs a name")
    many = _plural_name(monster)
    if intent.group is not None and fight.has_group(intent.group):
        group = fight.group(intent.group)
        name = group.name
        if group.size == 1 and group.monster == monster.id and name == monster.name:
            name = many  # a lone foe's group gains members: "the Orc" becomes "the Orcs"
        group = replace(group, name=name, size=group.size + count)
        groups = tuple(group if g.key == group.key else g for g in fight.groups)
    elif intent.group is not None:
        given = " ".join(intent.group.split())
        if not any(ch.isalnum() for ch in given):
            raise usage_error("fight", "--group needs a name")
        group = Group(_slug(given), given, monster.id, count, important=intent.important)
        groups = (*fight.groups, group)
    else:
        if intent.name is not None:
            name = label if count == 1 else plural(label)
            key = _slug(name)
        else:
            name = label if count == 1 else many
            key = _slug(many if _own_plural(monster) else plural(monster.id))
        group = Group(
            _unique(key, {g.key for g in fight.groups}),
            name,
            monster.id,
            count,
            important=intent.important,
        )
        groups = (*fight.groups, group)
    fixed_hp = intent.hp
    attacks = tuple(
        FoeAttack(a.name, monster.damage(a), a.count, attack_effect(a.name, a.notes, monster.notes))
        for a in monster.attacks
    )
    if not attacks:
        attacks = (FoeAttack("attack", monster.damage(None)),)
    taken = {f.key for f in fight.foes}
    foes = list(fight.foes)
    base = _slug(label if intent.name is not None else monster.id)
    lines = []
    for _ in range(count):
        number = 1
        while f"{base}-{number}" in taken:
            number += 1
        key = f"{base}-{number}"
        taken.add(key)
        if fixed_hp is not None:
            hp, how = fixed_hp, f"{fixed_hp} (GM)"
        else:
            rolled = roll(monster.hp_dice(), act.rng)
            hp, how = max(1, rolled.total), render_roll(rolled)
            if rolled.total < 1:
                how += " (at least 1)"
        shown = f"{label} {number}" if count > 1 or number > 1 else label
        foes.append(
            Foe(
                key,
                shown,
                monster.id,
                group.key,
                monster.hd,
                monster.ac,
                hp,
                hp,
                attacks,
                monster.morale,
                tuple(monster.tags),
            )
        )
        lines.append(f"{shown} ({key}): HP {how}")
    fighters = tuple(
        f if any(k == group.key for k, _ in f.bands) else f.with_band(group.key, band, 0)
        for f in fight.fighters
    )
    act.fight = replace(fight, groups=groups, foes=tuple(foes), fighters=fighters)
    morale = f", morale {monster.morale}" if monster.morale is not None else ""
    damage = ", ".join(f"{a.name} {a.damage}" for a in attacks)
    if count_roll is not None:
        act.say(f"How many: {render_roll(count_roll)}", "dice")
    act.say(
        f"{count} x {monster.name} join the {group.name} at {band} range "
        f"(HD {monster.hd}, AC {monster.ac}{morale}, {damage})",
        "title",
    )
    for line in lines:
        act.say(f"  {line}", "dice")
    return act.commit("fight.add")


def _slug(text: str) -> str:
    return "-".join(text.lower().replace("'", "").split())


def _own_plural(monster: Monster) -> str | None:
    """A bestiary entry's own plural, should the entry carry one (``plural``)."""
    own = getattr(monster, "plural", None)
    return own if isinstance(own, str) and own.strip() else None


def _plural_name(monster: Monster) -> str:
    """What a group of ``monster`` is called: "Lizard Men", "Dire Wolves"."""
    return plural(monster.name, _own_plural(monster))


def _unique(key: str, taken: set[str]) -> str:
    if key not in taken:
        return key
    number = 2
    while f"{key}-{number}" in taken:
        number += 1
    return f"{key}-{number}"


def status_reply(act: Act) -> Reply:
    """Where the fight stands, as lines (nothing is logged)."""
    fight = act.need_fight()
    reply = Reply()
    where = (
        "set-up"
        if fight.phase == "setup"
        else (
            "free round" if fight.phase == "free-round" else f"round {fight.round}, {fight.phase}"
        )
    )
    reply.add(f"Fight {fight.number}{': ' + fight.name if fight.name else ''} - {where}", "title")
    for fighter in fight.fighters:
        c = act.character(fighter.name)
        state = "OUT" if c.hp <= 0 else (incapacitated(c) or fighter.initiative or "-")
        if fighter.acted:
            state += ", acted"
        if fighter.holding:
            state += ", holding"
        if fighter.held_over:
            state += ", acts first next round"
        extra = f"  cleave {fighter.cleave_left}" if fighter.cleave_left else ""
        bands = ", ".join(f"{g} {Band(b)}" for g, b in fighter.bands)
        reply.add(
            f"  {c.name:<10} HP {c.hp}/{c.max_hp} AC {act.ruleset.armour_class(c)}"
            f"  [{state}]{extra}  {bands}"
        )
    for group in fight.groups:
        members = fight.members(group.key)
        standing = sum(1 for f in members if f.fighting)
        reply.add(
            f"  {group.name} ({group.key}): {standing} of {group.size} standing"
            + (", morale tested" if group.morale_tested else ""),
            "note",
        )
        for foe in members:
            bits = [foe.status, *list(foe.conditions)]
            bits += [f"{e.label} {e.die}" for e in foe.ongoing]
            if foe.aptitude is not None:  # a significant NPC (docs/rulings.md H252)
                bits.append(foe.aptitude.describe())
            reply.add(
                f"    {foe.name:<14} {foe.key:<14} HD {foe.hd} AC {foe.ac} "
                f"HP {foe.hp}/{foe.max_hp}  {', '.join(bits)}",
                "muted",
            )
    return reply


def _end(ctx: Context) -> Reply:
    act = Act(ctx)
    fight = act.need_fight()
    standing = [f for f in fight.fighters if act.character(f.name).hp > 0]
    foes_left = [f for f in fight.foes if f.fighting]
    verdict = (
        "the party is beaten"
        if not standing
        else "the party holds the field"
        if not foes_left
        else f"{len(foes_left)} foe(s) still stand"
    )
    act.say(f"Fight {fight.number} ends after {max(fight.round, 0)} round(s): {verdict}", "title")
    from ..magic.effects import advance

    advance(act, fight_round=0)
    for fighter in fight.fighters:
        character = act.character(fighter.name)
        state = "out of the fight" if character.hp <= 0 else "standing"
        conditions = f" ({', '.join(character.conditions)})" if character.conditions else ""
        act.say(f"  {character.name}: HP {character.hp}/{character.max_hp}, {state}{conditions}")
        _recover_ammunition(act, fighter)
        if fighter.thrown:
            picked = act.character(fighter.name)
            for item in fighter.thrown:
                picked = picked.add_item(item)
            act.update(picked)
            act.say(
                f"    {fighter.name} picks up {', '.join(i.name for i in fighter.thrown)}", "muted"
            )
        for item in act.character(fighter.name).inventory:
            if item.usage is not None and item.kind in ("ammunition", "light"):
                act.say(f"    {item.name}: {item.usage}", "muted", log=False)
    beaten: list[str] = []
    for group in fight.groups:
        members = fight.members(group.key)
        counts: dict[str, int] = {}
        for foe in members:
            counts[foe.status] = counts.get(foe.status, 0) + 1
        tally = ", ".join(f"{n} {s}" for s, n in counts.items())
        act.say(f"  {group.name}: {tally}")
        important = group.important or any("leader" in f.tags for f in members)
        if important and all(not f.fighting for f in members):
            beaten.append(group.name)
    if beaten:
        foes = ", ".join(beaten)
        fighters = [f.name for f in fight.fighters]
        gain(act, fighters, "foe", foes, f"  The {foes} were an important foe (H181)")
    _disrepair(act)
    act.fight = None
    act.detail["fight"] = fight.number
    return act.commit("fight.end")


def _recover_ammunition(act: Act, fighter: Fighter) -> None:
    """RULINGS R9: ammunition whose die stepped down in the battle may be rolled once
    more at the size before its last step; 3 or more restores that step."""
    character = act.character(fighter.name)
    for index, start in fighter.ammo:
        if index >= len(character.inventory):
            continue
        item = character.inventory[index]
        if item.usage is None or int(item.usage) >= start:
            continue
        previous = item.usage.step_up()
        result = roll_usage(previous, act.rng)
        if result.kept >= 3:
            character = character.replace_item(index, replace(item, usage=previous))
            act.say(
                f"  {character.name} gathers {item.name}: {previous} roll {result.kept}: "
                f"restored to {previous} (RULINGS R9)",
                "dice",
            )
        else:
            act.say(
                f"  {character.name} gathers {item.name}: {previous} roll {result.kept}: "
                f"stays {item.usage} (RULINGS R9)",
                "dice",
            )
    act.update(character)


def _disrepair(act: Act) -> None:
    """RULINGS R31: without maintenance in the last day, the GM gains a disrepair point
    after each battle (spend it to give a player disadvantage on an attack or defence)."""
    day = campaign_day(act.session)
    maintained = act.session.state.get("party", "maintained")
    if isinstance(maintained, int) and maintained >= day:
        act.say("  The party's gear was maintained today: no disrepair", "muted")
        return
    points = int(act.session.state.get("gm", "disrepair") or 0) + 1
    act.extra_changes.append(
        Change("gm", "disrepair", act.session.state.get("gm", "disrepair"), points)
    )
    act.say(
        f"  No maintenance today: the GM gains a disrepair point ({points} in hand; RULINGS R31)",
        "warning",
    )


# -- initiative and flow -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InitIntent(Intent):
    """Start the next round: every player makes a DEX initiative test (redhack: Combat >
    Initiative & Surprise; RULINGS R13).

    Attributes:
        roll: ``roll N[,N...]``: the d20s the players rolled at the table, in the
            fight's order of players (RULINGS G5; docs/rulings.md H247).
    """

    roll: tuple[int, ...] = ()

    def access(self) -> Access:
        """The GM's: it rolls for everyone (docs/rulings.md H106)."""
        return Access.gm(FIGHTS, "roll initiative")

    def entered(self) -> tuple[int, ...]:
        """The dice entered with ``roll`` (RULINGS G5)."""
        return self.roll


def _read_init(args: Args) -> InitIntent:
    faces: tuple[int, ...] = ()
    if not args.empty:
        if args.word("roll").lower() != "roll":
            raise args.error("init takes only 'roll N,N,...'")
        faces = args.faces(args.word("the faces rolled"))
    args.done()
    return InitIntent(faces)


@COMMANDS.typed(
    "init",
    "init [roll N,N,...]",
    "start the next round: every player makes a DEX initiative test (R13)",
    InitIntent,
    _read_init,
    details="""
Each player makes a DEX test: success acts before the monsters, failure after them. A
player who held their action to the end of the last round acts first without a roll.
In an unexpected fight, players who failed the surprise test skip round one, unless a
natural 20 won the party a free round (then 'init' starts the free round).
"roll 10,19,15,15" takes the d20s the players rolled at the table, in the fight's order
of players (RULINGS G5).
""",
)
def init_command(ctx: Context, intent: InitIntent) -> Reply:
    """Start the next round."""
    act = Act(ctx)
    fight = act.need_fight()
    if fight.phase not in ("setup", "after") and fight.round > 0:
        raise RuleError(f"round {fight.round} is in its {fight.phase} phase: use 'next'")
    if not fight.active_foes():
        raise RuleError("there are no monsters in the fight: 'fight add N MONSTER'")
    if fight.phase == "after":
        end_of_round(act)
    start_round(act)
    return act.commit("fight.round")


@dataclass(frozen=True, slots=True)
class NextIntent(Intent):
    """Move the fight on: players before, monsters, players after, next round (redhack:
    Combat > Initiative & Surprise; RULINGS R10, R13)."""

    def access(self) -> Access:
        """The GM's (docs/rulings.md H106)."""
        return Access.gm(FIGHTS, "move the fight on")


def _read_next(args: Args) -> NextIntent:
    args.done()
    return NextIntent()


@COMMANDS.typed(
    "next",
    "next",
    "move the fight on: players before -> monsters -> players after -> next round",
    NextIntent,
    _read_next,
    details="""
Within a phase the players act in any order. 'next' moves to the monsters' turn (declare
their attacks with 'defend PLAYER MONSTER'), then to the players who lost initiative,
then starts the next round. Ongoing damage is rolled on the turn of whoever caused it
(RULINGS R10).
""",
)
def next_command(ctx: Context, intent: NextIntent) -> Reply:
    """Advance the fight's phase."""
    act = Act(ctx)
    fight = act.need_fight()
    if fight.phase == "setup":
        raise RuleError("the fight has not started: 'init' rolls initiative for round one")
    waiting = [
        f.name
        for f in fight.fighters
        if not f.acted
        and not f.holding
        and act.character(f.name).hp > 0
        and incapacitated(act.character(f.name)) is None
        and fight.acting_phase(f) == fight.phase
    ]
    if waiting:
        act.say(f"Did not act: {', '.join(waiting)}", "muted")
    if fight.phase == "free-round":
        act.fight = replace(fight, phase="setup")
        act.fight = replace(act.need_fight(), free_round=False)
        start_round(act)
    elif fight.phase == "before":
        act.fight = replace(fight, phase="monsters")
        act.say(
            f"Round {fight.round}: the monsters act ('defend PLAYER MONSTER' for each attack)",
            "title",
        )
        tick_ongoing(act, {f.key for f in fight.foes})
    elif fight.phase == "monsters":
        act.fight = replace(fight, phase="after")
        after = [f.name for f in fight.fighters if f.initiative == "after"]
        act.say(
            f"Round {fight.round}: players after the monsters: {', '.join(after) or 'nobody'}",
            "title",
        )
        tick_ongoing(act, set(after))
    else:
        end_of_round(act)
        if not act.need_fight().active_foes():
            act.say("No monsters are left fighting: 'fight end'", "note")
        start_round(act)
    return act.commit("fight.next")


def _fighter_names(session: CampaignView, words: list[str]) -> Iterable[str]:
    fight = current_fight(session)
    if fight is None or words:
        return ()
    return [f.name for f in fight.fighters]


@dataclass(frozen=True, slots=True)
class HoldIntent(Intent):
    """A character (or a monster) holds their action: they act after anyone this round,
    or first next round (redhack: Combat > Holding Actions & Reactions; RULINGS R13;
    docs/rulings.md H227).

    Attributes:
        name: the character's name, or a foe's key or name, as given.
    """

    name: str

    def access(self) -> Access:
        """The character's player; a monster's hold is the GM's (docs/rulings.md
        H106)."""
        return Access.play(self.name)


def _read_hold(args: Args) -> HoldIntent:
    name = args.word("NAME")
    args.done()
    return HoldIntent(name)


@COMMANDS.typed(
    "hold",
    "hold NAME|FOE",
    "hold a character's action: act after anyone this round, or first next round",
    HoldIntent,
    _read_hold,
    details="""
A character (or a monster: the GM's) holding their action may act after anyone this
round; still holding at its end, they act first next round without a roll. Monsters
holding over act first too, after any players still holding (redhack: Combat > Holding
Actions & Reactions; RULINGS R13; docs/rulings.md H227).
""",
    complete=_fighter_names,
)
def hold_command(ctx: Context, intent: HoldIntent) -> Reply:
    """Hold an action (redhack: Combat > Holding Actions & Reactions; RULINGS R13)."""
    act = Act(ctx)
    fight = act.need_fight()
    if fight.has_foe(intent.name) and not _is_character(act, intent.name):
        foe = fight.foe(intent.name)
        act.fight = hold_foe(fight, foe)
        act.say(
            f"{foe.name} holds its action: it may act after anyone this round; if it has "
            "not by its end, it acts first next round, after any players still holding"
        )
        return act.commit("fight.hold")
    fighter, character = fighter_character(act, intent.name)
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    replace_fighter(act, replace(fighter, holding=True))
    act.say(
        f"{fighter.name} holds their action: they may act after anyone this round; if "
        "they have not by its end, they act first next round without a roll"
    )
    return act.commit("fight.hold", fighter.name)


@dataclass(frozen=True, slots=True)
class MoveIntent(Overridable):
    """A character (or a monster group) moves to a range band (redhack: Combat >
    Movement & Blocking; Combat > Initiative & Surprise).

    Attributes:
        who: a character's name, or a monster group's key or name, as given.
        band: the range band moved to.
        group: for a character, the group they move to (the words after the band,
            joined), ``None`` for every group.
        override, roll, damage: the GM's overrides (:class:`.fight_words.Overridable`).
    """

    who: str
    band: Band
    group: str | None = None

    def access(self) -> Access:
        """The character's player; a monster group, and ``override``, are the GM's
        (docs/rulings.md H106)."""
        return self.acting(self.who)


def _read_move(args: Args) -> MoveIntent:
    words, overrides = read_overrides(args, args.rest())
    if len(words) < 2:
        raise args.error("missing BAND")
    rest = words[2:]
    return MoveIntent(
        words[0],
        Band.parse(words[1]),
        " ".join(rest) if rest else None,
        **action_fields(overrides),
    )


@COMMANDS.typed(
    "move",
    "move NAME BAND [GROUP] | move GROUP BAND",
    "move a character (or a monster group) to close, near, far or distant",
    MoveIntent,
    _read_move,
    details="""
Every character may make a move besides their action, or give up the action to move
twice (redhack: Combat > Movement & Blocking). "move Aldric close goblins" brings Aldric
Close to the goblins; "move goblins close" brings the goblins Close to the whole party.
Monsters move on their turn (after 'next'; or while the fight is set up), and a
character surprised in round one does not move then: otherwise the GM adds 'override'.
A Long weapon has advantage in the first round its wielder and target are Close.
""",
    complete=_names,
)
def move_command(ctx: Context, intent: MoveIntent) -> Reply:
    """Change distances."""
    act = Act(ctx, intent.overrides())
    fight = act.need_fight()
    who, band = intent.who, intent.band
    if fight.has_fighter(act.session.character(who).name if _is_character(act, who) else who):
        fighter, character = fighter_character(act, who)
        if character.hp <= 0:
            raise RuleError(f"{character.name} is out of the fight")
        if fighter.initiative == "surprised" and fight.phase != "free-round":
            act.need_override(
                f"{fighter.name} was surprised and does not act in round one (redhack: Combat "
                "> Initiative & Surprise: they wait until the second round)"
            )
        groups = (
            [g.key for g in fight.groups]
            if intent.group is None
            else [fight.group(intent.group).key]
        )
        dragged = dragging_move(fighter, character)
        moves = fighter.moves + 1
        if moves > 2:
            act.need_override(f"{fighter.name} has already moved twice this round")
        if moves == 2 and fighter.acted and not fighter.holding:
            act.need_override(f"{fighter.name} has acted: a second move costs the action")
        for key in groups:
            fighter = fighter.with_band(key, band, fight.round)
        fighter = replace(fighter, moves=moves, acted=fighter.acted or moves == 2 or bool(dragged))
        replace_fighter(act, fighter)
        if dragged:
            act.say(dragged, "note")
        target = " and ".join(fight.group(k).name for k in groups)
        act.say(
            f"{fighter.name} moves {band} to the {target}"
            + (" (a second move: no action this round)" if moves == 2 else "")
        )
        return act.commit("fight.move", fighter.name)
    group = fight.group(who)
    if intent.group is not None:
        raise usage_error("move", f"unexpected {intent.group!r}")
    if fight.phase not in ("monsters", "setup"):
        act.need_override(
            f"it is the {fight.phase} phase: the {group.name} move on the monsters' turn "
            "('next'; redhack: Combat > Movement & Blocking)"
        )
    fighters = tuple(f.with_band(group.key, band, fight.round) for f in fight.fighters)
    act.fight = replace(fight, fighters=fighters)
    act.say(f"The {group.name} move {band} to the party")
    return act.commit("fight.move")


def _is_character(act: Act, name: str) -> bool:
    try:
        act.session.character(name)
    except HacktableError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class BlockIntent(Intent):
    """A character or monster uses its move to block someone moving nearby: the mover
    ends Close to the blocker (redhack: Combat > Movement & Blocking).

    Attributes:
        blocker: a character's name, or a foe's key or name, as given.
        mover: the foe (for a character blocking) or the character (for a foe), as
            given.
    """

    blocker: str
    mover: str

    def access(self) -> Access:
        """The blocking character's player; a monster blocking is the GM's
        (docs/rulings.md H106)."""
        return Access.play(self.blocker)


def _read_block(args: Args) -> BlockIntent:
    blocker, mover = args.word("BLOCKER"), args.word("MOVER")
    args.done()
    return BlockIntent(blocker, mover)


@COMMANDS.typed(
    "block",
    "block BLOCKER MOVER",
    "a character or monster uses its move to block someone moving nearby",
    BlockIntent,
    _read_block,
    details="""
When someone moves to somewhere near another who has not moved yet this turn, that one
may move to block them: the mover does not reach their target but ends Close to the
blocker, and may attack the blocker instead (redhack: Combat > Movement & Blocking).
""",
    complete=_names,
)
def block_command(ctx: Context, intent: BlockIntent) -> Reply:
    """Block a move."""
    act = Act(ctx)
    fight = act.need_fight()
    blocker, mover = intent.blocker, intent.mover
    if _is_character(act, blocker) and fight.has_fighter(act.session.character(blocker).name):
        fighter, character = fighter_character(act, blocker)
        foe = fight.foe(mover)
        again = may_block_again(character, fighter)
        if fighter.moves and not again:
            raise RuleError(f"{fighter.name} has already moved this round")
        fighter = replace(
            fighter.with_band(foe.group, Band.CLOSE, fight.round),
            moves=1,
            blocks=fighter.blocks + 1,
        )
        if again:
            act.say(f"{fighter.name} blocks a second foe (defensive fighting)", "note")
        replace_fighter(act, fighter)
        act.say(
            f"{character.name} blocks {foe.name}: it does not get past and is Close to "
            f"{character.name}"
        )
        return act.commit("fight.block", character.name)
    foe = fight.foe(blocker)
    fighter, character = fighter_character(act, mover)
    replace_fighter(act, fighter.with_band(foe.group, Band.CLOSE, fight.round))
    act.say(f"{foe.name} blocks {character.name}: they end Close to {foe.name} instead")
    return act.commit("fight.block", character.name)


FOE_FLAGS = ("stunned", "held", "blinded", "hindered", "shield")
FOE_STATUSES = ("fighting", "broken", "out", "fled", "surrendered", "turned")
FIGHTER_FLAGS = ("hidden", "invisible")
FIGHT_FLAGS = ("confined",)


@dataclass(frozen=True, slots=True)
class FlagIntent(Intent):
    """The GM sets a foe's condition or status, or a character's hidden or invisible
    flag (redhack: Combat; Thief > Backstab; RULINGS R12).

    Attributes:
        who: a character's name, or a foe's key or name, as given.
        flag: the condition, status or flag, lower-cased as given (one of
            :data:`FOE_FLAGS`, :data:`FOE_STATUSES`, :data:`FIGHTER_FLAGS` when resolved).
        off: turn it off (``off``).
    """

    who: str
    flag: str
    off: bool = False

    def access(self) -> Access:
        """The GM's call, for characters too (docs/rulings.md H106)."""
        return Access.gm(FLAGS, "flag")


def _read_flag(args: Args) -> FlagIntent:
    who, flag = args.word("WHO"), args.word("FLAG").lower()
    off = args.optional() == "off"
    args.done()
    return FlagIntent(who, flag, off)


@COMMANDS.typed(
    "flag",
    "flag WHO FLAG [off]",
    "set a foe's condition or status, or a character's hidden/invisible flag",
    FlagIntent,
    _read_flag,
    details=f"""
Foes: {", ".join(FOE_FLAGS)} (conditions; a shield: a flail ignores a point of its AC) or
{", ".join(FOE_STATUSES)} (status: a broken foe that flees or surrenders). Characters:
{", ".join(FIGHTER_FLAGS)} (for backstab). The fight: "flag fight confined [off]" (a pike
has disadvantage in a confined space).
Logged as the GM's call.
""",
    complete=_names,
)
def flag_command(ctx: Context, intent: FlagIntent) -> Reply:
    """Set a flag."""
    act = Act(ctx)
    fight = act.need_fight()
    who, flag, off = intent.who, intent.flag, intent.off
    if who.lower() == "fight" and not fight.has_foe(who):
        if flag not in FIGHT_FLAGS:
            raise CommandError(f"the fight's flag is one of {', '.join(FIGHT_FLAGS)}", "flag")
        act.fight = replace(fight, confined=not off)
        act.say(f"The fight is {'no longer ' if off else ''}in a confined space")
        return act.commit("fight.flag")
    if _is_character(act, who) and fight.has_fighter(act.session.character(who).name):
        fighter, _ = fighter_character(act, who)
        if flag not in FIGHTER_FLAGS:
            raise CommandError(f"a character's flag is one of {', '.join(FIGHTER_FLAGS)}", "flag")
        if flag == "hidden":
            fighter = replace(fighter, hidden=not off)
        else:
            fighter = replace(fighter, invisible=not off)
        replace_fighter(act, fighter)
        act.say(f"{fighter.name} is {'no longer ' if off else ''}{flag}")
        return act.commit("fight.flag", fighter.name)
    foe = fight.foe(who)
    if flag in FOE_STATUSES:
        if off:
            raise CommandError("a status is set, not turned off: give another status", "flag")
        act.fight = fight.with_foe(replace(foe, status=flag))
        act.say(f"{foe.name} is now {flag}")
    elif flag in FOE_FLAGS:
        if not foe.fighting and not off:
            raise RuleError(f"{foe.name} is {foe.status}: out of the fight")
        conditions = tuple(c for c in foe.conditions if c != flag)
        if not off:
            conditions += (flag,)
        act.fight = fight.with_foe(replace(foe, conditions=conditions))
        act.say(f"{foe.name} is {'no longer ' if off else ''}{flag}")
    else:
        raise CommandError(f"a foe's flag is one of {', '.join(FOE_FLAGS + FOE_STATUSES)}", "flag")
    return act.commit("fight.flag")
