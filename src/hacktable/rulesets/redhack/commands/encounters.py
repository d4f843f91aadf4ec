"""The campaign's encounter tables and checks: ``encounters`` lists, shows, adds or
rolls them, one per location, and ``check`` makes an encounter check now (redhack:
Exploration & Dungeons > Encounters; RULINGS R17)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ....errors import RuleError, RulesDataError
from ....play.codec import to_json
from ....play.events import Change, Event
from ....play.outcome import Reply
from ....rules.tables import Table, roll_table, validate_table
from ....rules.words import counted
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CONTENT, TABLES
from .act import Act
from .encounter_tables import encounter_for, location_table
from .registry import COMMANDS

__all__ = ["CheckIntent", "EncountersIntent", "check_command", "encounters_command"]


@dataclass(frozen=True, slots=True)
class EncountersIntent(Intent):
    """List, show, add or roll the campaign's encounter tables, one per location
    (redhack: Exploration & Dungeons > Encounters; RULINGS R17).

    Attributes:
        action: ``"list"``, ``"show"`` (a table), ``"add"`` (a file) or ``"roll"`` (on
            a table).
        table: the table's id, as given (show, roll).
        file: the TOML file's path, as given (add).
    """

    action: Literal["list", "show", "add", "roll"] = "list"
    table: str = ""
    file: str = ""

    def access(self) -> Access:
        """Anyone lists and reads the tables; adding and rolling are the GM's
        (docs/rulings.md H106)."""
        if self.action == "add":
            return Access.gm(CONTENT, "encounters add")
        if self.action == "roll":
            return Access.gm(TABLES, "encounters roll")
        return Access.read()


def _read_encounters(args: Args) -> EncountersIntent:
    first = args.optional()
    if first is None:
        return EncountersIntent()
    if first.lower() == "add":
        return EncountersIntent("add", file=" ".join(args.rest()) or args.word("FILE"))
    if first.lower() == "roll":
        return EncountersIntent("roll", args.word("NAME"))
    return EncountersIntent("show", first)


@COMMANDS.typed(
    "encounters",
    "encounters | encounters NAME | encounters add FILE | encounters roll NAME",
    "the campaign's encounter tables, one per location",
    EncountersIntent,
    _read_encounters,
    details="""
A TOML file of tables, each with an id (the location), a name, dice (e.g. "1d8") and
entries with low/high ranges, as the packaged tables.toml; ranges that overlap or leave
gaps are refused, naming the table and the reason. 'where dungeon ID' makes the party's
encounter checks roll on the table of that id.
""",
)
def encounters_command(ctx: Context, intent: EncountersIntent) -> Reply:
    """List, show, add or roll encounter tables."""
    session = ctx.session
    reply = Reply()
    if intent.action == "list":
        for key in session.state.keys("encounter-table"):
            table = location_table(session, key)
            assert table is not None
            reply.add(f"{key:<16} {table.name} ({table.dice})")
        if not reply.lines:
            reply.add("No encounter tables yet: encounters add FILE", "note")
        return reply
    if intent.action == "add":
        return _add_tables(ctx, Path(intent.file))
    if intent.action == "roll":
        act = Act(ctx)
        table = location_table(session, intent.table.lower())
        assert table is not None
        result = roll_table(table, act.rng)
        act.read_table(result)
        act.say(result.explain(), "dice")
        return act.commit("encounters.roll")
    table = location_table(session, intent.table.lower())
    assert table is not None
    from ....rules.tables import describe_entry

    reply.add(f"{table.name} ({table.dice})", "title")
    for entry in table.entries:
        reply.add(
            f"  {describe_entry(entry):<10} {entry.result}"
            + (f": {entry.effect}" if entry.effect else "")
        )
    return reply


def _add_tables(ctx: Context, path: Path) -> Reply:
    import msgspec

    from ....rules.content import load_toml_file

    class TablesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
        tables: tuple[Table, ...]

    if not path.is_file():
        raise RuleError(f"no encounter file {path}")
    loaded = load_toml_file(path, TablesFile)
    ids = [t.id for t in loaded.tables]
    if len(set(ids)) != len(ids):
        raise RulesDataError(path.name, "tables", "two tables share an id")
    for index, table in enumerate(loaded.tables):
        if table.dice is None:
            raise RulesDataError(
                path.name, f"tables[{index}] (id {table.id!r})", "an encounter table needs dice"
            )
        validate_table(table, file=path.name, entry=f"tables[{index}] (id {table.id!r})")
    state = ctx.session.state
    changes = tuple(
        Change("encounter-table", t.id, state.get("encounter-table", t.id), to_json(t))
        for t in loaded.tables
    )
    ctx.session.commit(
        Event(
            "encounters.add",
            summary=f"encounter tables: {', '.join(ids)}",
            detail={"file": str(path)},
            changes=changes,
            command=ctx.line,
        )
    )
    return Reply().add(
        f"Added {counted(len(ids), 'encounter table')} from {path}: {', '.join(ids)}"
    )


@dataclass(frozen=True, slots=True)
class CheckIntent(Intent):
    """An encounter check now: d6, 1 an encounter, 2 a sign (RULINGS R17)."""

    def access(self) -> Access:
        """The GM's (docs/rulings.md H106)."""
        return Access.gm(TABLES, "check for encounters")


def _read_check(args: Args) -> CheckIntent:
    args.done()
    return CheckIntent()


@COMMANDS.typed(
    "check",
    "check",
    "an encounter check now (d6: 1 encounter, 2 a sign; R17)",
    CheckIntent,
    _read_check,
)
def check_command(ctx: Context, intent: CheckIntent) -> Reply:
    """A manual encounter check."""
    act = Act(ctx)
    check = encounter_for(act)
    act.say(check.explanation, "critical" if check.encounter else "dice")
    return act.commit("check")
