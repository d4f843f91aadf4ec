"""Actions in a fight: ``attack``, ``defend``, ``parry``, ``tricksy``, ``turn``,
``hide`` and ``bandage`` (redhack: Combat, Character Creation > 2. Class; RULINGS
R6-R15)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ....dice.advantage import Advantage
from ....dice.usage import UsageDie, roll_usage
from ....errors import RuleError
from ....play.character import Character
from ....play.outcome import Reply
from ....rules.resolution import Critical, TestKind, TestRequest
from ...base import TestOptions
from ...context import CampaignView, Context
from ...grammar import Args
from ..combat import (
    BACKSTAB_WEAPON_TYPES,
    Band,
    WeaponProfile,
    attack_request,
    backstab_damage,
    defence_request,
    roll_damage,
)
from ..fight import Fight, Fighter, Foe
from .act import Act, current_fight, fighter_character, read_overrides, replace_fighter
from .mechanics import (
    add_ongoing,
    damage_character,
    damage_foe,
    has_feature,
    incapacitated,
    read_injury_overrides,
    roll_injury,
)
from .registry import COMMANDS

__all__ = ["backstab_reasons"]


def _complete_attack(session: CampaignView, words: list[str]) -> Iterable[str]:
    fight = current_fight(session)
    if fight is None:
        return ()
    if not words:
        return [f.name for f in fight.fighters]
    if len(words) == 1:
        return [f.key for f in fight.foes if f.fighting] + [f.name for f in fight.fighters]
    return (
        "adv",
        "dis",
        "weapon",
        "cleave",
        "cover",
        "backstab",
        "unsuspecting",
        "offhand",
        "throw",
        "override",
        "roll",
        "damage",
    )


def backstab_reasons(fight: Fight, fighter: Fighter, foe: Foe, unsuspecting: bool) -> list[str]:
    """Which of the Thief's backstab conditions hold (redhack: Thief > Backstab), from
    the fight's state: surprise, invisible, hidden when combat began, target stunned/held/
    blinded, a target with no reason to suspect (the GM's word), hidden by an action in
    an earlier round with nobody attacking, or all three of: not attacked by you last
    round, not Close to you last round, already attacked by someone else this round."""
    reasons = []
    if fight.phase == "free-round":
        reasons.append("you have surprise (the party's free round)")
    if fighter.invisible:
        reasons.append("you are invisible")
    if fighter.hidden and fight.round <= 1 and not fighter.attacked_last:
        reasons.append("you were hidden when the combat began")
    for condition in ("stunned", "held", "blinded"):
        if condition in foe.conditions:
            reasons.append(f"the target is {condition}")
    if unsuspecting:
        reasons.append("the target had no reason to suspect you (the GM's call)")
    if 0 < fighter.hid_round < fight.round and not fighter.attacked_by:
        reasons.append("nobody was attacking you and you hid in an earlier round")
    if (
        foe.key not in fighter.attacked_last
        and foe.group not in fighter.close_last
        and foe.key in fight.attacked_this_round
        and foe.key not in fighter.attacked
    ):
        reasons.append(
            "you did not attack it last round, it was not close to you then, and "
            "someone else has attacked it this round"
        )
    return reasons


def _words(args: Args) -> tuple[list[str], dict[str, Any], dict[str, Any]]:
    """Split attack options: returns (unused words, options, overrides)."""
    words, overrides = read_overrides(args, args.rest())
    options: dict[str, Any] = {"adv": 0, "dis": 0, "cleave": None}
    rest: list[str] = []
    items = iter(words)
    for word in items:
        low = word.lower()
        if low in ("adv", "advantage"):
            options["adv"] += 1
        elif low in ("dis", "disadvantage"):
            options["dis"] += 1
        elif low == "weapon":
            options["weapon"] = next(items, "")
            if not options["weapon"]:
                raise args.error("weapon needs a name")
        elif low == "cleave":
            following = next(items, None)
            if following is None or following.lower() in (
                "adv",
                "dis",
                "weapon",
                "cover",
                "backstab",
                "unsuspecting",
                "offhand",
                "throw",
                "with",
            ):
                options["cleave"] = []
                if following is not None:
                    rest.append(following)
            else:
                options["cleave"] = [t for t in following.split(",") if t]
        elif low == "with":
            options["attack"] = next(items, "")
        elif low in ("cover", "backstab", "unsuspecting", "offhand", "throw"):
            options[low] = True
        else:
            rest.append(word)
    # a word left over after "adv"/"weapon" handling may be a flag we re-scan
    leftover = []
    for word in rest:
        low = word.lower()
        if low in ("cover", "backstab", "unsuspecting", "offhand", "throw"):
            options[low] = True
        elif low in ("adv", "advantage"):
            options["adv"] += 1
        elif low in ("dis", "disadvantage"):
            options["dis"] += 1
        else:
            leftover.append(word)
    return leftover, options, overrides


def _gm_sources(options: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return ("GM",) * options["adv"], ("GM",) * options["dis"]


def _darkness(act: Act) -> tuple[str, ...]:
    """Disadvantage on a blow struck or warded off with no light: a fight is a test
    involving vision (redhack: Exploration & Dungeons > Light, "suffer disadvantage on
    tests involving vision or morale"; docs/rulings.md H27)."""
    return ("darkness",) if "dark" in act.ruleset.circumstances(act.session.state) else ()


def _fight_sources(act: Act, options: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The GM's advantage and disadvantage, and darkness's, on an attack or defence."""
    gm_adv, gm_dis = _gm_sources(options)
    return gm_adv, gm_dis + _darkness(act)


# -- attack ------------------------------------------------------------------------------


@COMMANDS.command(
    "attack",
    "attack ATTACKER TARGET [adv|dis] [weapon W] [throw] [cleave [T,..]] [cover] [backstab] "
    "[unsuspecting] [offhand] [override] [roll N] [damage N]",
    "a character attacks: STR (melee) or DEX (ranged) against the target's AC",
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
    complete=_complete_attack,
)
def attack_command(ctx: Context, args: Args) -> Reply:
    """One attack."""
    attacker = args.word("ATTACKER")
    target = args.word("TARGET")
    leftover, options, overrides = _words(args)
    if leftover:
        raise args.error(f"unexpected {' '.join(leftover)!r}")
    act = Act(ctx, overrides)
    fight = act.need_fight()
    fighter, character = fighter_character(act, attacker)
    if options.get("offhand"):
        if not fighter.offhand_ready:
            raise RuleError(
                f"{fighter.name} has no off-hand attack now: it follows a main attack made "
                "without disadvantage this round (redhack: Combat > Weapon Types > Dual "
                "Weapons)"
            )
        one_handed = [
            i
            for i in character.inventory
            if i.kind == "weapon"
            and i.hands != 2
            and "long" not in act.ruleset.weapon_profile(character, i.name).types
        ]
        if len(one_handed) < 2:
            raise RuleError(f"{character.name} needs a second one-handed, non-long weapon")
    else:
        act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    if _is_fighter(act, fight, target) and not fight.has_foe(target):
        return _attack_player(act, fighter, character, target, options)
    foe = fight.foe(target)
    if not foe.fighting:
        raise RuleError(f"{foe.name} is {foe.status}: not in the fight")
    band = fighter.band(foe.group)
    weapon = _weapon(act, character, options).used_at(band, bool(options.get("throw")))
    attribute = "DEX" if weapon.ranged else "STR"
    backstab = bool(options.get("backstab"))
    reasons = []
    if has_feature(act, character, "backstab"):
        reasons = backstab_reasons(fight, fighter, foe, bool(options.get("unsuspecting")))
    if backstab:
        if not has_feature(act, character, "backstab"):
            raise RuleError(f"only a Thief can backstab ({character.name} cannot)")
        if not set(weapon.types) & set(BACKSTAB_WEAPON_TYPES):
            raise RuleError(f"a backstab needs a small or missile weapon, not {weapon.name}")
        if not reasons:
            act.need_override(
                f"no backstab condition holds for {character.name} against {foe.name}"
            )
            reasons = ["the GM's call"]
        act.say(f"Backstab: {reasons[0]}", "note")
    elif reasons and set(weapon.types) & set(BACKSTAB_WEAPON_TYPES):
        act.say(f"({character.name} could backstab {foe.name}: {reasons[0]})", "muted", log=False)
    gm_adv, gm_dis = _fight_sources(act, options)
    offhand = bool(options.get("offhand"))
    base = act.ruleset.character_test(
        character, attribute, TestOptions(advantages=gm_adv, disadvantages=gm_dis)
    )
    close_to_enemy = any(
        g in fighter.close_groups() and any(f.fighting for f in fight.members(g))
        for g in (grp.key for grp in fight.groups)
    )
    since = dict(fighter.close_since).get(foe.group)
    request = attack_request(
        who=character.name,
        attribute=attribute,
        score=character.score(attribute),
        weapon=weapon,
        target_name=foe.name,
        target_ac=foe.defence,
        band=band,
        base=base,
        cover=bool(options.get("cover")),
        close_to_enemy=close_to_enemy,
        long_first_round=band == Band.CLOSE and since == fight.round,
        short_against_long="long-weapon" in foe.tags and since is not None and since < fight.round,
        backstab=backstab,
        extra_disadvantages=("off-hand attack",) if offhand else (),
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} attacks {foe.name}", request, result)
    act.detail.update(test=_test_detail(request, result), target=foe.key)
    cleave = options.get("cleave")
    cleave_primary = cleave is not None and (
        not cleave or any(fight.foe(t).key == foe.key for t in cleave)
    )
    extra_targets = [t for t in (cleave or []) if fight.foe(t).key != foe.key]
    fighter = replace(
        fighter,
        acted=True,
        holding=False,
        attacked=(*fighter.attacked, foe.key),
        ranged_shots=fighter.ranged_shots + (1 if weapon.ammunition else 0),
        offhand_ready=not offhand and request.advantage >= 0 and not weapon.ranged,
    )
    act.fight = act.need_fight().with_fighter(fighter)
    act.fight = replace(
        act.need_fight(), attacked_this_round=(*act.need_fight().attacked_this_round, foe.key)
    )
    if cleave is not None:
        _check_cleave(
            act,
            character,
            fighter,
            1 + len(extra_targets) if cleave_primary else len(extra_targets),
        )
    if result.success:
        expression = backstab_damage(character.level) if backstab else weapon.damage
        if cleave_primary:
            expression = f"{expression}+1d6"
        _hit(act, character, foe, weapon, expression, result.critical is Critical.SUCCESS)
    else:
        act.say(f"{character.name} misses {foe.name}", "failure", log=False)
    if cleave_primary:
        _spend_cleave(act, character.name, foe.key)
    for extra in extra_targets:
        _cleave_attack(act, character, weapon, extra)
    _use_ammunition(act, character.name, weapon)
    _spend_thrown(act, character.name, weapon)
    return act.commit("attack", character.name)


def _is_fighter(act: Act, fight: Fight, name: str) -> bool:
    try:
        return fight.has_fighter(act.session.character(name).name)
    except Exception:
        return False


def _weapon(act: Act, character: Character, options: dict[str, Any]) -> WeaponProfile:
    weapon = act.ruleset.weapon_profile(character, options.get("weapon"))
    if options.get("offhand"):
        cls = act.ruleset.content.class_(character.class_id)
        weapon = replace(weapon, name=f"off-hand {weapon.name}", damage=f"1d{cls.improvised_die}")
    if weapon.ammunition == "":
        raise RuleError(f"{character.name} has no ammunition left for {weapon.name}")
    return weapon


def _hit(
    act: Act, character: Character, foe: Foe, weapon: WeaponProfile, expression: str, critical: bool
) -> None:
    if weapon.only_against and not set(weapon.only_against) & set(foe.tags):
        act.say(
            f"{weapon.name} does nothing to {foe.name} (only against "
            f"{', '.join(weapon.only_against)})",
            "muted",
        )
        return
    damage = roll_damage(expression, act.rng, critical)
    total = act.overrides.get("damage", damage.total)
    act.say(
        f"{character.name} hits {foe.name}: {damage.explain()}"
        + (f" (GM: {total})" if total != damage.total else ""),
        "dice",
    )
    act.detail["damage"] = total
    damage_foe(act, foe.key, total, character.name)
    if weapon.ongoing is not None and act.need_fight().foe(foe.key).fighting:
        add_ongoing(
            act,
            foe.key,
            character.name,
            UsageDie(weapon.ongoing),
            weapon.name.lower(),
            weapon.ongoing_now,
        )


def _check_cleave(act: Act, character: Character, fighter: Fighter, wanted: int) -> None:
    if not has_feature(act, character, "cleave"):
        raise RuleError(f"only a Warrior cleaves ({character.name} cannot)")
    if wanted > fighter.cleave_left:
        raise RuleError(
            f"{character.name} has {fighter.cleave_left} cleave dice left this "
            f"round, not {wanted} (level dice per round, RULINGS R14)"
        )


def _spend_cleave(act: Act, name: str, foe_key: str) -> None:
    fight = act.need_fight()
    fighter = fight.fighter(name)
    if foe_key in fighter.cleaved:
        raise RuleError(
            f"{fighter.name} has already given {foe_key} a cleave die this round "
            "(one per target per round, RULINGS R14)"
        )
    replace_fighter(
        act,
        replace(fighter, cleave_left=fighter.cleave_left - 1, cleaved=(*fighter.cleaved, foe_key)),
    )


def _cleave_attack(act: Act, character: Character, weapon: WeaponProfile, target: str) -> None:
    """A cleave die on another target: its own attack roll, a d6 on a hit (R14)."""
    fight = act.need_fight()
    foe = fight.foe(target)
    if not foe.fighting:
        raise RuleError(f"{foe.name} is {foe.status}: not in the fight")
    _spend_cleave(act, character.name, foe.key)
    fighter = act.need_fight().fighter(character.name)
    attribute = "DEX" if weapon.ranged else "STR"
    base = act.ruleset.character_test(
        character, attribute, TestOptions(disadvantages=_darkness(act))
    )
    request = attack_request(
        who=character.name,
        attribute=attribute,
        score=character.score(attribute),
        weapon=weapon,
        target_name=foe.name,
        target_ac=foe.defence,
        band=fighter.band(foe.group),
        base=base,
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} cleaves {foe.name}", request, result)
    replace_fighter(act, replace(fighter, attacked=(*fighter.attacked, foe.key)))
    _mark_attacked(act, foe.key)
    if result.success:
        _hit(
            act,
            character,
            foe,
            replace(weapon, ongoing=None),
            "1d6",
            result.critical is Critical.SUCCESS,
        )


def _mark_attacked(act: Act, foe_key: str) -> None:
    """Note that ``foe_key`` has been attacked this round (a backstab condition)."""
    fight = act.need_fight()
    if foe_key not in fight.attacked_this_round:
        act.fight = replace(fight, attacked_this_round=(*fight.attacked_this_round, foe_key))


def _use_ammunition(act: Act, name: str, weapon: WeaponProfile) -> None:
    """R9: each ranged attack with ammunition rolls its usage die; a second shot in the
    same round rolls it with disadvantage."""
    if not weapon.ammunition:
        return
    character = act.character(name)
    indexes = [
        i
        for i in character.find_items(weapon.ammunition)
        if (d := character.inventory[i].usage) is not None and not d.exhausted
    ]
    if not indexes:
        return
    index = indexes[0]
    item = character.inventory[index]
    assert item.usage is not None
    fighter = act.need_fight().fighter(name)
    advantage = Advantage.DISADVANTAGE if fighter.ranged_shots > 1 else Advantage.NONE
    usage = roll_usage(item.usage, act.rng, advantage)
    act.say(f"{character.name}'s {item.name}: {usage.explain()}", "dice")
    act.update(character.replace_item(index, replace(item, usage=usage.after)))
    if not any(i == index for i, _ in fighter.ammo):
        replace_fighter(act, replace(fighter, ammo=(*fighter.ammo, (index, int(item.usage)))))


def _spend_thrown(act: Act, name: str, weapon: WeaponProfile) -> None:
    """A thrown weapon leaves the hand: thrown gear (a flask of oil, holy water) is used
    up; a thrown dagger or spear lies where it fell until the fight ends (H19)."""
    if weapon.item is None or not weapon.throw:
        return
    character = act.character(name)
    item = character.inventory[weapon.item]
    act.update(character.remove_item(weapon.item))
    if "improvised" in weapon.types:
        act.say(f"{character.name}'s {item.name} is used up", "muted")
        return
    fighter = act.need_fight().fighter(name)
    replace_fighter(act, replace(fighter, thrown=(*fighter.thrown, item)))
    act.say(
        f"{character.name}'s {item.name} lies where it fell (picked up when the fight ends)",
        "muted",
    )


def _attack_player(
    act: Act, fighter: Fighter, character: Character, target: str, options: dict[str, Any]
) -> Reply:
    """R6: a player attacking a player rolls against half the target's AC."""
    victim = act.character(target)
    if victim.key == character.key:
        raise RuleError("a character cannot attack themselves")
    weapon = _weapon(act, character, options).used_at(Band.CLOSE, bool(options.get("throw")))
    attribute = "DEX" if weapon.ranged else "STR"
    gm_adv, gm_dis = _fight_sources(act, options)
    base = act.ruleset.character_test(
        character, attribute, TestOptions(advantages=gm_adv, disadvantages=gm_dis)
    )
    half = act.ruleset.armour_class(victim) // 2
    request = attack_request(
        who=character.name,
        attribute=attribute,
        score=character.score(attribute),
        weapon=weapon,
        target_name=victim.name,
        target_ac=half,
        band=Band.CLOSE,
        base=base,
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} attacks {victim.name} (half AC)", request, result)
    replace_fighter(act, replace(fighter, acted=True, holding=False))
    if result.success:
        damage = roll_damage(weapon.damage, act.rng, result.critical is Critical.SUCCESS)
        total = act.overrides.get("damage", damage.total)
        act.say(f"{character.name} hits {victim.name}: {damage.explain()}", "dice")
        damage_character(act, victim.name, total, character.name)
    _use_ammunition(act, character.name, weapon)
    _spend_thrown(act, character.name, weapon)
    return act.commit("attack", character.name)


def _test_detail(request: TestRequest, result: Any) -> dict[str, Any]:
    return {
        "attribute": request.attribute,
        "score": request.score,
        "difficulty": request.difficulty,
        "advantages": list(request.advantages),
        "disadvantages": list(request.disadvantages),
        "faces": list(result.faces),
        "kept": result.kept,
        "success": result.success,
        "critical": result.critical.value,
    }


# -- defend and parry --------------------------------------------------------------------


def _complete_defend(session: CampaignView, words: list[str]) -> Iterable[str]:
    fight = current_fight(session)
    if fight is None:
        return ()
    if not words:
        return [f.name for f in fight.fighters]
    if len(words) == 1:
        return [f.key for f in fight.foes if f.fighting]
    return ("adv", "dis", "with", "override", "roll", "damage")


@COMMANDS.command(
    "defend",
    "defend PLAYER MONSTER [adv|dis] [with ATTACK] [override] [roll N] [damage N]",
    "a monster attacks: the player tests AC against its HD; a natural 1 is its critical",
    details="""
Players roll for both sides: a monster's attack is the player's defence, a test of their
AC with the attacker's HD as difficulty (RULINGS R6; a broken foe attacks as 1 HD, R12).
A failure takes the monster's damage (its stat block, or damage by HD, R5); a natural 1
means the monster scores a critical: damage rolled twice and added. A hit also shows
what the attack does besides damage, as the bestiary notes it (a ghoul's paralysis, a
spider's poison), for the GM to apply. A Warrior who defends successfully may parry
that attacker with a cleave die ('parry').
""",
    complete=_complete_defend,
)
def defend_command(ctx: Context, args: Args) -> Reply:
    """A monster's attack, rolled by the player as a defence."""
    defender = args.word("PLAYER")
    attacker = args.word("MONSTER")
    leftover, options, overrides = _words(args)
    if leftover:
        raise args.error(f"unexpected {' '.join(leftover)!r}")
    act = Act(ctx, overrides)
    fight = act.need_fight()
    fighter, character = fighter_character(act, defender)
    foe = fight.foe(attacker)
    if not foe.fighting:
        raise RuleError(f"{foe.name} is {foe.status}: it does not attack")
    if character.hp <= 0:
        raise RuleError(f"{character.name} is out of the fight")
    if fight.phase not in ("monsters",):
        act.need_override(f"it is the {fight.phase} phase, not the monsters' turn")
    band = fighter.band(foe.group)
    if band != Band.CLOSE:
        act.need_override(
            f"{foe.name} is {band} from {character.name}: it must come Close to strike "
            f"('move {foe.group} close'), unless its attack reaches"
        )
    per_round = sum(a.count for a in foe.attacks) or 1
    if foe.attacks_made >= per_round:
        act.need_override(f"{foe.name} has already made its {per_round} attack(s) this round")
    routine = [a for a in foe.attacks for _ in range(a.count)]
    attack = routine[foe.attacks_made % len(routine)] if routine else None  # claw, claw, bite
    if options.get("attack"):
        wanted = str(options["attack"]).lower()
        matches = [a for a in foe.attacks if a.name.lower().startswith(wanted)]
        if not matches:
            raise RuleError(f"{foe.name} has no attack called {options['attack']!r}")
        attack = matches[0]
    gm_adv, gm_dis = _fight_sources(act, options)
    extra_adv = list(gm_adv)
    if "hindered" in foe.conditions:
        extra_adv.append(f"{foe.name} is tricked (disadvantage on its attack)")
    request = defence_request(
        who=character.name,
        armour_class=act.ruleset.armour_class(character),
        attacker_hd=foe.attack_hd,
        attacker_name=foe.name,
        base=act.ruleset.defence_base(character),
        extra_advantages=tuple(extra_adv),
        extra_disadvantages=gm_dis,
    )
    result = act.resolve(request)
    label = f"{foe.name} attacks {character.name}" + (f" ({attack.name})" if attack else "")
    act.show_test(label, request, result)
    act.detail.update(test=_test_detail(request, result), attacker=foe.key)
    foe = replace(
        foe,
        attacks_made=foe.attacks_made + 1,
        conditions=tuple(c for c in foe.conditions if c != "hindered"),
    )
    act.fight = fight.with_foe(foe)
    fighter = replace(fighter, attacked_by=(*fighter.attacked_by, foe.key))
    if result.success:
        fighter = replace(fighter, defended=(*fighter.defended, foe.key))
        replace_fighter(act, fighter)
        act.say(f"{character.name} avoids the blow", "success", log=False)
        if fighter.cleave_left and foe.key not in fighter.parried:
            act.say(
                f"({character.name} may parry: 'parry {character.name} {foe.key}')",
                "muted",
                log=False,
            )
    else:
        replace_fighter(act, fighter)
        critical = result.critical is Critical.FAILURE
        expression = attack.damage if attack else "1d4"
        if foe.broken:  # RULINGS R12: a broken foe forced to fight attacks as 1 HD (R5: d4)
            expression = "1d4"
        damage = roll_damage(expression, act.rng, critical)
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


@COMMANDS.command(
    "parry",
    "parry WARRIOR MONSTER [override] [roll N] [damage N]",
    "after a successful defence, a Warrior spends a cleave die on that attacker",
    details="""
Whenever a Warrior defends successfully with cleave dice left, they may assign one to
the attacker, once per attacker per round (redhack: Warrior > Parry; RULINGS R14). Like
every cleave die on a target other than the primary one it rolls to hit as normal; the
campaign setting "parry" = automatic makes it hit without a roll. A Warrior surprised
in an unexpected fight does not parry in round one either (R13) unless the GM overrides.
""",
    complete=_complete_defend,
)
def parry_command(ctx: Context, args: Args) -> Reply:
    """A Warrior's parry."""
    warrior = args.word("WARRIOR")
    attacker = args.word("MONSTER")
    words, overrides = read_overrides(args, args.rest())
    if words:
        raise args.error(f"unexpected {' '.join(words)!r}")
    act = Act(ctx, overrides)
    fight = act.need_fight()
    fighter, character = fighter_character(act, warrior)
    foe = fight.foe(attacker)
    if not has_feature(act, character, "parry"):
        raise RuleError(f"only a Warrior parries ({character.name} cannot)")
    condition = incapacitated(character)
    if condition is not None:
        raise RuleError(f"{character.name} is {condition}: no concerted action")
    if fighter.initiative == "surprised" and fight.phase != "free-round":
        act.need_override(
            f"{character.name} was surprised and does not act in round one (redhack: "
            "Combat > Initiative & Surprise: they wait until the second round)"
        )
    if foe.key not in fighter.defended:
        raise RuleError(f"{character.name} has not just defended against {foe.name} this round")
    if foe.key in fighter.parried:
        raise RuleError(f"{character.name} has already parried {foe.name} this round")
    if fighter.cleave_left < 1:
        raise RuleError(f"{character.name} has no cleave dice left this round")
    if not foe.fighting:
        raise RuleError(f"{foe.name} is {foe.status}")
    if fighter.band(foe.group) != Band.CLOSE:
        raise RuleError(f"{foe.name} is not Close to {character.name}: a parry is a melee blow")
    replace_fighter(
        act,
        replace(fighter, cleave_left=fighter.cleave_left - 1, parried=(*fighter.parried, foe.key)),
    )
    _mark_attacked(act, foe.key)
    weapon = act.ruleset.weapon_profile(character)
    if str(act.session.setting("parry")) == "automatic":
        act.say(f"{character.name} parries {foe.name} with a cleave die")
        _hit(act, character, foe, replace(weapon, ongoing=None), "1d6", False)
        return act.commit("parry", character.name)
    base = act.ruleset.character_test(character, "STR", TestOptions(disadvantages=_darkness(act)))
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
        _hit(
            act,
            character,
            foe,
            replace(weapon, ongoing=None),
            "1d6",
            result.critical is Critical.SUCCESS,
        )
    return act.commit("parry", character.name)


# -- class actions -----------------------------------------------------------------------

TRICKS = {
    "damage": "the target takes 1d6 damage from dirty tricks",
    "hinder": "the target has disadvantage on its next attack",
    "block": "the target must block a creature moving into combat (even an ally)",
    "redirect": "the target takes a free attack on the Bard; if it misses, it hits a target "
    "of the Bard's choice",
}


@COMMANDS.command(
    "tricksy",
    "tricksy BARD TARGET damage|hinder|block|redirect [cha] [adv|dis] [override] [roll N]",
    "a Bard tricks a foe: DEX (or CHA) test against its HD",
    details="""
With a DEX test against a creature (or CHA against foes who can understand the Bard), a
Bard tricks an opponent (redhack: Bard > Tricksy; RULINGS R15: the creature's HD is the
difficulty): damage (1d6), hinder (disadvantage on its attack), block, or redirect.
""",
    complete=_complete_attack,
)
def tricksy_command(ctx: Context, args: Args) -> Reply:
    """A Bard's trick."""
    bard, target = args.word("BARD"), args.word("TARGET")
    effect = args.word("EFFECT").lower()
    if effect not in TRICKS:
        raise args.error(f"the trick is one of {', '.join(TRICKS)}")
    leftover, options, overrides = _words(args)
    cha = [w for w in leftover if w.lower() == "cha"]
    leftover = [w for w in leftover if w.lower() != "cha"]
    if leftover:
        raise args.error(f"unexpected {' '.join(leftover)!r}")
    act = Act(ctx, overrides)
    fight = act.need_fight()
    fighter, character = fighter_character(act, bard)
    if not has_feature(act, character, "tricksy"):
        raise RuleError(f"only a Bard plays tricks ({character.name} cannot)")
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    foe = fight.foe(target)
    if not foe.fighting:
        raise RuleError(f"{foe.name} is {foe.status}")
    attribute = "CHA" if cha else "DEX"
    gm_adv, gm_dis = _gm_sources(options)
    request = act.ruleset.character_test(
        character,
        attribute,
        TestOptions(
            difficulty=foe.hd, advantages=gm_adv, disadvantages=gm_dis, kind=TestKind.EFFECT
        ),
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} tricks {foe.name} ({effect})", request, result)
    replace_fighter(act, replace(fighter, acted=True, holding=False))
    _mark_attacked(act, foe.key)
    if result.success:
        act.say(f"It works: {TRICKS[effect]}", "success")
        if effect == "damage":
            damage = roll_damage("1d6", act.rng)
            act.say(f"Dirty tricks: {damage.explain()}", "dice")
            damage_foe(act, foe.key, damage.total, character.name)
        elif effect == "hinder":
            current = act.need_fight().foe(foe.key)
            act.fight = act.need_fight().with_foe(
                replace(current, conditions=(*current.conditions, "hindered"))
            )
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
    complete=_complete_attack,
)
def turn_command(ctx: Context, args: Args) -> Reply:
    """Turn undead."""
    cleric, target = args.word("CLERIC"), args.word("UNDEAD")
    leftover, options, overrides = _words(args)
    if leftover:
        raise args.error(f"unexpected {' '.join(leftover)!r}")
    act = Act(ctx, overrides)
    fight = act.need_fight()
    fighter, character = fighter_character(act, cleric)
    if not has_feature(act, character, "turn-undead"):
        raise RuleError(f"only a Cleric turns undead ({character.name} cannot)")
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    foe = fight.foe(target)
    if "undead" not in foe.tags:
        raise RuleError(f"{foe.name} is not undead")
    gm_adv, gm_dis = _gm_sources(options)
    request = act.ruleset.character_test(  # no holy symbol: disadvantage, from the data
        character,
        "WIS",
        TestOptions(
            penalty=foe.hd, advantages=gm_adv, disadvantages=gm_dis, tags=("turning-undead",)
        ),
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} turns {foe.name}", request, result)
    replace_fighter(act, replace(fighter, acted=True, holding=False))
    if result.success:
        turned = [
            f
            for f in fight.members(foe.group)
            if f.fighting and "undead" in f.tags and f.hd <= foe.hd
        ]
        for undead in turned:
            act.fight = act.need_fight().with_foe(replace(undead, status="turned"))
        act.say(
            f"Turned: {', '.join(f.name for f in turned)} flee from {character.name}", "success"
        )
    return act.commit("turn", character.name)


@COMMANDS.command(
    "hide",
    "hide NAME [adv|dis] [override] [roll N]",
    "spend an action hiding (a DEX test for hiding): a Thief may backstab later",
    complete=_complete_attack,
)
def hide_command(ctx: Context, args: Args) -> Reply:
    """Hide (redhack: Thief > Backstab: "you spent an action to hide in a previous
    round")."""
    name = args.word("NAME")
    leftover, options, overrides = _words(args)
    if leftover:
        raise args.error(f"unexpected {' '.join(leftover)!r}")
    act = Act(ctx, overrides)
    fight = act.need_fight()
    fighter, character = fighter_character(act, name)
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    gm_adv, gm_dis = _gm_sources(options)
    request = act.ruleset.character_test(
        character, "DEX", TestOptions(advantages=gm_adv, disadvantages=gm_dis, tags=("hiding",))
    )
    result = act.resolve(request)
    act.show_test(f"{character.name} hides", request, result)
    fighter = replace(fighter, acted=True, holding=False)
    if result.success:
        fighter = replace(fighter, hidden=True, hid_round=fight.round)
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
    complete=_complete_attack,
)
def bandage_command(ctx: Context, args: Args) -> Reply:
    """Bandage a fallen ally."""
    helper, patient = args.word("HELPER"), args.word("PATIENT")
    act = Act(ctx, read_injury_overrides(args, "a bandage"), die=6)
    fight = act.need_fight()
    fighter, character = fighter_character(act, helper)
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    victim = act.character(patient)
    if victim.key == character.key:
        raise RuleError("a character at 0 HP cannot bandage themselves")
    act.say(f"{character.name} binds {victim.name}'s wounds")
    roll_injury(act, victim.name)
    replace_fighter(
        act, replace(act.need_fight().fighter(character.name), acted=True, holding=False)
    )
    return act.commit("bandage", character.name)
