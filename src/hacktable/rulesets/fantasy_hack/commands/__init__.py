"""fantasy-hack's commands: characters, levels, checks and opposed checks. Importing
this package registers them all in :data:`COMMANDS` (``FantasyHack.command_package``
names this package)."""

from . import characters, chase, checks, fight, levels, odds, opposed  # noqa: F401  (registration)
from .registry import COMMANDS

# isort: split
from . import ailments, hazards, healing, sorcery  # noqa: F401  (registration: fh-magic)

__all__ = ["COMMANDS"]
