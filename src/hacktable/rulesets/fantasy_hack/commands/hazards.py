"""Hazards at once: ``fall NAME FEET [spikes]`` and ``poison NAME DC [damage EXPR |
STAT EXPR] [half]`` (fantasy-hack Part III "Other Hazards"; docs/rulings.md H324,
H414, H417).

A fall is 1d6 per full 10 feet (spikes +1 per 10 feet, at most +10), halved by an
Athletics + DEX check against the height in feet. A poison is a character level + STR
check against its DC: a success avoids it, or halves it (``half``); its damage goes to
HP or lowers a stat (and every modifier the stat feeds). Both show the odds first, roll
the d20 before the damage dice (``roll N,...`` enters them in that order) and commit one
event with the character's before and after.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ....dice.roller import parse_cached
from ....errors import DiceError, RuleError
from ....play.outcome import Reply
from ...context import CampaignView, Context, ask_until
from ...grammar import Access, Args, Intent, Words
from ...powers import CHARACTERS
from .. import checks, hazards
from ..character import STATS, FantasyHackCharacter
from ..derived import skill_rank, stat_modifier
from ..legal import OFFERS
from ..ruleset import FantasyHack
from .common import check_json, hurt, living, odds_line, read_options, stat_hurt
from .registry import COMMANDS

__all__ = [
    "MAX_FEET",
    "FallIntent",
    "PoisonIntent",
    "PoisonSpec",
    "afflict",
    "read_poison",
    "resolve_spec",
]

MAX_FEET = 1000
"""The highest fall a command takes (docs/rulings.md H417): 100d6."""

_DAMAGE_HINT = "its damage: 'damage 3d8' (HP) or 'STR 1d4' (stat damage)"


def _names(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    if not words:
        return [c.name for c in session.characters() if not c.dead]
    return ("damage", "half", "roll", *STATS)


# -- fall ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FallIntent(Intent):
    """A character falls.

    Attributes:
        character: who falls, as given.
        feet: the height in feet.
        spikes: spikes at the bottom.
        bonus: the GM's ``+N`` or ``-N`` to the Athletics + DEX check.
        faces: the d20 then the d6s entered (RULINGS G5).
    """

    character: str
    feet: int
    spikes: bool = False
    bonus: int = 0
    faces: tuple[int, ...] = ()

    def access(self) -> Access:
        """The GM's: damage from the world."""
        return Access.gm(CHARACTERS, "deal falling damage")

    def entered(self) -> tuple[int, ...]:
        """The d20, then the damage dice."""
        return self.faces


def _read_fall(args: Args) -> FallIntent:
    name = args.word("NAME")
    height = args.word("FEET").lower().removesuffix("ft").removesuffix("feet")
    feet = args.to_int(height, "the height in feet", minimum=0)
    if feet > MAX_FEET:
        raise args.error(f"a fall is 0 to {MAX_FEET} feet, not {feet}")
    bonus, faces, flags = read_options(args, ("spikes",))
    return FallIntent(name, feet, "spikes" in flags, bonus, faces)


@COMMANDS.typed(
    "fall",
    "fall NAME FEET [spikes] [+N|-N] [roll N,...]",
    "a fall: 1d6 per 10 ft, halved by Athletics + DEX against the height; spikes +1 per 10 ft",
    FallIntent,
    _read_fall,
    details="""
A character takes 1d6 per full 10 feet fallen (under 10 feet: nothing); an Athletics +
DEX check with a DC equal to the height in feet halves it; spikes add +1 per 10 feet,
at most +10 (fantasy-hack Part III "Falling", "Spikes"; H324). "roll" enters the d20,
then the d6s. Example: fall Ottvar 30 spikes
""",
    complete=_names,
)
def fall_command(ctx: Context, intent: FallIntent) -> Reply:
    """A fall (Part III)."""
    session = ctx.session
    character = living(session, intent.character, "fall")
    athletics = skill_rank(character, "Athletics").value
    dex = stat_modifier(character, "DEX")
    reply = Reply()
    head = f"{character.name} falls {intent.feet} ft" + (" onto spikes" if intent.spikes else "")
    reply.add(head, "title")
    if intent.feet >= 10:
        odds = hazards.fall_odds(intent.feet, athletics, dex, intent.bonus)
        reply.add(
            f"  Athletics + DEX {athletics + dex + intent.bonus:+d} against DC {intent.feet} "
            f"halves it: {odds_line(odds)}",
            "odds",
        )
    fall = hazards.fall(
        intent.feet, athletics, dex, session.rng(), spikes=intent.spikes, situational=intent.bonus
    )
    reply.add(f"  {fall.explanation}", "dice")
    after = character
    detail: dict[str, Any] = {"feet": intent.feet, "spikes": fall.spikes, "damage": fall.damage}
    if fall.check is not None:
        detail["check"] = check_json(fall.check)
    if fall.dice is not None:
        detail["dice"] = fall.dice.total
    if fall.damage:
        after, change = hurt(session, character, fall.damage)
        reply.add(f"  => {change.explanation}", "warning" if after.hp <= 0 else "")
    session.commit_character(
        "fall", character, after, f"{head}: {fall.explanation}", ctx.line, detail
    )
    return reply


# -- poison --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PoisonSpec:
    """A poison's or a disease's words: its DC, its damage and where it goes.

    Attributes:
        dc: the DC (1-40; 15 a standard poison).
        damage: dice, ``""`` when left out (the console asks).
        target: ``HP`` or the stat damaged.
        half: a success halves it (else avoids it).
    """

    dc: int
    damage: str = ""
    target: str = "HP"
    half: bool = False


def read_poison(args: Args, words: tuple[str, ...] = ()) -> tuple[PoisonSpec, set[str], int]:
    """Read ``[dc] N [damage EXPR | STAT EXPR] [half]`` and any of ``words`` followed by
    a number (``band 5``): the spec, the flags and the number (0 when none).

    Raises:
        CommandError: a malformed word.
    """
    first = args.word("DC")
    if first.lower() == "dc":
        first = args.word("DC")
    dc = args.to_int(first, "the DC")
    damage, target, half = "", "HP", False
    flags: set[str] = set()
    number = 0
    while not args.empty and (args.peek() or "").lower() not in ("roll",):
        word = args.word("an option")
        low = word.lower()
        if low == "damage":
            damage, target = args.word("the damage dice"), "HP"
        elif word.upper() in STATS:
            damage, target = args.word(f"the {word.upper()} damage dice"), word.upper()
        elif low == "half":
            half = True
        elif low in words:
            flags.add(low)
            number = args.integer(f"the {low}", minimum=1)
        elif low[:1] in "+-" and low[1:].isdigit():
            args.words.insert(0, word)
            break
        else:
            raise args.error(f"unexpected {word!r}")
    return PoisonSpec(dc, damage, target, half), flags, number


def resolve_spec(ctx: Context, spec: PoisonSpec, what: str) -> PoisonSpec:
    """``spec`` with its DC checked (1-40) and its damage asked for when left out (a
    script is told).

    Raises:
        RuleError: a DC outside 1-40, no damage in a script, or dice that do not parse.
    """
    checks.check_dc(spec.dc)
    damage, target = spec.damage, spec.target
    if not damage:
        if ctx.ask is None:
            raise RuleError(f"a {what} needs {_DAMAGE_HINT}")
        answer = ask_until(
            ctx,
            f"The {what}'s damage (1d4, or STR 1d4 for stat damage)? ",
            _damage_words,
            what=what,
            command=what,
        )
        damage, target = _damage_words(answer)
    _dice(damage)
    return PoisonSpec(spec.dc, damage, target, spec.half)


def _damage_words(text: str) -> tuple[str, str]:
    words = text.split()
    if len(words) == 2 and words[0].upper() in STATS:
        return _dice(words[1]), words[0].upper()
    if len(words) == 1:
        return _dice(words[0]), "HP"
    raise RuleError(f"the damage is dice, or a stat and dice: {_DAMAGE_HINT}")


def _dice(expression: str) -> str:
    try:
        parse_cached(expression)
    except DiceError as error:
        raise RuleError(f"{expression!r} is no dice expression: {_DAMAGE_HINT}") from error
    return expression


def afflict(
    session: CampaignView[Any],
    character: FantasyHackCharacter,
    source: hazards.Poison,
    bonus: int,
    reply: Reply,
) -> tuple[FantasyHackCharacter, hazards.Affliction, dict[str, Any]]:
    """Show the odds, roll a poison's or a disease's check (level + STR against its DC)
    and its damage, and apply it to HP or the stat: the character after, the roll and
    the event's detail."""
    strength = stat_modifier(character, "STR")
    odds = hazards.resist_odds(source, character.level, strength, bonus)
    how = "halves it" if source.on_success is hazards.OnSuccess.HALF else "avoids it"
    reply.add(
        f"  level + STR {character.level + strength + bonus:+d} against DC {source.dc} "
        f"{how}: {odds_line(odds)}",
        "odds",
    )
    if isinstance(source, hazards.Disease):
        rng = session.rng()
        rolled = hazards.disease(source, character.level, strength, rng, situational=bonus)
    else:
        rolled = hazards.poison(source, character.level, strength, session.rng(), situational=bonus)
    reply.add(f"  {rolled.explanation}", "dice")
    after = character
    if rolled.damage and rolled.target == "HP":
        after, change = hurt(session, character, rolled.damage)
        reply.add(f"  => {change.explanation}", "warning" if after.hp <= 0 else "")
    elif rolled.damage:
        after, _, text = stat_hurt(character, rolled.target, rolled.damage)
        reply.add(f"  => {text}", "warning")
    detail: dict[str, Any] = {
        "dc": source.dc,
        "damage": source.damage,
        "target": source.target,
        "check": check_json(rolled.check, odds),
        "taken": rolled.damage,
    }
    if rolled.dice is not None:
        detail["dice"] = rolled.dice.total
    return after, rolled, detail


def make_poison(spec: PoisonSpec, name: str = "poison") -> hazards.Poison:
    """The pure rules' poison for ``spec``."""
    on = hazards.OnSuccess.HALF if spec.half else hazards.OnSuccess.AVOID
    return hazards.Poison(name, spec.damage, spec.dc, spec.target, on)


@dataclass(frozen=True, slots=True)
class PoisonIntent(Intent):
    """A character is poisoned.

    Attributes:
        character: who, as given.
        spec: the poison's DC, damage, target and whether a success halves it.
        bonus: the GM's ``+N`` or ``-N``.
        faces: the d20 then the damage dice entered (RULINGS G5).
    """

    character: str
    spec: PoisonSpec
    bonus: int = 0
    faces: tuple[int, ...] = ()

    def access(self) -> Access:
        """The GM's: the poison is the world's."""
        return Access.gm(CHARACTERS, "poison a character")

    def entered(self) -> tuple[int, ...]:
        """The d20, then the damage dice."""
        return self.faces


def _read_poison(args: Args) -> PoisonIntent:
    name = args.word("NAME")
    spec, _, _ = read_poison(args)
    bonus, faces, _ = read_options(args)
    return PoisonIntent(name, spec, bonus, faces)


@COMMANDS.typed(
    "poison",
    "poison NAME DC [damage EXPR | STAT EXPR] [half] [+N|-N] [roll N,...]",
    "a poison: level + STR against its DC avoids it (or halves it); HP or stat damage",
    PoisonIntent,
    _read_poison,
    details="""
The character makes a character level + STR check against the poison's DC (15 a
standard poison; 20, 25 or more for potent ones): a success avoids it, or halves it
with "half" (rounded down, H324). Its damage goes to HP ("damage 3d8") or lowers a
stat ("STR 1d4"), and with it every modifier the stat feeds; stat damage heals 1 point
a night (fantasy-hack Part III "Poison", "Healing"). Left out, the console asks for the
damage. "roll" enters the d20, then the damage dice.
Example: poison Ottvar 15 STR 1d4
""",
    complete=_names,
)
def poison_command(ctx: Context, intent: PoisonIntent) -> Reply:
    """A poison (Part III)."""
    session = ctx.session
    character = living(session, intent.character, "suffer poison")
    spec = resolve_spec(ctx, intent.spec, "poison")
    source = make_poison(spec)
    where = "HP" if spec.target == "HP" else f"{spec.target} damage"
    head = f"{character.name} is poisoned: DC {spec.dc}, {spec.damage} {where}"
    reply = Reply().add(head + (", half on a success" if spec.half else ""), "title")
    after, rolled, detail = afflict(session, character, source, intent.bonus, reply)
    session.commit_character(
        "poison", character, after, f"{head}: {rolled.explanation}", ctx.line, detail
    )
    return reply


def offer(
    ruleset: FantasyHack, view: CampaignView[FantasyHackCharacter], role: str
) -> list[Intent]:
    """Falls (with spikes, and under 10 ft), poisons to HP and to a stat (the GM's), a
    DC out of range."""
    del ruleset
    if role != "gm":
        return []
    intents: list[Intent] = []
    for character in (c for c in view.characters() if not c.dead):
        name = character.name
        intents += [
            Words("fall", (name, "30")),
            Words("fall", (name, "20", "spikes")),
            Words("fall", (name, "5")),
            Words("poison", (name, "15", "damage", "2d6", "half")),
            Words("poison", (name, "15", "STR", "1d4")),
            Words("poison", (name, "41", "damage", "1d4")),
        ]
    return intents


OFFERS.append(offer)
