"""black-sword-hack's commands: characters, stories and levels, sorcery, tests and the
Doom die, fights (the fight, turns, attacks, defences, harm, the bestiary) and rests.
Importing this package registers them all in :data:`COMMANDS`, the ruleset's own
command set (``BlackSwordHack.command_package`` names this package)."""

from . import (  # noqa: F401  (registration)
    actions,
    attack,
    bestiary,
    characters,
    defend,
    doom,
    fight,
    fight_offers,
    harm,
    levels,
    rest,
    sorcery,
    tests,
    turn,
)
from .registry import COMMANDS

__all__ = ["COMMANDS"]
