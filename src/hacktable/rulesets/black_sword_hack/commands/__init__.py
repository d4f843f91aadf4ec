"""black-sword-hack's commands. Importing this package registers them all in
:data:`COMMANDS`, the ruleset's own command set (``BlackSwordHack.command_package``
names this package)."""

from . import doom, rest, tests  # noqa: F401  (registration)
from .registry import COMMANDS

__all__ = ["COMMANDS"]
