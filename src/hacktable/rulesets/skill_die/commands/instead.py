"""The other rulesets' words in a skill-die campaign (issue 11 §3: "a redhack command
in a skill-die campaign: one clear line naming what the ruleset expects"; docs/rulings.md
H346, H297): what skill-die does instead, which an unknown command's one line says.
"""

from __future__ import annotations

__all__ = ["INSTEAD"]

_CHECK = "a check: 'check NAME ABILITY dc N|simple...impossible' or 'check NAME SKILL DIFFICULTY'"
_VERSUS = (
    "'check NAME SKILL vs NAME|LEVEL[,...]', the die picked by the highest opposing level "
    "(RULINGS S2, S7)"
)
_LEVELS = (
    "characters have no levels or experience; the GM sets a skill's level (0-6) with "
    "'skill NAME SKILL N' (RULINGS S4)"
)
_CHASE = (
    "there are no chase rules: the GM calls checks, like 'check NAME DEX dc 15' or "
    "'check NAME Stealth vs NAME' (RULINGS S1, S2)"
)
_FOES = (
    "stock foes join a fight: 'fight add NAME from ID' ('bestiary' lists them; "
    "docs/rulings.md H431)"
)
_HEAL = "healing is 'hp NAME +N' or +DICE, and a rest heals 1d8 + CON: 'rest' (RULINGS S3, S7)"
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
    "level": _LEVELS,
    "xp": _LEVELS,
    "hide": (
        "hiding is a Stealth check on the die the watchers' highest Nature picks: "
        "'check NAME Stealth vs NAME[,...]' (RULINGS S2, S7)"
    ),
    "oppose": f"an opposed roll is a competitive skill check: {_VERSUS}",
    "opposed": f"an opposed roll is a competitive skill check: {_VERSUS}",
    "chase": _CHASE,
    "flee": _CHASE,
    "monster": _FOES,
    "npc": _FOES,
    "spell": "there is no spellcasting (RULINGS S1-S7)",
    "memorise": "there is no spellcasting (RULINGS S1-S7)",
    "bandage": _HEAL,
    "cure": _HEAL,
}
"""The words of redhack, black-sword-hack and fantasy-hack that skill-die answers with
what it does instead (docs/rulings.md H346, H452)."""
