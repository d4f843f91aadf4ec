"""``ask``, ``ask cancel``, ``answer`` and ``prompts``: the GM asks a player for a roll
and the player rolls it (issue 12 §2; docs/rulings.md H621-H624). The model and the
command layer's part are :mod:`hacktable.engine.prompts`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...errors import CommandError, RuleError
from ...play.character import fold
from ...play.events import Event
from ...play.outcome import Reply
from ...play.principal import NotAllowedError, Principal, Role
from ...rulesets.context import CampaignView, Context
from ...rulesets.grammar import Access, AccessKind, Args, CommandSet, Intent
from ..prompts import (
    CANCEL,
    PROMPT,
    AnswerIntent,
    AskCancelIntent,
    AskIntent,
    Prompt,
    closing,
    find_open,
    is_prompt_command,
    next_seq,
    odds_json,
    open_prompts,
    opening,
    player_of,
)
from .campaign import session_of
from .registry import CORE

__all__ = ["PromptsIntent", "make_prompt"]


# -- ask ------------------------------------------------------------------------------
def _read_ask(args: Args) -> AskIntent:
    line = " ".join(args.rest()).strip()
    if line.startswith('"'):
        name, command = _quoted_word(line)
        if command is None:
            raise args.error("unbalanced quote in CHARACTER")
    else:
        name, _, command = line.partition(" ")
    name, command = name.strip(), command.strip()
    if not name:
        raise args.error("missing CHARACTER")
    if not command:
        raise args.error("missing COMMAND, the line the player is to run")
    return AskIntent(name, command)


def _quoted_word(line: str) -> tuple[str, str | None]:
    """The quoted word ``line`` begins with, a backslash escaping the character after it
    (as a line's words are read), and the rest; ``None`` for the rest when the quote
    is never closed."""
    name: list[str] = []
    index = 1
    while index < len(line):
        char = line[index]
        if char == "\\" and index + 1 < len(line):
            name.append(line[index + 1])
            index += 2
        elif char == '"':
            return "".join(name), line[index + 1 :]
        else:
            name.append(char)
            index += 1
    return "".join(name), None


def _prompt_numbers(session: CampaignView[Any]) -> list[str]:
    return [str(prompt.seq) for prompt in open_prompts(session.state)]


def _complete_ask(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    """The character (or ``cancel`` and an open prompt's number), then the command,
    then what that command completes."""
    if not words:
        return [*(character.name for character in session.characters()), "cancel"]
    if [fold(word) for word in words] == ["cancel"]:
        return _prompt_numbers(session)
    sets = getattr(session, "command_sets", None)
    if sets is None:
        return ()
    commands: tuple[CommandSet, ...] = sets()
    if len(words) == 1:
        return sorted({c.name for each in commands for c in each if not is_prompt_command(c.name)})
    for each in commands:
        command = each.get(words[1])
        if command is not None and command.complete is not None:
            return command.complete(session, words[2:])
    return ()


@CORE.typed(
    "ask",
    "ask CHARACTER COMMAND...",
    "ask a character's player for a roll: it waits, with its odds, until they answer",
    AskIntent,
    _read_ask,
    details="""
The GM asks the player of CHARACTER to run COMMAND, an ordinary command line they could
type themselves: "ask Aldric test Aldric STR", "ask Sly save Sly CON", "ask Ana check Ana
STR+Athletics dc 12". The prompt is in the log for everyone, with the exact odds where it
is a test, and waits on the player's page (and in 'prompts') until they answer it
('answer N', or simply by typing the same command) or the GM withdraws it ('ask cancel
N'). A command the player may not run, a line that does not read, or a character the GM
plays (roll it yourself) is refused at once, and nothing is stored. The player enters
their own dice when they answer ('answer N roll 14'), as the campaign's setting
player-dice allows. In redhack and black-sword-hack a monster's attack on a player's
character ('defend ...') becomes such a prompt by itself at the web table (the setting
defence-prompts).
""",
    complete=_complete_ask,
    raw=True,
)
def ask_command(ctx: Context, intent: AskIntent) -> Reply:
    """Open a prompt."""
    return make_prompt(ctx, intent.character, intent.command)


def make_prompt(ctx: Context, name: str, line: str) -> Reply:
    """Open a prompt for the player of the character called ``name`` to run ``line``
    (docs/rulings.md H621): checked as the command layer would check it for that
    player, with the odds the ruleset gives first.

    Raises:
        UnknownNameError: no such character, or no such command.
        CommandError: ``line`` does not read.
        RuleError: the GM plays the character, the line only reads, enters dice, or
            is not the player's to run.
    """
    from ..execute import CommandLayer  # the layer executes this command

    session = session_of(ctx)
    played = player_of(session, name)
    if played is None:
        character = session.character(name).name
        raise RuleError(f"{character} is played by the GM: roll it yourself ('{line}')")
    character, player = played
    layer = CommandLayer(session)
    intent = layer.parse(line)
    if intent is None:
        raise RuleError("missing COMMAND, the line the player is to run")
    command = layer.command_for(intent)
    _check_promptable(layer, intent, command.name, character, player, line)
    found = session.ruleset.prompt_odds(ctx, intent)
    odds = None if found is None else odds_json(found)
    prompt = Prompt(next_seq(session), character, player, line, odds)
    summary = f"the GM asks {player} to roll for {character}: {line}"
    if odds is not None:
        summary += f" ({odds['test']}: {odds['text']})"
    stored = session.commit(
        Event(
            PROMPT,
            summary=summary,
            detail={PROMPT: prompt.to_json()},
            changes=(opening(prompt),),
            command=ctx.line,
        )
    )
    if stored.seq != prompt.seq:  # pragma: no cover - next_seq is the store's own count
        raise RuntimeError(f"prompt #{prompt.seq} was stored as #{stored.seq}")
    reply = Reply().add(f"Prompt #{prompt.seq}: {player}, roll for {character}: {line}", "title")
    if odds is not None:
        reply.add(f"  {odds['test']}", "")
        reply.add(f"  odds: {odds['text']}", "odds")
    reply.add(f"  ({player} answers with 'answer {prompt.seq}', or types it)", "muted")
    reply.data[PROMPT] = prompt.to_json()
    return reply


def _check_promptable(
    layer: Any, intent: Intent, name: str, character: str, player: str, line: str
) -> None:
    """Refuse a prompt the player could not answer (docs/rulings.md H621).

    Raises:
        RuleError: one line saying why.
    """
    if is_prompt_command(name):
        raise RuleError(f"a prompt asks for a roll or an action, not for '{name}'")
    if intent.entered():
        raise RuleError(
            f"{player} enters their own dice when they answer ('answer N roll ...'): "
            "ask without them"
        )
    access = intent.access()
    if access.kind is AccessKind.READ:
        raise RuleError(f"'{name}' only reads: a prompt asks for a roll or an action")
    try:
        layer.authorise(Principal(Role.PLAYER, player), intent)
    except NotAllowedError as error:
        raise RuleError(f"not a command {player} may run ({error})") from None
    session = layer.session
    names = {fold(session.character(each).name) for each in access.characters}
    if names and fold(character) not in names:
        raise RuleError(f"'{line}' is not {character}'s to roll")


# -- ask cancel -------------------------------------------------------------------------
def _read_cancel(args: Args) -> AskCancelIntent:
    word = args.word("N")
    args.done()
    return AskCancelIntent(args.to_int(word.removeprefix("#"), "N", minimum=1))


@CORE.typed(
    "ask cancel",
    "ask cancel N",
    "withdraw the open prompt N: nobody answers it any more",
    AskCancelIntent,
    _read_cancel,
    details="""
N is the prompt's number ('prompts' lists them). The log keeps both the prompt and its
withdrawal; 'undo' right after puts it back.
""",
    complete=lambda s, w: _prompt_numbers(s) if not w else (),
)
def ask_cancel_command(ctx: Context, intent: AskCancelIntent) -> Reply:
    """Close a prompt unanswered."""
    session = session_of(ctx)
    prompt = find_open(session, intent.seq)
    session.commit(
        Event(
            CANCEL,
            summary=f"the GM withdraws prompt #{prompt.seq} ({prompt.character}: {prompt.command})",
            detail={"cancels": prompt.seq},
            changes=(closing(prompt),),
            command=ctx.line,
        )
    )
    return Reply().add(f"Withdrew prompt #{prompt.seq}: {prompt.command}", "warning")


# -- answer -----------------------------------------------------------------------------
def _read_answer(args: Args) -> AnswerIntent:
    word = args.word("N")
    seq = args.to_int(word.removeprefix("#"), "N", minimum=1)
    if args.empty:
        return AnswerIntent(seq)
    if args.word("roll").lower() != "roll":
        raise args.error("after N comes only 'roll N[,N...]'")
    faces = args.word("the faces rolled")
    args.done()
    parts = faces.split(",")
    if not all(part.isascii() and part.isdigit() for part in parts):
        raise args.error(f"the faces rolled are whole numbers, not {faces!r}")
    return AnswerIntent(seq, tuple(args.to_int(part, "a face rolled") for part in parts))


@CORE.typed(
    "answer",
    "answer N [roll N[,N...]]",
    "roll what prompt N asks of you: its command, run as the character's player",
    AnswerIntent,
    _read_answer,
    details="""
The player of the prompted character (or the GM, for them) runs the command prompt N
asks for, exactly as if they had typed it: its odds, its dice, its result, in the log
with the prompt's number. 'roll N' enters the dice rolled at the table, as the command
would take them and as the campaign's setting player-dice allows (RULINGS G5). Typing
the prompted command itself answers the prompt too. An answered or withdrawn prompt
cannot be answered again; 'undo' of an answer opens its prompt again.
""",
    complete=lambda s, w: _prompt_numbers(s) if not w else (["roll"] if len(w) == 1 else ()),
)
def answer_command(ctx: Context, intent: AnswerIntent) -> Reply:
    """Never reached: the command layer runs the prompted command instead."""
    del ctx
    raise CommandError(f"answer {intent.seq} is run by the command layer", "answer")


# -- prompts ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PromptsIntent(Intent):
    """The open prompts, as the asker sees them (issue 12 §2)."""

    def access(self) -> Access:
        """Anyone: it only reads."""
        return Access.read()


def _read_prompts(args: Args) -> PromptsIntent:
    args.done()
    return PromptsIntent()


@CORE.typed(
    "prompts",
    "prompts",
    "the open prompts: the rolls the GM asked for and nobody answered yet",
    PromptsIntent,
    _read_prompts,
    details="""
A player sees their own; the GM (and an observer) sees them all. Each shows its number,
the character, the player, the command asked for and, for a test, its exact odds.
'answer N' rolls one; the GM withdraws one with 'ask cancel N'.
""",
)
def prompts_command(ctx: Context, intent: PromptsIntent) -> Reply:
    """List the open prompts."""
    del intent
    prompts = open_prompts(ctx.session.state, ctx.principal)
    reply = Reply()
    reply.data["prompts"] = [prompt.to_json() for prompt in prompts]
    if not prompts:
        return reply.add("No open prompts.", "muted")
    for prompt in prompts:
        reply.add(f"#{prompt.seq} {prompt.character} ({prompt.player}): {prompt.command}")
        if prompt.odds is not None:
            reply.add(f"    {prompt.odds['test']}: {prompt.odds['text']}", "odds")
    return reply
