"""fantasy-hack's command set: every command the ruleset adds registers here."""

from __future__ import annotations

from ...grammar import CommandSet
from .instead import INSTEAD

__all__ = ["COMMANDS"]

COMMANDS = CommandSet("fantasy-hack", INSTEAD)
"""fantasy-hack's commands by name."""
