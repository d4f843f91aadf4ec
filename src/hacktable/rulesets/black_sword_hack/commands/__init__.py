"""black-sword-hack's commands. Importing this package registers them all in
:data:`COMMANDS`, the ruleset's own command set (``BlackSwordHack.command_package``
names this package)."""

from . import characters, levels, sorcery
from .registry import COMMANDS

__all__ = ["COMMANDS", "characters", "levels", "sorcery"]
