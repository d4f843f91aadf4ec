"""skill-die's command set: every command the ruleset adds registers here."""

from __future__ import annotations

from ...grammar import CommandSet
from ...ordered_fight import add_fight_commands
from ..fight_rules import FIGHT_RULES
from .instead import INSTEAD

__all__ = ["COMMANDS"]

COMMANDS = CommandSet("skill-die", INSTEAD)
"""skill-die's commands by name."""

add_fight_commands(COMMANDS, FIGHT_RULES)  # fight, init, attack, next (RULINGS S5)
