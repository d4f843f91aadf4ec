"""Character sheets in and out: ``character export`` and ``character import``, the
engine's subcommands of every ruleset's ``character`` (issue 10 §5; docs/rulings.md
H209; :mod:`hacktable.rulesets.sheets`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ...errors import RuleError
from ...play.events import Event
from ...play.outcome import Reply
from ...play.players import owner_of, seat_of
from ...rulesets.context import CampaignView, Context
from ...rulesets.grammar import Access, Args, Intent
from ...rulesets.names import check_name
from ...rulesets.powers import FILES
from ...rulesets.sheets import read_sheet, sheet_json, sheet_markdown
from .registry import CORE

__all__ = ["ExportIntent", "ImportIntent", "export_command", "import_command"]

FORMATS = ("md", "json")
"""The formats a sheet is exported in."""


@dataclass(frozen=True, slots=True)
class ExportIntent(Intent):
    """A character's sheet, in Markdown or JSON, shown or written to a file.

    Attributes:
        name: the character's name, as given.
        format: ``"md"`` (to print or paste) or ``"json"`` (``character import`` reads
            it back).
        to: the file to write, ``""`` to show it.
    """

    name: str
    format: str = "md"
    to: str = ""

    def access(self) -> Access:
        """Anyone reads a sheet (as ``character show``); writing a file on the machine
        running hacktable is the GM's (docs/rulings.md H209)."""
        return Access.gm(FILES, "character export --to") if self.to else Access.read()


@dataclass(frozen=True, slots=True)
class ImportIntent(Intent):
    """A character read from a JSON sheet joins the campaign.

    Attributes:
        path: the file, as given.
        name: ``--as NAME``: the name they join under (``""``: the sheet's).
    """

    path: str
    name: str = ""

    def access(self) -> Access:
        """The GM's: it reads a file, and the character skips creation's dice
        (docs/rulings.md H209)."""
        return Access.gm(FILES, "character import")


def _read_export(args: Args) -> ExportIntent:
    name = args.word("NAME")
    fmt, to = "md", ""
    while not args.empty:
        word = args.word("an option")
        if word == "--format":
            fmt = args.word("the format (md or json)").lower()
            if fmt not in FORMATS:
                raise args.error(f"--format is md or json, not {fmt!r}")
        elif word == "--to":
            to = args.word("the file to write")
        else:
            raise args.error(f"unexpected {word!r}")
    return ExportIntent(name, fmt, to)


def _read_import(args: Args) -> ImportIntent:
    path = args.word("FILE")
    name = ""
    while not args.empty:
        word = args.word("an option")
        if word == "--as":
            name = " ".join(args.word("the new name").split())
        else:
            raise args.error(f"unexpected {word!r}")
    return ImportIntent(path, name)


def _complete_export(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    if not words:
        return [c.name for c in session.characters()]
    if words[-1] == "--format":
        return FORMATS
    return ("--format", "--to")


@CORE.typed(
    "character export",
    "character export NAME [--format md|json] [--to FILE]",
    "a character's sheet in Markdown (to print or paste) or JSON (to import)",
    ExportIntent,
    _read_export,
    details="""
"character export Sly" shows Sly's whole sheet in Markdown; "--format json" gives the
JSON that "character import" reads back into the same character; "--to FILE" writes it
to a file instead (the GM's). Examples:
  character export Sly --format md --to sly.md
  character export Sly --format json --to sly.json
""",
    complete=_complete_export,
)
def export_command(ctx: Context, intent: ExportIntent) -> Reply:
    """Show or write a sheet; nothing is logged."""
    session = ctx.session
    character = session.character(intent.name)
    ruleset = session.ruleset
    if intent.format == "json":
        text = sheet_json(ruleset, character)
    else:
        owner = owner_of(session.state, character.key)
        text = sheet_markdown(ruleset, character, session.state, owner)
    reply = Reply()
    if not intent.to:
        return reply.extend(text.rstrip("\n").splitlines())
    try:
        Path(intent.to).write_text(text, encoding="utf-8")
    except OSError as error:
        raise RuleError(f"cannot write {intent.to}: {error.strerror or error}") from None
    return reply.add(f"{character.name}'s sheet ({intent.format}) written to {intent.to}", "note")


@CORE.typed(
    "character import",
    "character import FILE [--as NAME]",
    "a character joins from a JSON sheet ('character export NAME --format json')",
    ImportIntent,
    _read_import,
    details="""
Reads a sheet written by "character export NAME --format json" (from this campaign or
another of the same ruleset): the character joins exactly as the sheet says, played by
the GM ("character owner" hands them over). A name already taken, or a file of the
wrong shape, is refused with one line; "--as NAME" imports under another name.
Example: character import sly.json --as Sly2
""",
)
def import_command(ctx: Context, intent: ImportIntent) -> Reply:
    """Add the character a sheet holds (an event: undo removes them)."""
    session = ctx.session
    try:
        text = Path(intent.path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        raise RuleError(f"cannot read {intent.path}: {reason or error}") from None
    character = read_sheet(session.ruleset, text, intent.path)
    if intent.name:
        character = replace(character, name=intent.name)
    check_name(session, character.name, "character import")
    if session.state.get("character", character.key) is not None:
        raise RuleError(
            f"a character called {character.name} is already in the campaign: "
            f"import with --as NEWNAME"
        )
    seated = seat_of(session.state, character.name)
    if seated is not None:
        raise RuleError(f"{seated.name} is a player's name: import with --as NEWNAME")
    summary = f"{character.name} joins, imported from {Path(intent.path).name}"
    session.commit(
        Event(
            "character.import",
            actor=character.name,
            summary=summary,
            detail={"file": intent.path},
            changes=(session.character_change(None, character),),
            command=ctx.line,
        )
    )
    reply = Reply().add(summary, "note")
    return reply.extend(session.ruleset.character_sheet(character, session.state))
