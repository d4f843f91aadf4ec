"""A ruleset's offers (what a tool or a test may ask now) gathered the same way by
every ruleset whose command modules each append an offer of their own: observers are
offered nothing, the commands are imported (which adds their offers), then the
engine's ``note`` and each offer's intents (see :meth:`Ruleset.legal_intents`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .grammar import Intent, Words

if TYPE_CHECKING:
    from .base import Ruleset

__all__ = ["gather"]

R = TypeVar("R", bound="Ruleset[Any]")
V = TypeVar("V")


def gather(
    ruleset: R,
    view: V,
    principal_role: str,
    offers: Sequence[Callable[[R, V, str], list[Intent]]],
    note: str,
    first: Callable[[], Iterable[Intent]] = tuple,
) -> list[Intent]:
    """``note`` as the engine's ``note``, ``first()``'s intents, then each of
    ``offers``' for ``principal_role`` (observers: none).

    Args:
        ruleset: the ruleset; its :meth:`command_set` is imported first.
        view: the campaign as the principal sees it.
        principal_role: ``"gm"``, ``"player"`` or ``"observer"``.
        offers: the ruleset's offers, each appended by a command module.
        note: what the offered ``note`` says.
        first: intents offered before the command modules' (the ruleset's own).
    """
    if principal_role == "observer":
        return []
    ruleset.command_set()  # imports the commands, which add their offers
    intents: list[Intent] = [Words("note", (note,)), *first()]
    for offer in offers:
        intents += offer(ruleset, view, principal_role)
    return intents
