"""Small helpers for the words of results: plurals, and counts with their nouns."""

from __future__ import annotations

import re

__all__ = ["counted", "plural"]


_SAME_PLURAL = frozenset({"deer", "fish", "folk", "moose", "sheep", "swine"})
_IRREGULAR = {
    "child": "children",
    "foot": "feet",
    "goose": "geese",
    "knife": "knives",
    "leaf": "leaves",
    "life": "lives",
    "louse": "lice",
    "mouse": "mice",
    "ox": "oxen",
    "person": "people",
    "thief": "thieves",
    "tooth": "teeth",
    "wife": "wives",
}
_MAN_PLURAL_S = frozenset({"caiman", "german", "human", "ottoman", "roman", "shaman", "talisman"})


def plural(name: str, override: str | None = None) -> str:
    """The plural of a monster's name or id, for its group (``"Lizard Man"`` ->
    ``"Lizard Men"``, ``"dire-wolf"`` -> ``"dire-wolves"``, ``"Harpy"`` ->
    ``"Harpies"``): the last word takes the plural, keeping its capitals. ``override``
    (a bestiary entry's own plural) wins when given.

    >>> plural("Lizard Man"), plural("giant-rat"), plural("Dire Wolf"), plural("Mummy")
    ('Lizard Men', 'giant-rats', 'Dire Wolves', 'Mummies')
    >>> plural("human"), plural("Caveman"), plural("Cyclops", "Cyclopes")
    ('humans', 'Cavemen', 'Cyclopes')
    """
    if override:
        return override
    match = re.search(r"[A-Za-z]+$", name)
    if match is None:
        return name
    word = match.group()
    low = word.lower()
    if low in _SAME_PLURAL:
        many = low
    elif low in _IRREGULAR:
        many = _IRREGULAR[low]
    elif low.endswith("man") and low not in _MAN_PLURAL_S:
        many = low[:-3] + "men"
    elif low.endswith(("lf", "rf")):
        many = low[:-1] + "ves"
    elif len(low) > 1 and low.endswith("y") and low[-2] not in "aeiou":
        many = low[:-1] + "ies"
    elif low.endswith(("s", "x", "z", "ch", "sh")):
        many = low + "es"
    else:
        many = low + "s"
    if word.isupper() and len(word) > 1:
        many = many.upper()
    elif word[0].isupper():
        many = many[0].upper() + many[1:]
    return name[: match.start()] + many


def counted(number: float, noun: str, many: str | None = None) -> str:
    """``number`` and its noun, singular for exactly 1, else :func:`plural` (``many``:
    the plural form where that gets it wrong).

    >>> counted(1, "tick"), counted(2, "room"), counted(0.5, "tick"), counted(3, "man")
    ('1 tick', '2 rooms', '0.5 ticks', '3 men')
    """
    shown = f"{number:g}" if isinstance(number, float) else str(number)
    return f"{shown} {noun if number == 1 else plural(noun, many)}"
