"""The ``defend`` and ``parry`` commands: a monster's attack, rolled by the player as a
defence, and a Warrior's parry (redhack: Combat > Attacking & Defending; Warrior >
Parry; RULINGS R5, R6, R12-R14). The rules are :mod:`..defence`."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....play.outcome import Reply
from ....rules.resolution import Critical, TestRequest
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args
from ...powers import MONSTER_DICE
from ..attacks import CLEAVE_DIE, darkness, mark_attacked
from ..character import Character
from ..combat import Band, attack_request, defence_request, roll_damage
from ..defence import (
    check_parrier,
    check_parry_target,
    foe_attack,
    foe_damage,
    monster_attack_reasons,
    parry_surprise,
    record_defence,
    spend_parry,
)
from ..fight import Fighter, Foe, FoeAttack
from ..technique_rules import guard_advantages, knife_disadvantages
from .act import Act, Overridable, action_fields, fighter_character, read_overrides, replace_fighter
from .attack import hit
from .common import check_detail
from .fight_words import complete_defend, fight_sources, read_action_words
from .mechanics import damage_character
from .registry import COMMANDS

__all__ = ["DefendIntent", "ParryIntent", "defence_of", "defend_command", "parry_command"]


@dataclass(frozen=True, slots=True)
class DefendIntent(Overridable):
    """A monster's attack on a character, rolled by the player as a defence: a test of
    AC against the attacker's HD (redhack: Combat > Attacking & Defending; RULINGS R5,
    R6, R12).

    Attributes:
        defender: the defending character's name, as given.
        attacker: the attacking foe's key or name, as given.
        adv: the GM's sources of advantage on the defence (each ``adv`` one; R3).
        dis: the GM's sources of disadvantage.
        attack: the foe's attack named (``with ATTACK``, a prefix), ``""`` for the next
            of its routine.
        override, roll, damage: the GM's overrides (:class:`.fight_words.Overridable`).
    """

    defender: str
    attacker: str
    adv: int = 0
    dis: int = 0
    attack: str = ""

    def access(self) -> Access:
        """The defender's player rolls the defence (their d20 too: RULINGS G5); the
        monster's damage (``damage N``) and ``override`` are the GM's
        (docs/rulings.md H106)."""
        if self.damage is not None and not self.override:
            return Access.gm(MONSTER_DICE, "fix a monster's damage")
        return self.acting(self.defender)


def _read_defend(args: Args) -> DefendIntent:
    defender = args.word("PLAYER")
    attacker = args.word("MONSTER")
    leftover, options, overrides = read_action_words(args)
    if leftover:
        raise args.error(f"unexpected {' '.join(leftover)!r}")
    return DefendIntent(
        defender,
        attacker,
        adv=options["adv"],
        dis=options["dis"],
        attack=options.get("attack") or "",
        **action_fields(overrides),
    )


def defence_of(
    act: Act, intent: DefendIntent
) -> tuple[Fighter, Character, Foe, FoeAttack | None, TestRequest]:
    """The defence ``intent`` asks for in ``act``'s fight: the defender, the attacker,
    its attack, and the test, not rolled (the ``defend`` command rolls it; a prompt
    shows its odds: issue 12 §2).

    Raises:
        RuleError: no fight, unknown names, or a rule refuses the attack (unless the
            GM overrides).
    """
    fight = act.need_fight()
    fighter, character = fighter_character(act, intent.defender)
    foe = fight.foe(intent.attacker)
    for reason in monster_attack_reasons(fight, fighter, character, foe):
        act.need_override(reason)
    attack = foe_attack(foe, intent.attack)
    gm_adv, gm_dis = fight_sources(act, intent.adv, intent.dis)
    extra_adv = list(gm_adv)
    if "hindered" in foe.conditions:
        extra_adv.append(f"{foe.name} is tricked (disadvantage on its attack)")
    extra_adv.extend(guard_advantages(fighter))
    gm_dis = (*gm_dis, *knife_disadvantages(fighter, foe))
    request = defence_request(
        who=character.name,
        armour_class=act.ruleset.armour_class(character),
        attacker_hd=foe.attack_hd,
        attacker_name=foe.name,
        base=act.ruleset.defence_base(character),
        extra_advantages=tuple(extra_adv),
        extra_disadvantages=gm_dis,
    )
    return fighter, character, foe, attack, request


@COMMANDS.typed(
    "defend",
    "defend PLAYER MONSTER [adv|dis] [with ATTACK] [override] [roll N] [damage N]",
    "a monster attacks: the player tests AC against its HD; a natural 1 is its critical",
    DefendIntent,
    _read_defend,
    details="""
Players roll for both sides: a monster's attack is the player's defence, a test of their
AC with the attacker's HD as difficulty (RULINGS R6; a broken foe attacks as 1 HD, R12).
A failure takes the monster's damage (its stat block, or damage by HD, R5); a natural 1
means the monster scores a critical: damage rolled twice and added. A hit also shows
what the attack does besides damage, as the bestiary notes it (a ghoul's paralysis, a
spider's poison), for the GM to apply. A Warrior who defends successfully may parry
that attacker with a cleave die ('parry').
""",
    complete=complete_defend,
)
def defend_command(ctx: Context, intent: DefendIntent) -> Reply:
    """A monster's attack, rolled by the player as a defence."""
    act = Act(ctx, intent.overrides())
    fight = act.need_fight()
    fighter, character, foe, attack, request = defence_of(act, intent)
    result = act.resolve(request)
    label = f"{foe.name} attacks {character.name}" + (f" ({attack.name})" if attack else "")
    act.show_test(label, request, result)
    act.detail.update(test=check_detail(request, result), attacker=foe.key)
    act.fight = record_defence(fight, fighter, foe, result.success)
    if result.success:
        act.say(f"{character.name} avoids the blow", "success", log=False)
        if fighter.cleave_left and foe.key not in fighter.parried:
            act.say(
                f"({character.name} may parry: 'parry {character.name} {foe.key}')",
                "muted",
                log=False,
            )
    else:
        critical = result.critical is Critical.FAILURE
        damage = roll_damage(foe_damage(foe, attack), act.rng, critical)
        total = act.overrides.get("damage", damage.total)
        act.say(
            f"{foe.name} hits: {damage.explain()}"
            + (" (the monster's critical)" if critical else "")
            + (f" (GM: {total})" if total != damage.total else ""),
            "dice",
        )
        act.detail["damage"] = total
        damage_character(act, character.name, total, foe.name)
        if attack is not None and attack.effect:
            act.say(f"{foe.name}'s {attack.name}: {attack.effect}", "warning")
    return act.commit("defend", character.name)


@dataclass(frozen=True, slots=True)
class ParryIntent(Overridable):
    """A Warrior's parry: after a successful defence, a cleave die spent on that
    attacker (redhack: Warrior > Parry; RULINGS R13, R14).

    Attributes:
        warrior: the Warrior's name, as given.
        attacker: the foe parried, its key or name as given.
        override, roll, damage: the GM's overrides (:class:`.fight_words.Overridable`).
    """

    warrior: str
    attacker: str

    def access(self) -> Access:
        """The Warrior's player (their cleave die's damage too); ``override`` is the
        GM's (docs/rulings.md H106)."""
        return self.acting(self.warrior)


def _read_parry(args: Args) -> ParryIntent:
    warrior = args.word("WARRIOR")
    attacker = args.word("MONSTER")
    words, overrides = read_overrides(args, args.rest())
    if words:
        raise args.error(f"unexpected {' '.join(words)!r}")
    return ParryIntent(warrior, attacker, **action_fields(overrides))


@COMMANDS.typed(
    "parry",
    "parry WARRIOR MONSTER [override] [roll N] [damage N]",
    "after a successful defence, a Warrior spends a cleave die on that attacker",
    ParryIntent,
    _read_parry,
    details="""
Whenever a Warrior defends successfully with cleave dice left, they may assign one to
the attacker, once per attacker per round (redhack: Warrior > Parry; RULINGS R14). Like
every cleave die on a target other than the primary one it rolls to hit as normal; the
campaign setting "parry" = automatic makes it hit without a roll. A Warrior surprised
in an unexpected fight does not parry in round one either (R13) unless the GM overrides.
""",
    complete=complete_defend,
)
def parry_command(ctx: Context, intent: ParryIntent) -> Reply:
    """A Warrior's parry."""
    act = Act(ctx, intent.overrides())
    fight = act.need_fight()
    fighter, character = fighter_character(act, intent.warrior)
    foe = fight.foe(intent.attacker)
    check_parrier(act.ruleset, character)
    act.need_override(parry_surprise(fight, fighter))
    check_parry_target(fighter, foe)
    replace_fighter(act, spend_parry(fighter, foe.key))
    act.fight = mark_attacked(act.need_fight(), foe.key)
    weapon = replace(act.ruleset.weapon_profile(character), ongoing=None)
    if str(act.session.setting("parry")) == "automatic":
        act.say(f"{character.name} parries {foe.name} with a cleave die")
        hit(act, character, foe, weapon, CLEAVE_DIE, False)
        return act.commit("parry", character.name)
    circumstances = act.ruleset.circumstances(act.session.state)
    base = act.ruleset.character_test(
        character, "STR", TestOptions(disadvantages=darkness(circumstances))
    )
    request = attack_request(
        who=character.name,
        attribute="STR",
        score=character.score("STR"),
        weapon=weapon,
        target_name=foe.name,
        target_ac=foe.defence,
        band=Band.CLOSE,
        base=base,
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} parries {foe.name}", request, result)
    if result.success:
        hit(act, character, foe, weapon, CLEAVE_DIE, result.critical is Critical.SUCCESS)
    return act.commit("parry", character.name)
