"""The simulator's notations: ``--party`` (PCs by their numbers, or archetypes) and
``--opponents`` (the bestiary's ids with counts), read and written
(docs/simulate.md; docs/rulings.md H155).

A party is PCs separated by commas. Each is words in any order, optionally after
``NAME:``:

- an archetype (:data:`ARCHETYPES`: ``sellsword``, ``reaver``, ``duellist``), whose
  numbers the other words change;
- ``STR12``, ``DEX11``, ``CON10``, ``INT10``, ``WIS10``, ``CHA10``: a score, 1 to 18
  (RULINGS B4; each 10 unless given);
- ``L3``: the level, 1 to 10 (1 unless given; max HP = CON + level - 1, B4);
- ``HP7``: the HP the fight starts at (the maximum unless given);
- ``none``, ``light``, ``medium``, ``heavy``: the armour worn (RULINGS B5);
- ``1h`` (a sword, the default), ``2h`` (a two-handed weapon: damage with advantage,
  2.1.9) or ``unarmed`` (1d4 and nothing to parry with, 2.1.4, 2.1.6);
- ``shield`` (advantage on parries, 2.1.8; not with ``2h``);
- ``ud4`` ... ``ud20``: the campaign's starting Doom die (ud6 unless given; one size
  larger from level 10: RULINGS B2).

``sample`` is the three archetypes. Opponents are ``ID xN`` or ``N ID`` entries
separated by commas, ``;`` between morale groups (RULINGS B6): ``city-guard x3;
sorcerer``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ....dice.usage import UsageDie
from ....errors import CommandError, DiceSyntaxError
from ..character import ATTRIBUTES, MAX_SCORE, Character, Item
from ..content.index import Content
from ..creation import max_hp
from ..doom import doom_die_at
from .model import MAX_FOES, MAX_PARTY, Fighter, FoeSpec, fighter_of

__all__ = [
    "ARCHETYPES",
    "SAMPLE",
    "describe_foes",
    "is_party_text",
    "parse_opponents",
    "parse_party",
]

ARCHETYPES: dict[str, str] = {
    "sellsword": "STR13 DEX11 CON12 WIS10 medium 1h shield",
    "reaver": "STR13 DEX10 CON12 WIS9 light 2h",
    "duellist": "STR11 DEX13 CON11 WIS12 light 1h",
}
"""Pre-made level-1 PCs, in the party notation: scores such as B4's 2d6 table and a
background's +1 give, gear as their names say."""

SAMPLE = "Sellsword: sellsword, Reaver: reaver, Duellist: duellist"
"""``--party sample``: one of each archetype."""

_ARMOUR = {
    "none": None,
    "light": ("Light Armour", "light-armour"),
    "medium": ("Medium Armour", "medium-armour"),
    "heavy": ("Heavy Armour", "heavy-armour"),
}
_WEAPONS = {
    "1h": Item("Sword", "weapon", "sword", damage="1d6", hands=1, equipped=True),
    "2h": Item("Greatsword", "weapon", "greatsword", damage="1d6", hands=2, equipped=True),
    "unarmed": None,
}
_SCORE = re.compile(r"^(STR|DEX|CON|INT|WIS|CHA)(\d+)$", re.IGNORECASE)
_NUMBER = re.compile(r"^(L|HP)(\d+)$", re.IGNORECASE)


def is_party_text(text: str) -> bool:
    """Whether ``--party`` is meant as this notation rather than a campaign file: a
    file's path has a dot or a slash, the notation never does."""
    return not any(mark in text for mark in "./\\")


def _error(member: str, message: str) -> CommandError:
    return CommandError(f"in the party member {member.strip()!r}: {message}", "simulate")


def _member(content: Content, text: str, number: int) -> Fighter:
    """One PC of the party notation."""
    name, colon, body = text.partition(":")
    if not colon:
        name, body = "", text
    words = body.split()
    if not words:
        raise _error(text, "nothing given (e.g. 'STR12 DEX11 L1 medium 1h' or 'reaver')")
    if words[0].lower() in ARCHETYPES:
        archetype = words.pop(0).lower()
        words = ARCHETYPES[archetype].split() + words
        name = name.strip() or archetype.title()
    scores = dict.fromkeys(ATTRIBUTES, 10)
    level, hp, doom = 1, None, UsageDie.UD6
    worn: str = "none"
    weapon, shield = "1h", False
    for word in words:
        low = word.lower()
        score = _SCORE.match(word)
        number_word = _NUMBER.match(word)
        if score is not None:
            value = int(score.group(2))
            if not 1 <= value <= MAX_SCORE:
                raise _error(text, f"{word}: a score is 1 to {MAX_SCORE} (RULINGS B4)")
            scores[score.group(1).upper()] = value
        elif number_word is not None and number_word.group(1).upper() == "L":
            level = int(number_word.group(2))
            if not 1 <= level <= 10:
                raise _error(text, f"{word}: a level is 1 to 10 (RULINGS B7)")
        elif number_word is not None:
            hp = int(number_word.group(2))
        elif low in _ARMOUR:
            worn = low
        elif low in _WEAPONS:
            weapon = low
        elif low == "shield":
            shield = True
        elif low.startswith("ud"):
            try:
                doom = UsageDie.parse(low)
            except DiceSyntaxError:
                raise _error(text, f"{word}: a Doom die is ud4 to ud20") from None
        else:
            choices = ", ".join(ARCHETYPES)
            raise _error(
                text,
                f"unknown word {word!r} (scores like STR12, L3, HP7, none/light/medium/"
                f"heavy, 1h/2h/unarmed, shield, ud6; or an archetype: {choices})",
            )
    if shield and weapon == "2h":
        raise _error(text, "a two-handed weapon and a shield exclude each other")
    items: list[Item] = []
    if _WEAPONS[weapon] is not None:
        items.append(_WEAPONS[weapon])  # type: ignore[arg-type]
    if shield:
        items.append(Item("Shield", "shield", "shield", equipped=True))
    armour = _ARMOUR[worn]
    if armour is not None:
        items.append(Item(armour[0], "armour", armour[1], equipped=True))
    die = doom_die_at(level, doom)
    character = Character(
        name=name.strip() or f"PC {number}",
        ruleset="black-sword-hack",
        hp=1,
        max_hp=1,
        level=level,
        origin="civilized",
        scores=tuple((a, scores[a]) for a in ATTRIBUTES),
        inventory=tuple(items),
        doom=die,
        doom_size=die,
    )
    top = max_hp(content, character)
    if hp is not None and not 1 <= hp <= top:
        raise _error(text, f"HP{hp}: the HP a fight starts at is 1 to the maximum, {top}")
    character = replace(character, hp=top if hp is None else hp, max_hp=top)
    return fighter_of(content, character)


def parse_party(text: str, content: Content) -> tuple[Fighter, ...]:
    """Read ``--party`` in the notation (or ``sample``).

    >>> from ..content.loader import load_content
    >>> party = parse_party("Kara: STR13 DEX12 CON11 L2 medium 2h, duellist", load_content())
    >>> [(f.name, f.character.max_hp, f.armour, f.two_handed, f.holding) for f in party]
    [('Kara', 12, 2, True, True), ('Duellist', 11, 1, False, True)]

    Raises:
        CommandError: an empty party or member, an unknown word, a number out of range,
            a shield with a two-handed weapon, more than :data:`.model.MAX_PARTY` PCs.
    """
    if text.strip().lower() == "sample":
        text = SAMPLE
    members = text.split(",")
    if not text.strip() or any(not m.strip() for m in members):
        raise CommandError(f"an empty party member in {text.strip()!r}", "simulate")
    if len(members) > MAX_PARTY:
        raise CommandError(f"at most {MAX_PARTY} PCs, not {len(members)}", "simulate")
    party = tuple(_member(content, m, n) for n, m in enumerate(members, 1))
    names = [f.name.casefold() for f in party]
    if len(set(names)) != len(names):
        party = tuple(
            replace(f, character=replace(f.character, name=f"{f.name} {n}"))
            for n, f in enumerate(party, 1)
        )
    return party


_ENTRY = re.compile(
    r"^(?:(?P<before>\d+)\s*[x×]?\s+)?(?P<name>[^\s].*?)(?:\s+[x×]\s*(?P<after>\d+))?$",
    re.IGNORECASE,
)


def parse_opponents(text: str, content: Content) -> tuple[FoeSpec, ...]:
    """Read ``--opponents``: comma-separated ``ID xN`` (or ``N ID``) entries, the count
    1 when left out, one morale group unless ``;`` separates groups (RULINGS B6).

    >>> from ..content.loader import load_content
    >>> foes = parse_opponents("city-guard x3; 2 city guard", load_content())
    >>> [(f.count, f.opponent.id, f.group) for f in foes]
    [(3, 'city-guard', 0), (2, 'city-guard', 1)]

    Raises:
        UnknownNameError: an opponent the bestiary does not know.
        CommandError: an empty list or entry, a count below 1, or more than
            :data:`.model.MAX_FOES` opponents in all.
    """
    if not text.strip():
        raise CommandError("no opponents given (e.g. --opponents 'city-guard x3')", "simulate")
    foes: list[FoeSpec] = []
    for group, part in enumerate(text.split(";")):
        for entry in part.split(","):
            words = " ".join(entry.split())
            found = _ENTRY.match(words)
            if found is None:
                raise CommandError(f"an empty entry in {text.strip()!r}", "simulate")
            if found.group("before") and found.group("after"):
                raise CommandError(f"one count for {words!r}, not two", "simulate")
            count = int(found.group("before") or found.group("after") or 1)
            if count < 1:
                raise CommandError(
                    f"the count of {found.group('name')!r} must be 1 or more, not {count}",
                    "simulate",
                )
            foes.append(FoeSpec(content.opponent(found.group("name")), count, group))
    total = sum(f.count for f in foes)
    if total > MAX_FOES:
        raise CommandError(f"at most {MAX_FOES} opponents in all, not {total}", "simulate")
    return tuple(foes)


def describe_foes(foes: Sequence[FoeSpec]) -> str:
    """The opponents as text: ``"3 City Guard; 1 Sorcerer"`` (``;`` between groups)."""
    parts: list[str] = []
    group: int | None = None
    for spec in foes:
        text = f"{spec.count} {spec.opponent.name}"
        parts.append(text if group is None else (", " if spec.group == group else "; ") + text)
        group = spec.group
    return "".join(parts)
