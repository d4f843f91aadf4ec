"""Game sessions: the evenings a campaign is played in, each with its seeds (RULINGS G6).

A game session begins with a ``session.start`` event, which records its number, the
seed of its public dice and the seed of its secret stream (only the GM sees that one:
:mod:`hacktable.play.visibility`), and ends with a ``session.end`` event, or where the
next ``session.start`` begins (docs/rulings.md H109). A command's dice derive from the
session's seed and the command's place in the session (docs/rulings.md H101, H110):
any process that reads the log deals the same dice.

These are pure functions over events; :class:`hacktable.engine.session.Session` keeps
the open game session as it reads and writes the log.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..play.events import Event
from ..play.visibility import SECRET_SEED

__all__ = [
    "END",
    "START",
    "GameSession",
    "commitment",
    "end_event",
    "follow",
    "fresh_salt",
    "from_start",
    "open_game_session",
    "start_event",
]

START = "session.start"
"""The action of the event that begins a game session."""

END = "session.end"
"""The action of the event that ends one."""


@dataclass(frozen=True, slots=True)
class GameSession:
    """One game session: its number and seeds, and where it began in the log.

    Attributes:
        number: its number in the campaign, from 1.
        seed: the seed of its public dice (RULINGS G6).
        secret_seed: the seed of its secret stream (secret and blind rolls); ``None``
            for a session begun before there were secret streams (docs/rulings.md
            H111).
        start_seq: the ``seq`` of its ``session.start``; 0 while it has not begun (it
            begins with the first command that stores an event).
        salt: the random salt its seed's commitment covers (docs/rulings.md H600);
            ``None`` for a session begun before commitments.
    """

    number: int
    seed: int
    secret_seed: int | None
    start_seq: int = 0
    salt: str | None = None

    @property
    def started(self) -> bool:
        """Whether its ``session.start`` is in the log (or staged)."""
        return self.start_seq > 0

    def place(self, last_seq: int) -> int:
        """The place in this session of the next command, when the log ends at
        ``last_seq``: the number of the session's events so far (its ``session.start``
        included) + 1, counted from sequence numbers so that other writers' events
        count (docs/rulings.md H110). A session not yet begun counts its
        ``session.start``-to-be: its first command's place is 2."""
        return last_seq - self.start_seq + 2 if self.started else 2


def fresh_salt() -> str:
    """A new salt for a seed's commitment: 128 random bits from the operating system, as
    32 hex digits (docs/rulings.md H600)."""
    return secrets.token_hex(16)


def commitment(seed: int, salt: str) -> str:
    """The SHA-256 commitment to a session's public seed (issue 12 §5; RULINGS G6;
    docs/rulings.md H600): the hex digest of ``"SEED:SALT"``. The salt keeps a small
    seed (``--seed 7``) from being found by trying every seed against the commitment.

    >>> commitment(7, "00") == commitment(7, "00"), commitment(7, "00") == commitment(7, "01")
    (True, False)
    """
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def _seed(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def from_start(event: Event) -> GameSession | None:
    """The game session ``event`` (a ``session.start``) begins; ``None`` when it is
    not one or its seed is not a whole number (a damaged or foreign event)."""
    if event.action != START:
        return None
    seed = _seed(event.detail.get("seed"))
    if seed is None:
        return None
    salt = event.detail.get("salt")
    return GameSession(
        event.session,
        seed,
        _seed(event.detail.get(SECRET_SEED)),
        event.seq,
        salt if isinstance(salt, str) else None,
    )


def follow(game: GameSession | None, event: Event) -> GameSession | None:
    """The open game session after ``event``, when ``game`` was open before it
    (``None``: none is open). A ``session.start`` begins a new one (implicitly ending
    the open one); a ``session.end`` ends the open one."""
    if event.action == START:
        return from_start(event)
    if event.action == END:
        return None
    return game


def open_game_session(events: Iterable[Event]) -> GameSession | None:
    """The game session open at the end of ``events`` (the whole log, in order): the
    latest ``session.start`` with no ``session.end`` after it; ``None`` if there is none."""
    game: GameSession | None = None
    for event in events:
        game = follow(game, event)
    return game


def start_event(game: GameSession, ruleset: str, version: str, source: str) -> Event:
    """The ``session.start`` event that begins ``game``.

    Args:
        game: the session to begin (``start_seq`` is ignored).
        ruleset: the campaign's ruleset id.
        version: the hacktable version playing it.
        source: where the commands come from: ``"console"`` or a script's path.
    """
    detail: dict[str, Any] = {"seed": game.seed, SECRET_SEED: game.secret_seed}
    if game.salt is not None:  # the salt is hidden with the seeds; the commitment is public
        detail |= {"salt": game.salt, "commitment": commitment(game.seed, game.salt)}
    return Event(
        START,
        summary=f"session {game.number} begins (seed {game.seed})",
        detail=detail | {"ruleset": ruleset, "hacktable": version, "source": source},
        session=game.number,
    )


def end_event(game: GameSession, command: str = "") -> Event:
    """The ``session.end`` event that ends ``game``: it reveals the session's public
    seed and its commitment's salt to everyone (issue 12 §5; docs/rulings.md H600), so
    anyone may replay its public rolls (``hacktable verify``). The secret stream's seed
    is never revealed (RULINGS G6)."""
    detail: dict[str, Any] = {}
    if game.salt is not None:
        detail = {"seed": game.seed, "salt": game.salt}
    return Event(
        END,
        summary=f"session {game.number} ends",
        detail=detail,
        session=game.number,
        command=command,
    )
