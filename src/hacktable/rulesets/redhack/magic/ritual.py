"""Ritual casting (redhack: Character Creation > 3. Backgrounds > Ritual Caster: "You may
cast spells or prayers of level 1-2 from the book, taking 10 minutes per level of the
effect, regardless of your class"; docs/rulings.md H245, H246).

>>> ritual_minutes(2)
20
>>> ritual_half_ticks(20, 10)
4
>>> ritual_half_ticks(10, 6)
4
"""

from __future__ import annotations

from ....errors import RuleError
from ..character import Character
from ..content.spells import Spell

__all__ = [
    "MINUTES_PER_LEVEL",
    "RITUAL_LEVELS",
    "check_ritual",
    "check_ritual_copy",
    "ritual_half_ticks",
    "ritual_minutes",
]

SOURCE = "redhack: Backgrounds > Ritual Caster"
"""Where the rule is."""

RITUAL_LEVELS = (1, 2)
"""The levels of the spells and prayers a ritual caster casts."""

MINUTES_PER_LEVEL = 10
"""A ritual takes 10 minutes per level of the effect."""


def ritual_minutes(level: int) -> int:
    """How long a ritual of a spell of ``level`` takes, in minutes."""
    return MINUTES_PER_LEVEL * level


def ritual_half_ticks(minutes: int, tick_minutes: int) -> int:
    """The dungeon half-ticks a ritual of ``minutes`` takes: the minutes rounded up to
    whole half-ticks of the campaign's ``tick-minutes`` (H245: a ritual is not cut
    short by rounding)."""
    return -(-2 * minutes // tick_minutes)


def check_ritual(character: Character, spell: Spell, ritual_caster: bool) -> None:
    """Whether ``character`` may cast ``spell`` as a ritual: they have Ritual Caster,
    the spell or prayer is of level 1-2 (no cantrip) and in their book.

    Raises:
        RuleError: one of those fails, naming the rule.
    """
    if not ritual_caster:
        raise RuleError(
            f"{character.name} has no Ritual Caster background ('technique "
            f"{character.name} ritual-caster', the GM's; {SOURCE})"
        )
    if spell.level not in RITUAL_LEVELS:
        what = "a cantrip" if spell.cantrip else f"level {spell.level}"
        raise RuleError(
            f"{spell.name} is {what}: a ritual casts spells or prayers of level 1-2 ({SOURCE})"
        )
    if spell.id not in character.magic.book:
        raise RuleError(
            f"{spell.name} is not in {character.name}'s book: a ritual is cast from the book "
            f"('copy {character.name} {spell.id}' writes it in, a downtime action; H246)"
        )


def check_ritual_copy(character: Character, spell: Spell) -> None:
    """Whether a ritual caster who is not a wizard may copy ``spell`` into their book
    (H246): a spell or prayer of level 1-2.

    Raises:
        RuleError: a cantrip, or a spell of level 3 or more.
    """
    if spell.level not in RITUAL_LEVELS:
        what = "a cantrip" if spell.cantrip else f"level {spell.level}"
        raise RuleError(
            f"{spell.name} is {what}: {character.name}'s book holds rituals of level 1-2 "
            f"({SOURCE}; H246)"
        )
