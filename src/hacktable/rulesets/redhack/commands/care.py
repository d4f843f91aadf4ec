"""Care and upkeep: ``injury``, ``mortal``, ``maintain``, ``xp`` and ``disrepair``
(redhack: Combat > Damage & Injuries, Exploration & Dungeons > Maintenance, Experience;
RULINGS R11, R31)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ....dice.advantage import Advantage
from ....dice.usage import roll_usage
from ....errors import RuleError
from ....play.events import Change
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Args
from ..view import CampaignView
from .act import Act
from .fight import campaign_day
from .mechanics import read_injury_overrides, roll_duration_die, roll_injury
from .registry import COMMANDS


def _characters(session: CampaignView, words: list[str]) -> Iterable[str]:
    return [c.name for c in session.characters()] if not words else ()


@COMMANDS.command(
    "injury",
    "injury NAME [roll N[,N]] [override]",
    "a character at 0 HP who is healed or tended, or aid for the dying (R11, R23)",
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
def injury_command(ctx: Context, args: Args) -> Reply:
    """Roll an injury (redhack: Combat > Damage & Injuries; RULINGS R11)."""
    name = args.word("NAME")
    act = Act(ctx, read_injury_overrides(args, "an injury"), die=6)
    roll_injury(act, name)
    return act.commit("injury", act.session.character(name).name)


@COMMANDS.command(
    "mortal",
    "mortal NAME",
    "roll a mortally wounded character's duration die (torch check, rest, downtime day)",
    details="""
A mortally wounded character rolls their duration die every time torches are checked,
at every rest and every downtime day; once it is exhausted they die (RULINGS R11).
""",
    complete=_characters,
)
def mortal_command(ctx: Context, args: Args) -> Reply:
    """Roll the duration die."""
    name = args.word("NAME")
    args.done()
    act = Act(ctx)
    character = roll_duration_die(act, name)
    return act.commit("mortal", character.name)


@COMMANDS.command(
    "maintain",
    "maintain NAME [adv|dis]",
    "at a rest, roll Armourer's Tools: the party's gear is maintained for the day (R31)",
    details="""
Roll the Armourer's Tools' usage die while resting; the party's weapons and armour are
then maintained for the rest of the day, so no disrepair point comes after a battle
(redhack: Exploration & Dungeons > Maintenance; RULINGS R31). A Warrior rolls with
advantage (G2).
""",
    complete=_characters,
)
def maintain_command(ctx: Context, args: Args) -> Reply:
    """Maintain the party's gear."""
    name = args.word("NAME")
    words = args.rest()
    act = Act(ctx)
    act.no_fight("maintenance: it is done at a rest")
    character = act.character(name)
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
    advantages = len(sources) + sum(w.lower() in ("adv", "advantage") for w in words)
    disadvantages = sum(w.lower() in ("dis", "disadvantage") for w in words)
    usage = roll_usage(item.usage, act.rng, Advantage.net(advantages, disadvantages))
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


@COMMANDS.command(
    "xp",
    "xp NAME +N|-N",
    "mark (or unmark) experience for a character",
    details="One experience per important fight, deadly save, treasure brought home, quest "
    "or new dungeon level (redhack: Experience & Gaining Levels).",
    complete=_characters,
)
def xp_command(ctx: Context, args: Args) -> Reply:
    """Change experience."""
    name = args.word("NAME")
    text = args.word("+N or -N")
    if text[:1] not in "+-":
        raise args.error(f"experience changes by +N or -N, not {text!r}")
    amount = args.to_int(text, "+N or -N")
    args.done()
    act = Act(ctx)
    character = act.character(name)
    if character.xp + amount < 0:
        raise RuleError(f"{character.name} has only {character.xp} experience")
    act.update(replace(character, xp=character.xp + amount))
    act.say(f"{character.name}: experience {character.xp} -> {character.xp + amount}")
    return act.commit("xp", character.name)


@COMMANDS.command(
    "disrepair",
    "disrepair [spend]",
    "the GM's disrepair points: see them, or spend one (R31)",
    details="A disrepair point gives a player disadvantage on an attack or defence roll at "
    "an inopportune moment (add 'dis' to that roll).",
)
def disrepair_command(ctx: Context, args: Args) -> Reply:
    """Show or spend disrepair points."""
    spend = args.optional()
    args.done()
    act = Act(ctx)
    points = int(act.session.state.get("gm", "disrepair") or 0)
    if spend is None:
        return Reply().add(f"The GM holds {points} disrepair point(s).")
    if spend.lower() != "spend":
        raise args.error(f"unexpected {spend!r}")
    if points < 1:
        raise RuleError("the GM has no disrepair points")
    act.extra_changes.append(Change("gm", "disrepair", points, points - 1))
    act.say(
        f"The GM spends a disrepair point ({points - 1} left): the next roll named gets "
        "disadvantage"
    )
    return act.commit("disrepair")
