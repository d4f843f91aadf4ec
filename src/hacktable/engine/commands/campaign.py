"""The campaign: ``log``, ``undo``, ``table``, ``settings``, ``help`` and ``quit``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...dice import Advantage
from ...errors import CommandError, RuleError
from ...play.events import Change, Event, Visibility
from ...play.outcome import Reply
from ...play.principal import Role
from ...rulesets.context import CampaignView, Context
from ...rulesets.grammar import Access, Args, Intent, find
from ...rulesets.powers import SETTINGS, TABLES
from ..session import Session
from .registry import CORE


def session_of(ctx: Context) -> Session:
    """The engine session behind a command's table (engine commands only)."""
    session = ctx.session
    if not isinstance(session, Session):  # pragma: no cover - the engine passes its own
        raise TypeError("an engine command needs the engine's session")
    return session


def render_event(event: Event, times: bool = False) -> str:
    """One log line: ``#12 s1 Aldric  usage: Aldric's Torch: ud6 2: steps down to ud4``."""
    when = f"{event.at[:19].replace('T', ' ')} " if times else ""
    return f"#{event.seq:<3} s{event.session} {when}{event.summary}"


@dataclass(frozen=True, slots=True)
class LogIntent(Intent):
    """Show the campaign's log, each action an event with its dice and explanation
    (docs/rulings.md H102: the log keeps every action and its undoing).

    Attributes:
        count: how many of the latest events (1 or more); ``None`` for all.
        times: ``--times``, show when each happened.
        commands: ``--commands``, show the command that made each.
    """

    count: int | None = 20
    times: bool = False
    commands: bool = False

    def access(self) -> Access:
        """Anyone may read the log (each sees what is theirs to see: RULINGS G4)."""
        return Access.read()


def _read_log(args: Args) -> LogIntent:
    count: int | None = 20
    times = commands = False
    for word in args.rest():
        if word == "--times":
            times = True
        elif word == "--commands":
            commands = True
        elif word.lower() == "all":
            count = None
        else:
            count = args.to_int(word, "N", minimum=1)
    return LogIntent(count, times, commands)


@CORE.typed(
    "log",
    "log [N] [--times] [--commands]",
    "the campaign's log: the last N events (default 20), explained",
    LogIntent,
    _read_log,
    details="Every action is an event with its dice and explanation. --times adds when "
    "it happened; --commands shows the command that made each event. Each sees what is "
    "theirs to see: of a secret roll by another, that it was made (RULINGS G4).",
)
def log_command(ctx: Context, intent: LogIntent) -> Reply:
    """Show the last events, as the asker may see them (RULINGS G4)."""
    count, times, commands = intent.count, intent.times, intent.commands
    events = session_of(ctx).log(count, ctx.principal)
    reply = Reply()
    for event in events:
        style = "muted" if event.action in ("session.start", "session.end") else ""
        if event.action == "undo":
            style = "warning"
        reply.add(render_event(event, times), style)
        if commands and event.command:
            reply.add(f"     > {event.command}", "muted")
    if not events:
        reply.add("The log is empty.", "note")
    return reply


@dataclass(frozen=True, slots=True)
class UndoIntent(Intent):
    """Revert the latest action that changed something (docs/rulings.md H102); one of
    an earlier game session only when confirmed, or with ``force`` (H214).

    Attributes:
        force: ``--force``: reach back into an earlier game session without asking.
    """

    force: bool = False

    def access(self) -> Access:
        """Any player, of their own action without a roll: the session checks the
        target (docs/rulings.md H106)."""
        return Access.play()


def _read_undo(args: Args) -> UndoIntent:
    word = args.optional()
    if word is not None and word != "--force":
        raise args.error(f"unexpected {word!r}")
    args.done()
    return UndoIntent(force=word == "--force")


@CORE.typed(
    "undo",
    "undo [--force]",
    "revert the last action that changed something, by logging its inverse",
    UndoIntent,
    _read_undo,
    details="The log keeps both the action and its undoing. Rolls and tests change "
    "nothing and are not undone; repeated undo walks further back. Reaching back into "
    "an earlier game session is asked first (a script says 'undo --force'), e.g.: "
    "undo --force",
)
def undo_command(ctx: Context, intent: UndoIntent) -> Reply:
    """Undo the latest change; one of an earlier game session only when the user says
    so (docs/rulings.md H214)."""
    session = session_of(ctx)
    target = session.undo_target()
    # the session we are in: the open one, else the last one (none begun since it ended)
    current = session.number if session.game.started else session.number - 1
    if target is not None and target.session < current and not intent.force:
        what = f"#{target.seq} {target.action} of session {target.session}: {target.summary}"
        if ctx.ask is None:
            raise RuleError(
                f"undo would reach back into session {target.session} ({what}): "
                "'undo --force' undoes it"
            )
        answer = ctx.ask(
            f"undo reaches back into session {target.session}: {what}. Undo it? [y/N] "
        )
        if answer.strip().lower() not in ("y", "yes"):
            raise CommandError(f"undo cancelled: #{target.seq} stays", "undo")
    target, _event = session.undo(ctx.line or "undo")
    return Reply().add(f"Undid #{target.seq}: {target.summary}", "warning")


def _complete_table(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    if not words:
        return [tid for tid, _ in session.ruleset.tables()]
    return ("adv", "dis", "+1", "-1", "=")


@dataclass(frozen=True, slots=True)
class TableIntent(Intent):
    """Roll on one of the ruleset's named tables, or read it at a value; with no table,
    list them (advantage rolls twice and keeps the higher: RULINGS G2).

    Attributes:
        table: the table's id, as given; ``None`` lists the tables.
        value: ``= N``, read the table at N without rolling; ``None`` rolls.
        modifier: the sum of the ``+N`` and ``-N`` added to the roll.
        advantages: how many ``adv``.
        disadvantages: how many ``dis``.
    """

    table: str | None = None
    value: int | None = None
    modifier: int = 0
    advantages: int = 0
    disadvantages: int = 0
    faces: tuple[int, ...] = ()

    def entered(self) -> tuple[int, ...]:
        """The faces the GM entered with ``roll N[,N]`` (RULINGS G5)."""
        return self.faces

    def access(self) -> Access:
        """Anyone lists the tables, any player reads one at a value; rolling on one
        is the GM's (docs/rulings.md H106)."""
        if self.table is None:
            return Access.read()
        if self.value is not None:
            return Access.play(what="read a table")
        return Access.gm(TABLES, "roll on a table")


def _read_table(args: Args) -> TableIntent:
    if args.empty:
        return TableIntent()
    table_id = args.word("NAME")
    words = args.rest()
    if (words and words[0] == "=") or (words and words[0].startswith("=")):
        text = words[0][1:] or (words[1] if len(words) > 1 else "")
        rest = words[1:] if words[0][1:] else words[2:]
        if rest:
            raise args.error(f"unexpected {' '.join(rest)!r}")
        return TableIntent(table_id, value=args.to_int(text, "N"))
    modifier = 0
    advantages = disadvantages = 0
    faces: tuple[int, ...] = ()
    items = iter(words)
    for word in items:
        low = word.lower()
        if low == "roll":
            faces = args.faces(next(items, ""))
        elif low in ("adv", "advantage"):
            advantages += 1
        elif low in ("dis", "disadvantage"):
            disadvantages += 1
        elif low[:1] in "+-" and low[1:].isdigit():
            modifier += args.to_int(low, "modifier")
        else:
            raise args.error(f"unexpected {word!r}")
    return TableIntent(
        table_id,
        modifier=modifier,
        advantages=advantages,
        disadvantages=disadvantages,
        faces=faces,
    )


@CORE.typed(
    "table",
    "table | table NAME [+N|-N] [adv|dis] [roll N[,N]] | table NAME = N",
    "roll on one of the ruleset's tables (type table to list them), or read one at N",
    TableIntent,
    _read_table,
    details="""
"table" lists the tables. "table reactions" rolls 2d6 on the reaction table; a modifier
adds to the roll ("table survival +1 -2"); adv/dis rolls twice and keeps the higher or
lower (RULINGS G2). "table fatigue = 3" reads the table at 3 without rolling.
"table reactions roll 3,5" takes the dice rolled at the table, one face a die (G5).
""",
    complete=_complete_table,
    aliases=("tables",),
)
def table_command(ctx: Context, intent: TableIntent) -> Reply:
    """Roll on or read a table."""
    session = ctx.session
    ruleset = session.ruleset
    reply = Reply()
    if intent.table is None:
        for tid, name in ruleset.tables():
            reply.add(f"{tid:<16} {name}")
        return reply
    table_id = intent.table.lower()
    if intent.value is not None:
        outcome = ruleset.lookup_table(table_id, intent.value)
        action = "table.lookup"
    else:
        outcome = ruleset.roll_table(
            table_id,
            session.rng(),
            intent.modifier,
            Advantage.net(intent.advantages, intent.disadvantages),
        )
        action = "table"
    reply.add(outcome.explanation, "dice")
    reply.table(
        outcome.table_id,
        outcome.table_name,
        outcome.value,
        outcome.result,
        outcome.effect,
        outcome.explanation,
    )
    session.commit(
        Event(action, summary=outcome.explanation, detail=dict(outcome.detail), command=ctx.line)
    )
    return reply


@dataclass(frozen=True, slots=True)
class SettingsIntent(Intent):
    """Show the campaign's settings, or change one: where the ruleset's tables play
    differently, each setting citing its source (a change is an event, so ``undo``
    reverts it: docs/rulings.md H102).

    Attributes:
        name: the setting's name, as given; ``None`` shows them all.
        value: the new value, as given (read as the setting's type when resolved).
    """

    name: str | None = None
    value: str = ""

    def access(self) -> Access:
        """Anyone sees them; changing one is the GM's (docs/rulings.md H106)."""
        return Access.read() if self.name is None else Access.gm(SETTINGS, "change a setting")


def _read_settings(args: Args) -> SettingsIntent:
    if args.empty:
        return SettingsIntent()
    name = args.word("NAME")
    value = args.word("VALUE")
    args.done()
    return SettingsIntent(name, value)


def _usage_of(name: str) -> Args:
    """Reads a value the command's words gave, with the command's usage errors."""
    command = CORE.get(name)
    assert command is not None
    return Args(command, [])


@CORE.typed(
    "settings",
    "settings | settings NAME VALUE",
    "show or change this campaign's settings (where tables play differently)",
    SettingsIntent,
    _read_settings,
)
def settings_command(ctx: Context, intent: SettingsIntent) -> Reply:
    """List settings, or change one (an event, so it can be undone)."""
    session = ctx.session
    reply = Reply()
    if intent.name is None:
        for setting in session.ruleset.campaign_settings():
            current = session.setting(setting.name)
            mark = "" if current == setting.default else "  (changed)"
            reply.add(f"{setting.name} = {current}{mark}", "title")
            reply.add(f"    {setting.help} [{setting.source}]", "muted")
        return reply
    setting = session.ruleset.setting(intent.name.lower())
    text = intent.value
    args = _usage_of("settings")
    value: str | int
    if isinstance(setting.default, int):
        value = args.to_int(text, setting.name, minimum=setting.minimum)
        if setting.maximum is not None and value > setting.maximum:
            raise args.error(f"{setting.name} must be at most {setting.maximum}, not {value}")
    else:
        value = text.lower()
        # A choice is matched whatever its case ("10+CON" for hp-formula's 10+con).
        value = next((c for c in setting.choices if c.lower() == value), value)
        if setting.choices and value not in setting.choices:
            raise args.error(f"{setting.name} is one of: {', '.join(setting.choices)}")
    before = session.state.get("setting", setting.name)
    if value == session.setting(setting.name):
        raise RuleError(f"{setting.name} is already {value}")
    session.commit(
        Event(
            "setting",
            summary=f"setting {setting.name} = {value}",
            changes=(Change("setting", setting.name, before, value),),
            command=ctx.line,
        )
    )
    return reply.add(f"{setting.name} = {value}")


@dataclass(frozen=True, slots=True)
class HelpIntent(Intent):
    """List the commands, or explain one (its usage, summary and rules).

    Attributes:
        command: the command's name or alias, as given; ``""`` lists them all.
    """

    command: str = ""

    def access(self) -> Access:
        """Anyone (docs/rulings.md H106)."""
        return Access.read()


def _read_help(args: Args) -> HelpIntent:
    words = args.rest()
    if len(words) > 1 and (len(words) > 2 or CORE.get(" ".join(words)) is None):
        raise args.error(f"unexpected {' '.join(words[1:])!r}")
    return HelpIntent(" ".join(words))  # "help character export": the engine's subcommand


@CORE.typed(
    "help",
    "help [COMMAND [SUBCOMMAND]]",
    "list the commands, or explain one",
    HelpIntent,
    _read_help,
    complete=lambda s, w: _command_names(s) if not w else (),
    aliases=("?",),
)
def help_command(ctx: Context, intent: HelpIntent) -> Reply:
    """Show help."""
    reply = Reply()
    name = intent.command
    sets = session_of(ctx).command_sets()
    if name:
        found = find(sets, name)
        reply.add(found.usage, "title")
        reply.add(f"  {found.summary}")
        if found.details:
            reply.extend(f"  {line}" for line in found.details.splitlines())
        if found.aliases:
            reply.add(f"  also: {', '.join(found.aliases)}", "muted")
        return reply
    commands = {c.name: c for commands in reversed(sets) for c in commands}
    width = max(len(name) for name in commands)  # two-word names too ("character export")
    for cmd in sorted(commands.values(), key=lambda c: c.name):
        reply.add(f"{cmd.name:<{width}} {cmd.summary}")
    reply.add("help COMMAND explains one; Tab completes commands and names.", "muted")
    return reply


def _command_names(table: CampaignView[Any]) -> list[str]:
    if not isinstance(table, Session):  # pragma: no cover - the engine passes its own
        return []
    return sorted({c.name for commands in table.command_sets() for c in commands})


class QuitRequested(Exception):  # noqa: N818 - a signal, not an error
    """Raised by ``quit`` to end the console loop."""


@dataclass(frozen=True, slots=True)
class QuitIntent(Intent):
    """End the console's session (every action is already stored)."""

    def access(self) -> Access:
        """Anyone (docs/rulings.md H106)."""
        return Access.read()


def _read_quit(args: Args) -> QuitIntent:
    args.done()
    return QuitIntent()


@CORE.typed(
    "quit",
    "quit",
    "end the session (everything is already saved)",
    QuitIntent,
    _read_quit,
    aliases=("exit",),
)
def quit_command(ctx: Context, intent: QuitIntent) -> Reply:
    """End the session."""
    raise QuitRequested


@dataclass(frozen=True, slots=True)
class NoteIntent(Intent):
    """Write a line of narration or a GM note into the log; a private one only its
    author and the GM read (RULINGS G4).

    Attributes:
        text: the note, 1 to 2,000 printable characters.
        private: ``note private TEXT``: for the author and the GM alone.
    """

    text: str
    private: bool = False

    def access(self) -> Access:
        """Any player, as themselves (docs/rulings.md H106)."""
        return Access.play()


def _read_note(args: Args) -> NoteIntent:
    text = " ".join(args.rest()).strip()
    first, _, rest = text.partition(" ")
    private = first.lower() == "private"
    if private:
        text = rest.strip()
    if not text:
        raise args.error("missing TEXT")
    if len(text) > 2000:
        raise args.error(f"a note is at most 2,000 characters, not {len(text):,}")
    if any(not ch.isprintable() for ch in text):
        raise args.error("a note cannot hold control characters")
    return NoteIntent(text, private)


@CORE.typed(
    "note",
    "note [private] TEXT",
    "write a line of narration or a GM note into the campaign log",
    NoteIntent,
    _read_note,
    details="""
"note private TEXT" is read by its author and the GM alone (RULINGS G4); the others
do not see it in the log at all.
""",
    raw=True,
)
def note_command(ctx: Context, intent: NoteIntent) -> Reply:
    """Log a note."""
    player = ctx.principal.role is not Role.GM
    ctx.session.commit(
        Event(
            "note",
            actor=ctx.principal.name if player else "GM",
            summary=intent.text,
            command=ctx.line,
            visibility=Visibility.PRIVATE if intent.private else Visibility.PUBLIC,
        )
    )
    reply = Reply().add(intent.text, "note")
    if intent.private:
        who = "you and the GM" if player else "the GM"
        reply.add(f"A private note: only {who} read it.", "muted")
    return reply
