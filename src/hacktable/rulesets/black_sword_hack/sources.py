"""The sources of advantage and disadvantage on a black-sword-hack test.

A test carries every source in words, so the log says why: the caller's (the GM's
word, a shield, a two-handed weapon's damage is not a test), the character's
backgrounds and gifts (:mod:`.effects`), being Doomed (RULINGS B2), and the Helpless
table's lasting results (2.1.13: Impaired, Injured; RULINGS B8). Sources cancel one for
one (RULINGS B1).
"""

from __future__ import annotations

from ...rules.resolution import TestKind, TestRequest
from ..base import TestOptions
from . import effects
from .character import IMPAIRED, INJURED, Character
from .content.index import Content

__all__ = ["character_test", "condition_disadvantages"]

DOOMED = "Doomed (Doom die exhausted)"
"""RULINGS B2: an exhausted Doom die gives disadvantage on attribute tests."""


def condition_disadvantages(character: Character, attribute: str) -> list[str]:
    """Disadvantage from being Doomed (RULINGS B2) and from the Helpless table's
    Impaired (DEX tests) and Injured (all tests) until the session ends (2.1.13)."""
    found: list[str] = []
    if character.doomed:
        found.append(DOOMED)
    if character.has_condition(INJURED):
        found.append("Injured (until the session ends)")
    if attribute == "DEX" and character.has_condition(IMPAIRED):
        found.append("Impaired (DEX, until the session ends)")
    return found


def character_test(
    content: Content,
    character: Character,
    attribute: str,
    options: TestOptions,
    use: str = "test",
) -> TestRequest:
    """The test ``character`` makes with ``attribute`` for ``use`` (``test``,
    ``melee``, ``ranged``, ``parry``, ``dodge``, ``initiative``, ``cast``, ``save``),
    with the caller's sources and every source the character's effects and conditions
    give (RULINGS B1, B2, B4, B8).

    ``options.modifier`` is the threat level added to the die (2.1.5); ``options.bonus``
    is added to the attribute; a test has no difficulty (``options.difficulty`` and
    ``penalty`` are not read).
    """
    advantages = [
        *options.advantages,
        *effects.advantages(content, character, attribute, use, options.tags),
    ]
    disadvantages = [*options.disadvantages, *condition_disadvantages(character, attribute)]
    kind = options.kind
    if kind is TestKind.TEST and use in ("melee", "ranged", "attack"):
        kind = TestKind.ATTACK
    elif kind is TestKind.TEST and use in ("parry", "dodge"):
        kind = TestKind.DEFENCE
    elif kind is TestKind.TEST and use == "initiative":
        kind = TestKind.INITIATIVE
    return TestRequest(
        attribute,
        character.score(attribute),
        bonus=options.bonus,
        advantages=tuple(advantages),
        disadvantages=tuple(disadvantages),
        kind=kind,
        who=character.name,
        modifier=options.modifier,
    )
