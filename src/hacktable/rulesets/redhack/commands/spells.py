"""The spell list: ``spell [SEARCH]`` and ``spell add FILE`` (RULINGS R26, R32;
docs/rulings.md H156). A campaign's own spells and wandering-spell tables are stored in
its log (entities ``spell`` and ``spell-table``) and found before the packaged ones."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ....errors import HacktableError, RuleError
from ....play.outcome import Reply
from ....rules.words import counted
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CONTENT
from ..content.spells import (
    SpellList,
    campaign_spells,
    load_spells_from,
)
from ..view import CampaignView
from .act import Act
from .registry import COMMANDS

__all__ = ["SpellIntent", "spell_names", "spells_for"]


def spells_for(session: CampaignView) -> SpellList:
    """The packaged spell list with the campaign's own spells and wandering-spell
    tables (H156).

    Raises:
        RulesDataError: a stored spell does not validate.
    """
    return campaign_spells(session.state)


def spell_names(session: CampaignView, kind: str | None = None) -> list[str]:
    """Spell ids for tab completion (``[]`` if the list does not load)."""
    try:
        return [s.id for s in spells_for(session).spells if kind is None or s.kind == kind]
    except HacktableError:
        return []


@dataclass(frozen=True, slots=True)
class SpellIntent(Intent):
    """List, search or show spells, or add the campaign's own from a TOML file
    (RULINGS R32; H156).

    Attributes:
        action: ``"list"`` or ``"add"``.
        search: the words searched for (``""``: every spell).
        file: for ``add``, the TOML file's path, as given.
    """

    action: Literal["list", "add"] = "list"
    search: str = ""
    file: str = ""

    def access(self) -> Access:
        """Anyone reads the list; the campaign's own spells are the GM's to add
        (docs/rulings.md H106)."""
        if self.action == "list":
            return Access.read()
        return Access.gm(CONTENT, "spell add")


def _read_spell(args: Args) -> SpellIntent:
    first = args.optional()
    if first is not None and first.lower() == "add":
        return SpellIntent("add", file=" ".join(args.rest()) or args.word("FILE"))
    return SpellIntent(search=" ".join([first, *args.rest()]) if first else "")


def _complete(session: CampaignView, words: list[str]) -> Iterable[str]:
    return ["add", *spell_names(session)] if not words else ()


@COMMANDS.typed(
    "spell",
    "spell [SEARCH] | spell add FILE",
    "list or show spells and prayers; add the campaign's own from a TOML file",
    SpellIntent,
    _read_spell,
    details="""
"spell" lists every spell and prayer by kind and level; "spell fire" lists matches or
shows one ("spell fireball": arcane 3, far, instant, save DEX, effect WIS, 6d6). "spell
add crypt.toml" adds the campaign's own [[spells]] (the shape of data/spells.toml) and
[[tables]] of wandering spells whose results are spell ids; the setting
"wandering-spells" names the table an Inspiration rolls on (RULINGS R26, R32; H156). The
packaged spells come from the Basic Fantasy RPG (CC BY-SA 4.0).
Example: a crypt's own spells and a wandering-spell table for its Inspirations:
  spell add crypt.toml
  settings wandering-spells crypt-spells
  spell grave chill
  -> Grave Chill (arcane 2; near; 3 rounds; save CON, effect INT): ...
A campaign's spells can start in a new book ("--spells grave-chill,...", H243).
""",
    complete=_complete,
)
def spell_command(ctx: Context, intent: SpellIntent) -> Reply:
    """List, show or add spells."""
    if intent.action == "add":
        return _add(ctx, Path(intent.file))
    spells = spells_for(ctx.session)
    reply = Reply()
    found = list(spells.spells)
    if intent.search:
        try:
            return reply.add(spells.get(intent.search).line())
        except HacktableError:
            words = intent.search.lower()
            found = [s for s in found if words in s.name.lower() or words in s.id]
        if not found:
            return reply.add(f"No spell matches {intent.search!r}.", "note")
    for spell in sorted(found, key=lambda s: (s.kind, s.level)):
        level = "cantrip" if spell.cantrip else f"level {spell.level}"
        reply.add(f"{spell.id:<24} {spell.kind:<6} {level:<8} {spell.name}")
    for table in spells.tables:
        reply.add(f"wandering spells: {table.id} ({table.dice}) {table.name}", "muted")
    return reply


def _add(ctx: Context, path: Path) -> Reply:
    if not path.is_file():
        raise RuleError(f"no spell file {path}")
    added = load_spells_from(path, spells_for(ctx.session))
    act = Act(ctx)
    for spell in added.spells:
        act.set_entity("spell", spell.id, spell)
    for table in added.tables:
        act.set_entity("spell-table", table.id, table)
    names = ", ".join([*(s.id for s in added.spells), *(t.id for t in added.tables)])
    act.say(
        f"Added {counted(len(added.spells), 'spell')} and "
        f"{counted(len(added.tables), 'wandering-spell table')} from {path.name}: {names}"
    )
    act.detail["file"] = str(path)
    return act.commit("spell.add")
