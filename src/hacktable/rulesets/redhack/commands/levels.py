"""``level NAME``: gaining a level as a downtime action, and the GM's direct edits of
level, max HP and attributes (``character set``) (redhack: Experience & Gaining
Levels; RULINGS R28; docs/rulings.md H183, H185-H187).

The experience, the downtime action and the least the level can cost are checked
before any die is rolled; the cost is rolled next and, when the coins fall short,
refused with nothing stored (H186). Then the hit die, a d20 against every attribute and
the prime requisite's second roll, all shown, and one event that ``undo`` reverts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ....dice.render import render_roll
from ....dice.roller import roll
from ....errors import RuleError
from ....play.outcome import Reply
from ....play.principal import Role
from ...context import Context, ask_until
from ...grammar import Access, Args, Intent
from ...powers import CHARACTERS
from ..actors import has_feature, incapacitated
from ..character import Character
from ..combat import backstab_damage
from ..downtime import has_downtime_action, spend_downtime_action
from ..levelling import (
    MAX_SCORE,
    AttributeRoll,
    apply_level,
    check_can_level,
    roll_attribute,
    roll_cost,
    unrisen_primes,
)
from ..magic.slots import character_slots
from ..view import CampaignView
from .act import Act, read_flags
from .registry import COMMANDS

__all__ = ["LevelIntent", "level_command", "set_character"]


def _complete(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return [c.name for c in session.characters()]
    if words[-1].lower() == "--reroll":
        return session.ruleset.attributes
    return ("--reroll", "--ding")


@dataclass(frozen=True, slots=True)
class LevelIntent(Intent):
    """A character gains a level as their downtime action (redhack: Experience &
    Gaining Levels; RULINGS R28).

    Attributes:
        name: the character's name, as given.
        reroll: the prime requisite to roll again when both failed to rise
            (``--reroll DEX``), ``""`` to be asked (a script takes the first).
        ding: the GM's "ding" bonus, a note (``--ding TEXT``), ``""`` for none.
        roll: ``roll N[,N...]``: the dice rolled at the table, in the order the level
            rolls them: the cost's d6s, the hit die, a d20 per attribute, the prime
            requisite's second d20 (RULINGS G5; docs/rulings.md H290).
    """

    name: str
    reroll: str = ""
    ding: str = ""
    roll: tuple[int, ...] = ()

    def entered(self) -> tuple[int, ...]:
        """The dice entered with ``roll`` (RULINGS G5; docs/rulings.md H290)."""
        return self.roll

    def access(self) -> Access:
        """The character's player spends their downtime action; the ding is the GM's
        to give (redhack: "The DM will determine the bonus"; docs/rulings.md H106)."""
        if self.ding:
            return Access.gm(CHARACTERS, "give the ding")
        return Access.play(self.name)


def _read_level(args: Args) -> LevelIntent:
    name = args.word("NAME")
    flags = read_flags(args, ("--reroll", "--ding", "roll"))
    if "" in flags:
        raise args.error(f"unexpected {flags['']!r}")
    faces = args.faces(flags["roll"]) if "roll" in flags else ()
    return LevelIntent(name, flags.get("--reroll", "").upper(), flags.get("--ding", ""), faces)


@COMMANDS.typed(
    "level",
    "level NAME [--reroll ATTR] [--ding TEXT] [roll N,...]",
    "gain a level as a downtime action: the cost, a hit die, a d20 for every attribute",
    LevelIntent,
    _read_level,
    details="""
A character with experience equal to their level checks it off on a downtime action
(a downtime rest grants one) and pays (L)d6 x L coins (3d6x3 at 3rd level). They gain a
level, a hit die on max HP and HP, and a d20 against every attribute: higher than the
score adds 1 (not a test: 1 and 20 are not special; 19 is the cap). A prime requisite
that did not rise is rolled once more; if both failed, the console asks which (a
script takes the first, or give --reroll ATTR). The GM's "ding" bonus is a note:
  level Tomas --ding "the chapel of Saint Oda names him its warden"
"roll 4,5,20,1,..." takes the dice rolled at the table, in the order the level rolls
them: the cost's d6s, the hit die, a d20 for each attribute in order, then the prime
requisite's second d20 (RULINGS G5; docs/rulings.md H290).
(redhack: Experience & Gaining Levels; RULINGS R28.)
""",
    complete=_complete,
)
def level_command(ctx: Context, intent: LevelIntent) -> Reply:
    """Gain a level."""
    act = Act(ctx)
    act.no_fight("levelling")
    character = act.character(intent.name)
    check_can_level(character, has_downtime_action(character))
    ruleset = act.ruleset
    cls = ruleset.content.class_(character.class_id)
    primes = tuple(str(p) for p in cls.prime_requisites)
    wanted = intent.reroll
    if wanted and wanted not in primes:
        raise RuleError(
            f"{wanted} is not a prime requisite of the {cls.name} ({', '.join(primes)})"
        )
    cost, shown = roll_cost(character, act.rng)
    if cost > character.coins:
        raise RuleError(
            f"{character.name} rolls the cost, {shown} coins, and has {character.coins}: "
            "not enough, nothing changed (docs/rulings.md H186)"
        )
    level = character.level
    act.say(
        f"{character.name} gains a level: {level} -> {level + 1} (a downtime action; "
        f"{level} experience checked off, {character.xp - level} left)",
        "title",
    )
    act.say(f"  Cost {shown}: coins {character.coins} -> {character.coins - cost}", "dice")
    hit = roll(f"1d{character.hit_die}", act.rng)
    act.say(
        f"  Hit die {render_roll(hit)}: max HP {character.max_hp} -> "
        f"{character.max_hp + hit.total}, HP {character.hp} -> {character.hp + hit.total} "
        "(docs/rulings.md H185)",
        "dice",
    )
    rolls = [roll_attribute(a, s, act.rng) for a, s in character.scores]
    for rolled in rolls:
        act.say(f"  {rolled.describe()}", "success" if rolled.rose else "dice")
    rolls += _prime_again(act, character, primes, rolls, wanted)
    after = apply_level(spend_downtime_action(character, "levelling"), cost, hit.total, rolls)
    act.update(after)
    _abilities(act, after)
    ding = intent.ding or _ask_ding(ctx, character.name)
    if ding:
        act.say(f"  Ding (the GM's bonus): {ding}", "note")
        act.detail["ding"] = ding
    act.detail["level"] = {
        "from": level,
        "cost": cost,
        "hit_die": hit.total,
        "rolls": [[r.attribute, r.before, r.face, r.after, r.again] for r in rolls],
    }
    return act.commit("level", character.name)


def _prime_again(
    act: Act,
    character: Character,
    primes: tuple[str, ...],
    rolls: list[AttributeRoll],
    wanted: str,
) -> list[AttributeRoll]:
    """The prime requisite's second roll: the one that did not rise, or of two, the one
    asked for, chosen at the console, or the first (docs/rulings.md H187)."""
    failed = unrisen_primes(primes, rolls)
    if not failed:
        if primes:
            act.say(f"  Prime requisites {', '.join(primes)}: no second roll needed", "muted")
        return []
    if len(failed) == 1:
        choice = failed[0]
    elif wanted in failed:
        choice = wanted
    elif act.ctx.ask is not None:
        scores = {r.attribute: r.after for r in rolls}
        named = " nor ".join(f"{p} {scores[p]}" for p in failed)  # (H281)
        choice = ask_until(
            act.ctx,
            f"Neither {named} rose: roll which again? ",
            lambda answer: _check_prime(answer, failed),
            what="level",
            command="level",
        ).upper()
    else:
        choice = failed[0]
    score = {r.attribute: r.after for r in rolls}[choice]
    again = roll_attribute(choice, score, act.rng, again=True)
    act.say(
        f"  Prime requisite {choice} did not rise: rolled again: {again.describe()}",
        "success" if again.rose else "dice",
    )
    return [again]


def _ask_ding(ctx: Context, name: str) -> str:
    """The GM's ding, asked at the console (``""``: none, or nobody to ask)."""
    if ctx.ask is None or ctx.principal.role is not Role.GM:
        return ""
    try:
        return ctx.ask(f"The GM's ding for {name} (a background, ticks, a reward; blank: none): ")
    except (EOFError, KeyboardInterrupt):
        return ""


def _check_prime(answer: str, failed: tuple[str, ...]) -> None:
    if answer.upper() not in failed:
        raise RuleError(f"roll one of {', '.join(failed)} again")


def _abilities(act: Act, character: Character) -> None:
    """The level's class abilities from now on (redhack: Experience & Gaining Levels,
    "Level-dependent class abilities such as cleave dice and spell slots"; RULINGS
    R14)."""
    level = character.level
    shown = []
    if has_feature(act.ruleset, character, "cleave"):
        shown.append(f"{level} cleave dice a round")
    if has_feature(act.ruleset, character, "backstab"):
        shown.append(f"backstab {backstab_damage(level)}")
    slots = character_slots(character)
    if slots:
        shown.append("slots " + ", ".join(f"L{s.level}" for s in slots))
    if shown:
        act.say(f"  From now on: {', '.join(shown)}", "note")


def set_character(ctx: Context, character: Character, setting: str, value: int) -> Reply:
    """``character set NAME level|max-hp|ATTR N``: the GM's direct edit, logged with
    before and after (issue 10 §3; docs/rulings.md H188). A level is 1 or more (the
    experience stays as it is); max HP is 1 or more, HP falls to a lower maximum and
    stays where it is under a higher one (``hp NAME N`` then heals up to it); an
    attribute is 0-19 (redhack: Core Rules > Attributes and Modifiers, "caps of 2 and
    19; reduction below 2 incapacitates").

    Raises:
        RuleError: a value out of range; UnknownNameError: no such attribute.
    """
    act = Act(ctx)
    if setting == "level":
        if value < 1:
            raise RuleError(f"a level is 1 or more, not {value}")
        before, after = character.level, replace(character, level=value)
        now = value
    elif setting in ("max-hp", "maxhp", "max_hp"):
        if value < 1:
            raise RuleError(f"max HP is 1 or more, not {value}")
        setting = "max-hp"
        before, now = character.max_hp, value
        after = replace(character, max_hp=value, hp=min(character.hp, value))
    else:
        attribute = act.ruleset.attribute(setting)
        before = character.score(attribute)
        if not 0 <= value <= MAX_SCORE:
            raise RuleError(
                f"{attribute} is 0-19 (19 is the cap; a bonus above it comes off the "
                f"difficulty, RULINGS R2), not {value}"
            )
        setting, now = attribute, value
        after = replace(
            character,
            scores=tuple((a, value if a == attribute else s) for a, s in character.scores),
        )
    if before == now:
        raise RuleError(f"{character.name}'s {setting} is already {now}")
    act.update(after)
    act.say(f"{character.name}: {setting} {before} -> {now} (the GM's edit)")
    if after.hp != character.hp:
        act.say(f"  HP {character.hp} -> {after.hp} (at most the new max HP)", "warning")
    why = incapacitated(after)
    if why is not None and incapacitated(character) != why:
        act.say(f"  {character.name} is incapacitated: {why}", "warning")
    act.detail["set"] = {"what": setting, "before": before, "after": now}
    return act.commit("character.set", character.name)
