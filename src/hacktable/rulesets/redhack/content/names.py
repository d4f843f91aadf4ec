"""Item names as players type them: "plate armour", "chainmail", "2 handed sword",
"torches", "leather armor" find the equipment list's entries (docs/rulings.md H190).

Sources: redhack: Equipment > Equipment List; issue 10 §4.

A name is reduced to a loose key (:func:`loose_key`): lower case, "armor" spelt
"armour", "2 handed" as "two handed", "&" as "and", and nothing but letters and digits
("Chain Mail", "chain-mail" and "chainmail" are one key). An entry is known by the loose
keys of its id, name and aliases, and of its name without a leading count ("6 Torches"
is "torches", "50' Rope" is "rope"). A typed name tries its own key, then without a
trailing "armour" or "mail" (or with "mail"), then its plural or singular.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Mapping

__all__ = ["entry_keys", "loose_key", "suggest", "typed_keys"]

_SPELLINGS = (
    (re.compile(r"armor(?!u)"), "armour"),
    (re.compile(r"\b(2|two)[\s-]*hand(ed|er)?\b"), "twohanded"),
    (re.compile(r"&"), " and "),
)
_COUNT = re.compile(r"^\s*\d+\s*'?\s*")
_SUFFIXES = ("armour", "mail")


def loose_key(name: str) -> str:
    """A name's loose key (docs/rulings.md H190).

    >>> loose_key("Chain Mail"), loose_key("leather armor"), loose_key("2-handed sword")
    ('chainmail', 'leatherarmour', 'twohandedsword')
    """
    text = name.lower().replace("'", "").replace("\u2019", "")
    for pattern, spelt in _SPELLINGS:
        text = pattern.sub(spelt, text)
    return re.sub(r"[^a-z0-9]+", "", text)


def entry_keys(entry_id: str, name: str, aliases: Iterable[str]) -> Iterator[str]:
    """Every loose key an entry is known by: its id, name, aliases, and its name without
    a leading count ("6 Torches": ``"torches"``)."""
    yield loose_key(entry_id)
    yield loose_key(name)
    for alias in aliases:
        yield loose_key(alias)
    uncounted = _COUNT.sub("", name)
    if uncounted != name and uncounted:
        yield loose_key(uncounted)


def typed_keys(typed: str) -> Iterator[str]:
    """The loose keys a typed name is tried as, best first (docs/rulings.md H190).

    >>> list(typed_keys("plate armour"))[:2]
    ['platearmour', 'plate']
    """
    key = loose_key(typed)
    stems = [key]
    for suffix in _SUFFIXES:
        if key.endswith(suffix) and len(key) > len(suffix):
            stems.append(key[: -len(suffix)])
    stems.append(key + "mail")
    candidates = [*stems]
    for stem in stems:
        candidates += [stem + "s", stem[:-1] if stem.endswith("s") else ""]
    candidates.append(key[:-2] if key.endswith("es") else "")
    seen: set[str] = set()
    for candidate in candidates:
        if candidate and candidate not in seen:
            seen.add(candidate)
            yield candidate


def suggest(typed: str, keys: Mapping[str, str]) -> tuple[str, ...]:
    """The names a typo most likely meant, as ``keys`` (loose key to name) maps them:
    the entries whose keys hold the typed one ("sack": the small and the large sack),
    if 3 or fewer, else the closest key (difflib), else none."""
    tried = list(typed_keys(typed))
    held = sorted({name for key, name in keys.items() if any(t in key for t in tried)})
    if 0 < len(held) <= 3:
        return tuple(held)
    best: tuple[float, str] | None = None
    for candidate in tried:
        for close in difflib.get_close_matches(candidate, keys, n=1, cutoff=0.7):
            ratio = difflib.SequenceMatcher(None, candidate, close).ratio()
            if best is None or ratio > best[0]:
                best = (ratio, keys[close])
    return () if best is None else (best[1],)
