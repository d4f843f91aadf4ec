"""black-sword-hack's command set: every command the ruleset adds registers here
(``@COMMANDS.command(...)`` or ``@COMMANDS.typed(...)``), apart from any other
ruleset's."""

from __future__ import annotations

from ...grammar import CommandSet

__all__ = ["COMMANDS"]

COMMANDS = CommandSet("black-sword-hack")
"""black-sword-hack's commands by name."""
