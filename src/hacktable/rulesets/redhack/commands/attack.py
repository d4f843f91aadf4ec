"""The ``attack`` command: a player's attack on a foe or on another player (redhack:
Combat > Attacking & Defending; Thief > Backstab; Warrior > Cleave; RULINGS R6-R10,
R14). The rules are :mod:`..attacks`; this module reads the words, stages what the
rules return and shows it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....dice.notation import bounds
from ....dice.roller import parse_cached
from ....errors import RuleError
from ....play.outcome import Reply
from ....play.principal import NotAllowedError, Role
from ....rules.resolution import Critical
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args
from ..actors import has_feature, incapacitated
from ..attacks import (
    CLEAVE_DIE,
    attack_attribute,
    attack_situation,
    attack_weapon,
    backstab_reasons,
    can_backstab_with,
    check_backstab,
    check_cleave,
    check_offhand,
    cleave_plan,
    darkness,
    hit_foe,
    mark_attacked,
    player_target_ac,
    record_attack,
    spend_cleave,
    spend_thrown,
    use_ammunition,
)
from ..character import Character
from ..combat import Band, WeaponProfile, attack_request, backstab_damage, roll_damage
from ..fight import Fighter, Foe
from ..technique_rules import check_two_fronts, knife_after, twist_bonus, two_fronts_second
from ..weapon_rules import check_fires_first, check_targets, confined_disadvantages, target_ac
from .act import Act, Overridable, action_fields, fighter_character, replace_fighter
from .common import check_detail
from .fight_words import complete_attack, fight_sources, is_fighter, read_action_words
from .mechanics import StagedParty, damage_character
from .narrate import tell
from .registry import COMMANDS

__all__ = ["AttackIntent", "attack_command", "hit"]


@dataclass(frozen=True, slots=True)
class AttackIntent(Overridable):
    """A character's attack on a foe, or on another character (redhack: Combat >
    Attacking & Defending; Thief > Backstab; Warrior > Cleave; Combat > Weapon Types;
    RULINGS R6-R10, R14; docs/rulings.md H19, H25).

    Attributes:
        attacker: the attacking character's name, as given.
        target: a foe's key or name, or a character's name, as given.
        adv: the GM's sources of advantage (each ``adv`` one; RULINGS R3).
        dis: the GM's sources of disadvantage.
        weapon: the weapon named (``weapon W``), ``None`` for the one wielded.
        cleave: ``None`` for no cleave; ``()`` for a cleave die on the target; else the
            targets named for cleave dice (``cleave goblin-2,goblin-3``; R14).
        cover: the target is behind cover (disadvantage on a ranged attack).
        backstab: a Thief's backstab is claimed.
        unsuspecting: the target does not suspect the Thief (a backstab condition).
        offhand: a second attack with the off hand (dual weapons).
        throw: a throwable weapon is thrown at a Close foe (H19).
        override, roll, damage: the GM's overrides (:class:`.fight_words.Overridable`).
    """

    attacker: str
    target: str
    adv: int = 0
    dis: int = 0
    weapon: str | None = None
    cleave: tuple[str, ...] | None = None
    cover: bool = False
    backstab: bool = False
    unsuspecting: bool = False
    offhand: bool = False
    throw: bool = False

    def access(self) -> Access:
        """The attacker's player (their own damage die too: RULINGS G5); the GM for
        ``override`` (docs/rulings.md H106)."""
        return self.acting(self.attacker)


def _read_attack(args: Args) -> AttackIntent:
    attacker = args.word("ATTACKER")
    target = args.word("TARGET")
    leftover, options, overrides = read_action_words(args)
    if leftover:
        raise args.error(f"unexpected {' '.join(leftover)!r}")
    cleave = options.get("cleave")
    return AttackIntent(
        attacker,
        target,
        adv=options["adv"],
        dis=options["dis"],
        weapon=options.get("weapon"),
        cleave=None if cleave is None else tuple(cleave),
        cover=bool(options.get("cover")),
        backstab=bool(options.get("backstab")),
        unsuspecting=bool(options.get("unsuspecting")),
        offhand=bool(options.get("offhand")),
        throw=bool(options.get("throw")),
        **action_fields(overrides),
    )


@COMMANDS.typed(
    "attack",
    "attack ATTACKER TARGET [adv|dis] [weapon W] [throw] [cleave [T,..]] [cover] [backstab] "
    "[unsuspecting] [offhand] [override] [roll N] [damage N]",
    "a character attacks: STR (melee) or DEX (ranged) against the target's AC",
    AttackIntent,
    _read_attack,
    details="""
Melee is a STR test, ranged a DEX test, difficulty the target's AC (a broken foe: HD +
AC); a natural 20 rolls damage twice and adds both (RULINGS R6). Damage: the weapon's die
(two-handed one step up, R8; improvised and unarmed: the class's lower die). Ranged
attacks roll the ammunition's usage die, with disadvantage for a second shot in a round
(R9), have disadvantage beyond the weapon's range, when shooting while Close to an enemy,
and against cover. A Warrior's "cleave" adds a d6 to the primary target's damage;
"cleave goblin-2,goblin-3" also rolls to hit those for a d6 each (one die per target per
round, level dice per round, R14). "backstab": a Thief with a small or missile weapon
gets advantage and deals 2d6 + level when a condition of the text holds (hacktable says
which). "offhand": a second attack with disadvantage for improvised damage (dual
weapons). "throw": a weapon that can be thrown (dagger, hand axe, spear) is a melee
weapon at Close range and is thrown at a Near foe by itself; "throw" throws it at a
Close foe too (a DEX attack, with disadvantage for shooting while close to an enemy).
A thrown weapon lies where it fell until 'fight end' picks it up; a flask of oil or
holy water ("weapon oil") is always thrown and used up (docs/rulings.md H19, H25).
A player attacking a player uses half their AC (R6). The GM may "override" the turn
order, and fix the d20 ("roll 14") or the damage ("damage 5").
""",
    complete=complete_attack,
)
def attack_command(ctx: Context, intent: AttackIntent) -> Reply:
    """One attack."""
    target = intent.target
    act = Act(ctx, intent.overrides())
    fight = act.need_fight()
    fighter, character = fighter_character(act, intent.attacker)
    offhand = intent.offhand
    weapon = attack_weapon(act.ruleset, character, intent.weapon, offhand)
    second = fight.has_foe(target) and two_fronts_second(character, fighter, fight.foe(target).key)
    if offhand:
        check_offhand(act.ruleset, fighter, character)
    else:
        first = weapon.rules.fires_first
        act.need_override(check_fires_first(fighter, weapon))
        acting = replace(fighter, acted=False) if second else fighter
        why = fight.check_can_act(acting, character.hp, incapacitated(character), first)
        act.need_override(why)
    if is_fighter(act, fight, target) and not fight.has_foe(target):
        return _attack_player(act, fighter, character, intent)
    foe = fight.foe(target)
    if not foe.fighting:
        raise RuleError(f"{foe.name} is {foe.status}: not in the fight")
    band = fighter.band(foe.group)
    weapon = weapon.used_at(band, intent.throw)
    plan = cleave_plan(fight, foe.key, None if intent.cleave is None else list(intent.cleave))
    check_targets(weapon, 0 if plan is None else len(plan.others))
    check_two_fronts(character, second, 0 if plan is None else len(plan.others))
    if second:
        act.say(f"{character.name} fights on two fronts: a second attack this round", "note")
    attribute = attack_attribute(weapon)
    backstab = intent.backstab
    reasons = []
    if has_feature(act.ruleset, character, "backstab"):
        reasons = backstab_reasons(fight, fighter, foe, intent.unsuspecting)
    if backstab:
        check_backstab(act.ruleset, character, weapon)
        if not reasons:
            act.need_override(
                f"no backstab condition holds for {character.name} against {foe.name}"
            )
            reasons = ["the GM's call"]
        act.say(f"Backstab: {reasons[0]}", "note")
    elif reasons and can_backstab_with(weapon):
        act.say(f"({character.name} could backstab {foe.name}: {reasons[0]})", "muted", log=False)
    gm_adv, gm_dis = fight_sources(act, intent.adv, intent.dis)
    base = act.ruleset.character_test(
        character, attribute, TestOptions(advantages=gm_adv, disadvantages=gm_dis)
    )
    situation = attack_situation(fight, fighter, foe, band)
    against = target_ac(weapon, foe)
    knife = twist_bonus(character, fighter, foe)
    request = attack_request(
        who=character.name,
        attribute=attribute,
        score=character.score(attribute),
        weapon=weapon,
        target_name=foe.name,
        target_ac=against.ac,
        band=band,
        base=base,
        cover=intent.cover,
        close_to_enemy=situation.close_to_enemy,
        long_first_round=situation.long_first_round,
        short_against_long=situation.short_against_long,
        backstab=backstab,
        extra_advantages=("twist the knife",) if knife is not None else (),
        extra_disadvantages=(
            *(("off-hand attack",) if offhand else ()),
            *confined_disadvantages(fight, weapon),
        ),
    )
    if against.why is not None:
        act.say(against.why, "note")
    result = act.resolve(request)
    act.show_test(f"{character.name} attacks {foe.name}", request, result)
    act.detail.update(test=check_detail(request, result), target=foe.key)
    act.fight = record_attack(
        act.need_fight(), fighter, foe.key, weapon, offhand, request.advantage
    )
    if plan is not None:
        check_cleave(act.ruleset, character, act.need_fight().fighter(fighter.name), plan.dice)
    if result.success:
        expression = backstab_damage(character.level) if backstab else weapon.damage
        if plan is not None and plan.primary:
            expression = f"{expression}+{CLEAVE_DIE}"
        if knife is not None:
            expression = f"{expression}+{knife}"
        hit(act, character, foe, weapon, expression, result.critical is Critical.SUCCESS)
        if weapon.fire:
            act.say(f"  {weapon.name}: fire damage (the GM applies what fire does)", "note")
    else:
        act.say(f"{character.name} misses {foe.name}", "failure", log=False)
    twisted = knife_after(
        character, act.need_fight().fighter(character.name), weapon, foe, result.success
    )
    replace_fighter(act, twisted)
    if twisted.twisting:
        act.say(f"{character.name} keeps the knife in {foe.name}'s wound (twist the knife)", "note")
    if plan is not None and plan.primary:
        replace_fighter(act, spend_cleave(act.need_fight().fighter(character.name), foe.key))
    for other in plan.others if plan is not None else ():
        _cleave_attack(act, character, weapon, other)
    _after_the_shot(act, character.name, weapon)
    return act.commit("attack", character.name)


def hit(
    act: Act, character: Character, foe: Foe, weapon: WeaponProfile, expression: str, critical: bool
) -> None:
    """Stage a hit on ``foe`` (:func:`..attacks.hit_foe`), with the damage entered if
    one was (the GM's any total; a player's only what the damage dice can show).

    Raises:
        NotAllowedError: a player entered damage the dice cannot show.
    """
    _check_entered_damage(act, expression, critical)
    outcome = hit_foe(
        act.need_fight(),
        character.name,
        foe.key,
        weapon,
        expression,
        critical,
        fixed=act.overrides.get("damage"),
        ruleset=act.ruleset,
        party=StagedParty(act),
        rng=act.rng,
    )
    if outcome.total is not None:
        act.detail["damage"] = outcome.total
    act.fight = outcome.fight
    tell(act, outcome.facts)


def _check_entered_damage(act: Act, expression: str, critical: bool) -> None:
    """A player enters the damage they rolled with their own dice (RULINGS G5), so only
    a total those dice can show (a critical's dice twice: RULINGS R6); fixing damage
    beyond that is the GM's (docs/rulings.md H106).

    Raises:
        NotAllowedError: a player entered a total the dice cannot show.
    """
    entered = act.overrides.get("damage")
    principal = act.ctx.principal
    if entered is None or principal.role is Role.GM:
        return
    low, high = bounds(parse_cached(expression))
    times = 2 if critical else 1
    low, high = max(0, low * times), max(0, high * times)
    if not low <= entered <= high:
        shown = f"{expression} twice" if critical else expression
        raise NotAllowedError(
            principal.name,
            f"enter damage {entered}",
            f"{shown} shows {low} to {high}; fixing damage is the GM's",
        )


def _cleave_attack(act: Act, character: Character, weapon: WeaponProfile, target: str) -> None:
    """A cleave die on another target: its own attack roll, a d6 on a hit (R14)."""
    foe = act.need_fight().foe(target)
    if not foe.fighting:
        raise RuleError(f"{foe.name} is {foe.status}: not in the fight")
    fighter = spend_cleave(act.need_fight().fighter(character.name), foe.key)
    replace_fighter(act, fighter)
    attribute = attack_attribute(weapon)
    circumstances = act.ruleset.circumstances(act.session.state)
    base = act.ruleset.character_test(
        character, attribute, TestOptions(disadvantages=darkness(circumstances))
    )
    request = attack_request(
        who=character.name,
        attribute=attribute,
        score=character.score(attribute),
        weapon=weapon,
        target_name=foe.name,
        target_ac=target_ac(weapon, foe).ac,
        band=fighter.band(foe.group),
        base=base,
        extra_disadvantages=confined_disadvantages(act.need_fight(), weapon),
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} cleaves {foe.name}", request, result)
    replace_fighter(act, replace(fighter, attacked=(*fighter.attacked, foe.key)))
    act.fight = mark_attacked(act.need_fight(), foe.key)
    if result.success:
        critical = result.critical is Critical.SUCCESS
        hit(act, character, foe, replace(weapon, ongoing=None), CLEAVE_DIE, critical)


def _after_the_shot(act: Act, name: str, weapon: WeaponProfile) -> None:
    """Roll the ammunition's usage die (R9) and let go of a thrown weapon (H19)."""
    used = use_ammunition(act.character(name), act.need_fight().fighter(name), weapon, act.rng)
    if used is not None:
        tell(act, (used.fact,))
        act.update(used.character)
        replace_fighter(act, used.fighter)
    thrown = spend_thrown(act.character(name), act.need_fight().fighter(name), weapon)
    if thrown is not None:
        act.update(thrown.character)
        replace_fighter(act, thrown.fighter)
        tell(act, (thrown.fact,))


def _attack_player(act: Act, fighter: Fighter, character: Character, intent: AttackIntent) -> Reply:
    """R6: a player attacking a player rolls against half the target's AC."""
    victim = act.character(intent.target)
    if victim.key == character.key:
        raise RuleError("a character cannot attack themselves")
    weapon = attack_weapon(act.ruleset, character, intent.weapon, intent.offhand)
    weapon = weapon.used_at(Band.CLOSE, intent.throw)
    attribute = attack_attribute(weapon)
    gm_adv, gm_dis = fight_sources(act, intent.adv, intent.dis)
    base = act.ruleset.character_test(
        character, attribute, TestOptions(advantages=gm_adv, disadvantages=gm_dis)
    )
    request = attack_request(
        who=character.name,
        attribute=attribute,
        score=character.score(attribute),
        weapon=weapon,
        target_name=victim.name,
        target_ac=player_target_ac(act.ruleset.armour_class(victim)),
        band=Band.CLOSE,
        base=base,
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} attacks {victim.name} (half AC)", request, result)
    replace_fighter(act, fighter.after_action())
    if result.success:
        damage = roll_damage(weapon.damage, act.rng, result.critical is Critical.SUCCESS)
        total = act.overrides.get("damage", damage.total)
        act.say(f"{character.name} hits {victim.name}: {damage.explain()}", "dice")
        damage_character(act, victim.name, total, character.name)
    _after_the_shot(act, character.name, weapon)
    return act.commit("attack", character.name)
