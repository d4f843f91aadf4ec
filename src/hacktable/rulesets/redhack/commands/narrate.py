"""How the fight rules' facts (:mod:`..facts`) read at the console: one line each, with
its style, and the console's own hints ('bandage HELPER NAME')."""

from __future__ import annotations

from collections.abc import Iterable

from ..facts import (
    AmmunitionUsed,
    CharacterDown,
    CharacterHurt,
    Fact,
    FoeHurt,
    FoeOut,
    FreeRound,
    GroupBreaks,
    Hit,
    HoldsOver,
    InitiativeRolled,
    MoraleTested,
    MoraleUntestable,
    MoraleWhy,
    NoEffect,
    NoInitiative,
    OngoingRolled,
    OngoingSet,
    PartyDown,
    RoundBegins,
    Surprised,
    ThrownDown,
    TurnOrder,
    UsedUp,
)
from .act import Act

__all__ = ["line", "tell"]


def tell(act: Act, facts: Iterable[Fact]) -> None:
    """Show each fact as a line (and put it in the event's summary)."""
    for fact in facts:
        if isinstance(fact, (InitiativeRolled, MoraleTested)) and fact.test is not None:
            request, result = fact.test
            act.reply.check(request, act.ruleset.test_odds(request), result)
        text, style = line(fact)
        act.say(text, style)


def _stops(amount: int, before: int, after: int) -> str:
    """Damage beyond the HP left says that HP stops at 0 (issue 10 §8: a floor that
    changes a number says so)."""
    return " (HP stops at 0)" if after == 0 and amount > before else ""


def _why(why: MoraleWhy) -> str:
    if why.lone is not None:
        return f"{why.lone} is down to {why.hp} of {why.max_hp} HP"
    return f"{why.out} of {why.size} {why.group} are out"


def _names(names: Iterable[str]) -> str:
    return ", ".join(names) or "nobody"


def line(fact: Fact) -> tuple[str, str]:
    """The text and style of ``fact``."""
    match fact:
        case CharacterHurt(name, amount, source, before, after):
            stop = _stops(amount, before, after)
            return f"{name} takes {amount} from {source}: HP {before} -> {after}{stop}", ""
        case CharacterDown(name, True):
            return (
                f"{name} is out of the fight: bandage them ('bandage HELPER {name}') or heal "
                "them to roll on the injuries table",
                "warning",
            )
        case CharacterDown(name, False):
            return (
                f"{name} falls to 0 HP: when tended ('injury {name}') or healed, roll on the "
                "injuries table",
                "warning",
            )
        case PartyDown():
            return (
                "The whole party is down: the fight is lost unless help comes ('fight end' "
                "when the GM says what becomes of them)",
                "critical",
            )
        case FoeHurt(name, amount, before, after):
            return (
                f"{name} takes {amount}: HP {before} -> {after}{_stops(amount, before, after)}",
                "",
            )
        case FoeOut(name):
            return f"{name} is out of the fight", "success"
        case MoraleTested(why, explanation, broken):
            return f"Morale ({_why(why)}): {explanation}", "critical" if broken else "note"
        case MoraleUntestable(why, reason):
            return f"Morale: {_why(why)}, but {reason}", "warning"
        case GroupBreaks(group):
            return (
                f"The {group} break: on their next action they try to parley, surrender or "
                "flee; forced to fight, they defend with HD + AC and attack as 1 HD",
                "warning",
            )
        case OngoingSet(foe, label, die):
            return f"{foe} suffers {label}: {die} ongoing damage (RULINGS R10)", "note"
        case OngoingRolled(foe, label, None, roll):
            return f"{label} on {foe}: {roll.explain()}", "dice"
        case OngoingRolled(foe, label, source, roll):
            return f"{label} on {foe} ({source}): {roll.explain()}", "dice"
        case FreeRound():
            return (
                "Free round: the party surprised them (a natural 20). Every player acts; "
                "the monsters do not.",
                "title",
            )
        case RoundBegins(number):
            return f"Round {number}", "title"
        case NoInitiative(name, why):
            return f"  {name} is {why}: no initiative", "muted"
        case Surprised(name):
            return f"{name} is surprised and does not act this round", "warning"
        case InitiativeRolled(name, explanation, side):
            return f"  {name} initiative: {explanation} -> {side}", "dice"
        case TurnOrder(before, held, monsters, after, held_monsters):
            first = (f"{n} (held action)" if n in held else n for n in before)
            early = ""
            if held_monsters:
                early = f" (held actions first: {', '.join(held_monsters)}, after held players)"
            return (
                f"Order: before the monsters: {_names(first)}{early}; the monsters "
                f"({', '.join(monsters) or 'none'}); after: {_names(after)}",
                "note",
            )
        case HoldsOver(name):
            return f"{name} still holds: acts first next round", "note"
        case NoEffect(weapon, foe, only_against):
            return (
                f"{weapon} does nothing to {foe} (only against {', '.join(only_against)})",
                "muted",
            )
        case Hit(attacker, target, damage, total):
            fixed = f" (entered: {total})" if total != damage.total else ""
            return f"{attacker} hits {target}: {damage.explain()}{fixed}", "dice"
        case AmmunitionUsed(character, item, roll):
            return f"{character}'s {item}: {roll.explain()}", "dice"
        case UsedUp(character, item):
            return f"{character}'s {item} is used up", "muted"
        case ThrownDown(character, item):
            return (
                f"{character}'s {item} lies where it fell (picked up when the fight ends)",
                "muted",
            )
    raise TypeError(f"not a fight fact: {fact!r}")  # pragma: no cover - every Fact is matched
