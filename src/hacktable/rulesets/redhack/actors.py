"""Who can act in a fight, and with which class features (RULINGS R11, R23; redhack:
Character Creation > 2. Class)."""

from __future__ import annotations

from .character import Character

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .ruleset import Redhack

__all__ = ["INCAPACITATING", "below_two", "has_feature", "incapacitated"]


INCAPACITATING = ("dead", "mortally-wounded", "delirious", "dying")
"""Conditions that leave a character unable to take concerted action (RULINGS R11; the
fatigue table's Delirious and Dead, R23)."""


def incapacitated(character: Character) -> str | None:
    """The condition that stops ``character`` acting, or ``None`` (RULINGS R11, R23),
    or an attribute reduced below 2 (:func:`below_two`)."""
    for condition in INCAPACITATING:
        if character.has_condition(condition):
            return {"mortally-wounded": "mortally wounded", "dying": "dying of fatigue"}.get(
                condition, condition
            )
    return below_two(character)


def below_two(character: Character) -> str | None:
    """Why an attribute reduced below 2 incapacitates ``character`` (``"STR 1 is below
    2"``), or ``None`` (redhack: Core Rules > Attributes and Modifiers, "reduction below
    2 incapacitates the affected character"; docs/rulings.md H189)."""
    low = [f"{a} {s}" for a, s in character.scores if s < 2]
    return f"{', '.join(low)} below 2" if low else None


def has_feature(ruleset: Redhack, character: Character, feature: str) -> bool:
    """Whether the character's class has the feature (``"cleave"``, ``"backstab"``;
    redhack: Character Creation > 2. Class)."""
    cls = ruleset.content.class_(character.class_id)
    return any(f.id == feature for f in cls.features)
