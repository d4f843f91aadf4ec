"""redhack's command set: every command the ruleset adds registers here
(``@COMMANDS.command(...)``), apart from any other ruleset's."""

from __future__ import annotations

from ...grammar import CommandSet

__all__ = ["COMMANDS"]

COMMANDS = CommandSet("redhack")
"""redhack's commands by name."""
