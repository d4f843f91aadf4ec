"""The engine's ruleset-neutral commands, one module per concern. Importing this
package registers them all in :data:`CORE`."""

from . import (  # noqa: F401  (registration)
    campaign,
    dice,
    hit_points,
    inventory,
    players,
    prompts,
    secrets,
    sessions,
    sheets,
    talk,
    usage,
    web_table,
)
from .registry import CORE

__all__ = ["CORE"]
