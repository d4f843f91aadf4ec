"""Principals: who asks the command layer to act (RULINGS G4).

A principal is the GM, a player, or an observer. The console acts as the GM unless
``play --as`` names a player or ``observer``. The command layer is the only place that
asks who is acting (what each intent needs: docs/rulings.md H106), and every reader of
the log shows each principal what they may see (:mod:`hacktable.play.visibility`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..errors import HacktableError

__all__ = ["GM", "NotAllowedError", "Principal", "Role"]


class Role(Enum):
    """What a principal is at the table."""

    GM = "gm"
    PLAYER = "player"
    OBSERVER = "observer"


@dataclass(frozen=True, slots=True)
class Principal:
    """Who acts.

    Attributes:
        role: GM, player or observer.
        name: the player's name (``"GM"`` for the GM).
    """

    role: Role
    name: str = "GM"


GM = Principal(Role.GM, "GM")
"""The game master: may do anything."""


class NotAllowedError(HacktableError, PermissionError):
    """A principal asked for something its role may not do; nothing was changed.

    Attributes:
        who: the principal's name.
        command: the command refused.
    """

    def __init__(self, who: str, command: str, reason: str) -> None:
        super().__init__(f"{who} may not {command}: {reason}")
        self.who = who
        self.command = command
