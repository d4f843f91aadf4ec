"""The other rulesets' words in a skill-die campaign (issue 11 §3: "a redhack command
in a skill-die campaign: one clear line naming what the ruleset expects"; docs/rulings.md
H346, H297): what skill-die does instead, which an unknown command's one line says.
"""

from __future__ import annotations

__all__ = ["INSTEAD"]

_CHECK = "a check: 'check NAME ABILITY dc N|simple...impossible' or 'check NAME SKILL DIFFICULTY'"
_ATTACK = "an attack is a check against the defence DC (RULINGS S5)"

INSTEAD: dict[str, str] = {
    "save": f"there are no saving throws; the GM calls {_CHECK} (RULINGS S1, S2)",
    "test": f"it rolls checks, not tests: {_CHECK} (RULINGS S1, S2)",
    "tick": "time counts in hours: 'time +Nh' (docs/rulings.md H347)",
    "explore": "time counts in hours: 'time +Nh' (docs/rulings.md H347)",
    "travel": "time counts in hours: 'time +Nh' (docs/rulings.md H347)",
    "defend": f"there are no defence rolls: {_ATTACK}",
    "parry": f"there are no parries: {_ATTACK}",
    "doom": "there is no Doom die (RULINGS S1-S7)",
    "cast": "there is no spellcasting (RULINGS S1-S7)",
    "pray": "there are no prayers (RULINGS S1-S7)",
    "fortune": f"there are no fortune rolls: {_CHECK}",
}
"""The words of redhack and black-sword-hack that skill-die answers with what it does
instead."""
