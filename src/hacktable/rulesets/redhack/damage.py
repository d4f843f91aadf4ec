"""Damage to characters and foes: HP never below 0, and what 0 HP means (redhack:
Combat > Damage & Injuries, Morale; RULINGS R11, R12)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace

from .actors import incapacitated
from .character import Character
from .facts import CharacterDown, CharacterHurt, Fact, FightStep, FoeHurt, FoeOut, PartyDown
from .fight import Fight
from .morale import check_morale

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .ruleset import Redhack

__all__ = ["CharacterDamage", "damage_character", "damage_foe"]


@dataclass(frozen=True, slots=True)
class CharacterDamage:
    """A character after damage, and what happened."""

    character: Character
    facts: tuple[Fact, ...]


def damage_character(
    character: Character,
    amount: int,
    source: str,
    fight: Fight | None = None,
    party: Mapping[str, Character] | None = None,
) -> CharacterDamage:
    """Take ``amount`` HP from a character (never below 0). At 0 HP they are out of the
    fight (redhack: Combat > Damage & Injuries; RULINGS R11); in a ``fight`` where
    nobody else can still act (``party`` has the others: 0 HP or
    :func:`.actors.incapacitated`), the whole party is down."""
    after = character.with_hp(character.hp - amount)
    facts: list[Fact] = [CharacterHurt(character.name, amount, source, character.hp, after.hp)]
    if after.hp == 0 and character.hp > 0:
        facts.append(CharacterDown(character.name, fight is not None))
        if fight is not None:
            others = party or {}
            everyone = (after if f.key == after.key else others[f.name] for f in fight.fighters)
            if not any(c.hp > 0 and not incapacitated(c) for c in everyone):
                facts.append(PartyDown())
    return CharacterDamage(after, tuple(facts))


def damage_foe(
    fight: Fight,
    foe_key: str,
    amount: int,
    by: str,
    *,
    ruleset: Redhack,
    party: Mapping[str, Character],
    rng: random.Random,
) -> FightStep:
    """Take ``amount`` HP from a foe (never below 0); at 0 it is out (redhack: Combat >
    Damage & Injuries). Notes who hit it and who took it out (for the morale CHA test,
    RULINGS R12) and counts a damaging attack by the players' side (R18), then checks
    its group's morale (:func:`.morale.check_morale`).

    Raises:
        UnknownNameError: no such foe.
    """
    foe = fight.foe(foe_key)
    hp = max(0, foe.hp - amount)
    after = replace(foe, hp=hp)
    fight = fight.with_foe(after)
    if amount > 0 and fight.has_fighter(by):
        fight = fight.noting("last_hit", foe.group, fight.fighter(by).name)
        fight = replace(fight, damaging_attacks=fight.damaging_attacks + 1)
    facts: list[Fact] = [FoeHurt(foe.name, amount, foe.hp, hp)]
    if hp == 0 and foe.fighting:
        fight = fight.with_foe(replace(after, status="out"))
        if fight.has_fighter(by):
            fight = fight.noting("last_kill", foe.group, fight.fighter(by).name)
        facts.append(FoeOut(foe.name))
    morale = check_morale(fight, foe.group, ruleset=ruleset, party=party, rng=rng)
    return FightStep(morale.fight, (*facts, *morale.facts))
