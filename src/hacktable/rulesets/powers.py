"""The GM's powers, each named once: what a player who asks for one is told, after
"Ann may not ...: " (docs/rulings.md H106). The intents' ``access()`` methods use them;
the command layer says them."""

from __future__ import annotations

__all__ = [
    "CARRYING",
    "CHARACTERS",
    "CONTENT",
    "CREATING",
    "DISREPAIR",
    "FIGHTS",
    "FILES",
    "FLAGS",
    "FORTUNE",
    "MEALS",
    "MONSTERS",
    "MONSTER_DICE",
    "OVERRIDING",
    "PARTY",
    "PLAYERS",
    "SETTINGS",
    "TABLES",
    "TIME",
    "UNDO_OTHERS",
    "UNDO_ROLL",
    "WEB_TABLE",
]

OVERRIDING = "setting a rule aside is the GM's"
"""``override``: acting out of turn, or what a rule refuses."""

MONSTERS = "adding monsters is the GM's"
"""``fight add``."""

MONSTER_DICE = "the monsters' dice are the GM's"
"""A monster's damage entered by hand (``defend ... damage N``), a monster's test."""

CHARACTERS = "editing characters is the GM's"
"""HP, experience, removing, reviving and handing out characters."""

CARRYING = "carrying more than the rules allow is the GM's call"
"""``give ... force``."""

SETTINGS = "the campaign's settings are the GM's"
"""``settings NAME VALUE``."""

TIME = "the passing of time is the GM's"
"""Ticks, exploring turns, rests and journeys."""

PARTY = "the party's place and fire are the GM's"
"""``where PLACE``, ``fire``."""

FIGHTS = "running the fight is the GM's"
"""``fight start``, ``fight end``, ``init``, ``next``."""

FLAGS = "flags and morale are the GM's"
"""``flag``: foes' conditions and statuses, characters' hidden and invisible flags."""

TABLES = "rolling on the GM's tables is the GM's"
"""Table rolls, encounter checks and rolls, reactions."""

CONTENT = "the campaign's monsters, spells and tables are the GM's"
"""Bestiary, encounter, landscape and fortune files, added or removed."""

FORTUNE = "fortune rolls and their roles are the GM's"
"""``fortune roll``, ``assign``, ``unassign``."""

DISREPAIR = "disrepair points are the GM's"
"""``disrepair spend``."""

MEALS = "feeding the whole party is the GM's"
"""``eat all``."""

PLAYERS = "seating players is the GM's"
"""``player add``, ``player remove``."""

UNDO_ROLL = "undoing a roll is the GM's"
"""``undo`` of an event that holds a die roll."""

UNDO_OTHERS = "undoing another's action is the GM's"
"""``undo`` of an event another principal asked for."""

CREATING = "making characters for another player is the GM's"
"""``character new ... --player NAME`` by a player, naming someone else."""

FILES = "reading and writing files is the GM's"
"""``character export ... --to FILE`` and ``character import FILE``: files on the
machine that runs hacktable (docs/rulings.md H209)."""

WEB_TABLE = "inviting and revoking at the web table is the GM's"
"""``invite``, ``revoke`` (issue 12 §1; docs/rulings.md H644)."""
