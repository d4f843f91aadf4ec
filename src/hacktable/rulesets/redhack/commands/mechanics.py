"""Fight mechanics shared by the commands: damage, taking out, morale, ongoing damage,
injuries, and starting a round (redhack: Combat; RULINGS R10-R14)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ....dice.usage import UsageDie, roll_usage
from ....errors import RuleError
from ....play.character import Character
from ....rules.resolution import TestKind
from ...base import TestOptions
from ...grammar import Args
from ..combat import morale_check
from ..fight import Fight, Foe, Ongoing
from ..party import FATIGUE_STEPS, with_fatigue_step
from .act import Act, read_overrides

__all__ = [
    "INCAPACITATING",
    "add_ongoing",
    "check_morale",
    "damage_character",
    "damage_foe",
    "end_of_round",
    "has_feature",
    "incapacitated",
    "roll_duration_die",
    "roll_injury",
    "start_round",
    "tick_ongoing",
]


INCAPACITATING = ("dead", "mortally-wounded", "delirious", "dying")
"""Conditions that leave a character unable to take concerted action (RULINGS R11; the
fatigue table's Delirious and Dead, R23)."""


def incapacitated(character: Character) -> str | None:
    """The condition that stops ``character`` acting, or ``None``."""
    for condition in INCAPACITATING:
        if character.has_condition(condition):
            return {"mortally-wounded": "mortally wounded", "dying": "dying of fatigue"}.get(
                condition, condition
            )
    return None


def has_feature(act: Act, character: Character, feature: str) -> bool:
    """Whether the character's class has the feature (``"cleave"``, ``"backstab"``)."""
    cls = act.ruleset.content.class_(character.class_id)
    return any(f.id == feature for f in cls.features)


# -- damage ----------------------------------------------------------------------------


def damage_character(act: Act, name: str, amount: int, source: str) -> Character:
    """Take ``amount`` HP from a character (never below 0). At 0 HP they are out of the
    fight (redhack: Combat > Damage & Injuries; RULINGS R11)."""
    character = act.character(name)
    after = character.with_hp(character.hp - amount)
    act.update(after)
    act.say(f"{character.name} takes {amount} from {source}: HP {character.hp} -> {after.hp}")
    if after.hp == 0 and character.hp > 0:
        if act.fight is not None:
            act.say(
                f"{character.name} is out of the fight: bandage them ('bandage HELPER "
                f"{character.name}') or heal them to roll on the injuries table",
                "warning",
            )
            standing = [
                f.name
                for f in act.fight.fighters
                if act.character(f.name).hp > 0 and not incapacitated(act.character(f.name))
            ]
            if not standing:
                act.say(
                    "The whole party is down: the fight is lost unless help comes "
                    "('fight end' when the GM says what becomes of them)",
                    "critical",
                )
        else:
            act.say(
                f"{character.name} falls to 0 HP: when tended ('injury "
                f"{character.name}') or healed, roll on the injuries table",
                "warning",
            )
    return after


def damage_foe(act: Act, foe_key: str, amount: int, by: str) -> Foe:
    """Take ``amount`` HP from a foe; at 0 it is out. Notes who hit it and who took it
    out (for the morale CHA test, RULINGS R12), then checks its group's morale."""
    fight = act.need_fight()
    foe = fight.foe(foe_key)
    hp = max(0, foe.hp - amount)
    after = replace(foe, hp=hp)
    fight = fight.with_foe(after)
    if amount > 0 and fight.has_fighter(by):
        fight = fight.noting("last_hit", foe.group, fight.fighter(by).name)
        fight = replace(fight, damaging_attacks=fight.damaging_attacks + 1)
    act.say(f"{foe.name} takes {amount}: HP {foe.hp} -> {hp}")
    if hp == 0 and foe.fighting:
        after = replace(after, status="out")
        fight = fight.with_foe(after)
        if fight.has_fighter(by):
            fight = fight.noting("last_kill", foe.group, fight.fighter(by).name)
        act.say(f"{foe.name} is out of the fight", "success")
    act.fight = fight
    check_morale(act, foe.group)
    return after


def check_morale(act: Act, group_key: str) -> None:
    """Test a group's morale when its trigger happens (redhack: Combat > Morale;
    RULINGS R12): half of a group taken out, or a lone powerful foe at half its HP or
    less. Each group tests once. With a morale score the dice decide; without one, the
    player who made the latest kill (or hit) makes a CHA test, and success breaks them.
    Broken foes attempt to parley, surrender or flee; forced to fight they defend with
    HD + AC and attack as 1 HD."""
    fight = act.need_fight()
    group = fight.group(group_key)
    if group.morale_tested:
        return
    members = fight.members(group.key)
    standing = [f for f in members if f.fighting]
    if not standing:
        return
    out = sum(1 for f in members if f.status == "out")
    lone = len(members) == 1
    if lone:
        foe = members[0]
        triggered = foe.hp * 2 <= foe.max_hp
        why = f"{foe.name} is down to {foe.hp} of {foe.max_hp} HP"
        who = fight.latest("last_hit", group.key)
    else:
        triggered = out * 2 >= len(members)
        why = f"{out} of {len(members)} {group.name} are out"
        who = fight.latest("last_kill", group.key) or fight.latest("last_hit", group.key)
    if not triggered:
        return
    scores = [f.morale for f in standing if f.morale is not None]
    morale = max(scores) if scores else None
    request = None
    if morale is None and who is not None:
        character = act.character(who)
        request = act.ruleset.character_test(character, "CHA", TestOptions(kind=TestKind.MORALE))
    try:
        result = morale_check(morale, act.rng, request)
    except RuleError as error:
        act.say(f"Morale: {why}, but {error}", "warning")
        return
    fight = fight.with_group(replace(group, morale_tested=True))
    act.say(f"Morale ({why}): {result.explanation}", "critical" if result.broken else "note")
    if result.broken:
        for foe in standing:
            fight = fight.with_foe(replace(foe, status="broken"))
        act.say(
            f"The {group.name} break: on their next action they try to parley, surrender or "
            "flee; forced to fight, they defend with HD + AC and attack as 1 HD",
            "warning",
        )
    act.fight = fight


# -- ongoing damage ----------------------------------------------------------------------


def tick_ongoing(act: Act, sources: set[str]) -> None:
    """Roll every ongoing damage caused by ``sources`` (RULINGS R10): the usage die is
    the damage, rolled on the turn of whoever caused it, stepping down until
    exhausted."""
    for key in [f.key for f in act.need_fight().foes]:
        foe = act.need_fight().foe(key)
        if not foe.fighting:
            continue
        remaining: list[Ongoing] = []
        damages: list[tuple[int, str]] = []
        for effect in foe.ongoing:
            if effect.source not in sources:
                remaining.append(effect)
                continue
            usage = roll_usage(effect.die, act.rng)
            act.say(f"{effect.label} on {foe.name} ({effect.source}): {usage.explain()}", "dice")
            damages.append((usage.kept, effect.source))
            if not usage.after.exhausted:
                remaining.append(replace(effect, die=usage.after))
        if damages:
            act.fight = act.need_fight().with_foe(replace(foe, ongoing=tuple(remaining)))
            for amount, source in damages:
                damage_foe(act, key, amount, source)


def add_ongoing(
    act: Act, foe_key: str, source: str, die: UsageDie, label: str, now: bool = False
) -> None:
    """Set ongoing damage on a foe (RULINGS R10); ``now`` rolls it at once (holy
    water: "1d8 ongoing damage applied immediately")."""
    fight = act.need_fight()
    foe = fight.foe(foe_key)
    act.fight = fight.with_foe(replace(foe, ongoing=(*foe.ongoing, Ongoing(source, die, label))))
    act.say(f"{foe.name} suffers {label}: {die} ongoing damage (RULINGS R10)", "note")
    if now:
        tick_only = act.need_fight().foe(foe_key)
        last = len(tick_only.ongoing) - 1
        usage = roll_usage(die, act.rng)
        act.say(f"{label} on {foe.name}: {usage.explain()}", "dice")
        kept = list(tick_only.ongoing[:last])
        if not usage.after.exhausted:
            kept.append(Ongoing(source, usage.after, label))
        act.fight = act.need_fight().with_foe(replace(tick_only, ongoing=tuple(kept)))
        damage_foe(act, foe_key, usage.kept, source)


# -- rounds ------------------------------------------------------------------------------


def start_round(act: Act) -> None:
    """Begin the next round (redhack: Combat > Initiative & Surprise; RULINGS R13):
    each player not out makes a DEX test, success acting before the monsters; a player
    who held their action to the end of last round acts first without a roll; players
    surprised in an unexpected fight skip round one. Cleave dice are refreshed (R14).
    A character who cannot act (0 HP, R11; mortally wounded; delirious or dying on the
    fatigue table, R23: :func:`incapacitated`) makes no initiative test, and a line says
    why."""
    fight = act.need_fight()
    if fight.phase == "setup" and fight.free_round:
        act.fight = replace(fight, phase="free-round", round=0)
        act.fight = _reset_round(act, act.need_fight())
        act.say(
            "Free round: the party surprised them (a natural 20). Every player acts; "
            "the monsters do not.",
            "title",
        )
        return
    number = fight.round + 1
    fight = replace(fight, round=number, phase="before", attacked_this_round=())
    fight = _reset_round(act, fight)
    act.fight = fight
    act.say(f"Round {number}", "title")
    before: list[str] = []
    after: list[str] = []
    for current in fight.fighters:
        character = act.character(current.name)
        why = incapacitated(character)
        if why is None and character.hp <= 0:
            why = "out of the fight (0 HP)"
        if why is not None:
            act.say(f"  {current.name} is {why}: no initiative", "muted")
            if current.held_over:
                fight = fight.with_fighter(replace(current, held_over=False))
            continue
        if current.held_over:
            before.append(f"{current.name} (held action)")
            updated = replace(current, initiative="before", held_over=False)
        elif current.initiative == "surprised" and number == 1:
            act.say(f"{current.name} is surprised and does not act this round", "warning")
            continue
        else:
            request = act.ruleset.character_test(
                character, "DEX", TestOptions(kind=TestKind.INITIATIVE)
            )
            result = act.resolve(request)
            side = "before" if result.success else "after"
            act.say(f"  {current.name} initiative: {result.explanation} -> {side}", "dice")
            updated = replace(current, initiative=side)
            (before if result.success else after).append(current.name)
        fight = fight.with_fighter(updated)
    act.fight = fight
    monsters = [f.name for f in fight.active_foes()]
    act.say(
        f"Order: before the monsters: {', '.join(before) or 'nobody'}; the monsters "
        f"({', '.join(monsters) or 'none'}); after: {', '.join(after) or 'nobody'}",
        "note",
    )
    tick_ongoing(act, {f.split(" (")[0] for f in before})


def _reset_round(act: Act, fight: Fight) -> Fight:
    fighters = []
    for fighter in fight.fighters:
        character = act.character(fighter.name)
        cleave = character.level if has_feature(act, character, "cleave") else 0
        fighters.append(
            replace(
                fighter,
                acted=False,
                moves=0,
                holding=False,
                cleave_left=cleave,
                cleaved=(),
                parried=(),
                defended=(),
                attacked_last=fighter.attacked,
                attacked=(),
                close_last=fighter.close_groups() if fight.round > 1 else (),
                ranged_shots=0,
                attacked_by=(),
                offhand_ready=False,
            )
        )
    foes = tuple(replace(f, attacks_made=0) for f in fight.foes)
    return replace(fight, fighters=tuple(fighters), foes=foes)


def end_of_round(act: Act) -> None:
    """Close a round: players still holding their action will act first next round
    without a roll (R13)."""
    fight = act.need_fight()
    for fighter in fight.fighters:
        if fighter.holding and not fighter.acted:
            fight = fight.with_fighter(replace(fighter, held_over=True, holding=False))
            act.say(f"{fighter.name} still holds: acts first next round", "note")
    act.fight = fight


# -- injuries ----------------------------------------------------------------------------


def roll_duration_die(act: Act, name: str, indent: str = "") -> Character:
    """A mortally wounded character rolls their duration die (RULINGS R11: at every
    torch check, every rest and every downtime day); once it is exhausted they die.

    Raises:
        RuleError: the character is not mortally wounded.
    """
    character = act.character(name)
    if character.mortal_wound is None:
        raise RuleError(f"{character.name} is not mortally wounded")
    usage = roll_usage(character.mortal_wound, act.rng)
    act.say(f"{indent}{character.name}'s duration die: {usage.explain()}", "dice")
    if usage.after.exhausted:
        after = replace(character, mortal_wound=None, conditions=(*character.conditions, "dead"))
        act.say(f"{indent}{character.name} dies of their wounds.", "critical")
    else:
        after = replace(character, mortal_wound=usage.after)
    act.update(after)
    return after


def read_injury_overrides(args: Args, what: str) -> dict[str, Any]:
    """The GM's overrides on an injuries roll: ``roll N[,N]`` (the d6, then a
    debilitated ability's d6) and ``override``; nothing else follows the names.

    Raises:
        CommandError: other words, or ``damage N`` (an injury has no damage).
    """
    words, overrides = read_overrides(args, args.rest(), die=6)
    if words:
        raise args.error(f"unexpected {' '.join(words)!r}")
    if "damage" in overrides:
        raise args.error(f"{what} has no damage to fix: 'roll N' fixes the injuries d6")
    return overrides


def roll_injury(act: Act, name: str) -> Character:
    """A character at 0 HP healed or bandaged rolls 1d6 on the injuries table (redhack:
    Combat > Damage & Injuries; RULINGS R11): 1 unconscious, 2 wounded, 3 injured,
    4 debilitated (-2 to a random ability), 5 disabled, 6 doomed (dead, or mortally
    wounded with a duration die, as the campaign setting ``doomed`` says). A survivor
    gains 1d4 HP and may fight at once. Aid for one dying of fatigue (step 7) is the
    same roll (redhack: Wilderness Survival > Fatigue Table, "roll on the OOA table if
    aid is provided"); a survivor is back on step 6, delirious (docs/rulings.md H26).
    One dying of fatigue while not at 0 HP gains no HP (they were dying of fatigue, not
    of wounds); one brought back from 0 HP keeps no more than the Drained cap of step 6
    (half their maximum). When the act's die is the d6 (``injury``, ``bandage``), the
    GM's fixed faces (``roll N``) are the table's and are shown.

    Raises:
        RuleError: the character is not at 0 HP nor dying (unless the GM overrides),
            is mortally wounded, or is dead.
    """
    character = act.character(name)
    if character.dead:
        raise RuleError(f"{character.name} is dead")
    dying = character.has_condition("dying")
    if character.mortal_wound is not None:
        raise RuleError(f"{character.name} is mortally wounded: only exceptional healing helps")
    if character.hp > 0 and not dying:
        act.need_override(f"{character.name} is not out of the fight ({character.hp} HP)")
    faces = act.overrides.get("faces")
    if faces and act.die == 6:  # the act was made for this table's d6 (injury, bandage)
        act.say(f"GM override: the d6 shows {', '.join(map(str, faces))}", "warning")
    from ..injuries import apply_injury

    outcome = apply_injury(
        act.ruleset,
        character,
        act.rng,
        doomed=str(act.session.setting("doomed")),
        mortal_die=UsageDie.parse(str(act.session.setting("mortal-wound-die"))),
    )
    for text, style in outcome.lines:
        act.say(text, style)
    after = outcome.character
    if dying and not after.dead:
        after = with_fatigue_step(after, FATIGUE_STEPS.index("delirious"))
        act.say(
            f"{after.name} is aided: back to delirious on the fatigue table (docs/rulings.md H26)",
            "success",
        )
        from ..travel import drained_cap

        cap = drained_cap(after)
        if cap is not None and after.hp > cap > character.hp:
            act.say(
                f"{after.name} is drained: HP {after.hp} -> {cap} (half of {after.max_hp})",
                "warning",
            )
            after = replace(after, hp=cap)
    act.update(after)
    return after
