"""A play session: the campaign store, the state its log describes, the ruleset and the
open game session with its seeds; the :class:`~hacktable.rulesets.context.Table` every
command resolves against.

The live state changes in one place. While a command resolves (between
:meth:`Session.begin` and :meth:`Session.finish`), :meth:`Session.commit` stages each
event: it is checked and applied to the state at once, so the command reads its own
changes, and kept in order. :meth:`Session.finish` stores every staged event in one
transaction, at the sequence number the session expects the log to end at; if the
command fails, :meth:`Session.abandon` puts the state back as it was and nothing is
stored (docs/rulings.md H103). Outside a command (a session started at open) an event
is stored at once, at the sequence number expected too.

Game sessions are explicit (RULINGS G6; :mod:`.game_session`): opening a campaign
continues its open game session, or begins a new one with ``seed``; with neither, the
first command that stores an event begins one, its ``session.start`` staged before the
command's own events (docs/rulings.md H109), so opening a campaign to read writes
nothing. Other writers may append to the same campaign: :meth:`Session.refresh` reads
what they appended and follows their game sessions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from .. import __version__
from ..dice.source import (
    EnteredNeed,
    EnteredRandom,
    RecordingRandom,
    derive_recording,
    fresh_seed,
)
from ..errors import AmbiguousNameError, CampaignError, RuleError, UnknownNameError
from ..play.character import Character, fold
from ..play.codec import from_json, to_json
from ..play.events import Change, Event
from ..play.principal import GM, NotAllowedError, Principal, Role
from ..play.state import CampaignState, LogConsistencyError, undo_target
from ..play.visibility import reveals_in, visible
from ..rulesets import get_ruleset
from ..rulesets.base import Ruleset
from ..rulesets.grammar import CommandSet
from ..rulesets.powers import UNDO_OTHERS, UNDO_ROLL
from ..store import CampaignStore
from .game_session import (
    END,
    START,
    GameSession,
    end_event,
    follow,
    fresh_salt,
    from_start,
    start_event,
)

__all__ = ["SNAPSHOT_EVERY", "Session"]

SNAPSHOT_EVERY = 200
"""A snapshot of the state is saved once this many events came after the last one, so
opening reads at most about this many events past it (docs/rulings.md H114)."""


class Session:
    """One sitting at the table with one campaign.

    Attributes:
        store: the campaign file.
        ruleset: the campaign's ruleset.
        state: the campaign state after the last event.
        game: the open game session; one not yet begun (``game.started`` false) when
            none is open: the first command that stores an event begins it.
        source: where the commands come from (``"console"``, a script's path),
            recorded in the ``session.start`` of a session this one begins.
    """

    def __init__(
        self,
        store: CampaignStore,
        seed: int | None = None,
        source: str = "",
        secret_seed: int | None = None,
    ) -> None:
        """Open ``store``'s campaign: continue its open game session, or with ``seed``
        begin a new one at once (``play --seed N``).

        Args:
            store: the campaign.
            seed: the seed of a game session to begin now; ``None`` continues the open
                one (or begins one, with fresh seeds, with the first command that
                stores an event).
            source: where the commands come from, for ``session.start``.
            secret_seed: the secret stream's seed of the session ``seed`` begins
                (fresh when ``None``; ignored without ``seed``).

        Raises:
            CampaignError: reading the log, or storing the new session's start, failed.
            LogConsistencyError: the log does not replay.
        """
        self.store = store
        self.ruleset: Ruleset[Any] = get_ruleset(store.ruleset)
        self.source = source
        self.dealt: list[tuple[int, int]] = []
        """``(sides, face)`` of every die dealt since the command began."""
        self.principal: Principal = GM
        """Who asked for the command being resolved."""
        self.entered_by = ""
        """Who entered the dice of the command being resolved (RULINGS G5), ``""``
        when hacktable rolls them."""
        self._entered: EnteredRandom | None = None
        self.streams: list[str] = []
        """The public streams the command being resolved asked for, in order: each its
        place in the session, ``":gm"`` added for the GM's stream (docs/rulings.md
        H651); stored in the outcome record as ``"streams"``."""
        self.gm_dice: set[int] = set()
        """The places in :attr:`dealt` of the GM's dice in a command whose player
        entered theirs (:meth:`rng` ``gm``): not entered, and not marked as such."""
        self.closing: tuple[str, ...] = ()
        """What the end of the last game session ended here did to the characters, as
        lines (the ruleset's ``session_end``), for the command that ended it to show."""
        self._staged: list[Event] | None = None
        self._rollback: tuple[CampaignState, GameSession, int] | None = None
        self._snapshot_seq = 0
        self._command_sets: tuple[CommandSet, CommandSet] | None = None
        self.state, found = self._load()
        self._next = store.next_session()
        """The number a new game session gets: 1 + the highest seen."""
        self.game: GameSession = self._not_begun() if found is None else found
        if seed is not None:
            self.start_game_session(seed, secret_seed)

    # -- game sessions -------------------------------------------------------------------
    @property
    def number(self) -> int:
        """The open game session's number (1 for the first; the number the next one
        will have while none is open)."""
        return self.game.number

    @property
    def seed(self) -> int:
        """The seed of the open game session's public dice (RULINGS G6)."""
        return self.game.seed

    @property
    def secret_seed(self) -> int | None:
        """The seed of its secret stream (the GM's alone to see)."""
        return self.game.secret_seed

    def start_game_session(
        self, seed: int | None = None, secret_seed: int | None = None, command: str = ""
    ) -> Event:
        """Begin a new game session (a ``session.start`` event; the open one, if any,
        ends where it begins: docs/rulings.md H109, first doing to the characters what
        its end does, as :meth:`end_game_session`).

        Args:
            seed: its public seed (fresh when ``None``).
            secret_seed: its secret stream's seed (fresh when ``None``).
            command: the command line that began it.

        Returns:
            The ``session.start`` event, staged (inside a command) or stored.

        Raises:
            CampaignError: (outside a command) the store refused it.
        """
        self.closing = self._close_characters(command) if self.game.started else ()
        game = GameSession(
            self._next,
            fresh_seed() if seed is None else seed,
            fresh_seed() if secret_seed is None else secret_seed,
            salt=fresh_salt(),
        )
        before, self.game = self.game, game
        try:
            event = start_event(game, self.ruleset.id, __version__, self.source)
            return self.commit(replace(event, command=command))
        except BaseException:
            self.game = before
            raise

    def end_game_session(self, command: str = "") -> Event:
        """End the open game session (a ``session.end`` event); the next command that
        stores an event begins a new one. What the ruleset's ``session_end`` changes in
        the characters is committed first, in the session that ends
        (:attr:`closing` holds its lines).

        Raises:
            RuleError: no game session is open.
        """
        if not self.game.started:
            raise RuleError("no game session is open ('session start' begins one)")
        self.closing = self._close_characters(command)
        return self.commit(end_event(self.game, command))

    def _close_characters(self, command: str) -> tuple[str, ...]:
        """What the end of the open game session does to the characters: the ruleset's
        :meth:`~hacktable.rulesets.base.Ruleset.session_end` for each, every change in
        one ``session.close`` event of the session that ends (none when nothing
        changes, as in redhack). Returns the hook's lines."""
        changes: list[Change] = []
        lines: list[str] = []
        for character in self.characters():
            after, said = self.ruleset.session_end(character)
            lines.extend(said)
            if after != character:
                changes.append(self.character_change(character, after))
        if changes:
            self.commit(
                Event(
                    "session.close",
                    summary=f"session {self.game.number} ends: " + "; ".join(lines),
                    detail={"lines": lines},
                    changes=tuple(changes),
                    command=command,
                )
            )
        return tuple(lines)

    def _not_begun(self) -> GameSession:
        """A new game session, not begun yet, with fresh seeds."""
        return GameSession(self._next, fresh_seed(), fresh_seed(), salt=fresh_salt())

    def _follow(self, event: Event) -> None:
        """Keep :attr:`game` up to date with ``event``, just applied (ours or another
        writer's)."""
        self._next = max(self._next, event.session + 1)
        after = follow(self.game if self.game.started else None, event)
        if after is not None:
            self.game = after
        elif self.game.started:
            self.game = self._not_begun()

    # -- other writers -------------------------------------------------------------------
    def refresh(self) -> tuple[Event, ...]:
        """Read and apply the events other writers appended since the last one this
        session knows, following their game session changes (outside a command).

        Returns:
            The events read, in order.

        Raises:
            CampaignError: reading the log failed.
            LogConsistencyError: an event does not fit the state (the log is damaged).
        """
        if self._staged is not None:
            raise RuntimeError("refresh() while a command is resolving")
        news = self.store.events(after=self.state.last_seq)
        for event in news:
            self.state = self.state.apply(event)
            self._follow(event)
        return tuple(news)

    # -- commands ------------------------------------------------------------------------
    def command_sets(self) -> tuple[CommandSet, CommandSet]:
        """The commands this campaign answers: the ruleset's own, looked up first, then
        the engine's (found once per session)."""
        if self._command_sets is None:
            from .commands import CORE

            self._command_sets = (self.ruleset.command_set(), CORE)
        return self._command_sets

    # -- randomness ----------------------------------------------------------------------
    def place(self) -> int:
        """The next command's place in the open game session (docs/rulings.md H110)."""
        return self.game.place(self.state.last_seq)

    def rng(self, secret: bool = False, gm: bool = False) -> random.Random:
        """The random source for the next action: derived from the game session's seed
        (``secret``: its secret stream's seed) and the action's place in the session,
        so a rejected command never shifts later rolls and any process reading the log
        deals the same dice (RULINGS G6; docs/rulings.md H101, H110).

        ``gm``: the GM's dice of a command whose player entered theirs (a group's
        morale after a player's kill): a seeded stream of its own, never the entered
        faces (RULINGS G5; docs/rulings.md H248). Ask for it only when
        :meth:`dice_entered`; otherwise the command's one source serves for all.

        Raises:
            RuleError: ``secret``, and the session began before secret streams
                (docs/rulings.md H111).
        """
        game = self.game
        seed = game.seed
        if self._staged is not None and not secret and (gm or self._entered is None):
            kind = ":gm" if self._entered is not None else ""  # `verify` reads it (H651)
            self.streams.append(f"{self.place()}{kind}")
        if gm and self._entered is not None and not secret:
            return _MarkedRandom(
                ":".join(map(str, (seed, game.number, self.place(), "gm"))),
                self.dealt,
                self.gm_dice,
            )
        if self._entered is not None:
            if secret:
                raise RuleError(
                    "a secret roll is rolled by hacktable, never entered (RULINGS G4, G5)"
                )
            return self._entered
        if secret:
            if game.secret_seed is None:
                raise RuleError(
                    f"session {game.number} has no secret seed (it began before secret "
                    "rolls): 'session start' begins one that has"
                )
            seed = game.secret_seed
        return derive_recording(self.dealt, seed, game.number, self.place())

    def enter(self, faces: tuple[int, ...], by: str, need: EnteredNeed, what: str) -> None:
        """Make the command being resolved deal ``faces``, the dice ``by`` rolled at
        the table, and only those (RULINGS G5; docs/rulings.md H205): every public die
        it draws is the next entered face, then whatever ``need`` gives.

        Args:
            faces: the faces entered, in the order the rule draws its dice.
            by: who entered them (the log says so).
            need: gives a die the faces ran out before (asks, or refuses).
            what: the command's roll, for the lines that refuse (``"the test"``).
        """
        game = self.game
        seed = ":".join(map(str, (game.seed, game.number, self.place())))
        self._entered = EnteredRandom(seed, faces, need, self.dealt, what)
        self.entered_by = by

    def dice_entered(self) -> bool:
        """Whether the command being resolved deals dice a player entered (G5)."""
        return self._entered is not None

    def check_entered(self) -> None:
        """Refuse, once the command has resolved, entered dice it did not need.

        Raises:
            RuleError: some faces were not needed (nothing is stored).
        """
        if self._entered is not None:
            self._entered.check_all_used()

    # -- the one place that changes state ------------------------------------------------
    def begin(self, principal: Principal = GM) -> None:
        """Start a command asked by ``principal``: events committed until
        :meth:`finish` are staged, and each records who asked."""
        self.principal = principal
        self._staged = []
        self._rollback = (self.state, self.game, self._next)
        self.dealt.clear()
        self.streams.clear()
        self._entered = None
        self.entered_by = ""
        self.gm_dice.clear()

    def finish(self, record: dict[str, Any] | None = None) -> tuple[Event, ...]:
        """Store the command's staged events in one transaction and return them, with
        their sequence numbers and times. ``record`` (the outcome's dice, checks, table
        reads and adjustments as JSON) goes into the last event's detail as
        ``"outcome"``, so the log keeps what the command rolled and read.

        Raises:
            StaleWriteError: another writer appended since this session's state (nothing
                is stored, and the state is put back as it was before the command).
            CampaignError: the store refused them otherwise (likewise).
        """
        staged, self._staged = self._staged or [], None
        self._entered = None
        if not staged:
            self._rollback = None
            return ()
        if record:
            last = staged[-1]
            if record.get("dice"):  # the streams its dice came from (H651)
                record = {**record, "streams": list(self.streams)}
            staged[-1] = last.evolve(detail={**last.detail, "outcome": record})
        if self.entered_by:
            last = staged[-1]
            who = "the GM" if self.principal.role is Role.GM else self.entered_by
            staged[-1] = last.evolve(summary=f"{last.summary} (dice entered by {who})")
        try:
            stored = self.store.append_all(staged, expected_seq=staged[0].seq - 1)
        except BaseException:
            self._staged = staged
            self.abandon()
            raise
        self._rollback = None
        self._keep_snapshot(self.state)
        return tuple(stored)

    def abandon(self) -> None:
        """Drop the command's staged events: the state is as it was before it."""
        self._entered = None
        if self._rollback is not None:
            self.state, self.game, self._next = self._rollback
        self._staged = None
        self._rollback = None

    def commit(self, event: Event) -> Event:
        """Stage ``event`` (or, outside a command, store it at once) and apply it to the
        live state. Changes that change nothing are dropped, so undo never reverts a
        no-op. With no game session open, the ``session.start`` of the one not yet
        begun goes first (docs/rulings.md H109).

        Raises:
            LogConsistencyError: the event's ``before`` values do not match the state
                (nothing is staged or stored).
            StaleWriteError: (outside a command) another writer appended first.
        """
        changes = tuple(c for c in event.changes if c.before != c.after)
        self.state.check(changes)
        if event.action != START and not self.game.started:
            self.commit(start_event(self.game, self.ruleset.id, __version__, self.source))
        number, principal = self.game.number, self.principal.name
        if self._staged is None:
            ready = event.evolve(session=number, changes=changes, principal=principal)
            (stored,) = self.store.append_all((ready,), expected_seq=self.state.last_seq)
        else:
            seq = self.state.last_seq + 1
            stored = event.evolve(session=number, changes=changes, principal=principal, seq=seq)
            self._staged.append(stored)
        self.state = self.state.apply(stored)
        self._follow(stored)
        return stored

    def amend(self, detail: dict[str, Any], changes: tuple[Change, ...] = ()) -> bool:
        """Add ``detail`` to every event the command being resolved staged (its
        ``session.start`` aside) and ``changes`` to the last of them, applied to the live
        state at once: what answering a prompt adds to the command that answers it
        (docs/rulings.md H622). ``False`` (nothing changed) when it staged none.

        Raises:
            LogConsistencyError: a change's ``before`` does not match the state.
        """
        staged = self._staged
        if staged is None:
            raise RuntimeError("amend() outside a command")
        own = [index for index, event in enumerate(staged) if event.action != START]
        if not own:
            return False
        self.state.check(changes)
        for index in own:
            staged[index] = staged[index].evolve(detail={**staged[index].detail, **detail})
        last = staged[own[-1]]
        staged[own[-1]] = last.evolve(changes=(*last.changes, *changes))
        self.state = self.state.apply(Event("amend", changes=changes, seq=last.seq))
        return True

    def undo_target(self) -> Event | None:
        """The event :meth:`undo` would revert now (``None``: nothing to undo)."""
        staged = self._staged or []
        if any(event.changes for event in staged):  # this command's own changes come first
            return undo_target([*self.store.events(), *staged])
        return self.store.undo_target()

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
        target = self.undo_target()
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

    # -- reading the log ---------------------------------------------------------------
    def log(self, last: int | None = None, principal: Principal = GM) -> list[Event]:
        """The campaign's events as ``principal`` sees them (RULINGS G4;
        :func:`~hacktable.play.visibility.seen_by`), all or the last ``last`` of those
        they see.

        Raises:
            CampaignError: reading the log failed.
        """
        if principal.role is Role.GM:
            return self.store.events() if last is None else self.store.last(last)
        revealed = self.revealed()
        if last is None:
            return visible(self.store.events(), principal, revealed)
        window = max(last, 1)
        while True:  # the last events, more of them while too few are seen
            events = self.store.last(window)
            seen = visible(events, principal, revealed)
            if len(seen) >= last or len(events) < window:
                return seen[-last:] if last > 0 else []
            window *= 4

    def event(self, seq: int) -> Event | None:
        """The stored event at ``seq``, or ``None``.

        Raises:
            CampaignError: reading the log failed.
        """
        return self.store.event(seq) if seq >= 1 else None

    def revealed(self) -> set[int]:
        """The ``seq`` of every event the GM has revealed (RULINGS G4), staged reveals
        included.

        Raises:
            CampaignError: reading the log failed.
        """
        return set(self.store.reveals()) | reveals_in(self._staged or ())

    def _load(self) -> tuple[CampaignState, GameSession | None]:
        """The state the log describes and its open game session: the one place opening
        reads the log. The state is the latest snapshot that checks out plus the events
        after it (the store discards a corrupt snapshot with a warning, and then the
        whole log is replayed); a snapshot is taken when that tail is long. The open
        game session is the latest ``session.start`` with no ``session.end`` after it,
        found by query.

        Raises:
            CampaignError: reading the log failed.
            LogConsistencyError: the log does not replay.
        """
        store = self.store
        snapshot = store.snapshot()
        state: CampaignState | None = None
        if snapshot is not None:
            try:
                state = CampaignState.from_snapshot_json(snapshot.state, snapshot.seq)
                for event in store.events(after=snapshot.seq):
                    state = state.apply(event)
            except (ValueError, LogConsistencyError) as error:
                state = None
                store.discard_snapshot(snapshot.seq, str(error))
        if state is None:
            state = CampaignState.replay(store.events())
            snapshot = None
        self._snapshot_seq = 0 if snapshot is None else snapshot.seq
        self._keep_snapshot(state)
        start = store.latest(START)
        if start is None:
            return state, None
        end = store.latest(END)
        return state, (from_start(start) if end is None or end.seq < start.seq else None)

    def _keep_snapshot(self, state: CampaignState) -> None:
        """Save a snapshot of ``state`` when :data:`SNAPSHOT_EVERY` events or more came
        after the last one (docs/rulings.md H114). A snapshot is a cache of what the
        log says: a store that refuses it (read-only, a full disk) loses nothing, and
        the command that made the events is not failed for it."""
        if state.last_seq - self._snapshot_seq < SNAPSHOT_EVERY or self.store.readonly:
            return
        try:
            self.store.save_snapshot(state.last_seq, state.snapshot_json())
        except CampaignError:
            return
        self._snapshot_seq = state.last_seq

    def names(self) -> Iterable[str]:
        """Names of every character, for completion."""
        return [c.name for c in self.characters()]


class _MarkedRandom(RecordingRandom):
    """A recording source whose dice are marked in ``marks`` by their place in
    ``dealt`` (the GM's dice beside a player's entered ones: :meth:`Session.rng`)."""

    def __init__(self, seed: str, dealt: list[tuple[int, int]], marks: set[int]) -> None:
        super().__init__(seed, dealt)
        self.marks = marks

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        place = len(self.dealt)
        value = super().randrange(start, stop, step)
        if len(self.dealt) > place:
            self.marks.add(place)
        return value
