"""Experience: the five ways to gain one, each recorded with its source and when, and
what the next level needs (redhack: Experience & Gaining Levels; RULINGS R28).

A character's ``xp`` (the core's count) is the experiences not yet checked off; its
``experiences`` are the records of them, oldest first. Experience marked before the
records existed is counted but unrecorded (``xp`` may exceed the records): it is
checked off first (docs/rulings.md H180).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from ...errors import RuleError
from .character import Character, Experience

__all__ = [
    "SOURCES",
    "Experience",
    "ExperienceSource",
    "award",
    "check_off",
    "describe",
    "needed",
    "take_back",
]

ExperienceSource = Literal["foe", "save", "treasure", "quest", "place", "gm"]
"""Where an experience came from: the text's five, or the GM's word (``gm``)."""

SOURCES: dict[str, str] = {
    "foe": "a fight against an important or particularly challenging foe",
    "save": "a saving throw that could lead to death",
    "treasure": "returning home encumbered by valuable treasure",
    "quest": "a quest completed on behalf of an NPC",
    "place": "a new dungeon, level or major map entered",
    "gm": "the GM's award",
}
"""Each source and what it means (redhack: Experience & Gaining Levels, "Gain one
experience per")."""


def award(
    character: Character, source: ExperienceSource, note: str = "", when: str = ""
) -> Character:
    """``character`` with one more experience, recorded (redhack: Experience & Gaining
    Levels)."""
    return replace(
        character,
        xp=character.xp + 1,
        experiences=(*character.experiences, Experience(source, note, when)),
    )


def take_back(character: Character, count: int) -> Character:
    """``character`` with the ``count`` latest experiences unmarked (the GM's ``xp NAME
    -N``).

    Raises:
        RuleError: they have fewer.
    """
    if count > character.xp:
        raise RuleError(f"{character.name} has only {character.xp} experience")
    records = character.experiences
    kept = records[: max(0, len(records) - count)]
    return replace(character, xp=character.xp - count, experiences=kept)


def check_off(character: Character, count: int) -> Character:
    """``character`` with ``count`` experiences checked off, the oldest first (the
    unrecorded ones before any record: docs/rulings.md H180).

    Raises:
        RuleError: they have fewer.
    """
    if count > character.xp:
        raise RuleError(f"{character.name} has only {character.xp} experience")
    unrecorded = character.xp - len(character.experiences)
    dropped = max(0, count - unrecorded)
    return replace(character, xp=character.xp - count, experiences=character.experiences[dropped:])


def needed(character: Character) -> int:
    """Experiences to check off for the next level: the current level (redhack:
    Experience & Gaining Levels, "check off experiences equal to your current level";
    RULINGS R28)."""
    return character.level


def describe(character: Character) -> str:
    """The sheet's line, e.g. ``"2 (foe, place) - level 3 needs 2: ready at a downtime
    action"`` or ``"1 (quest) - level 3 needs 2: 1 more"``."""
    sources = ", ".join(e.source for e in character.experiences)
    unrecorded = character.xp - len(character.experiences)
    if unrecorded > 0:
        sources = ", ".join(filter(None, (f"{unrecorded} unrecorded", sources)))
    shown = f"{character.xp} ({sources})" if sources else str(character.xp)
    need = needed(character)
    short = need - character.xp
    state = "ready at a downtime action ('level NAME')" if short <= 0 else f"{short} more"
    return f"{shown} - level {character.level + 1} needs {need}: {state}"
