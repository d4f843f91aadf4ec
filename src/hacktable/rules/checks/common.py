"""Small helpers the check kinds share: how a face and its modifier are shown, and
the words of a verdict."""

from __future__ import annotations

from ...errors import RulesDataError
from ..resolution import Critical

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from .values import Naturals

__all__ = ["check_die", "shown", "verdict_text"]


def check_die(name: str, sides: int, naturals: Naturals) -> None:
    """Refuse a die that cannot be rolled, or a natural face it does not have.

    Raises:
        RulesDataError: ``sides`` is below 2, or a natural face is above ``sides``.
    """
    if sides < 2:
        raise RulesDataError("check rule", name, f"a die needs 2 or more sides, not {sides}")
    if any(face > sides for face in naturals.success | naturals.failure):
        raise RulesDataError("check rule", name, f"a natural face is not on a d{sides}")


def shown(face: int, modifier: int) -> str:
    """A face with its modifier: ``"9"``, ``"9 + 3 = 12"``, ``"9 - 2 = 7"``.

    >>> shown(9, 0), shown(9, 3), shown(9, -2)
    ('9', '9 + 3 = 12', '9 - 2 = 7')
    """
    if modifier == 0:
        return str(face)
    sign = "+" if modifier > 0 else "-"
    return f"{face} {sign} {abs(modifier)} = {face + modifier}"


def verdict_text(
    face: int, comparison: str, success: bool, critical: Critical, decisive: bool
) -> str:
    """The verdict of one face in words.

    A decisive critical is told by the natural die alone (``"natural 20: critical
    success"``, RULINGS R1, B1); a critical that needs the total's help keeps the
    comparison (``"natural 20 + 6 = 26 >= AC 13: critical success"``, F3).

    >>> verdict_text(14, "14 > STR 13", False, Critical.NONE, True)
    '14 > STR 13: fail'
    """
    if critical is not Critical.NONE:
        if decisive:
            return f"natural {face}: {critical.value}"
        return f"natural {comparison}: {critical.value}"
    return f"{comparison}: {'success' if success else 'fail'}"
