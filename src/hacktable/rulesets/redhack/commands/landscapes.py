"""The campaign's landscapes at the console: ``landscape`` lists, shows and adds them
(redhack: Wilderness Survival > Survival Tables; RULINGS R22; docs/rulings.md H49,
H106). ``landscape add FILE`` stores them as the entity ``landscape``; ``travel plan
--landscape ID`` (:mod:`.travel`) travels through one. Importing this module registers
``landscape``; :mod:`.travel` re-exports its names."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ....errors import RuleError, UnknownNameError
from ....play.codec import from_json
from ....play.outcome import Reply
from ....rules.tables import Table, describe_entry
from ....rules.words import counted
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CONTENT
from ..character import fold
from ..landscapes import Landscape, load_landscapes
from ..view import CampaignView
from .act import Act
from .registry import COMMANDS

__all__ = ["LandscapeIntent", "campaign_landscapes", "landscape_for"]


def landscape_for(session: CampaignView, name: str) -> Landscape:
    """The campaign's landscape called ``name`` (its id or name, case-insensitive).

    Raises:
        UnknownNameError: there is none.
    """
    landscapes = campaign_landscapes(session)
    for landscape in landscapes:
        if fold(name) in (fold(landscape.id), fold(landscape.name)):
            return landscape
    raise UnknownNameError("landscape", name, [landscape.id for landscape in landscapes])


def campaign_landscapes(session: CampaignView) -> list[Landscape]:
    """The campaign's landscapes, in the order they were added."""
    return [from_json(Landscape, data) for data in session.state.values("landscape")]


# -- landscape ---------------------------------------------------------------------------


def _complete_landscape(session: CampaignView, words: list[str]) -> Iterable[str]:
    if words:
        return ()
    return ["add", *(landscape.id for landscape in campaign_landscapes(session))]


@dataclass(frozen=True, slots=True)
class LandscapeIntent(Intent):
    """List, show or add the campaign's landscapes: a survival and an encounter table
    for a kind of country (redhack: Wilderness Survival > Survival Tables; RULINGS R22).

    Attributes:
        action: ``"list"``, ``"show"`` (a landscape) or ``"add"`` (a file).
        name: the landscape's id or name, as given (show).
        file: the TOML file's path, as given (add).
    """

    action: Literal["list", "show", "add"] = "list"
    name: str = ""
    file: str = ""

    def access(self) -> Access:
        """Anyone lists and reads them; adding is the GM's (docs/rulings.md H106)."""
        return Access.gm(CONTENT, "landscape add") if self.action == "add" else Access.read()


def _read_landscape(args: Args) -> LandscapeIntent:
    first = args.optional()
    if first is None:
        return LandscapeIntent()
    if first.lower() == "add":
        file = " ".join(args.rest())
        if str(Path(file)) == ".":
            raise args.error("missing FILE")
        return LandscapeIntent("add", file=file)
    return LandscapeIntent("show", " ".join([first, *args.rest()]))


@COMMANDS.typed(
    "landscape",
    "landscape | landscape NAME | landscape add FILE",
    "list, show or add the campaign's landscapes (survival and encounter tables)",
    LandscapeIntent,
    _read_landscape,
    details="""
A landscape is a survival table and an encounter table for one kind of country (redhack:
Wilderness Survival > Survival Tables: "prepare a custom table for each landscape";
RULINGS R22). "landscape add FILE" reads a TOML file of [[landscapes]] (id, name,
survival, encounters, terrain, notes) and the [[tables]] they name, in the shape of
redhack's tables.toml; a table with overlapping ranges or a gap is refused, naming the
file, the entry and the reason. examples/data/marsh.toml is an example. Travel through
one with "travel plan --landscape ID".
""",
    complete=_complete_landscape,
)
def landscape_command(ctx: Context, intent: LandscapeIntent) -> Reply:
    """List, show or add landscapes."""
    if intent.action == "add":
        return _add_landscapes(ctx, Path(intent.file))
    if intent.action == "show":
        return Reply().extend(_describe_landscape(landscape_for(ctx.session, intent.name)))
    reply = Reply()
    landscapes = campaign_landscapes(ctx.session)
    if not landscapes:
        return reply.add(
            "No landscapes yet: journeys use redhack's survival table. Add some with "
            "'landscape add FILE' (e.g. examples/data/marsh.toml).",
            "note",
        )
    for landscape in landscapes:
        encounters = landscape.encounters.id if landscape.encounters else "no encounter table"
        reply.add(
            f"{landscape.id:<14} {landscape.name} ({landscape.terrain} terrain; survival "
            f"{landscape.survival.dice}, {encounters})"
        )
    return reply


def _add_landscapes(ctx: Context, path: Path) -> Reply:
    if not path.is_file():
        raise RuleError(f"no landscape file {path}")
    added = load_landscapes(path)
    act = Act(ctx)
    for landscape in added:
        act.set_entity("landscape", landscape.id, landscape)
        if landscape.encounters is not None:  # the party's location names it (H49)
            act.set_entity("encounter-table", landscape.encounters.id, landscape.encounters)
    names = ", ".join(landscape.id for landscape in added)
    act.say(f"Added {counted(len(added), 'landscape')} from {path.name}: {names}")
    act.detail["file"] = str(path)
    return act.commit("landscape.add")


def _describe_landscape(landscape: Landscape) -> list[str]:
    lines = [f"{landscape.name} ({landscape.id}) - {landscape.terrain} terrain"]
    if landscape.notes:
        lines.append(f"  {landscape.notes}")
    tables: list[tuple[str, Table | None]] = [
        ("Survival", landscape.survival),
        ("Encounters", landscape.encounters),
    ]
    for title, table in tables:
        if table is None:
            continue
        lines.append(f"  {title}: {table.name} ({table.id}), {table.dice}")
        lines.extend(
            f"    {describe_entry(entry):<12} {entry.result}"
            + (f": {entry.effect}" if entry.effect else "")
            for entry in table.entries
        )
    return lines
