"""skill-die's command set: every command the ruleset adds registers here."""

from __future__ import annotations

from ...grammar import CommandSet
from .instead import INSTEAD

__all__ = ["COMMANDS"]

COMMANDS = CommandSet("skill-die", INSTEAD)
"""skill-die's commands by name."""
