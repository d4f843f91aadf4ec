"""The engine's ruleset-neutral commands, one module per concern. Importing this
package registers them all in :data:`CORE`."""

from . import campaign, dice, players, secrets, sessions  # noqa: F401  (registration)
from .registry import CORE

__all__ = ["CORE"]
