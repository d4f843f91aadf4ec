"""Defending against an opponent's action: parry or dodge (black-sword-hack 2.1.4,
2.1.7, 2.1.8; RULINGS B1, B2, B5, B6).

The players roll every die: when an opponent acts, the player defends, on the
opposition's go and at no cost to their actions (2.1.4). A parry is a STR test and
needs something in hand, a weapon or a shield; a dodge is a DEX test. A ranged action
can only be dodged, unless the campaign lets a shield parry missiles (2.1.8; B5:
setting ``shield-missiles``). The action names the attributes it can be defended with
(B6). A shield gives advantage to a parry and breaks on a critical failure while
parrying (2.1.8; B5). A failed defence takes the action's damage less armour, never
below 0 (2.1.7); a critical failure ignores armour (2.1.4) and rolls the Doom die
(B2). There is no threat level on a defence (B1).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.resolution import TestKind, TestRequest
from ..base import TestOptions
from . import armour, sources
from .character import Character
from .content.index import Content
from .fight import Foe, FoeAction

__all__ = [
    "DEFENCES",
    "DefenceDamage",
    "defence_damage",
    "defence_refusals",
    "defence_request",
    "holding",
    "shield_parry",
]

DEFENCES = {"parry": "STR", "dodge": "DEX"}
"""Each defence and the attribute it tests (2.1.4)."""

DEFENCES_BY_ATTRIBUTE = {"STR": "parry", "DEX": "dodge"}
"""The defence each attribute is tested for."""


def holding(character: Character) -> bool:
    """Whether the character holds something to parry with: a weapon in hand or a
    shield (2.1.4: "the character must be holding something to be able to parry";
    docs/rulings.md H143)."""
    return any(i.equipped and i.kind in ("weapon", "shield") for i in character.inventory)


def shield_parry(character: Character, how: str) -> int | None:
    """The inventory index of the shield a parry is made with, or ``None`` (a dodge,
    or no shield held; 2.1.8)."""
    return armour.held_shield(character) if how == "parry" else None


def defence_refusals(
    character: Character, foe: Foe, action: FoeAction, how: str, shield_missiles: bool
) -> list[str]:
    """Why the rules refuse ``character`` defending against ``action`` with ``how``
    (``parry`` or ``dodge``); empty when they may (2.1.4, 2.1.8; RULINGS B5, B6)."""
    reasons: list[str] = []
    attribute = DEFENCES[how]
    if how == "parry" and not holding(character):
        reasons.append(
            f"{character.name} holds nothing to parry with: a weapon in hand or a shield "
            "is needed (black-sword-hack 2.1.4); dodge instead"
        )
    if action.ranged and how == "parry":
        if not shield_missiles:
            reasons.append(
                f"{foe.name}'s {action.name} is a ranged attack: it can only be dodged "
                "(black-sword-hack 2.1.4; a shield may parry missiles only where the "
                "campaign allows it, setting shield-missiles, RULINGS B5)"
            )
        elif armour.held_shield(character) is None:
            reasons.append(
                f"{foe.name}'s {action.name} is a ranged attack: only a shield parries "
                f"missiles, and {character.name} holds none (black-sword-hack 2.1.8)"
            )
    elif attribute not in action.defend:
        allowed = " or ".join(DEFENCES_BY_ATTRIBUTE.get(a, a) for a in action.defend)
        reasons.append(
            f"{foe.name}'s {action.name} is defended with {'/'.join(action.defend)}, so "
            f"{character.name} may {allowed}, not {how} (RULINGS B6)"
        )
    return reasons


def defence_request(
    content: Content,
    character: Character,
    how: str,
    foe: Foe,
    action: FoeAction,
    advantages: tuple[str, ...] = (),
    disadvantages: tuple[str, ...] = (),
) -> TestRequest:
    """The defence test: STR to parry, DEX to dodge, advantage from a shield when
    parrying (2.1.8) and from the character's effects, no threat level (RULINGS B1)."""
    extra = list(advantages)
    shield = shield_parry(character, how)
    if shield is not None:
        extra.append(f"{character.inventory[shield].name} (parrying, 2.1.8)")
    options = TestOptions(
        advantages=tuple(extra), disadvantages=disadvantages, kind=TestKind.DEFENCE
    )
    request = sources.character_test(content, character, DEFENCES[how], options, use=how)
    return request.replace(purpose=f"({how}) against {foe.name}'s {action.name}")


@dataclass(frozen=True, slots=True)
class DefenceDamage:
    """What a failed defence costs.

    Attributes:
        damage: the action's damage.
        rating: the defender's armour rating.
        ignored: a critical failure: armour is ignored (2.1.4).
        taken: the damage taken (never below 0, 2.1.7).
        explanation: in words.
    """

    damage: int
    rating: int
    ignored: bool
    taken: int
    explanation: str


def defence_damage(damage: int, rating: int, critical_failure: bool) -> DefenceDamage:
    """A failed defence's damage after armour (2.1.4, 2.1.7; RULINGS B5).

    >>> defence_damage(5, 2, False).taken, defence_damage(5, 2, True).taken
    (3, 5)
    >>> defence_damage(1, 3, False).explanation
    'damage 1 - armour 3 = 0 (never below 0)'
    """
    taken = armour.damage_taken(damage, rating, ignore_armour=critical_failure)
    if critical_failure:
        text = f"damage {damage}, armour {rating} ignored (a critical failure) = {taken}"
    elif rating:
        text = f"damage {damage} - armour {rating} = {taken}"
        if damage < rating:
            text += " (never below 0)"
    else:
        text = f"damage {damage} (no armour)"
    return DefenceDamage(damage, rating, critical_failure, taken, text)
