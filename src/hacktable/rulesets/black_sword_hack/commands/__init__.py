"""black-sword-hack's commands. Importing this package registers them all in
:data:`COMMANDS`, the ruleset's own command set (``BlackSwordHack.command_package``
names this package)."""

from . import actions, attack, bestiary, defend, fight, fight_offers, harm, turn
from .registry import COMMANDS

__all__ = ["COMMANDS"]

del actions, attack, bestiary, defend, fight, fight_offers, harm, turn
