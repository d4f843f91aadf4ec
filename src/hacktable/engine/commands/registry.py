"""The engine's own command set: commands every ruleset has (dice, the log, undo,
tables, settings, help, notes, hit points, coins and inventories). A ruleset's commands
are looked up first."""

from __future__ import annotations

from ...rulesets.grammar import CommandSet

__all__ = ["CORE"]

CORE = CommandSet("core")
"""The ruleset-neutral commands by name."""
