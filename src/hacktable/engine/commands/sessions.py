"""``session``: the game session open, and beginning and ending one (RULINGS G6)."""

from __future__ import annotations

from dataclasses import dataclass

from ...play.outcome import Reply
from ...play.principal import Role
from ...rulesets.context import Context
from ...rulesets.grammar import Access, Args, Intent
from ..game_session import GameSession, commitment
from .campaign import session_of
from .registry import CORE


def commitment_line(game: GameSession) -> str:
    """The line that publishes ``game``'s commitment to its seed (issue 12 §5;
    docs/rulings.md H600, H650)."""
    if game.salt is None:
        return "No commitment: this session began before commitments."
    return (
        f"Commitment sha256:{commitment(game.seed, game.salt)} (its seed is revealed at "
        f"its end: 'hacktable verify --session {game.number}' then replays its rolls)"
    )


@dataclass(frozen=True, slots=True)
class SessionIntent(Intent):
    """Show the open game session: its number and seed (the secret stream's seed to
    the GM alone: RULINGS G6)."""

    def access(self) -> Access:
        """Anyone may see which session is open and its public seed."""
        return Access.read()


@dataclass(frozen=True, slots=True)
class SessionStartIntent(SessionIntent):
    """Begin a new game session (the open one ends where it begins: docs/rulings.md
    H109).

    Attributes:
        seed: ``--seed N``, its public seed; ``None`` draws a fresh one. Its secret
            stream's seed is always fresh.
    """

    seed: int | None = None

    def access(self) -> Access:
        """The GM's alone."""
        return Access.gm("beginning a game session is the GM's")


@dataclass(frozen=True, slots=True)
class SessionEndIntent(SessionIntent):
    """End the open game session; the next action that is stored begins a new one."""

    def access(self) -> Access:
        """The GM's alone."""
        return Access.gm("ending a game session is the GM's")


def _read_session(args: Args) -> SessionIntent:
    word = args.optional()
    if word is None:
        return SessionIntent()
    if word.lower() == "end":
        args.done()
        return SessionEndIntent()
    if word.lower() != "start":
        raise args.error(f"unexpected {word!r}")
    seed: int | None = None
    while not args.empty:
        option = args.word("--seed")
        flag, equals, value = option.partition("=")
        if flag != "--seed":
            raise args.error(f"unexpected {option!r}")
        seed = args.to_int(value if equals else args.word("N"), "--seed", minimum=0)
    return SessionStartIntent(seed)


@CORE.typed(
    "session",
    "session | session start [--seed N] | session end",
    "the game session: which is open, begin one, end one",
    SessionIntent,
    _read_session,
    details="""
Each game session has its own seed, recorded when it begins; a command's dice derive
from it and the command's place in the session, so the log replays to the same dice
(RULINGS G6). Secret and blind rolls draw from a second stream whose seed only the GM
sees. "session start" begins a new one (ending the one open, which reveals its seed as
"session end" does); "--seed N" sets its seed. "session" and "session start" print
its commitment, a SHA-256 of its seed and a secret salt, published at its start and
checked by "hacktable verify" once its end reveals the seed (issue 12 §5). With none
open, the next action that is stored begins one. What lasts "until the session ends"
in the campaign's ruleset (black-sword-hack: Impaired and Injured, RULINGS B8) ends
with it, whether "session end" or "session start" ends it.
""",
    complete=lambda s, w: ("start", "end") if not w else ("--seed",) if w[0] == "start" else (),
)
def session_command(ctx: Context, intent: SessionIntent) -> Reply:
    """Show, begin or end the game session."""
    session = session_of(ctx)
    reply = Reply()
    if isinstance(intent, SessionStartIntent):
        before = session.game
        closing: tuple[str, ...] = ()
        if before.started:  # its end reveals its seed, as 'session end' (docs/rulings.md H650)
            session.end_game_session(ctx.line)
            closing = session.closing
        session.start_game_session(intent.seed, command=ctx.line)
        ended = f"Session {before.number} ends; s" if before.started else "S"
        reply.add(f"{ended}ession {session.number} begins (seed {session.seed}).", "title")
        reply.extend(closing, "note")
        return reply.add(commitment_line(session.game), "muted")
    if isinstance(intent, SessionEndIntent):
        number = session.number
        session.end_game_session(ctx.line)
        reply.add(f"Session {number} ends.", "title")
        return reply.extend(session.closing, "note")
    game = session.game
    if not game.started:
        return reply.add(
            f"No game session is open: the next action that is stored begins session "
            f"{game.number}.",
            "note",
        )
    if ctx.principal.role is not Role.GM:  # its seed would tell the next public rolls
        reply.add(f"Session {game.number} (since #{game.start_seq})", "title")
        return reply.add(commitment_line(game), "muted")
    reply.add(f"Session {game.number} (since #{game.start_seq}), seed {game.seed}", "title")
    reply.add(commitment_line(game), "muted")
    if ctx.principal.role is Role.GM:
        if game.secret_seed is None:
            reply.add("No secret stream: it began before secret rolls.", "muted")
        else:
            reply.add(f"Secret seed {game.secret_seed} (the GM's alone to see)", "muted")
    return reply
