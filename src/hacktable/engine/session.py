"""A play session: the campaign store, the state its log describes, the ruleset and the
session's random source; the :class:`~hacktable.rulesets.context.Table` every command
resolves against.

The live state changes in one place. While a command resolves (between
:meth:`Session.begin` and :meth:`Session.finish`), :meth:`Session.commit` stages each
event: it is checked and applied to the state at once, so the command reads its own
changes, and kept in order. :meth:`Session.finish` stores every staged event in one
transaction, at the sequence number the session expects the log to end at; if the
command fails, :meth:`Session.abandon` puts the state back as it was and nothing is
stored (docs/rulings.md H103). Outside a command (the session's own first event) an
event is stored at once.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from .. import __version__
from ..dice.source import derive_recording, fresh_seed
from ..errors import AmbiguousNameError, RuleError, UnknownNameError
from ..play.character import Character, fold
from ..play.codec import from_json, to_json
from ..play.events import Change, Event
from ..play.principal import GM, NotAllowedError, Principal, Role
from ..play.state import CampaignState, undo_target
from ..rulesets import get_ruleset
from ..rulesets.base import Ruleset
from ..rulesets.grammar import CommandSet
from ..rulesets.powers import UNDO_OTHERS, UNDO_ROLL
from ..store import CampaignStore

__all__ = ["Session"]


class Session:
    """One sitting at the table with one campaign.

    Attributes:
        store: the campaign file.
        ruleset: the campaign's ruleset.
        state: the campaign state after the last event.
        number: this session's number in the campaign (1 for the first).
        seed: the seed every roll of this session derives from (RULINGS G1).
    """

    def __init__(self, store: CampaignStore, seed: int | None = None, source: str = "") -> None:
        self.store = store
        self.ruleset: Ruleset[Any] = get_ruleset(store.ruleset)
        self.state = CampaignState.replay(store.events())
        self.number = store.next_session()
        self.seed = fresh_seed() if seed is None else seed
        self.actions = 0
        self.dealt: list[tuple[int, int]] = []
        """``(sides, face)`` of every die dealt since the command began."""
        self.principal: Principal = GM
        """Who asked for the command being resolved."""
        self._staged: list[Event] | None = None
        self._rollback: tuple[CampaignState, int] | None = None
        self.commit(
            Event(
                "session.start",
                summary=f"session {self.number} begins (seed {self.seed})",
                detail={
                    "seed": self.seed,
                    "ruleset": self.ruleset.id,
                    "hacktable": __version__,
                    "source": source,
                },
            )
        )

    # -- commands ------------------------------------------------------------------------
    def command_sets(self) -> tuple[CommandSet, CommandSet]:
        """The commands this campaign answers: the ruleset's own, looked up first, then
        the engine's."""
        from .commands import CORE

        return (self.ruleset.command_set(), CORE)

    # -- randomness ----------------------------------------------------------------------
    def rng(self) -> random.Random:
        """The random source for the next action: derived from the session's seed and
        the number of the action, so a rejected command never shifts later rolls."""
        return derive_recording(self.dealt, self.seed, self.number, self.actions + 1)

    # -- the one place that changes state ------------------------------------------------
    def begin(self, principal: Principal = GM) -> None:
        """Start a command asked by ``principal``: events committed until
        :meth:`finish` are staged, and each records who asked."""
        self.principal = principal
        self._staged = []
        self._rollback = (self.state, self.actions)
        self.dealt.clear()

    def finish(self, record: dict[str, Any] | None = None) -> tuple[Event, ...]:
        """Store the command's staged events in one transaction and return them, with
        their sequence numbers and times. ``record`` (the outcome's dice, checks, table
        reads and adjustments as JSON) goes into the last event's detail as
        ``"outcome"``, so the log keeps what the command rolled and read.

        Raises:
            CampaignError: the store refused them (nothing is stored, and the state is
                put back as it was before the command).
        """
        staged, self._staged = self._staged or [], None
        if not staged:
            self._rollback = None
            return ()
        if record:
            last = staged[-1]
            staged[-1] = replace(last, detail={**last.detail, "outcome": record})
        try:
            stored = self.store.append_all(staged, expected_seq=staged[0].seq - 1)
        except BaseException:
            self._staged = staged
            self.abandon()
            raise
        self._rollback = None
        return tuple(stored)

    def abandon(self) -> None:
        """Drop the command's staged events: the state is as it was before it."""
        if self._rollback is not None:
            self.state, self.actions = self._rollback
        self._staged = None
        self._rollback = None

    def commit(self, event: Event) -> Event:
        """Stage ``event`` (or, outside a command, store it at once) and apply it to the
        live state. Changes that change nothing are dropped, so undo never reverts a
        no-op.

        Raises:
            LogConsistencyError: the event's ``before`` values do not match the state
                (nothing is staged or stored).
        """
        changes = tuple(c for c in event.changes if c.before != c.after)
        self.state.check(changes)
        ready = replace(event, session=self.number, changes=changes, principal=self.principal.name)
        if self._staged is None:
            stored = self.store.append(ready)
        else:
            stored = replace(ready, seq=self.state.last_seq + 1)
            self._staged.append(stored)
        self.state = self.state.apply(stored)
        self.actions += 1
        return stored

    def undo(self, command: str = "undo") -> tuple[Event, Event]:
        """Revert the latest action that changed something, by appending its inverse.

        A player may undo only their own action, and not one that rolled dice
        (docs/rulings.md H106): the target is the campaign's latest change, whoever made
        it, so a player is refused rather than sent further back.

        Returns:
            ``(undone, undo_event)``.

        Raises:
            RuleError: nothing left to undo.
            NotAllowedError: a player asked, and the target is another's or holds a
                roll (nothing is stored).
        """
        target = undo_target([*self.store.events(), *(self._staged or ())])
        if target is None:
            raise RuleError("nothing to undo")
        asker = self.principal
        if asker.role is not Role.GM:
            what = f"undo #{target.seq} ({target.action}"
            if fold(target.principal) != fold(asker.name):
                what += f", asked by {target.principal})"
                raise NotAllowedError(asker.name, what, UNDO_OTHERS)
            outcome = target.detail.get("outcome")
            if isinstance(outcome, dict) and (outcome.get("dice") or outcome.get("checks")):
                raise NotAllowedError(asker.name, what + ")", UNDO_ROLL)
        inverse = tuple(change.inverse() for change in reversed(target.changes))
        event = Event(
            "undo",
            actor=target.actor,
            summary=f"undid #{target.seq} {target.action}: {target.summary}",
            changes=inverse,
            command=command,
            undoes=target.seq,
        )
        return target, self.commit(event)

    # -- characters ----------------------------------------------------------------------
    def characters(self) -> list[Character]:
        """Every character in the campaign, in the order created."""
        return [
            from_json(self.ruleset.character_type, data) for data in self.state.values("character")
        ]

    def character(self, name: str) -> Character:
        """The character called ``name``: exact (case-insensitive), else a unique prefix.

        Raises:
            UnknownNameError: no character, or several, match.
        """
        key = fold(name)
        data = self.state.get("character", key)
        if data is None:
            keys = [k for k in self.state.keys("character") if k.startswith(key)] if key else []
            if len(keys) > 1:
                names = [
                    from_json(self.ruleset.character_type, self.state.get("character", k)).name
                    for k in keys
                ]
                raise AmbiguousNameError("character", name, names)
            if len(keys) != 1:
                names = [c.name for c in self.characters()]
                raise UnknownNameError("character", name, names)
            data = self.state.get("character", keys[0])
        return from_json(self.ruleset.character_type, data)

    def character_change(self, before: Character | None, after: Character | None) -> Change:
        """The change that turns ``before`` into ``after`` (either may be ``None``)."""
        key = (after or before).key  # type: ignore[union-attr]
        return Change(
            "character",
            key,
            None if before is None else self.state.get("character", key),
            None if after is None else to_json(after),
        )

    def commit_character(
        self,
        action: str,
        before: Character,
        after: Character,
        summary: str,
        command: str,
        detail: dict[str, Any] | None = None,
    ) -> Event:
        """Commit an event by ``before``'s character that changes them to ``after``."""
        return self.commit(
            Event(
                action,
                actor=before.name,
                summary=summary,
                detail=detail or {},
                changes=(self.character_change(before, after),),
                command=command,
            )
        )

    # -- settings ------------------------------------------------------------------------
    def setting(self, name: str) -> Any:
        """The campaign's value of a ruleset setting (its default until changed).

        Raises:
            UnknownNameError: no such setting.
        """
        setting = self.ruleset.setting(name)
        value = self.state.get("setting", name)
        return setting.default if value is None else value

    def log(self, last: int | None = None) -> list[Event]:
        """The campaign's events, all or the last ``last``."""
        return self.store.events() if last is None else self.store.last(last)

    def names(self) -> Iterable[str]:
        """Names of every character, for completion."""
        return [c.name for c in self.characters()]
