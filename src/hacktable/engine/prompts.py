"""Prompts: the GM asks a player for a roll, and the player's command answers it (issue
12 §2; docs/rulings.md H621-H624).

A prompt is an entity of the campaign state (kind ``prompt``, keyed by the ``seq`` of
the ``prompt`` event that opened it), so the open prompts are what the log says: the
``prompt`` events, less those the command that answered them or a ``prompt.cancel``
closed. Undoing an answer (or a withdrawal) puts its prompt back; undoing the ``prompt``
event withdraws it (H622). Replaying the log rebuilds the same open prompts.

The command layer does what only it can: it runs the prompted command as the player
(``answer N``), sees that a player's typed command is the one prompted, and turns a
monster's attack the GM declares into a prompt (``defence-prompts``, H623). This
module holds the model and those steps' pure parts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import RuleError
from ..play.character import fold
from ..play.events import Change
from ..play.players import owner_of
from ..play.principal import Principal, Role
from ..rulesets.grammar import Access, Intent, split

if TYPE_CHECKING:
    from ..play.state import CampaignState
    from ..rulesets.base import PromptOdds
    from .session import Session

__all__ = [
    "ANSWER",
    "CANCEL",
    "PROMPT",
    "AnswerIntent",
    "AskCancelIntent",
    "AskIntent",
    "Prompt",
    "closing",
    "find_open",
    "is_prompt_command",
    "next_seq",
    "odds_json",
    "open_prompts",
    "opening",
    "player_of",
    "unentered",
]

PROMPT = "prompt"
"""The entity kind of an open prompt, and the action of the event that opens one."""
CANCEL = "prompt.cancel"
"""The action of the event that withdraws a prompt (``ask cancel N``)."""
ANSWER = "prompt.answer"
"""The action of the event that closes a prompt whose answering command stored no
event of its own."""

_PROMPT_COMMANDS = frozenset({"ask", "answer", "prompts"})
"""Commands no prompt may ask for (a prompt of a prompt)."""


@dataclass(frozen=True, slots=True)
class AskIntent(Intent):
    """The GM asks the player of ``character`` to run ``command`` (issue 12 §2;
    docs/rulings.md H621).

    Attributes:
        character: the character's name, as given.
        command: the command line the player is to run (``test Aldric STR``).
    """

    character: str
    command: str

    def access(self) -> Access:
        """The GM's alone."""
        return Access.gm("asking a player for a roll is the GM's", "ask for a roll")


@dataclass(frozen=True, slots=True)
class AskCancelIntent(Intent):
    """The GM withdraws an open prompt (docs/rulings.md H622).

    Attributes:
        seq: the prompt's number.
    """

    seq: int

    def access(self) -> Access:
        """The GM's alone."""
        return Access.gm("withdrawing a prompt is the GM's", "withdraw a prompt")


@dataclass(frozen=True, slots=True)
class AnswerIntent(Intent):
    """Run the command prompt ``seq`` asks for, as its player (issue 12 §2;
    docs/rulings.md H621).

    Attributes:
        seq: the prompt's number.
        roll: the faces of the dice the player rolled at the table (RULINGS G5), ``()``
            to let hacktable roll.
    """

    seq: int
    roll: tuple[int, ...] = ()

    def access(self) -> Access:
        """Any player, for the prompts that are theirs (the command layer checks that
        and the prompted command's own access), and the GM."""
        return Access.play(what="answer a prompt")


@dataclass(frozen=True, slots=True)
class Prompt:
    """An open prompt.

    Attributes:
        seq: its number: the ``seq`` of the ``prompt`` event that opened it.
        character: the character asked, by name.
        player: the player who plays them.
        command: the command line asked for.
        odds: the test it makes and its exact odds (:func:`odds_json`), ``None`` where
            the ruleset gives none.
    """

    seq: int
    character: str
    player: str
    command: str
    odds: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The prompt as the campaign state keeps it (and the web shows it)."""
        return {
            "seq": self.seq,
            "character": self.character,
            "player": self.player,
            "command": self.command,
            "odds": self.odds,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Prompt:
        """The prompt :meth:`to_json` made."""
        odds = data.get("odds")
        return cls(
            int(data["seq"]),
            str(data["character"]),
            str(data["player"]),
            str(data["command"]),
            dict(odds) if isinstance(odds, dict) else None,
        )

    @property
    def key(self) -> str:
        """Its key among the state's prompts."""
        return str(self.seq)

    def is_for(self, principal: Principal) -> bool:
        """Whether ``principal`` may answer it: its player, or the GM."""
        return principal.role is Role.GM or (
            principal.role is Role.PLAYER and fold(principal.name) == fold(self.player)
        )


def odds_json(found: PromptOdds) -> dict[str, Any]:
    """A test and its exact odds as a prompt shows them: the test in the ruleset's
    words, the odds in words, and each probability as an exact fraction ``"n/d"``."""
    odds = found.odds

    def exact(value: Any) -> str:
        return f"{value.numerator}/{value.denominator}"

    return {
        "test": found.test,
        "text": found.text or odds.describe(),
        "success": exact(odds.success),
        "critical_success": exact(odds.critical_success),
        "critical_failure": exact(odds.critical_failure),
    }


def open_prompts(state: CampaignState, principal: Principal | None = None) -> list[Prompt]:
    """The open prompts, oldest first: all of them, or those ``principal`` sees (a
    player: theirs; the GM and observers: all, since prompts are public)."""
    prompts = [Prompt.from_json(value) for value in state.values(PROMPT)]
    if principal is not None and principal.role is Role.PLAYER:
        prompts = [prompt for prompt in prompts if prompt.is_for(principal)]
    return sorted(prompts, key=lambda prompt: prompt.seq)


def find_open(session: Session, seq: int) -> Prompt:
    """The open prompt ``seq``.

    Raises:
        RuleError: there is no such prompt, or it is closed (one line saying which).
    """
    value = session.state.get(PROMPT, str(seq))
    if isinstance(value, dict):
        return Prompt.from_json(value)
    event = session.event(seq)
    if event is None or event.action != PROMPT:
        raise RuleError(f"#{seq} is no prompt ('prompts' lists the open ones)")
    raise RuleError(
        f"prompt #{seq} is closed: it was answered or withdrawn ('prompts' lists the open ones)"
    )


def closing(prompt: Prompt) -> Change:
    """The change that closes ``prompt`` (answered or withdrawn)."""
    return Change(PROMPT, prompt.key, prompt.to_json(), None)


def opening(prompt: Prompt) -> Change:
    """The change that opens ``prompt``."""
    return Change(PROMPT, prompt.key, None, prompt.to_json())


def next_seq(session: Session) -> int:
    """The ``seq`` the next event the command being resolved commits gets (a game
    session not begun stages its ``session.start`` first: docs/rulings.md H109)."""
    return session.state.last_seq + (1 if session.game.started else 2)


def unentered(line: str, word: str) -> str:
    """``line`` without the dice a player entered after ``word`` (``roll 14,3``), so
    that a typed command compares with the command a prompt asks for (H621)."""
    words = split(line)
    kept: list[str] = []
    skip = False
    for index, each in enumerate(words):
        if skip:
            skip = False
            continue
        following = words[index + 1] if index + 1 < len(words) else ""
        if each.lower() == word and following.replace(",", "").isdigit():
            skip = True
            continue
        kept.append(each)
    return " ".join(_quoted(each) for each in kept)


def _quoted(word: str) -> str:
    """``word`` as a line holds it (quoted when it holds a blank)."""
    if not word or any(ch.isspace() or ch in "'\"\\" for ch in word):
        return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return word


def player_of(session: Session, name: str) -> tuple[str, str] | None:
    """``(character's name, player)`` for the character called ``name``, or ``None``
    when the GM plays them.

    Raises:
        UnknownNameError: no such character.
    """
    character = session.character(name)
    owner = owner_of(session.state, character.key)
    return None if owner is None else (character.name, owner)


def is_prompt_command(name: str) -> bool:
    """Whether ``name`` is one of the prompts' own commands (never prompted)."""
    return name in _PROMPT_COMMANDS
