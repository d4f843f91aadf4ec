"""Class actions and help in a fight: ``tricksy``, ``turn``, ``hide`` and ``bandage``
(redhack: Bard > Tricksy; Cleric > Turn Undead; Thief > Backstab; RULINGS R11, R15).
The rules are :mod:`..class_actions`."""

from __future__ import annotations

from dataclasses import dataclass

from ....errors import RuleError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args
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
from .act import (
    Act,
    Overridable,
    RollOverridable,
    action_fields,
    fighter_character,
    replace_fighter,
    roll_fields,
)
from .fight_words import complete_attack, gm_sources, read_action_words
from .mechanics import damage_foe, read_injury_overrides, roll_injury
from .registry import COMMANDS

__all__ = [
    "BandageIntent",
    "HideIntent",
    "TricksyIntent",
    "TurnIntent",
    "bandage_command",
    "hide_command",
    "tricksy_command",
    "turn_command",
]


@dataclass(frozen=True, slots=True)
class TricksyIntent(Overridable):
    """A Bard's trick on a foe: a DEX (or CHA) test with the foe's HD as difficulty
    (redhack: Bard > Tricksy; RULINGS R15).

    Attributes:
        bard: the Bard's name, as given.
        target: the foe's key or name, as given.
        trick: ``"damage"``, ``"hinder"``, ``"block"`` or ``"redirect"``
            (:data:`..class_actions.TRICKS`).
        cha: the Bard tests CHA (foes who understand them) instead of DEX.
        adv: the GM's sources of advantage (each ``adv`` one; RULINGS R3).
        dis: the GM's sources of disadvantage.
        override, roll, damage: the GM's overrides (:class:`.fight_words.Overridable`).
    """

    bard: str
    target: str
    trick: str
    cha: bool = False
    adv: int = 0
    dis: int = 0

    def access(self) -> Access:
        """The Bard's player; ``override`` is the GM's (docs/rulings.md H106)."""
        return self.acting(self.bard)


def _read_tricksy(args: Args) -> TricksyIntent:
    bard, target = args.word("BARD"), args.word("TARGET")
    effect = args.word("EFFECT").lower()
    if effect not in TRICKS:
        raise args.error(f"the trick is one of {', '.join(TRICKS)}")
    leftover, options, overrides = read_action_words(args)
    cha = [w for w in leftover if w.lower() == "cha"]
    leftover = [w for w in leftover if w.lower() != "cha"]
    if leftover:
        raise args.error(f"unexpected {' '.join(leftover)!r}")
    return TricksyIntent(
        bard,
        target,
        effect,
        cha=bool(cha),
        adv=options["adv"],
        dis=options["dis"],
        **action_fields(overrides),
    )


@COMMANDS.typed(
    "tricksy",
    "tricksy BARD TARGET damage|hinder|block|redirect [cha] [adv|dis] [override] [roll N]",
    "a Bard tricks a foe: DEX (or CHA) test against its HD",
    TricksyIntent,
    _read_tricksy,
    details="""
With a DEX test against a creature (or CHA against foes who can understand the Bard), a
Bard tricks an opponent (redhack: Bard > Tricksy; RULINGS R15: the creature's HD is the
difficulty): damage (1d6), hinder (disadvantage on its attack), block, or redirect.
""",
    complete=complete_attack,
)
def tricksy_command(ctx: Context, intent: TricksyIntent) -> Reply:
    """A Bard's trick."""
    effect = intent.trick
    act = Act(ctx, intent.overrides())
    fight = act.need_fight()
    fighter, character = fighter_character(act, intent.bard)
    if not has_feature(act.ruleset, character, "tricksy"):
        raise RuleError(f"only a Bard plays tricks ({character.name} cannot)")
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    foe = fight.foe(intent.target)
    if not foe.fighting:
        raise RuleError(f"{foe.name} is {foe.status}")
    attribute = "CHA" if intent.cha else "DEX"
    request = act.ruleset.character_test(
        character, attribute, trick_options(foe, *gm_sources(intent.adv, intent.dis))
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


@dataclass(frozen=True, slots=True)
class TurnIntent(Overridable):
    """A Cleric turns undead: a WIS test with the creature's HD as penalty (redhack:
    Cleric > Turn Undead; RULINGS R15).

    Attributes:
        cleric: the Cleric's name, as given.
        undead: the undead foe's key or name, as given.
        adv: the GM's sources of advantage (each ``adv`` one; RULINGS R3).
        dis: the GM's sources of disadvantage.
        override, roll, damage: the GM's overrides (:class:`.fight_words.Overridable`).
    """

    cleric: str
    undead: str
    adv: int = 0
    dis: int = 0

    def access(self) -> Access:
        """The Cleric's player; ``override`` is the GM's (docs/rulings.md H106)."""
        return self.acting(self.cleric)


def _read_turn(args: Args) -> TurnIntent:
    cleric, target = args.word("CLERIC"), args.word("UNDEAD")
    leftover, options, overrides = read_action_words(args)
    if leftover:
        raise args.error(f"unexpected {' '.join(leftover)!r}")
    return TurnIntent(
        cleric, target, adv=options["adv"], dis=options["dis"], **action_fields(overrides)
    )


@COMMANDS.typed(
    "turn",
    "turn CLERIC UNDEAD [adv|dis] [override] [roll N]",
    "a Cleric turns undead: WIS test with the creature's HD as penalty",
    TurnIntent,
    _read_turn,
    details="""
Test WIS as an action, with a penalty equal to the creature's HD, and disadvantage unless
a holy symbol is used (redhack: Cleric > Turn Undead; RULINGS R15). Success turns every
undead of that group whose HD is no more than the one named: they flee the Cleric.
""",
    complete=complete_attack,
)
def turn_command(ctx: Context, intent: TurnIntent) -> Reply:
    """Turn undead."""
    act = Act(ctx, intent.overrides())
    fight = act.need_fight()
    fighter, character = fighter_character(act, intent.cleric)
    if not has_feature(act.ruleset, character, "turn-undead"):
        raise RuleError(f"only a Cleric turns undead ({character.name} cannot)")
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    foe = fight.foe(intent.undead)
    check_undead(foe)
    request = act.ruleset.character_test(  # no holy symbol: disadvantage, from the data
        character, "WIS", turning_options(foe, *gm_sources(intent.adv, intent.dis))
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


@dataclass(frozen=True, slots=True)
class HideIntent(Overridable):
    """A character spends their action hiding, a DEX test for hiding: a Thief hidden
    since an earlier round may backstab (redhack: Thief > Backstab, "you spent an
    action to hide in a previous round").

    Attributes:
        name: the character's name, as given.
        adv: the GM's sources of advantage (each ``adv`` one; RULINGS R3).
        dis: the GM's sources of disadvantage.
        override, roll, damage: the GM's overrides (:class:`.fight_words.Overridable`).
    """

    name: str
    adv: int = 0
    dis: int = 0

    def access(self) -> Access:
        """The hider's player; ``override`` is the GM's (docs/rulings.md H106)."""
        return self.acting(self.name)


def _read_hide(args: Args) -> HideIntent:
    name = args.word("NAME")
    leftover, options, overrides = read_action_words(args)
    if leftover:
        raise args.error(f"unexpected {' '.join(leftover)!r}")
    return HideIntent(name, adv=options["adv"], dis=options["dis"], **action_fields(overrides))


@COMMANDS.typed(
    "hide",
    "hide NAME [adv|dis] [override] [roll N]",
    "spend an action hiding (a DEX test for hiding): a Thief may backstab later",
    HideIntent,
    _read_hide,
    complete=complete_attack,
)
def hide_command(ctx: Context, intent: HideIntent) -> Reply:
    """Hide (redhack: Thief > Backstab: "you spent an action to hide in a previous
    round")."""
    act = Act(ctx, intent.overrides())
    fight = act.need_fight()
    fighter, character = fighter_character(act, intent.name)
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    request = act.ruleset.character_test(
        character, "DEX", hiding_options(*gm_sources(intent.adv, intent.dis))
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} hides", request, result)
    fighter = fighter.after_action()
    if result.success:
        fighter = hidden(fighter, fight.round)
    replace_fighter(act, fighter)
    return act.commit("hide", character.name)


@dataclass(frozen=True, slots=True)
class BandageIntent(RollOverridable):
    """An ally spends their action binding a fallen character's wounds: the injuries
    table (redhack: Combat > Damage & Injuries; RULINGS R11).

    Attributes:
        helper: the character who binds, as given.
        patient: the fallen character's name, as given.
        override: the GM allows it out of turn, or for one not at 0 HP.
        roll: the injuries table's d6 faces the GM fixes (``roll 4,2``: debilitated,
            then the ability's d6), ``()`` to roll.
    """

    helper: str
    patient: str

    def access(self) -> Access:
        """The helper's player; entering the injury die (``roll N``) is the patient's
        die, so their player's too; ``override`` is the GM's (docs/rulings.md H106)."""
        if self.roll:
            return self.acting(self.helper, self.patient, what="bandage with the die entered")
        return self.acting(self.helper)


def _read_bandage(args: Args) -> BandageIntent:
    helper, patient = args.word("HELPER"), args.word("PATIENT")
    return BandageIntent(helper, patient, **roll_fields(read_injury_overrides(args, "a bandage")))


@COMMANDS.typed(
    "bandage",
    "bandage HELPER PATIENT [roll N[,N]] [override]",
    "an ally spends their action binding a fallen character: the injuries table (R11)",
    BandageIntent,
    _read_bandage,
    details="""
A character at 0 HP stays out until healed above 0 or until an ally spends an action to
check on them and bandage their wounds; then roll 1d6 on the injuries table (RULINGS
R11). A survivor gains 1d4 HP and may fight at once. Out of a fight, use 'injury NAME'.
The GM may fix the injuries table's d6 ("roll 6"; "roll 4,2": debilitated, then the
ability's d6) and "override" the turn order or bandage one who is not at 0 HP.
""",
    complete=complete_attack,
)
def bandage_command(ctx: Context, intent: BandageIntent) -> Reply:
    """Bandage a fallen ally."""
    act = Act(ctx, intent.overrides(), die=6)
    fight = act.need_fight()
    fighter, character = fighter_character(act, intent.helper)
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    victim = act.character(intent.patient)
    check_not_self(character.key, victim.key)
    act.say(f"{character.name} binds {victim.name}'s wounds")
    roll_injury(act, victim.name)
    replace_fighter(act, act.need_fight().fighter(character.name).after_action())
    return act.commit("bandage", character.name)
