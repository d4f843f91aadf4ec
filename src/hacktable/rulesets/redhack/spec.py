"""What makes a redhack character: the attribute scores as rolled, and the player's
choices (redhack: Character Creation > 1. Attributes, 2. Class, 3. Backgrounds,
4. Starting Equipment)."""

from __future__ import annotations

from dataclasses import dataclass

from ...dice.results import Roll

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .content.spells import Spell

__all__ = ["CharacterSpec", "ScoresRoll"]


@dataclass(frozen=True, slots=True)
class ScoresRoll:
    """Attribute scores as rolled at creation, before any swap.

    Attributes:
        rolls: one roll per attribute, in the ruleset's order.
        scores: ``(attribute, score)`` pairs.
    """

    rolls: tuple[Roll, ...]
    scores: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class CharacterSpec:
    """The choices that make a character, all given at once (flags) or gathered by the
    console's guided creation.

    Attributes:
        name: the character's name.
        class_id: a class id or name.
        swap: two attributes to swap after rolling, or ``None``.
        kit: the starting kit's number (1-based), or ``None`` for no kit.
        background: the background sentence.
        advantages: background tags that give advantage.
        disadvantages: background tags that give disadvantage.
        spells: a caster's starting book, spell ids or names (``()``: rolled; RULINGS
            R25, R27).
        cantrip: a wizard's cantrip (``None``: rolled).
        own_spells: the campaign's own spells (``spell add FILE``), which a starting
            book may hold or draw (docs/rulings.md H243).
        techniques: technique backgrounds, ids or names (redhack: Character Creation
            > 3. Backgrounds; docs/rulings.md H253).
    """

    name: str
    class_id: str
    swap: tuple[str, str] | None = None
    kit: int | None = None
    background: str = ""
    advantages: tuple[str, ...] = ()
    disadvantages: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    cantrip: str | None = None
    own_spells: tuple[Spell, ...] = ()
    techniques: tuple[str, ...] = ()
