"""The command layer's part of prompts (issue 12 §2; docs/rulings.md H621-H623): what
``answer N`` runs and as whom, which typed command answers an open prompt, a monster's
attack the GM declares turned into a prompt, and the closing of a prompt by the command
that answers it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import HacktableError, RuleError, UnknownNameError
from ..play.events import Event
from ..play.players import owner_of
from ..play.principal import NotAllowedError, Principal, Role
from ..rulesets.base import DEFENCE_PROMPTS
from ..rulesets.grammar import Intent, Words
from .prompts import (
    ANSWER,
    AnswerIntent,
    AskIntent,
    Prompt,
    closing,
    find_open,
    open_prompts,
    unentered,
)

if TYPE_CHECKING:
    from .execute import CommandLayer
    from .session import Session

__all__ = ["Answer", "answer_of", "close", "defence_prompt", "typed_answer"]


@dataclass(frozen=True, slots=True)
class Answer:
    """A prompted command to run.

    Attributes:
        prompt: the prompt it answers.
        intent: the prompted command's intent (with the dice entered, if any).
        line: its line.
        player: the principal it is authorised as: the prompt's player.
    """

    prompt: Prompt
    intent: Intent
    line: str
    player: Principal


def answer_of(layer: CommandLayer, principal: Principal, intent: AnswerIntent) -> Answer:
    """What ``answer N [roll ...]`` by ``principal`` runs (docs/rulings.md H621): the
    prompted line, with the entered faces after the command's own word for them.

    Raises:
        RuleError: no such open prompt.
        NotAllowedError: the prompt is another player's, or an observer asked.
        HacktableError: the line no longer reads.
    """
    prompt = find_open(layer.session, intent.seq)
    if principal.role is Role.OBSERVER:
        raise NotAllowedError(principal.name, "answer a prompt", "observers only watch")
    if not prompt.is_for(principal):
        reason = f"it asks {prompt.player} to roll for {prompt.character}"
        raise NotAllowedError(principal.name, f"answer prompt #{prompt.seq}", reason)
    line = prompt.command
    if intent.roll:
        asked = layer.parse(line)
        word = asked.enter_word if asked is not None else "roll"
        line = f"{line} {word} {','.join(map(str, intent.roll))}"
    prompted = layer.parse(line)
    if prompted is None:  # pragma: no cover - a prompt's line is never blank
        raise RuleError(f"prompt #{prompt.seq} holds no command")
    return Answer(prompt, prompted, line, Principal(Role.PLAYER, prompt.player))


def typed_answer(
    layer: CommandLayer, principal: Principal, intent: Intent, line: str
) -> Prompt | None:
    """The open prompt of ``principal``'s that ``intent`` (typed as ``line``) answers:
    the player typed the prompted command itself, entered dice aside (docs/rulings.md
    H621); the oldest when several match. ``None`` for the GM and observers."""
    session = layer.session
    if principal.role is not Role.PLAYER or not session.state.keys("prompt"):
        return None
    if isinstance(intent, (AnswerIntent, AskIntent)):
        return None
    typed = unentered(line, intent.enter_word) if line else ""
    plain = _read(layer, typed) if line else intent
    folded = _read(layer, typed.lower()) if line else None
    for prompt in open_prompts(session.state, principal):
        asked = _read(layer, prompt.command)
        if asked is not None and asked == plain:
            return prompt
        if folded is not None and _read(layer, prompt.command.lower()) == folded:
            return prompt  # names as given differ in case alone
    return None


def _read(layer: CommandLayer, line: str) -> Intent | None:
    """The intent ``line`` reads as, or ``None`` when it does not read."""
    try:
        return layer.parse(line)
    except HacktableError:
        return None


def defence_prompt(
    layer: CommandLayer, principal: Principal, intent: Intent, line: str
) -> AskIntent | None:
    """The prompt a monster's attack the GM declares becomes (the campaign setting
    ``defence-prompts``; docs/rulings.md H623), or ``None`` to resolve it at once: the
    ruleset names no defender, the setting is ``off`` (or ``web`` away from the web
    table), the GM plays the defender, the GM entered its dice (RULINGS G5: they are
    rolled, a prompt would refuse them), or the intent has no line to prompt."""
    session = layer.session
    if principal.role is not Role.GM or not line or isinstance(intent, Words):
        return None
    if intent.entered():
        return None
    defender = session.ruleset.defence_prompt(intent)
    if defender is None:
        return None
    try:
        mode = str(session.setting(DEFENCE_PROMPTS.name))
    except UnknownNameError:
        return None
    if mode == "off" or (mode == "web" and not layer.remote_players):
        return None
    try:
        character = session.character(defender)
    except UnknownNameError:
        return None  # the command itself says what is wrong
    if owner_of(session.state, character.key) is None:
        return None
    return AskIntent(character.name, line)


def close(session: Session, prompt: Prompt, principal: Principal) -> None:
    """Close ``prompt`` in the command answering it, being resolved: each of its events
    records ``answers`` (and who answered, when the GM did for the player), the last
    the prompt's closing, so that undoing it opens the prompt again (docs/rulings.md
    H622). A command that stored no event gets a ``prompt.answer`` of its own.

    Raises:
        RuleError: the prompt was closed meanwhile (another writer answered it).
    """
    value = session.state.get("prompt", prompt.key)
    if value is None:
        raise RuleError(f"prompt #{prompt.seq} was answered or withdrawn meanwhile")
    detail: dict[str, object] = {"answers": prompt.seq}
    if principal.role is Role.GM:
        detail["answered_by"] = "GM"
    if not session.amend(detail, (closing(prompt),)):
        session.commit(
            Event(
                ANSWER,
                actor=prompt.character,
                summary=f"{prompt.character} answers prompt #{prompt.seq}",
                detail=detail,
                changes=(closing(prompt),),
            )
        )
