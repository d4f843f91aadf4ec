"""redhack's commands: tests, characters, fights, actions in a fight, injuries and care,
the bestiary, exploration, rests, journeys, fortune rolls and trade (hit points, coins
and inventories are the engine's, in CORE). Importing this package registers them all
in :data:`COMMANDS`, redhack's own command set (``Redhack.command_package`` names this
package)."""

from . import (  # noqa: F401  (registration)
    actions,
    alms,
    bestiary,
    care,
    characters,
    experience,
    explore,
    fight,
    fortune,
    levels,
    magic,
    npcs,
    prayer,
    rest,
    scrolls,
    shop,
    spells,
    stow,
    supplies,
    techniques,
    tests,
    trade,
    travel,
)
from .registry import COMMANDS

__all__ = ["COMMANDS"]
