"""The technique backgrounds as data-driven features (redhack: Character Creation > 3.
Backgrounds, Sample Technique Backgrounds; docs/rulings.md H230-H233): the data file
``data/techniques.toml``, its schema, and what a fight asks of them.

A character's techniques are ids in :attr:`.character.Character.techniques`; the fight
code asks :func:`has_technique` (and a caster's code :func:`is_ritual_caster`).
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

import msgspec

from ...errors import RuleError, UnknownNameError
from ...rules.content import load_toml, require_unique
from .character import Character

__all__ = [
    "TECHNIQUES_FILE",
    "Technique",
    "TechniquesFile",
    "check_class",
    "check_technique",
    "has_technique",
    "is_ritual_caster",
    "load_techniques",
    "technique",
]

TECHNIQUES_FILE = "techniques.toml"

Effect = Literal["defensive-fighting", "twist-the-knife", "war-on-two-fronts", "ritual-caster"]
"""What hacktable does with a technique (its rules are in the fight code)."""


class Technique(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A technique background (redhack: Character Creation > 3. Backgrounds).

    Attributes:
        id: kebab-case, unique.
        name: as the text writes it.
        text: what it does, in our words.
        effect: which of hacktable's rules it switches on.
        source: the text's section.
        only_class: the class id it is limited to (War On Two Fronts: warrior).
    """

    id: Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
    name: str
    text: str
    effect: Effect
    source: str
    only_class: str | None = None


class TechniquesFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``techniques.toml``: its ``[[techniques]]``."""

    techniques: tuple[Technique, ...]


@cache
def load_techniques() -> tuple[Technique, ...]:
    """The packaged techniques, validated (ids unique), loaded once.

    Raises:
        RulesDataError: the file is malformed.
    """
    loaded = load_toml("hacktable.rulesets.redhack.data", TECHNIQUES_FILE, TechniquesFile)
    require_unique(TECHNIQUES_FILE, "techniques", [t.id for t in loaded.techniques])
    return loaded.techniques


def technique(id_or_name: str) -> Technique:
    """A technique by id or name, case-insensitive (``twist-the-knife``, ``"Twist the
    Knife"``).

    Raises:
        UnknownNameError: no such technique.
    """
    wanted = id_or_name.strip().lower().replace(" ", "-")
    for found in load_techniques():
        if wanted in (found.id, found.name.lower().replace(" ", "-")):
            return found
    raise UnknownNameError("technique", id_or_name, [t.id for t in load_techniques()])


def check_technique(character: Character, found: Technique) -> None:
    """A technique limited to a class is for that class only (War On Two Fronts:
    "Warrior only").

    Raises:
        RuleError: the character's class is not the one it is limited to.
    """
    check_class(found, character.name, character.class_id)


def check_class(found: Technique, name: str, class_id: str) -> None:
    """:func:`check_technique` for a character still being made (``character new ...
    --technique``; docs/rulings.md H253).

    Raises:
        RuleError: ``class_id`` is not the class the technique is limited to.
    """
    if found.only_class is not None and class_id != found.only_class:
        raise RuleError(
            f"{found.name} is for a {found.only_class} only, and {name} is a "
            f"{class_id} ({found.source})"
        )


def has_technique(character: Character, effect: str) -> bool:
    """Whether the character has a technique with this effect."""
    for technique_id in character.techniques:
        try:
            if technique(technique_id).effect == effect:
                return True
        except UnknownNameError:
            continue
    return False


def is_ritual_caster(character: Character) -> bool:
    """Whether the character may cast spells or prayers of level 1-2 from the book,
    taking 10 minutes per level, whatever their class (Ritual Caster; redhack:
    Character Creation > 3. Backgrounds; docs/rulings.md H233). For ``cast``."""
    return has_technique(character, "ritual-caster")
