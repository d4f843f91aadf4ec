"""What a ruleset's command sees of the campaign while it resolves: the :class:`CampaignView`.

A command resolves against a table: the campaign state its log describes, the
ruleset, the settings and the action's random source. It never sees the store or a
screen: :meth:`CampaignView.commit` hands an event to the command layer, which stages it (the
state the command reads afterwards includes it) and stores every staged event in one
transaction once the command has finished, or none if it fails
(:class:`hacktable.engine.session.Session` is the implementation).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from ..play.character import Character
from ..play.events import Change, Event
from ..play.principal import GM, Principal
from ..play.state import CampaignState
from .base import Ruleset

__all__ = ["Asker", "CampaignView", "Context", "ask_until"]


CharacterT = TypeVar("CharacterT", bound=Character)


class CampaignView(Protocol[CharacterT]):
    """The campaign as a command may read and change it; its characters are of the
    ruleset's own type (``CampaignView[redhack.character.Character]``)."""

    @property
    def ruleset(self) -> Ruleset[Any]:
        """The campaign's ruleset."""

    @property
    def state(self) -> CampaignState:
        """The state after the last event (staged events included)."""

    def rng(self, secret: bool = False, gm: bool = False) -> random.Random:
        """The random source for the next event (RULINGS G1, G6; H101, H110):
        ``secret``, the game session's secret stream (secret and blind rolls, whose
        seed only the GM sees); ``gm``, when :meth:`dice_entered`, the GM's own dice
        beside the player's entered ones (G5; H248).

        Raises:
            RuleError: ``secret``, and the session has no secret stream (H111).
        """

    def dice_entered(self) -> bool:
        """Whether the command deals dice a player entered (RULINGS G5)."""

    def commit(self, event: Event) -> Event:
        """Stage ``event``: it is applied to :attr:`state` at once and stored with the
        command's other events when the command succeeds.

        Raises:
            LogConsistencyError: the event's ``before`` values do not match the state.
        """

    def character(self, name: str) -> CharacterT:
        """The character called ``name`` (exact, else a unique prefix).

        Raises:
            UnknownNameError: no character, or several, match.
        """

    def characters(self) -> list[CharacterT]:
        """Every character, in the order created."""

    def character_change(self, before: Character | None, after: Character | None) -> Change:
        """The change that turns ``before`` into ``after``."""

    def commit_character(
        self,
        action: str,
        before: Character,
        after: Character,
        summary: str,
        command: str,
        detail: dict[str, Any] | None = None,
    ) -> Event:
        """Stage an event by ``before``'s character that changes them to ``after``."""

    def setting(self, name: str) -> Any:
        """The campaign's value of a ruleset setting.

        Raises:
            UnknownNameError: no such setting.
        """

    def names(self) -> Iterable[str]:
        """Every character's name, for completion."""


Asker = Callable[[str], str]
"""Asks the user a question and returns the answer (guided commands)."""


@dataclass(slots=True)
class Context:
    """What a command resolves with.

    Attributes:
        session: the table it acts on.
        line: the command line as typed (``""`` for an intent from elsewhere).
        ask: asks the user a question, or ``None`` when nobody can answer (scripts).
        warn: shows the user a problem at once (guided commands re-asking).
        principal: who asked (the command layer has already checked they may).
    """

    session: CampaignView[Any]
    line: str = ""
    ask: Asker | None = None
    warn: Callable[[str], None] | None = None
    principal: Principal = GM


def ask_until(
    ctx: Context, question: str, check: Callable[[str], object], *, what: str, command: str
) -> str:
    """Ask ``question`` until ``check`` accepts the answer, three tries at most; each
    refusal is shown at once (``ctx.warn``). For guided commands, when someone can
    answer (``ctx.ask`` is set).

    Raises:
        CommandError: the user cancelled (``"{what} cancelled"``), or gave three
            answers that do not do.
    """
    from ..errors import CommandError, HacktableError

    assert ctx.ask is not None
    for _ in range(3):
        try:
            answer = ctx.ask(question).strip()
        except (EOFError, KeyboardInterrupt):
            raise CommandError(f"{what} cancelled", command) from None
        try:
            check(answer)
        except HacktableError as error:
            if ctx.warn is not None:
                ctx.warn(str(error))
            continue
        return answer
    raise CommandError(f"{what} cancelled after three tries", command)
