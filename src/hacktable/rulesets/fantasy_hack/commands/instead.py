"""The other rulesets' words in a fantasy-hack campaign (issue 11 §3: "a redhack command
in a ... campaign: one clear line naming what the ruleset expects"; docs/rulings.md
H297): what fantasy-hack does instead, which an unknown command's one line says.
"""

from __future__ import annotations

from ..character import SKILLS, STATS

__all__ = ["INSTEAD"]

_CHECK = (
    "the GM calls a check: check NAME STAT+SKILL dc N [+N|-N] [for FIELD] [roll N] "
    f"(stats {', '.join(STATS)}; skills {', '.join(SKILLS)})"
)

INSTEAD: dict[str, str] = {
    "test": f"it makes checks, not attribute tests: {_CHECK}",
    "save": f"there are no saving throws: {_CHECK} (Part III: poison and the like are "
    "a level + STR check)",
    "tick": "there are no dungeon ticks: the GM keeps time, and a rest is a night's rest",
    "explore": "there are no dungeon ticks: the GM keeps time",
    "travel": "there are no travel days: the GM keeps time",
    "defend": "there are no defence rolls: an attacker rolls to hit against the AC (F2)",
    "parry": "there are no parries: an attacker rolls to hit against the AC (F2)",
    "doom": "there is no Doom die",
    "pray": "there are no prayers: sorcerers cast spells for HP (F4)",
    "fortune": f"there are no fortune rolls: {_CHECK}",
}
"""The words of redhack and black-sword-hack that fantasy-hack answers with what it
does instead."""
