"""Recovery: short and long rests, the campaign's day, the place the party rests in, and
what the end of a game session ends (black-sword-hack 2.2, 2.1.13; RULINGS B2, B8).

- A short rest lasts 1 hour, can be taken anywhere, once per day, and heals half the
  character's CON, rounded down (2.2), plus what a gift or background adds
  (:func:`.effects.short_rest_bonus`).
- A long rest lasts 6 hours, only in a safe place (the GM says so; a wilderness camp
  never is, unless the ``camp-is-safe`` setting says otherwise), and gives back every
  HP, the Doom die at its full size (RULINGS B2) and what gifts and backgrounds "require
  a long rest to refresh" (:attr:`.character.Character.spent`).
- Only player characters heal so: anyone else needs medical attention and weeks of bed
  rest (2.2).
- Impaired and Injured (the Helpless table's 3 and 4) last until the session ends
  (RULINGS B8): :func:`session_end`.

The campaign's day and place are two small entities of the campaign state
(:data:`CALENDAR_KEY`, :data:`PLACE_KEY`), read and written as the values here
(docs/rulings.md H150, H151). Everything here is pure: the commands
(:mod:`.commands.rest`) commit what it returns.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...errors import RuleError
from ...play.events import JSONValue
from . import effects
from .character import IMPAIRED, INJURED, SESSION_CONDITIONS, Character
from .content.index import Content

__all__ = [
    "CALENDAR_KEY",
    "LONG_REST_HOURS",
    "PLACES",
    "PLACE_KEY",
    "SHORT_REST_HOURS",
    "Calendar",
    "Place",
    "Recovery",
    "cannot_rest",
    "long_rest",
    "require_safe",
    "session_end",
    "short_rest",
    "short_rest_healing",
]

SHORT_REST_HOURS = 1
"""A short rest lasts 1 hour (2.2)."""

LONG_REST_HOURS = 6
"""A long rest lasts 6 hours (2.2)."""

CALENDAR_KEY = ("calendar", "day")
"""The campaign state entity holding the day (kind, key): docs/rulings.md H150."""

PLACE_KEY = ("place", "current")
"""The campaign state entity holding where the party is (kind, key): H151."""

PLACES: tuple[str, ...] = ("safe", "camp", "unsafe")
"""What a place may be: ``safe`` (a settlement or another place the GM calls safe),
``camp`` (a wilderness camp: never safe unless the ``camp-is-safe`` setting says so) or
``unsafe`` (anywhere else, and where the GM has said nothing: H151)."""

_LABELS = {
    IMPAIRED: "Impaired (disadvantage on DEX tests)",
    INJURED: "Injured (disadvantage on all attribute tests)",
}


@dataclass(frozen=True, slots=True)
class Calendar:
    """The campaign's day (docs/rulings.md H150).

    Attributes:
        day: the day it is, from 1.
        short_rested: the keys of the characters who have had today's short rest.
    """

    day: int = 1
    short_rested: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, data: JSONValue) -> Calendar:
        """The calendar a state entity holds (``None``: day 1, nobody rested)."""
        if not isinstance(data, dict):
            return cls()
        return cls(int(data.get("day", 1)), tuple(data.get("short_rested", ())))

    def to_json(self) -> dict[str, JSONValue]:
        """The entity's JSON form."""
        return {"day": self.day, "short_rested": list(self.short_rested)}

    def later(self, days: int = 1) -> Calendar:
        """``days`` later: a new day, on which nobody has had a short rest yet."""
        return Calendar(self.day + days) if days else self

    def rested(self, key: str) -> Calendar:
        """The calendar once ``key``'s character has had today's short rest."""
        return replace(self, short_rested=(*self.short_rested, key))


@dataclass(frozen=True, slots=True)
class Place:
    """Where the party is, as far as resting goes (docs/rulings.md H151).

    Attributes:
        kind: one of :data:`PLACES`.
        name: what the GM called it (``"the Drowned Rat inn"``), or ``""``.
    """

    kind: str = "unsafe"
    name: str = ""

    @classmethod
    def from_json(cls, data: JSONValue) -> Place:
        """The place a state entity holds (``None``: nowhere the GM called safe)."""
        if not isinstance(data, dict) or data.get("kind") not in PLACES:
            return cls()
        return cls(str(data["kind"]), str(data.get("name", "")))

    def to_json(self) -> dict[str, JSONValue]:
        """The entity's JSON form."""
        return {"kind": self.kind, "name": self.name}

    def describe(self) -> str:
        """E.g. ``"safe (the Drowned Rat inn)"``, ``"a wilderness camp"``."""
        word = {"safe": "safe", "camp": "a wilderness camp", "unsafe": "not safe"}[self.kind]
        return f"{word} ({self.name})" if self.name else word


def require_safe(place: Place, camp_is_safe: object, declared: bool) -> str:
    """Check that a long rest may be taken here, and say why it may (2.2; RULINGS B8).

    Args:
        place: where the party is.
        camp_is_safe: the ``camp-is-safe`` setting (``"yes"``: a camp counts as safe).
        declared: the GM called this place safe on the rest's own line (``safe``).

    Raises:
        RuleError: the place is not safe: a long rest needs one.
    """
    if declared:
        return "the GM calls this place safe"
    if place.kind == "safe":
        return f"the party is somewhere safe{f' ({place.name})' if place.name else ''}"
    if place.kind == "camp" and str(camp_is_safe) == "yes":
        return "a wilderness camp counts as safe in this campaign (setting camp-is-safe)"
    if place.kind == "camp":
        raise RuleError(
            "a long rest needs a safe place, and a wilderness camp never is one "
            "(black-sword-hack 2.2; setting camp-is-safe: no): 'place safe' or "
            "'rest long safe' if the GM judges otherwise"
        )
    raise RuleError(
        "a long rest can only be taken in a safe place, and the GM has not called this "
        "one safe (black-sword-hack 2.2; RULINGS B8): 'place safe' or 'rest long safe'"
    )


def cannot_rest(character: Character) -> str | None:
    """Why ``character`` cannot rest now, or ``None``: the dead do not rest, and a
    Helpless character (0 HP) rolls the Helpless d6 first, since its survivors get their
    1d4 HP from it (2.1.13; docs/rulings.md H152)."""
    if character.dead:
        return f"{character.name} is dead: the dead do not rest"
    if character.helpless:
        return (
            f"{character.name} is Helpless (0 HP): the Helpless d6 comes first, and a "
            "survivor gets 1d4 HP from it (black-sword-hack 2.1.13; docs/rulings.md H152)"
        )
    return None


@dataclass(frozen=True, slots=True)
class Recovery:
    """What a rest did to one character.

    Attributes:
        character: the character afterwards.
        healed: the HP gained.
        asked: the HP the rest would heal before the maximum caps it.
        lines: what happened, in words, a line each.
    """

    character: Character
    healed: int
    asked: int
    lines: tuple[str, ...]


def short_rest_healing(content: Content, character: Character) -> tuple[int, str]:
    """The HP a short rest heals: half the CON score rounded down (2.2; RULINGS B8),
    plus what the character's gifts and backgrounds add, and the sum in words.

    >>> from .content.loader import load_content
    >>> kara = Character(name="Kara", ruleset="black-sword-hack", hp=1, max_hp=13,
    ...                  origin="barbarian", scores=(("CON", 13),))
    >>> short_rest_healing(load_content(), kara)
    (6, 'half of CON 13, rounded down: 6')
    """
    con = character.score("CON")
    bonus = effects.short_rest_bonus(content, character)
    text = f"half of CON {con}, rounded down: {con // 2}"
    if bonus:
        text += f", +{bonus} from gifts and backgrounds = {con // 2 + bonus}"
    return con // 2 + bonus, text


def short_rest(content: Content, character: Character, calendar: Calendar) -> Recovery:
    """A short rest (2.2; RULINGS B8): 1 hour, once per day, heals
    :func:`short_rest_healing`, never above the maximum.

    Raises:
        RuleError: the character has had today's short rest, is dead or is Helpless.
    """
    why = cannot_rest(character)
    if why is not None:
        raise RuleError(why)
    if character.key in calendar.short_rested:
        raise RuleError(
            f"{character.name} has had today's short rest (day {calendar.day}): one a day "
            "(black-sword-hack 2.2)"
        )
    amount, text = short_rest_healing(content, character)
    after = character.with_hp(character.hp + amount)
    healed = after.hp - character.hp
    if character.hp >= character.max_hp:
        line = f"{character.name} is at full HP ({character.hp})"
    else:
        line = f"{character.name} heals {healed} ({text}): HP {character.hp} -> {after.hp}"
        if healed < amount:
            line += f" (at most {character.max_hp})"
    return Recovery(after, healed, amount, (line,))


def long_rest(character: Character) -> Recovery:
    """A long rest (2.2; RULINGS B2, B8): 6 hours in a safe place; every HP back, the
    Doom die at its full size, and the gifts and backgrounds spent since the last long
    rest refreshed. Impaired and Injured stay: they last until the session ends.

    Raises:
        RuleError: the character is dead or Helpless.
    """
    why = cannot_rest(character)
    if why is not None:
        raise RuleError(why)
    after = replace(character.with_hp(character.max_hp), doom=character.doom_size, spent=())
    lines: list[str] = []
    if after.hp != character.hp:
        lines.append(f"{character.name} heals to full: HP {character.hp} -> {after.hp}")
    else:
        lines.append(f"{character.name} is at full HP ({character.hp})")
    if character.doom != character.doom_size:
        was = "Doomed, " if character.doomed else ""
        lines.append(
            f"{character.name}'s Doom die is restored ({was}{character.doom} -> "
            f"{character.doom_size}, RULINGS B2)"
        )
    if character.spent:
        lines.append(f"{character.name} may use again: {', '.join(character.spent)}")
    lasting = [_LABELS[c] for c in SESSION_CONDITIONS if character.has_condition(c)]
    if lasting:
        lines.append(
            f"{character.name} is still {' and '.join(lasting)}: until the session ends "
            "(RULINGS B8)"
        )
    return Recovery(after, after.hp - character.hp, character.max_hp - character.hp, tuple(lines))


def session_end(character: Character) -> tuple[Character, tuple[str, ...]]:
    """The end of a game session: Impaired and Injured end (the Helpless table's 3 and 4
    last "for the rest of the session", 2.1.13; RULINGS B8).

    >>> kara = Character(name="Kara", ruleset="black-sword-hack", hp=5, max_hp=13,
    ...                  origin="barbarian", scores=(), conditions=("injured", "scarred"))
    >>> after, lines = session_end(kara)
    >>> after.conditions, lines
    (('scarred',), ('Kara is no longer Injured: it lasted until the session ended (RULINGS B8)',))
    """
    ended = [c for c in character.conditions if c.split(":", 1)[0] in SESSION_CONDITIONS]
    if not ended:
        return character, ()
    kept = tuple(c for c in character.conditions if c not in ended)
    names = " and ".join(c.split(":", 1)[0].title() for c in ended)
    line = f"{character.name} is no longer {names}: it lasted until the session ended (RULINGS B8)"
    return replace(character, conditions=kept), (line,)
