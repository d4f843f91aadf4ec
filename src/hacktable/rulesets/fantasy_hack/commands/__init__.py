"""fantasy-hack's commands: characters, levels, checks and opposed checks. Importing
this package registers them all in :data:`COMMANDS` (``FantasyHack.command_package``
names this package)."""

from . import (  # noqa: F401  (registration)
    ailments,
    characters,
    checks,
    hazards,
    healing,
    levels,
    sorcery,
)
from .registry import COMMANDS

__all__ = ["COMMANDS"]
