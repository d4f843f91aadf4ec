"""``whisper`` and ``reveal``: what only some at the table see (RULINGS G4)."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import RuleError, UnknownNameError
from ...play.character import fold
from ...play.events import Event, Visibility
from ...play.outcome import Reply
from ...play.principal import NotAllowedError, Role
from ...play.visibility import REVEAL
from ...rulesets.context import Context
from ...rulesets.grammar import Access, Args, Intent
from .campaign import session_of
from .registry import CORE


@dataclass(frozen=True, slots=True)
class WhisperIntent(Intent):
    """Say something to one at the table that nobody else reads: the GM to a player,
    a player to the GM (a private event: RULINGS G4; docs/rulings.md H113).

    Attributes:
        to: the player's name as given, or ``"gm"``.
        text: what is said, 1 to 2,000 printable characters.
    """

    to: str
    text: str

    def access(self) -> Access:
        """Anyone at the table but an observer whispers, as themselves."""
        return Access.play()


def _read_whisper(args: Args) -> WhisperIntent:
    line = " ".join(args.rest()).strip()
    if line.startswith('"'):
        to, quote, text = line[1:].partition('"')
        if not quote:
            raise args.error("unbalanced quote in PLAYER")
    else:
        to, _, text = line.partition(" ")
    to, text = to.strip(), text.strip()
    if not to:
        raise args.error("missing PLAYER")
    if not text:
        raise args.error("missing TEXT")
    if len(text) > 2000:
        raise args.error(f"a whisper is at most 2,000 characters, not {len(text):,}")
    if any(not ch.isprintable() for ch in text):
        raise args.error("a whisper cannot hold control characters")
    return WhisperIntent(to, text)


def _player_names(ctx: Context) -> dict[str, str]:
    """The campaign's players, folded name to name."""
    names: dict[str, str] = {}
    for key in ctx.session.state.keys("player"):
        value = ctx.session.state.get("player", key)
        name = value.get("name") if isinstance(value, dict) else None
        names[key] = name if isinstance(name, str) else key
    return names


@CORE.typed(
    "whisper",
    "whisper PLAYER TEXT | whisper gm TEXT",
    "say something to one player (the GM), or to the GM (a player), that nobody else reads",
    WhisperIntent,
    _read_whisper,
    details="""
A whisper is in the log for the two of you alone (RULINGS G4); the others do not see it
at all. The GM whispers to a player; a player whispers to the GM ("whisper gm TEXT").
""",
    complete=lambda s, w: ["gm", *sorted(s.state.keys("player"))] if not w else (),
    raw=True,
)
def whisper_command(ctx: Context, intent: WhisperIntent) -> Reply:
    """Log a private event for the speaker and one listener."""
    principal = ctx.principal
    gm = principal.role is Role.GM
    if fold(intent.to) == "gm":
        if gm:
            raise RuleError("the GM whispers to a player: whisper PLAYER TEXT")
        audience, heard_by = "", "GM"
    else:
        players = _player_names(ctx)
        audience = players.get(fold(intent.to), "")
        if not audience:
            raise UnknownNameError("player", intent.to, ["gm", *players.values()])
        if not gm:
            raise NotAllowedError(
                principal.name, f"whisper to {audience}", "a player whispers to the GM"
            )
        heard_by = audience
    speaker = "GM" if gm else principal.name
    ctx.session.commit(
        Event(
            "whisper",
            actor=speaker,
            summary=f"{speaker} whispers to {heard_by}: {intent.text}",
            command=ctx.line,
            visibility=Visibility.PRIVATE,
            audience=audience,
        )
    )
    return Reply().add(f"(to {heard_by}) {intent.text}", "note")


@dataclass(frozen=True, slots=True)
class RevealIntent(Intent):
    """Make an event public: a secret or blind roll, a whisper, a private note (an
    event that reveals it: RULINGS G4; docs/rulings.md H108).

    Attributes:
        seq: the event's number in the log.
    """

    seq: int

    def access(self) -> Access:
        """The GM's alone."""
        return Access.gm("revealing is the GM's")


def _read_reveal(args: Args) -> RevealIntent:
    word = args.word("SEQ")
    args.done()
    return RevealIntent(args.to_int(word.removeprefix("#"), "SEQ", minimum=1))


@CORE.typed(
    "reveal",
    "reveal SEQ",
    "make an event of the log public: a secret or blind roll, a whisper, a private note",
    RevealIntent,
    _read_reveal,
    details="""
SEQ is the event's number in the log ("log" shows it: #12). From then on everyone reads
it whole (RULINGS G4); the log keeps both it and its revealing.
""",
)
def reveal_command(ctx: Context, intent: RevealIntent) -> Reply:
    """Log an event that makes another public."""
    session = session_of(ctx)
    target = session.event(intent.seq)
    if target is None:
        raise RuleError(
            f"there is no event #{intent.seq} (the log ends at #{session.state.last_seq})"
        )
    if target.visibility is Visibility.PUBLIC:
        raise RuleError(f"#{target.seq} is public: everyone sees it already")
    if target.seq in session.revealed():
        raise RuleError(f"#{target.seq} was revealed already")
    session.commit(
        Event(
            REVEAL,
            summary=f"revealed #{target.seq}: {target.summary}",
            detail={"reveals": target.seq},
            command=ctx.line,
        )
    )
    return Reply().add(f"Revealed #{target.seq}: {target.summary}", "warning")
