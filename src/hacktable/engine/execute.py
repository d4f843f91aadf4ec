"""The command layer: the one way any front end acts on a campaign.

::

    text ──parse (the ruleset's grammar, then the engine's)──> Intent (typed, frozen)
    Intent + Principal ──authorise──> resolve (rules, the action's random source)
                       ──> Outcome (dice, checks with odds, tables, adjustments, events)
    Outcome.events ──append(expected_seq), one transaction──> store ──publish──> listeners

A front end (the console, the one-shot command line, later the web table) parses a
line with :meth:`CommandLayer.parse` or builds an intent itself, calls
:meth:`CommandLayer.execute` with its principal, and renders the :class:`Outcome`. It
holds no rule and no authorisation. A command that fails stores nothing and leaves the
state as it was.

Other writers (the web server, another console) may append to the same campaign. Before
each command the session reads what they appended (:meth:`Session.refresh`); a write
that is stale all the same (another got in between) is retried once at the new end of
the log: authorised, resolved and stored again, so its dice are those of its new place
(docs/rulings.md H110, H112). A second stale write is refused, naming the event that got
in first; nothing is lost.

What the asker is shown of an outcome is what they may see of its events (RULINGS G4):
a player's blind roll comes back without its dice. Listeners hear every outcome whole:
a front end that shows it to others filters it with
:func:`~hacktable.play.visibility.seen_by`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..dice.source import EnteredNeed, check_face, ordinal
from ..errors import AmbiguousNameError, CampaignError, CommandError, RuleError, UnknownNameError
from ..play.character import fold
from ..play.events import Event
from ..play.outcome import DieRoll, Outcome, Reply
from ..play.outcome_codec import records_to_json
from ..play.players import owner_of, seat_of
from ..play.visibility import Sight, seen_by, sight, visible
from ..rulesets.base import check_player_dice
from ..rulesets.context import Asker, Context, ask_until
from ..rulesets.grammar import AccessKind, Command, Intent, Words, find, split
from ..store import StaleWriteError
from .answering import answer_of, close, defence_prompt, typed_answer
from .principal import GM, NotAllowedError, Principal, Role
from .prompts import AnswerIntent, Prompt
from .session import Session

__all__ = ["CommandLayer", "Listener", "LostRaceError"]

Listener = Callable[[Outcome], None]
"""Told of every outcome whose events were stored (live updates)."""


class CommandLayer:
    """Executes intents on one session's campaign.

    Attributes:
        session: the play session (store, state, ruleset, random source).
    """

    def __init__(self, session: Session, remote_players: bool = False, retries: int = 1) -> None:
        self.session = session
        self.remote_players = remote_players
        self.retries = retries
        """How many times a command that lost the race to another writer is resolved
        again at the new end of the log before it is refused (the console: once; the
        web table, where several server processes append to one campaign: more,
        docs/rulings.md H707)."""
        """Whether the players act from their own devices (the web table sets it): a
        monster's attack becomes a prompt for its defender's player where the setting
        ``defence-prompts`` is ``web`` (docs/rulings.md H623)."""
        self._listeners: list[Listener] = []

    # -- parsing -------------------------------------------------------------------------
    def command(self, name: str) -> Command:
        """The command called ``name``: the ruleset's own first, then the engine's.

        Raises:
            UnknownNameError: neither has it (the closest names are suggested).
        """
        return find(self.session.command_sets(), name)

    def parse(self, line: str) -> Intent | None:
        """The intent a typed line asks for (``None`` for a blank line).

        Raises:
            CommandError: the line cannot be read (unbalanced quotes, bad words).
            UnknownNameError: no such command (naming the ruleset's offer).
        """
        parts = line.strip().removeprefix("\ufeff").split(None, 1)
        if not parts:
            return None
        head, rest = parts[0], parts[1] if len(parts) > 1 else ""
        command = self._engine_subcommand(head, rest)
        if command is not None:  # "character export": the engine's, in every ruleset
            rest = rest.split(None, 1)[1] if len(rest.split(None, 1)) > 1 else ""
        else:
            command = self.command(head)
        words = ([rest.strip()] if rest.strip() else []) if command.raw else split(rest)
        return command.read(words)

    def _engine_subcommand(self, head: str, rest: str) -> Command | None:
        """The command named by two words, ``head`` and the first of ``rest``
        (``character export``), if one is registered so: a subcommand the engine adds
        to a command every ruleset has (docs/rulings.md H209)."""
        first = rest.split(None, 1)[0] if rest.strip() else ""
        if not first:
            return None
        for commands in self.session.command_sets():
            found = commands.get(f"{head} {first}")
            if found is not None:
                return found
        return None

    # -- executing -----------------------------------------------------------------------
    def execute(
        self,
        principal: Principal,
        intent: Intent,
        line: str = "",
        ask: Asker | None = None,
        warn: Callable[[str], None] | None = None,
    ) -> Outcome:
        """Check, resolve and commit ``intent`` for ``principal``; tell the listeners.

        A :class:`Words` intent for a command with a typed intent of its own (``note``,
        ``undo``) is read into that intent first, as :meth:`parse` would.

        Args:
            principal: who acts.
            intent: what they ask.
            line: the line it was parsed from (recorded in its events), if any.
            ask: asks the user a question (guided commands), or ``None``.
            warn: shows the user a problem at once (guided commands re-asking).

        Raises:
            CommandError: a :class:`Words` intent whose words do not make the command's
                typed intent.
            NotAllowedError: the principal may not ask this.
            LostRaceError: another writer got in first, and again each time it was
                retried (:attr:`retries`; a
                :class:`~hacktable.store.StaleWriteError`); nothing was stored.
            HacktableError: the intent cannot be done (unknown names, a rule refuses
                it, the store failed); nothing was stored.
        """
        command = self._command_for(intent)
        if isinstance(intent, Words) and command.intent is not Words:
            intent = command.read(list(intent.words))  # a typed command's words, read
        self.session.refresh()
        if isinstance(intent, AnswerIntent):  # the prompted command, as its player
            self._authorise(principal, intent)
            answer = answer_of(self, principal, intent)
            return self._execute(
                principal, answer.intent, answer.line, ask, warn, answer.prompt, answer.player
            )
        asked = defence_prompt(self, principal, intent, line)
        if asked is not None:  # a monster's attack: the defender's player rolls it
            return self._execute(principal, asked, line, ask, warn)
        answers = typed_answer(self, principal, intent, line)
        return self._execute(principal, intent, line, ask, warn, answers)

    def _execute(
        self,
        principal: Principal,
        intent: Intent,
        line: str,
        ask: Asker | None,
        warn: Callable[[str], None] | None,
        answers: Prompt | None = None,
        player: Principal | None = None,
    ) -> Outcome:
        """:meth:`execute` of a typed intent, read; ``answers``: the prompt it answers
        (docs/rulings.md H621), authorised as ``player``, its player."""
        command = self._command_for(intent)
        session = self.session
        for attempt in range(self.retries + 1):
            if attempt:  # another writer got in between: once more, at the new end
                session.refresh()
                if ask is not None and warn is not None:  # its questions come again
                    warn("another writer got in first: the command is resolved again")
            self._authorise(player or principal, intent)
            self._may_enter(principal, intent)
            try:
                reply, dealt, events = self._resolve(
                    principal, command, intent, line, ask, warn, answers
                )
                break
            except StaleWriteError as error:
                if attempt == self.retries:
                    raise self._lost(error, principal) from None
        outcome = reply.freeze(command.name, command.owner, intent, dealt, events)
        if events:
            for listener in tuple(self._listeners):
                listener(outcome)
        return _as_seen_by(outcome, principal)

    def _resolve(
        self,
        principal: Principal,
        command: Command,
        intent: Intent,
        line: str,
        ask: Asker | None,
        warn: Callable[[str], None] | None,
        answers: Prompt | None = None,
    ) -> tuple[Reply, list[DieRoll], tuple[Event, ...]]:
        """Resolve ``intent`` and store its events in one transaction (all or none).

        Raises:
            StaleWriteError: another writer appended first (nothing was stored).
            HacktableError: as :meth:`execute`.
        """
        session = self.session
        session.begin(principal)
        try:
            ctx = Context(session, line, ask, warn, principal)
            faces = intent.entered()
            if faces:
                what = f"the {command.name}"
                session.enter(faces, principal.name, _asking(ctx, what, intent.enter_word), what)
            reply = command.resolve(ctx, intent)
            session.check_entered()
            if answers is not None:
                close(session, answers, principal)
                reply.add(f"  (answers prompt #{answers.seq})", "muted")
                reply.data["answers"] = answers.seq
            by = session.entered_by
            gm_dice = session.gm_dice
            dealt = [
                DieRoll(sides, face, "" if place in gm_dice else by)
                for place, (sides, face) in enumerate(session.dealt)
            ]
            if by:
                shown = ", ".join(f"d{die.sides} {die.face}" for die in dealt if die.entered_by)
                who = "the GM" if principal.role is Role.GM else by
                reply.add(f"  dice entered by {who}, not rolled: {shown} (RULINGS G5)", "muted")
            record = records_to_json(dealt, reply.checks, reply.tables, reply.adjustments)
            events = session.finish(record)
        except BaseException:
            session.abandon()
            raise
        return reply, dealt, events

    def _lost(self, error: StaleWriteError, principal: Principal) -> LostRaceError:
        """The error for a write stale twice, naming the event that got in first as
        ``principal`` may see it."""
        first = error.first  # (the store read it when it refused the write)
        seen = None if first is None else seen_by(first, principal, self.session.revealed())
        return LostRaceError(error.path, error.expected, error.found, error.expected + 1, seen)

    def run(
        self,
        line: str,
        principal: Principal = GM,
        ask: Asker | None = None,
        warn: Callable[[str], None] | None = None,
    ) -> Outcome:
        """Parse ``line`` and execute it (a blank line does nothing).

        Raises:
            HacktableError: as :meth:`parse` and :meth:`execute`.
        """
        intent = self.parse(line)
        if intent is None:
            return Outcome("", self.session.ruleset.id, None)
        return self.execute(principal, intent, line.strip(), ask, warn)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Tell ``listener`` of every outcome that stored events; returns a function
        that unsubscribes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    # -- checks --------------------------------------------------------------------------
    def command_for(self, intent: Intent) -> Command:
        """The command that answers ``intent``.

        Raises:
            CommandError: no command of the campaign's answers it.
        """
        return self._command_for(intent)

    def authorise(self, principal: Principal, intent: Intent) -> None:
        """Check that ``principal`` may ask for ``intent`` (as :meth:`execute` does
        first), resolving nothing: ``ask`` checks a prompt for its player so.

        Raises:
            NotAllowedError: the principal may not.
        """
        self._authorise(principal, intent)

    def _command_for(self, intent: Intent) -> Command:
        if isinstance(intent, Words):
            return self.command(intent.command)
        for commands in self.session.command_sets():
            found = commands.for_intent(intent)
            if found is not None:
                return found
        raise CommandError(f"{type(intent).__name__} is not an intent of {self.session.ruleset.id}")

    def _may_enter(self, principal: Principal, intent: Intent) -> None:
        """Check that ``principal`` may enter the dice ``intent`` carries (RULINGS G5;
        docs/rulings.md H206): the GM for anyone, a player (already allowed to act for
        the character) when the campaign's ``player-dice`` setting allows it; nobody
        for a secret roll (G4).

        Raises:
            RuleError: the roll is secret.
            NotAllowedError: a player, and the setting is ``gm-only``.
        """
        if not intent.entered():
            return
        if intent.secret():
            raise RuleError("a secret roll is rolled by hacktable, never entered (RULINGS G4, G5)")
        check_player_dice(principal, self.session.setting)

    def _authorise(self, principal: Principal, intent: Intent) -> None:
        """Check that ``principal`` may ask for ``intent``, by what its ``access()`` says
        (docs/rulings.md H106): the GM anything; an observer only reading; a player
        reading, and acting for characters they play (a name that is no character, a
        monster or a group, is the GM's, and so is a character nobody plays), never a
        GM power. Nothing is resolved or stored before it.

        Raises:
            NotAllowedError: the principal may not; one line names the rule.
            AmbiguousNameError: a player named a character by a prefix of several.
        """
        if principal.role is Role.GM:
            return
        access = intent.access()
        if access.kind is AccessKind.READ:
            return
        what = access.what or self._command_for(intent).name
        who = principal.name
        if principal.role is Role.OBSERVER:
            raise NotAllowedError(who, what, "observers only watch")
        state = self.session.state
        if seat_of(state, who) is None:
            raise NotAllowedError(who, what, f"{who} is not a player of this campaign")
        if access.kind is AccessKind.GM:
            raise NotAllowedError(who, what, access.power)
        for name in access.characters:
            try:
                character = self.session.character(name)
            except UnknownNameError as error:
                if isinstance(error, AmbiguousNameError):
                    raise
                reason = f"{name} is no character: the GM plays it"
                raise NotAllowedError(who, f"{what} for {name}", reason) from None
            owner = owner_of(state, character.key)
            if owner is None or fold(owner) != fold(who):
                reason = f"{character.name} is played by {owner or 'the GM'}"
                raise NotAllowedError(who, f"{what} for {character.name}", reason)


class LostRaceError(StaleWriteError):
    """A command another writer beat twice (its write was stale, and stale again when
    retried at the new end of the log); nothing of it was stored (docs/rulings.md
    H112).

    Attributes:
        path: the campaign.
        expected: the ``seq`` the command expected last, the second time.
        found: the ``seq`` that was last.
        first_seq: the ``seq`` of the event that got in first.
        first: that event, as the command's principal may see it (``None`` if they may
            not know of it).
    """

    def __init__(
        self, path: str, expected: int, found: int, first_seq: int, first: Event | None
    ) -> None:
        if first is None:
            what = f"#{first_seq}"
        else:
            what = f"#{first.seq} {first.action} by {first.principal}: {first.summary}"
        CampaignError.__init__(
            self,
            f"{path}: another writer got in first ({what}), twice: nothing was stored; try again",
            path,
        )
        self.expected = expected
        self.found = found
        self.first_seq = first_seq
        self.first = first


def _asking(ctx: Context, what: str, word: str) -> EnteredNeed:
    """What gives a die the entered faces ran out before (RULINGS G5: with advantage
    the second die is asked for only when the rule needs it): the console asks the
    player for it; a script, with nobody to ask, is refused with the line that says
    what to enter (``"the test needs a second d20: enter 'roll 14,N'"``)."""

    def need(sides: int, nth: int, used: tuple[int, ...]) -> int:
        die = f"a d{sides}" if nth == 1 else f"a {ordinal(nth)} d{sides}"
        if ctx.ask is None:
            shown = ",".join([*map(str, used), "N"])
            raise RuleError(f"{what} needs {die}: enter '{word} {shown}'")

        def check(answer: str) -> None:
            if not (answer.isascii() and answer.isdigit()):
                raise RuleError(f"the face of a d{sides} is a whole number, not {answer!r}")
            check_face(sides, int(answer))

        question = f"{what} needs {die}: the face rolled? "
        answer = ask_until(ctx, question, check, what=f"{what}'s dice", command=what)
        return int(answer)

    return need


def _as_seen_by(outcome: Outcome, principal: Principal) -> Outcome:
    """``outcome`` as ``principal`` may see it (RULINGS G4): its events as they see
    them, and when any is not theirs to see whole (a blind roll), without the dice,
    checks and tables it holds."""
    if principal.role is Role.GM:
        return outcome
    concealed = any(sight(event, principal) is not Sight.WHOLE for event in outcome.events)
    events = tuple(visible(outcome.events, principal))
    if not concealed:
        return outcome if events == outcome.events else replace(outcome, events=events)
    return replace(outcome, dice=(), checks=(), tables=(), events=events)
