"""Care and upkeep: ``injury``, ``mortal``, ``maintain``, ``xp`` and ``disrepair``
(redhack: Combat > Damage & Injuries, Exploration & Dungeons > Maintenance, Experience;
RULINGS R11, R31)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import cast

from ....dice.advantage import Advantage
from ....dice.usage import roll_usage
from ....errors import RuleError
from ....play.events import Change
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CHARACTERS, DISREPAIR
from ..experience import SOURCES, ExperienceSource, award, take_back
from ..maintenance import check_resting
from ..view import CampaignView
from .act import Act, RollOverridable, roll_fields
from .fight import campaign_day
from .mechanics import read_injury_overrides, roll_duration_die, roll_injury
from .registry import COMMANDS

__all__ = [
    "DisrepairIntent",
    "InjuryIntent",
    "MaintainIntent",
    "MortalIntent",
    "XpIntent",
    "disrepair_command",
    "injury_command",
    "maintain_command",
    "mortal_command",
    "xp_command",
]


def _characters(session: CampaignView, words: list[str]) -> Iterable[str]:
    return [c.name for c in session.characters()] if not words else ()


@dataclass(frozen=True, slots=True)
class InjuryIntent(RollOverridable):
    """A character at 0 HP healed or tended, or one dying of fatigue given aid, rolls
    on the injuries table (redhack: Combat > Damage & Injuries; RULINGS R11, R23;
    docs/rulings.md H26).

    Attributes:
        name: the character's name, as given.
        override: the GM rolls for a character who is not out of the fight.
        roll: the injuries table's d6 faces the GM fixes (``roll 4,2``), ``()`` to roll.
    """

    name: str

    def access(self) -> Access:
        """The character's player rolls their injury (their d6 too: RULINGS G5);
        ``override`` is the GM's (docs/rulings.md H106)."""
        return self.acting(self.name)


def _read_injury(args: Args) -> InjuryIntent:
    name = args.word("NAME")
    return InjuryIntent(name, **roll_fields(read_injury_overrides(args, "an injury")))


@COMMANDS.typed(
    "injury",
    "injury NAME [roll N[,N]] [override]",
    "a character at 0 HP who is healed or tended, or aid for the dying (R11, R23)",
    InjuryIntent,
    _read_injury,
    details="""
Roll 1d6 on the injuries table: 1 unconscious, 2 wounded, 3 injured, 4 debilitated (-2 to
a random ability), 5 disabled, 6 doomed (redhack: Combat > Damage & Injuries; RULINGS
R11). A survivor gains 1d4 HP; the wound's effect on tests is applied from then on.
Doomed means mortally wounded (a duration die) or dead, as the setting "doomed" says.
It is also the aid a character dying of fatigue (step 7) needs within 24 hours: a
survivor is back on step 6, delirious (redhack: Fatigue Table; docs/rulings.md H26);
one not at 0 HP gains no HP (dying of fatigue, not of wounds).
The GM may fix the d6: "roll 6" (a 4, debilitated, rolls a second d6 for the ability:
"roll 4,2"); "override" rolls for a character who is not out of the fight.
""",
    complete=_characters,
)
def injury_command(ctx: Context, intent: InjuryIntent) -> Reply:
    """Roll an injury (redhack: Combat > Damage & Injuries; RULINGS R11)."""
    act = Act(ctx, intent.overrides(), die=6)
    roll_injury(act, intent.name)
    return act.commit("injury", act.session.character(intent.name).name)


@dataclass(frozen=True, slots=True)
class MortalIntent(Intent):
    """A mortally wounded character's duration die, rolled at every torch check, rest
    and downtime day (RULINGS R11).

    Attributes:
        name: the character's name, as given.
    """

    name: str

    def access(self) -> Access:
        """The character's player rolls their duration die (docs/rulings.md H106)."""
        return Access.play(self.name)


def _read_mortal(args: Args) -> MortalIntent:
    name = args.word("NAME")
    args.done()
    return MortalIntent(name)


@COMMANDS.typed(
    "mortal",
    "mortal NAME",
    "roll a mortally wounded character's duration die (torch check, rest, downtime day)",
    MortalIntent,
    _read_mortal,
    details="""
A mortally wounded character rolls their duration die every time torches are checked,
at every rest and every downtime day; once it is exhausted they die (RULINGS R11).
""",
    complete=_characters,
)
def mortal_command(ctx: Context, intent: MortalIntent) -> Reply:
    """Roll the duration die."""
    act = Act(ctx)
    character = roll_duration_die(act, intent.name)
    return act.commit("mortal", character.name)


@dataclass(frozen=True, slots=True)
class MaintainIntent(Intent):
    """At a rest, a character rolls the Armourer's Tools' usage die: the party's gear is
    maintained for the day (redhack: Exploration & Dungeons > Maintenance; RULINGS R31,
    G2).

    Attributes:
        name: the character's name, as given.
        adv: the GM's sources of advantage on the usage roll (each ``adv`` one).
        dis: the GM's sources of disadvantage.
    """

    name: str
    adv: int = 0
    dis: int = 0

    def access(self) -> Access:
        """The player of the character with the tools: their usage die
        (docs/rulings.md H106)."""
        return Access.play(self.name)


def _read_maintain(args: Args) -> MaintainIntent:
    name = args.word("NAME")
    words = args.rest()  # other words are let be, as they always were
    return MaintainIntent(
        name,
        adv=sum(w.lower() in ("adv", "advantage") for w in words),
        dis=sum(w.lower() in ("dis", "disadvantage") for w in words),
    )


@COMMANDS.typed(
    "maintain",
    "maintain NAME [adv|dis]",
    "at a rest, roll Armourer's Tools: the party's gear is maintained for the day (R31)",
    MaintainIntent,
    _read_maintain,
    details="""
Roll the Armourer's Tools' usage die while resting; the party's weapons and armour are
then maintained for the rest of the day, so no disrepair point comes after a battle
(redhack: Exploration & Dungeons > Maintenance; RULINGS R31). A Warrior rolls with
advantage (G2). It is done at a rest: right after 'rest short' or 'rest long', before
anything passes time (docs/rulings.md H234). Example: rest short, then maintain Aldric
""",
    complete=_characters,
)
def maintain_command(ctx: Context, intent: MaintainIntent) -> Reply:
    """Maintain the party's gear."""
    act = Act(ctx)
    act.no_fight("maintenance: it is done at a rest")
    check_resting(act.entity("party", "rested", int, -1), act.party().minutes)
    character = act.character(intent.name)
    index = next(
        (
            i
            for i, item in enumerate(character.inventory)
            if item.ref == "armourers-tools" and item.usage is not None and not item.usage.exhausted
        ),
        None,
    )
    if index is None:
        raise RuleError(f"{character.name} has no Armourer's Tools with uses left")
    item = character.inventory[index]
    assert item.usage is not None
    sources = act.ruleset.usage_advantages(character, item)
    advantages = len(sources) + intent.adv
    usage = roll_usage(item.usage, act.rng, Advantage.net(advantages, intent.dis))
    why = f" ({'; '.join(sources)})" if sources else ""
    act.say(
        f"{character.name} maintains the party's gear: {item.name} {usage.explain()}{why}", "dice"
    )
    act.update(character.replace_item(index, replace(item, usage=usage.after)))
    day = campaign_day(act.session)
    act.extra_changes.append(
        Change("party", "maintained", act.session.state.get("party", "maintained"), day)
    )
    act.say(f"Weapons and armour are maintained for the rest of day {day}", "note")
    return act.commit("maintain", character.name)


@dataclass(frozen=True, slots=True)
class XpIntent(Intent):
    """Mark (or unmark) a character's experience (redhack: Experience & Gaining
    Levels).

    Attributes:
        name: the character's name, as given.
        amount: the change, signed (``+1`` marks one, ``-1`` unmarks one).
        source: where marked experience came from (:data:`..experience.SOURCES`).
        note: what it was for (a quest's words), ``""`` if nothing.
    """

    name: str
    amount: int
    source: ExperienceSource = "gm"
    note: str = ""

    def access(self) -> Access:
        """The GM's: experience is awarded, not taken (docs/rulings.md H106)."""
        return Access.gm(CHARACTERS, "change experience")


def _read_xp(args: Args) -> XpIntent:
    name = args.word("NAME")
    text = args.word("+N, -N or quest")
    if text.lower() == "quest":
        note = " ".join(args.rest()).strip()
        if not note:
            raise args.error('a quest needs its words: xp NAME quest "TEXT"')
        return XpIntent(name, 1, "quest", note)
    if text[:1] not in "+-":
        raise args.error(f"experience changes by +N or -N, not {text!r}")
    amount = args.to_int(text, "+N or -N")
    source = (args.optional() or "gm").lower()
    if source not in SOURCES:
        raise args.error(f"an experience's source is one of {', '.join(SOURCES)}, not {source!r}")
    if amount < 0 and source != "gm":
        raise args.error("only marked experience has a source: 'xp NAME -N' unmarks")
    note = " ".join(args.rest()).strip()
    return XpIntent(name, amount, cast(ExperienceSource, source), note)


@COMMANDS.typed(
    "xp",
    "xp NAME +N|-N [foe|save|treasure|quest|place|gm [TEXT]] | xp NAME quest TEXT",
    "mark (or unmark) experience for a character",
    XpIntent,
    _read_xp,
    details="""
One experience per important fight, deadly save, return home encumbered by treasure,
quest completed for an NPC, or new dungeon, level or major map (redhack: Experience &
Gaining Levels). The console marks most itself (fight end, save ... deadly, where
dungeon, enter, rest downtime); the GM marks the rest, with where it came from:
  xp Tomas quest "rescued the miller's son"
  xp Sly +1 foe the bog hag
"xp NAME -N" unmarks the latest. A level needs as many as the current level ('level').
""",
    complete=_characters,
)
def xp_command(ctx: Context, intent: XpIntent) -> Reply:
    """Change experience."""
    amount = intent.amount
    act = Act(ctx)
    character = act.character(intent.name)
    if amount < 0:
        after = take_back(character, -amount)
    else:
        after = character
        for _ in range(amount):
            after = award(after, intent.source, intent.note, act.party().clock)
    act.update(after)
    why = "" if intent.source == "gm" and not intent.note else f" ({intent.source}"
    if why:
        why += f": {intent.note})" if intent.note else ")"
    act.say(f"{character.name}: experience {character.xp} -> {after.xp}{why}")
    return act.commit("xp", character.name)


@dataclass(frozen=True, slots=True)
class DisrepairIntent(Intent):
    """The GM's disrepair points: see them, or spend one to give a player disadvantage
    on an attack or defence (RULINGS R31).

    Attributes:
        spend: spend a point (``disrepair spend``); else only show them.
    """

    spend: bool = False

    def access(self) -> Access:
        """Anyone sees the points; only the GM spends one (docs/rulings.md H106)."""
        return Access.gm(DISREPAIR, "spend a disrepair point") if self.spend else Access.read()


def _read_disrepair(args: Args) -> DisrepairIntent:
    spend = args.optional()
    args.done()
    if spend is not None and spend.lower() != "spend":
        raise args.error(f"unexpected {spend!r}")
    return DisrepairIntent(spend is not None)


@COMMANDS.typed(
    "disrepair",
    "disrepair [spend]",
    "the GM's disrepair points: see them, or spend one (R31)",
    DisrepairIntent,
    _read_disrepair,
    details="A disrepair point gives a player disadvantage on an attack or defence roll at "
    "an inopportune moment (add 'dis' to that roll).",
)
def disrepair_command(ctx: Context, intent: DisrepairIntent) -> Reply:
    """Show or spend disrepair points."""
    act = Act(ctx)
    points = int(act.session.state.get("gm", "disrepair") or 0)
    if not intent.spend:
        return Reply().add(f"The GM holds {points} disrepair point(s).")
    if points < 1:
        raise RuleError("the GM has no disrepair points")
    act.extra_changes.append(Change("gm", "disrepair", points, points - 1))
    act.say(
        f"The GM spends a disrepair point ({points - 1} left): the next roll named gets "
        "disadvantage"
    )
    return act.commit("disrepair")
