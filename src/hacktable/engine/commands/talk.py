"""``say``: table talk, kept in the log for everyone (issue 12 §2 "Chat")."""

from __future__ import annotations

from dataclasses import dataclass

from ...play.events import Event, Visibility
from ...play.outcome import Reply
from ...play.principal import Role
from ...rulesets.context import Context
from ...rulesets.grammar import Access, Args, Intent
from .registry import CORE

__all__ = ["MAX_TALK", "SayIntent", "read_talk", "say_command"]

MAX_TALK = 2000
"""The most characters one line of table talk holds (as a whisper: docs/rulings.md
H113)."""


def read_talk(args: Args, what: str) -> str:
    """The text of a line of talk (``what``: ``"say"``), 1 to :data:`MAX_TALK` printable
    characters, the limits a whisper has (docs/rulings.md H113).

    Raises:
        CommandError: empty, too long, or holding control characters.
    """
    text = " ".join(args.rest()).strip()
    if not text:
        raise args.error("missing TEXT")
    if len(text) > MAX_TALK:
        raise args.error(f"{what} takes at most {MAX_TALK:,} characters, not {len(text):,}")
    if any(not ch.isprintable() for ch in text):
        raise args.error(f"{what} cannot hold control characters")
    return text


@dataclass(frozen=True, slots=True)
class SayIntent(Intent):
    """Say something to the whole table: a public event whose actor is the speaker
    (issue 12 §2; docs/rulings.md H620).

    Attributes:
        text: what is said, 1 to 2,000 printable characters.
    """

    text: str

    def access(self) -> Access:
        """Anyone at the table but an observer speaks, as themselves."""
        return Access.play(what="speak at the table")


def _read_say(args: Args) -> SayIntent:
    return SayIntent(read_talk(args, "say"))


@CORE.typed(
    "say",
    "say TEXT",
    "table talk: say something everyone at the table reads, kept in the log",
    SayIntent,
    _read_say,
    details="""
Everyone at the table reads it, in the log and live at the web table; a player speaks as
themselves, the GM as GM; observers only watch. To say something to one person alone,
whisper ('help whisper').
""",
    raw=True,
)
def say_command(ctx: Context, intent: SayIntent) -> Reply:
    """Log a public event spoken by the asker."""
    principal = ctx.principal
    speaker = "GM" if principal.role is Role.GM else principal.name
    ctx.session.commit(
        Event(
            "say",
            actor=speaker,
            summary=f"{speaker}: {intent.text}",
            detail={"text": intent.text},
            command=ctx.line,
            visibility=Visibility.PUBLIC,
        )
    )
    return Reply().add(f"{speaker}: {intent.text}", "note")
