"""Setting up, showing and ending an ordered fight: ``fight start|add|end`` and
``fight`` (fantasy-hack Part III "Combat": surprise gives the aware side a free round
before initiative; RULINGS F1, F3, S5; docs/rulings.md H370, H374).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...dice.parser import parse
from ...errors import CommandError, HacktableError, RuleError, UnknownNameError
from ...play.character import fold
from ...play.events import Change
from ...play.outcome import Reply
from ...rules.hit_points import Pool
from ..context import Context
from ..grammar import Access, Args, Intent
from ..powers import FIGHTS, MONSTERS
from .rules import FightRules, FoeStats
from .stage import Stage
from .state import FOES, PARTY, SIDES, Fight, Fighter, Foe

__all__ = [
    "FightAddIntent",
    "FightEndIntent",
    "FightIntent",
    "FightStartIntent",
    "FightStatusIntent",
    "read_fight",
    "resolve_fight",
]

MAX_COUNT = 20
"""At most this many foes join in one ``fight add``."""

_STATS = {"level": 0, "hp": 1, "ac": 0, "hit": None, "dex": 1}
"""The numbers ``fight add`` reads, with their least value (``None``: any)."""


@dataclass(frozen=True, slots=True)
class FightIntent(Intent):
    """A ``fight`` sub-command: the base of start, add, status and end."""

    def access(self) -> Access:
        """The GM's: running the fight."""
        return Access.gm(FIGHTS, "fight")


@dataclass(frozen=True, slots=True)
class FightStartIntent(FightIntent):
    """A fight begins (fantasy-hack "Combat").

    Attributes:
        names: the characters taking part, as given (``()``: every living one).
        surprise_by: the side that surprised the other (``"party"`` or ``"foes"``), its
            free round before initiative; ``""`` for none.
    """

    names: tuple[str, ...] = ()
    surprise_by: str = ""

    def access(self) -> Access:
        """The GM's: running the fight; a player is told ``fight start`` (H500)."""
        return Access.gm(FIGHTS, "fight start")


@dataclass(frozen=True, slots=True)
class FightAddIntent(FightIntent):
    """Foes join the fight: from the bestiary or with the GM's own stats.

    Attributes:
        name: what they are called (a bestiary id will do on its own).
        count: how many (``xN``), 1 to 20.
        ref: the bestiary id (``from ID``), ``None`` for ``name`` itself or none.
        level, hp, ac, to_hit, dex: stats that replace the bestiary's (the GM's own foe
            needs level, hp, ac, hit and damage; DEX is 10 unless given).
        damage: its damage, a dice expression.
    """

    name: str = ""
    count: int = 1
    ref: str | None = None
    level: int | None = None
    hp: int | None = None
    ac: int | None = None
    to_hit: int | None = None
    damage: str | None = None
    dex: int | None = None

    def access(self) -> Access:
        """The GM's: adding foes."""
        return Access.gm(MONSTERS, "fight add")


@dataclass(frozen=True, slots=True)
class FightStatusIntent(FightIntent):
    """Where the fight stands (nothing is logged)."""

    def access(self) -> Access:
        """Anyone may read it."""
        return Access.read()


@dataclass(frozen=True, slots=True)
class FightEndIntent(FightIntent):
    """The fight is over."""

    def access(self) -> Access:
        """The GM's: running the fight; a player is told ``fight end`` (H500)."""
        return Access.gm(FIGHTS, "fight end")


def read_fight(args: Args) -> FightIntent:
    """Read ``fight [status] | fight start [NAME...] [surprise by party|foes] | fight add
    NAME [xN] [from ID] [level N] [hp N] [ac N] [hit +N] [damage EXPR] [dex N] | fight
    end``; ``defence N`` is ``ac N`` (skill-die's word, H492).

    Raises:
        CommandError: a malformed word.
    """
    action = (args.optional() or "status").lower()
    if action == "start":
        return _read_start(args)
    if action == "add":
        return _read_add(args)
    if action in ("status", "end"):
        args.done()
        return FightStatusIntent() if action == "status" else FightEndIntent()
    raise args.error(f"unknown subcommand {action!r}: start, add, status or end")


def _read_start(args: Args) -> FightStartIntent:
    names: list[str] = []
    surprise = ""
    while not args.empty:
        word = args.word("NAME")
        if word.lower() == "surprise":
            if (args.optional() or "").lower() != "by":
                raise args.error("surprise names who surprised whom: 'surprise by party|foes'")
            surprise = (args.optional() or "").lower()
            if surprise not in SIDES:
                raise args.error("surprise by party (the characters) or foes")
        else:
            names.append(word)
    return FightStartIntent(tuple(names), surprise)


def _read_add(args: Args) -> FightAddIntent:
    name = " ".join(args.word("NAME").split())
    if not any(ch.isalnum() for ch in name):
        raise args.error("a foe needs a name with letters or digits")
    found: dict[str, object] = {}
    while not args.empty:
        word = args.word("an option")
        low = word.lower()
        if low.startswith("x") and low[1:].isdigit():
            count = args.to_int(low[1:], "xN", minimum=1)
            if count > MAX_COUNT:
                raise args.error(f"at most {MAX_COUNT} foes at a time")
            found["count"] = count
        elif low == "from":
            found["ref"] = args.word("the bestiary id")
        elif low in _STATS or low == "defence":
            # H492: skill-die's word for the number an attack must meet (S5) reads as ac.
            low = "ac" if low == "defence" else low
            key = "to_hit" if low == "hit" else low
            found[key] = args.integer(low, minimum=_STATS[low])
        elif low == "damage":
            expression = args.word("the damage dice (1d6+1)")
            try:
                parse(expression)
            except HacktableError as error:
                raise args.error(f"damage {expression!r}: {error}") from None
            found["damage"] = expression
        else:
            raise args.error(f"unexpected {word!r}")
    return FightAddIntent(name=name, **found)  # type: ignore[arg-type]


def resolve_fight(ctx: Context, intent: FightIntent, rules: FightRules) -> Reply:
    """Dispatch the ``fight`` sub-commands."""
    stage = Stage(ctx, rules)
    if isinstance(intent, FightStartIntent):
        return _start(stage, intent)
    if isinstance(intent, FightAddIntent):
        return _add(stage, intent)
    if isinstance(intent, FightEndIntent):
        return _end(stage)
    return status_reply(stage)


def _start(stage: Stage, intent: FightStartIntent) -> Reply:
    if stage.fight is not None:
        raise RuleError(f"fight {stage.fight.number} is still going on: 'fight end' first")
    party: list[str] = []
    for name in intent.names:
        character = stage.character(name)
        if character.dead:
            raise RuleError(f"{character.name} is dead")
        if character.name not in party:
            party.append(character.name)
    if not intent.names:
        party = [c.name for c in stage.session.characters() if not c.dead]
    if not party:
        raise RuleError("nobody to fight: every character is dead, or none exists")
    before = stage.session.state.get("counter", "fights")
    number = 1 + int(str(before or 0))
    fighters = tuple(Fighter(n) for n in party)
    stage.fight = Fight(number, surprise_by=intent.surprise_by, fighters=fighters)
    stage.extra_changes.append(Change("counter", "fights", before, number))
    stage.say(f"Fight {number} begins: {', '.join(party)}", "title")
    if intent.surprise_by:
        other = FOES if intent.surprise_by == PARTY else PARTY
        stage.say(
            f"Surprise: the {intent.surprise_by} attack the unaware {other} in a free round "
            f"before initiative ({stage.rules.surprise_source})",
            "warning",
        )
    stage.say("Add foes with 'fight add NAME', then 'init'.", "muted", log=False)
    return stage.commit("fight.start")


def _stats(stage: Stage, intent: FightAddIntent) -> FoeStats:
    """The stats the intent names: the bestiary's with those given replacing them, or
    the GM's own."""
    rules = stage.rules
    ref = intent.ref or intent.name
    found = rules.bestiary(ref)
    if found is None and intent.ref is not None:
        raise UnknownNameError("foe in the bestiary", intent.ref, list(rules.bestiary_ids()))
    given = {
        k: getattr(intent, k)
        for k in ("level", "hp", "ac", "to_hit", "damage", "dex")
        if getattr(intent, k) is not None
    }
    if found is None:
        missing = [w for w, k in _WORDS.items() if k not in given and k != "dex"]
        if missing:
            known = ", ".join(rules.bestiary_ids()) or "none"
            raise CommandError(
                f"{intent.name!r} is not in the bestiary (known: {known}); a foe of your own "
                f"needs {', '.join(missing)}: fight add Thug level 1 hp 6 ac 12 hit +2 "
                "damage 1d6 dex 12",
                "fight",
            )
        return FoeStats(id="", name=intent.name, **{"dex": 10, **given})
    name = intent.name if intent.ref is not None else found.name
    return replace(found, name=name, **given)


_WORDS = {
    "level": "level",
    "hp": "hp",
    "ac": "ac",
    "hit": "to_hit",
    "damage": "damage",
    "dex": "dex",
}


def _add(stage: Stage, intent: FightAddIntent) -> Reply:
    fight = stage.need_fight()
    if fight.started:
        raise RuleError(
            "initiative has been rolled: foes join before 'init', kept for the fight "
            "(RULINGS F3; docs/rulings.md H374)"
        )
    stats = _stats(stage, intent)
    rule = stage.rules.foe_rule(stage.setting)
    taken = {f.key for f in fight.foes}
    characters = {c.key for c in stage.session.characters()}
    base = fold(stats.name).replace(" ", "-")
    foes: list[Foe] = []
    number = 1
    for _ in range(intent.count):
        if intent.count == 1 and base not in taken:
            key, name = base, stats.name
        else:
            while f"{base}-{number}" in taken:
                number += 1
            key, name = f"{base}-{number}", f"{stats.name} {number}"
        taken.add(key)
        if fold(name) in characters or key in characters:
            raise RuleError(f"{name} is a character's name: call the foe another")
        pool = Pool(stats.hp, stats.hp)
        foes.append(
            Foe(
                key,
                name,
                stats.id,
                stats.level,
                pool,
                stats.ac,
                stats.to_hit,
                stats.damage,
                stats.dex,
            )
        )
    stage.fight = replace(fight, foes=(*fight.foes, *foes))
    stage.say(
        f"{intent.count} x {stats.name}: level {stats.level}, HP {stats.hp}, "
        f"{stage.rules.defence_name} {stats.ac}, "
        f"to-hit {stats.to_hit:+d}, damage {stats.damage}, DEX {stats.dex} "
        f"({rule.name}: dead at {rule.dead_at})",
        "title",
    )
    for foe in foes:
        stage.say(f"  {foe.name} ({foe.key})", "muted")
    return stage.commit("fight.add")


def status_lines(stage: Stage) -> list[tuple[str, str]]:
    """The fight's status: round, whose turn, the order with HP and conditions."""
    fight = stage.need_fight()
    turn = fight.whose_turn() + (" turn" if fight.current is not None else "")
    lines = [(f"Fight {fight.number}, round {fight.round}: {turn}", "title")]
    if fight.initiative is not None:
        for place, key in enumerate(fight.order):
            roll = fight.initiative.order[place]
            now = place == fight.turn  # marked in words: "> " reads as the prompt
            lines.append(
                (
                    f"  {place + 1}. {fight.name_of(key)} (initiative {roll.total}): "
                    f"{stage.hp_text(key)}{'  <- their turn' if now else ''}",
                    "" if not now else "title",
                )
            )
        return lines
    for key in fight.combatant_keys():
        lines.append((f"  {fight.name_of(key)}: {stage.hp_text(key)}", ""))
    return lines


def status_reply(stage: Stage) -> Reply:
    """``fight``: where the fight stands (nothing is logged)."""
    if stage.fight is None:
        return Reply().add("No fight is going on ('fight start' begins one).", "muted")
    reply = Reply()
    for text, style in status_lines(stage):
        reply.add(text, style)
    return reply


def _end(stage: Stage) -> Reply:
    fight = stage.need_fight()
    stage.say(f"Fight {fight.number} ends after {fight.round} round(s)", "title")
    for key in fight.combatant_keys():
        stage.say(f"  {fight.name_of(key)}: {stage.hp_text(key)}")
    stage.rules.scene_over(stage)
    stage.fight = None
    stage.detail["fight"] = fight.number
    return stage.commit("fight.end")
