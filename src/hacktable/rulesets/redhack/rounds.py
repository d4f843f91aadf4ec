"""The steps of a fight: a round's start and end, and ongoing damage (redhack: Combat >
Initiative & Surprise; RULINGS R10, R13, R14)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import replace

from ...dice.usage import UsageDie, roll_usage
from ...rules.resolution import TestKind
from ..base import TestOptions
from .actors import has_feature, incapacitated
from .character import Character
from .damage import damage_foe
from .facts import (
    Fact,
    FightStep,
    FreeRound,
    HoldsOver,
    InitiativeRolled,
    NoInitiative,
    OngoingRolled,
    OngoingSet,
    RoundBegins,
    Surprised,
    TurnOrder,
)
from .fight import Fight, Ongoing

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .ruleset import Redhack

__all__ = ["add_ongoing", "end_of_round", "reset_round", "start_round", "tick_ongoing"]


def start_round(
    fight: Fight, *, ruleset: Redhack, party: Mapping[str, Character], rng: random.Random
) -> FightStep:
    """Begin the next round (redhack: Combat > Initiative & Surprise; RULINGS R13):
    each player not out makes a DEX test, success acting before the monsters; a player
    who held their action to the end of last round acts first without a roll; players
    surprised in an unexpected fight skip round one. Cleave dice are refreshed (R14).
    A character who cannot act (0 HP, R11; mortally wounded; delirious or dying on the
    fatigue table, R23: :func:`.actors.incapacitated`) makes no initiative test, and
    the facts say why. Then the ongoing damage of those acting first is rolled (R10).
    In set-up, a party that won a free round (a natural 20) starts with it instead:
    every player acts, the monsters do not. ``party`` has the fighters' characters."""
    if fight.phase == "setup" and fight.free_round:
        fight = reset_round(replace(fight, phase="free-round", round=0), ruleset, party)
        return FightStep(fight, (FreeRound(),))
    number = fight.round + 1
    fight = replace(fight, round=number, phase="before", attacked_this_round=())
    fight = reset_round(fight, ruleset, party)
    facts: list[Fact] = [RoundBegins(number)]
    before: list[str] = []
    held: list[str] = []
    after: list[str] = []
    for current in fight.fighters:
        character = party[current.name]
        why = incapacitated(character)
        if why is None and character.hp <= 0:
            why = "out of the fight (0 HP)"
        if why is not None:
            facts.append(NoInitiative(current.name, why))
            if current.held_over:
                fight = fight.with_fighter(replace(current, held_over=False))
            continue
        if current.held_over:
            before.append(current.name)
            held.append(current.name)
            updated = replace(current, initiative="before", held_over=False)
        elif current.initiative == "surprised" and number == 1:
            facts.append(Surprised(current.name))
            continue
        else:
            request = ruleset.character_test(
                character, "DEX", TestOptions(kind=TestKind.INITIATIVE)
            )
            result = ruleset.resolve_test(request, rng)
            side = "before" if result.success else "after"
            facts.append(
                InitiativeRolled(current.name, result.explanation, side, (request, result))
            )
            updated = replace(current, initiative=side)
            (before if result.success else after).append(current.name)
        fight = fight.with_fighter(updated)
    monsters = tuple(f.name for f in fight.active_foes())
    held_monsters = tuple(f.name for f in fight.active_foes() if f.held_over)
    facts.append(TurnOrder(tuple(before), tuple(held), monsters, tuple(after), held_monsters))
    ticked = tick_ongoing(fight, set(before), ruleset=ruleset, party=party, rng=rng)
    return FightStep(ticked.fight, (*facts, *ticked.facts))


def reset_round(fight: Fight, ruleset: Redhack, party: Mapping[str, Character]) -> Fight:
    """Every fighter's round afresh: no action, move, hold, parry or cleave yet, cleave
    dice back to a Warrior's level (RULINGS R14), this round's attacks and closeness
    become last round's (a backstab condition), a crossbow may fire again (redhack:
    Equipment > Weapons); each foe's attacks counted afresh."""
    fighters = []
    for fighter in fight.fighters:
        character = party[fighter.name]
        cleave = character.level if has_feature(ruleset, character, "cleave") else 0
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
                fired_first=False,
                moved_last=fighter.moves > 0,
                guarding=False,
                blocks=0,
            )
        )
    foes = tuple(replace(f, attacks_made=0) for f in fight.foes)
    return replace(fight, fighters=tuple(fighters), foes=foes)


def end_of_round(fight: Fight) -> FightStep:
    """Close a round: players still holding their action will act first next round
    without a roll (RULINGS R13); so will monsters still holding theirs, after those
    players (redhack: Combat > Holding Actions & Reactions; docs/rulings.md H227)."""
    from .procedure import end_foe_holds

    facts: list[Fact] = []
    for fighter in fight.fighters:
        if fighter.holding and not fighter.acted:
            fight = fight.with_fighter(replace(fighter, held_over=True, holding=False))
            facts.append(HoldsOver(fighter.name))
    fight, monsters = end_foe_holds(fight)
    facts.extend(HoldsOver(name) for name in monsters)
    return FightStep(fight, tuple(facts))


# -- ongoing damage ----------------------------------------------------------------------


def tick_ongoing(
    fight: Fight,
    sources: Iterable[str],
    *,
    ruleset: Redhack,
    party: Mapping[str, Character],
    rng: random.Random,
) -> FightStep:
    """Roll every ongoing damage caused by ``sources`` (RULINGS R10): the usage die is
    the damage, rolled on the turn of whoever caused it, stepping down until
    exhausted. Each foe's dice are rolled, then dealt (:func:`.damage.damage_foe`)."""
    wanted = set(sources)
    facts: list[Fact] = []
    for key in [f.key for f in fight.foes]:
        foe = fight.foe(key)
        if not foe.fighting:
            continue
        remaining: list[Ongoing] = []
        damages: list[tuple[int, str]] = []
        for effect in foe.ongoing:
            if effect.source not in wanted:
                remaining.append(effect)
                continue
            usage = roll_usage(effect.die, rng)
            facts.append(OngoingRolled(foe.name, effect.label, effect.source, usage))
            damages.append((usage.kept, effect.source))
            if not usage.after.exhausted:
                remaining.append(replace(effect, die=usage.after))
        if damages:
            fight = fight.with_foe(replace(foe, ongoing=tuple(remaining)))
            for amount, source in damages:
                step = damage_foe(fight, key, amount, source, ruleset=ruleset, party=party, rng=rng)
                fight = step.fight
                facts.extend(step.facts)
    return FightStep(fight, tuple(facts))


def add_ongoing(
    fight: Fight,
    foe_key: str,
    source: str,
    die: UsageDie,
    label: str,
    now: bool = False,
    *,
    ruleset: Redhack,
    party: Mapping[str, Character],
    rng: random.Random,
) -> FightStep:
    """Set ongoing damage on a foe (RULINGS R10); ``now`` rolls it at once (holy
    water: "1d8 ongoing damage applied immediately").

    Raises:
        UnknownNameError: no such foe.
    """
    foe = fight.foe(foe_key)
    fight = fight.with_foe(replace(foe, ongoing=(*foe.ongoing, Ongoing(source, die, label))))
    facts: list[Fact] = [OngoingSet(foe.name, label, die)]
    if not now:
        return FightStep(fight, tuple(facts))
    set_on = fight.foe(foe_key)
    usage = roll_usage(die, rng)
    facts.append(OngoingRolled(foe.name, label, None, usage))
    kept = list(set_on.ongoing[:-1])
    if not usage.after.exhausted:
        kept.append(Ongoing(source, usage.after, label))
    fight = fight.with_foe(replace(set_on, ongoing=tuple(kept)))
    step = damage_foe(fight, foe_key, usage.kept, source, ruleset=ruleset, party=party, rng=rng)
    return FightStep(step.fight, (*facts, *step.facts))
