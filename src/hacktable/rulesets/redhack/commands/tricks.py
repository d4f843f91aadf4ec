"""Class actions and help in a fight: ``tricksy``, ``turn``, ``hide`` and ``bandage``
(redhack: Bard > Tricksy; Cleric > Turn Undead; Thief > Backstab; RULINGS R11, R15).
The rules are :mod:`..class_actions`."""

from __future__ import annotations

from ....errors import RuleError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Args
from ..actors import has_feature, incapacitated
from ..attacks import mark_attacked
from ..class_actions import (
    TRICK_DAMAGE,
    TRICKS,
    check_not_self,
    check_undead,
    hidden,
    hiding_options,
    hinder,
    trick_options,
    turn_undead,
    turning_options,
)
from ..combat import roll_damage
from .act import Act, fighter_character, replace_fighter
from .fight_words import complete_attack, gm_sources, read_action_words
from .mechanics import damage_foe, read_injury_overrides, roll_injury
from .registry import COMMANDS

__all__ = ["bandage_command", "hide_command", "tricksy_command", "turn_command"]


@COMMANDS.command(
    "tricksy",
    "tricksy BARD TARGET damage|hinder|block|redirect [cha] [adv|dis] [override] [roll N]",
    "a Bard tricks a foe: DEX (or CHA) test against its HD",
    details="""
With a DEX test against a creature (or CHA against foes who can understand the Bard), a
Bard tricks an opponent (redhack: Bard > Tricksy; RULINGS R15: the creature's HD is the
difficulty): damage (1d6), hinder (disadvantage on its attack), block, or redirect.
""",
    complete=complete_attack,
)
def tricksy_command(ctx: Context, args: Args) -> Reply:
    """A Bard's trick."""
    bard, target = args.word("BARD"), args.word("TARGET")
    effect = args.word("EFFECT").lower()
    if effect not in TRICKS:
        raise args.error(f"the trick is one of {', '.join(TRICKS)}")
    leftover, options, overrides = read_action_words(args)
    cha = [w for w in leftover if w.lower() == "cha"]
    leftover = [w for w in leftover if w.lower() != "cha"]
    if leftover:
        raise args.error(f"unexpected {' '.join(leftover)!r}")
    act = Act(ctx, overrides)
    fight = act.need_fight()
    fighter, character = fighter_character(act, bard)
    if not has_feature(act.ruleset, character, "tricksy"):
        raise RuleError(f"only a Bard plays tricks ({character.name} cannot)")
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    foe = fight.foe(target)
    if not foe.fighting:
        raise RuleError(f"{foe.name} is {foe.status}")
    attribute = "CHA" if cha else "DEX"
    request = act.ruleset.character_test(
        character, attribute, trick_options(foe, *gm_sources(options))
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} tricks {foe.name} ({effect})", request, result)
    replace_fighter(act, fighter.after_action())
    act.fight = mark_attacked(act.need_fight(), foe.key)
    if result.success:
        act.say(f"It works: {TRICKS[effect]}", "success")
        if effect == "damage":
            damage = roll_damage(TRICK_DAMAGE, act.rng)
            act.say(f"Dirty tricks: {damage.explain()}", "dice")
            damage_foe(act, foe.key, damage.total, character.name)
        elif effect == "hinder":
            act.fight = hinder(act.need_fight(), foe.key)
    return act.commit("tricksy", character.name)


@COMMANDS.command(
    "turn",
    "turn CLERIC UNDEAD [adv|dis] [override] [roll N]",
    "a Cleric turns undead: WIS test with the creature's HD as penalty",
    details="""
Test WIS as an action, with a penalty equal to the creature's HD, and disadvantage unless
a holy symbol is used (redhack: Cleric > Turn Undead; RULINGS R15). Success turns every
undead of that group whose HD is no more than the one named: they flee the Cleric.
""",
    complete=complete_attack,
)
def turn_command(ctx: Context, args: Args) -> Reply:
    """Turn undead."""
    cleric, target = args.word("CLERIC"), args.word("UNDEAD")
    leftover, options, overrides = read_action_words(args)
    if leftover:
        raise args.error(f"unexpected {' '.join(leftover)!r}")
    act = Act(ctx, overrides)
    fight = act.need_fight()
    fighter, character = fighter_character(act, cleric)
    if not has_feature(act.ruleset, character, "turn-undead"):
        raise RuleError(f"only a Cleric turns undead ({character.name} cannot)")
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    foe = fight.foe(target)
    check_undead(foe)
    request = act.ruleset.character_test(  # no holy symbol: disadvantage, from the data
        character, "WIS", turning_options(foe, *gm_sources(options))
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} turns {foe.name}", request, result)
    replace_fighter(act, fighter.after_action())
    if result.success:
        act.fight, turned = turn_undead(act.need_fight(), foe)
        act.say(
            f"Turned: {', '.join(f.name for f in turned)} flee from {character.name}", "success"
        )
    return act.commit("turn", character.name)


@COMMANDS.command(
    "hide",
    "hide NAME [adv|dis] [override] [roll N]",
    "spend an action hiding (a DEX test for hiding): a Thief may backstab later",
    complete=complete_attack,
)
def hide_command(ctx: Context, args: Args) -> Reply:
    """Hide (redhack: Thief > Backstab: "you spent an action to hide in a previous
    round")."""
    name = args.word("NAME")
    leftover, options, overrides = read_action_words(args)
    if leftover:
        raise args.error(f"unexpected {' '.join(leftover)!r}")
    act = Act(ctx, overrides)
    fight = act.need_fight()
    fighter, character = fighter_character(act, name)
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    request = act.ruleset.character_test(character, "DEX", hiding_options(*gm_sources(options)))
    result = act.resolve(request)
    act.show_test(f"{character.name} hides", request, result)
    fighter = fighter.after_action()
    if result.success:
        fighter = hidden(fighter, fight.round)
    replace_fighter(act, fighter)
    return act.commit("hide", character.name)


@COMMANDS.command(
    "bandage",
    "bandage HELPER PATIENT [roll N[,N]] [override]",
    "an ally spends their action binding a fallen character: the injuries table (R11)",
    details="""
A character at 0 HP stays out until healed above 0 or until an ally spends an action to
check on them and bandage their wounds; then roll 1d6 on the injuries table (RULINGS
R11). A survivor gains 1d4 HP and may fight at once. Out of a fight, use 'injury NAME'.
The GM may fix the injuries table's d6 ("roll 6"; "roll 4,2": debilitated, then the
ability's d6) and "override" the turn order or bandage one who is not at 0 HP.
""",
    complete=complete_attack,
)
def bandage_command(ctx: Context, args: Args) -> Reply:
    """Bandage a fallen ally."""
    helper, patient = args.word("HELPER"), args.word("PATIENT")
    act = Act(ctx, read_injury_overrides(args, "a bandage"), die=6)
    fight = act.need_fight()
    fighter, character = fighter_character(act, helper)
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    victim = act.character(patient)
    check_not_self(character.key, victim.key)
    act.say(f"{character.name} binds {victim.name}'s wounds")
    roll_injury(act, victim.name)
    replace_fighter(act, act.need_fight().fighter(character.name).after_action())
    return act.commit("bandage", character.name)
