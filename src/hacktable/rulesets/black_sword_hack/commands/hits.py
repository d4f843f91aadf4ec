"""What every fight command does when someone is hurt: HP lost, a character Helpless
at 0 (2.1.12), a foe dead at 0 and its group's morale rolled when due (RULINGS B6),
and ongoing damage rolled at the start of each turn (2.1.11)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..fight import Foe, Ongoing
from ..morale import break_group, morale_due, roll_morale
from ..ongoing import tick
from .staging import Stage

__all__ = ["add_ongoing", "check_morale", "hurt_character", "hurt_foe", "tick_ongoing"]


def hurt_character(stage: Stage, name: str, damage: int, why: str) -> None:
    """``name`` loses ``damage`` HP (never below 0); at 0 they are Helpless (2.1.12)."""
    character = stage.character(name)
    if damage <= 0:
        stage.say(f"  {character.name} takes no damage ({why})", "muted")
        return
    after = character.with_hp(character.hp - damage)
    stage.update(after)
    stage.reply.adjust(
        f"{character.name}'s HP", character.hp - damage, after.hp, "HP never goes below 0"
    )
    stage.say(f"  {character.name} takes {damage} ({why}): HP {character.hp} -> {after.hp}")
    if after.helpless and not character.helpless:
        stage.say(
            f"  {character.name} is Helpless: unable to do anything but talk feebly; the "
            "Helpless table is rolled once the fight is over (black-sword-hack 2.1.12)",
            "critical",
        )


def hurt_foe(stage: Stage, foe: Foe, damage: int, why: str) -> bool:
    """``foe`` loses ``damage`` HP; at 0 it is dead (2.1.12). Returns whether it died
    (the caller then checks morale: :func:`check_morale`)."""
    current = stage.need_fight().foe(foe.key)
    if damage <= 0:
        stage.say(f"  {current.name} takes no damage ({why})", "muted")
        return False
    hp = max(0, current.hp - damage)
    died = hp == 0 and not current.dead
    after = replace(current, hp=hp, status="dead" if hp == 0 else current.status)
    stage.fight = stage.need_fight().with_foe(after)
    stage.say(f"  {current.name} takes {damage} ({why}): HP {current.hp} -> {hp}")
    if died:
        stage.say(f"  {current.name} is dead (black-sword-hack 2.1.12)", "success")
    return died


def check_morale(stage: Stage, fallen: Iterable[str]) -> None:
    """Roll the morale of every group whose leader is among the foes keyed ``fallen``
    or that has lost half its number (RULINGS B6): a d12 above its morale breaks it."""
    fallen = tuple(fallen)
    fight = stage.need_fight()
    groups = [g.key for g in fight.groups if any(fight.foe(k).group == g.key for k in fallen)]
    for key in groups:
        fight = stage.need_fight()
        due = morale_due(fight, key, fallen)
        if not due:
            continue
        setting = int(stage.setting("morale"))
        roll = roll_morale(fight.group(key), due, setting, stage.rng)
        stage.say(roll.explain(), "warning" if roll.broken else "note")
        stage.detail.setdefault("morale", []).append(
            {"group": key, "why": list(due), "d12": roll.face, "morale": roll.morale}
        )
        stage.fight = break_group(fight, roll, key)


def add_ongoing(stage: Stage, target: str, ongoing: Ongoing) -> None:
    """Put ``ongoing`` on the fighter or foe called ``target`` (2.1.11).

    Raises:
        UnknownNameError: nobody in the fight is called so.
    """
    fight = stage.need_fight()
    if fight.has_foe(target) and not fight.has_fighter(target):
        foe = fight.foe(target)
        stage.fight = fight.with_foe(replace(foe, ongoing=(*foe.ongoing, ongoing)))
        stage.say(f"  {foe.name} suffers ongoing damage: {ongoing.label} {ongoing.die} (2.1.11)")
        return
    fighter, character = stage.fighter(target)
    stage.fight = fight.with_fighter(replace(fighter, ongoing=(*fighter.ongoing, ongoing)))
    stage.say(f"  {character.name} suffers ongoing damage: {ongoing.label} {ongoing.die} (2.1.11)")


def tick_ongoing(stage: Stage) -> None:
    """Roll every ongoing damage die in the fight, characters first, then foes, at
    the start of a turn (2.1.11; RULINGS G3; armour does not stop it, docs/rulings.md
    H136)."""
    fight = stage.need_fight()
    fallen: list[str] = []
    for fighter in fight.fighters:
        if not fighter.ongoing:
            continue
        kept: list[Ongoing] = []
        for ongoing in fighter.ongoing:
            rolled = tick(ongoing, stage.rng)
            stage.say(f"{fighter.name}: {rolled.explain()}", "dice")
            hurt_character(stage, fighter.name, rolled.damage, ongoing.label)
            if rolled.after is not None:
                kept.append(rolled.after)
        now = stage.need_fight()
        stage.fight = now.with_fighter(replace(now.fighter(fighter.name), ongoing=tuple(kept)))
    for foe in fight.foes:
        if not foe.ongoing or foe.dead:
            continue
        kept = []
        for ongoing in foe.ongoing:
            rolled = tick(ongoing, stage.rng)
            stage.say(f"{foe.name}: {rolled.explain()}", "dice")
            if hurt_foe(stage, foe, rolled.damage, ongoing.label):
                fallen.append(foe.key)
            if rolled.after is not None:
                kept.append(rolled.after)
            if stage.need_fight().foe(foe.key).dead:
                kept = []
                break
        now = stage.need_fight()
        stage.fight = now.with_foe(replace(now.foe(foe.key), ongoing=tuple(kept)))
    if fallen:
        check_morale(stage, fallen)
