"""When the party's gear may be maintained (redhack: Exploration & Dungeons >
Maintenance, "while taking a long or short rest"; RULINGS R31; docs/rulings.md H234).
The roll itself is the ``maintain`` command's, the disrepair point ``fight end``'s."""

from __future__ import annotations

from ...errors import RuleError

__all__ = ["check_resting"]


def check_resting(rested: int, now: int) -> None:
    """Maintenance is done at a rest: the party's clock must stand where its last rest
    left it (``rested``: the minute that rest ended, -1 for never; ``now``: the
    party's clock), so nothing has passed time since (H234).

    Raises:
        RuleError: the party has not rested, or time has passed since.
    """
    if rested < 0:
        raise RuleError(
            "the party's gear is maintained while resting: 'rest short' or 'rest long' "
            "first (redhack: Exploration & Dungeons > Maintenance; RULINGS R31)"
        )
    if now != rested:
        raise RuleError(
            "time has passed since the party's last rest: the gear is maintained while "
            "resting ('rest short' first; redhack: Exploration & Dungeons > Maintenance)"
        )
