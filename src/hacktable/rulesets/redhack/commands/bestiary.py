"""The bestiary: ``bestiary [SEARCH]``, ``bestiary add FILE``, ``bestiary remove ID``
(redhack: Combat; RULINGS R5, R12). A campaign adds its own monsters from a TOML file
with the packaged bestiary's shape; they are stored in the campaign's log."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ....errors import HacktableError, RuleError
from ....play.codec import to_json
from ....play.events import Change, Event
from ....play.outcome import Reply
from ....rules.words import counted
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CONTENT
from ..view import CampaignView
from .fight import monsters_for
from .registry import COMMANDS


def _complete(session: CampaignView, words: list[str]) -> Iterable[str]:
    if words:
        return ()
    try:
        return ["add", "remove", *monsters_for(session).ids]
    except HacktableError:
        return ()


@dataclass(frozen=True, slots=True)
class BestiaryIntent(Intent):
    """List, search or show monsters; add the campaign's own from a TOML file, or
    remove one (redhack: Combat; RULINGS R5, R12).

    Attributes:
        action: ``"list"`` (with ``search``, the matches or one stat block), ``"add"``
            or ``"remove"``.
        search: the words searched for, as given (``""``: every monster).
        file: for ``add``, the TOML file's path, as given.
        monster: for ``remove``, the campaign monster's id, as given.
    """

    action: Literal["list", "add", "remove"] = "list"
    search: str = ""
    file: str = ""
    monster: str = ""

    def access(self) -> Access:
        """Anyone reads the bestiary; the campaign's own monsters are the GM's to add
        and remove (docs/rulings.md H106)."""
        if self.action == "list":
            return Access.read()
        return Access.gm(CONTENT, f"bestiary {self.action}")


def _read_bestiary(args: Args) -> BestiaryIntent:
    first = args.optional()
    if first is not None and first.lower() == "add":
        return BestiaryIntent("add", file=" ".join(args.rest()) or args.word("FILE"))
    if first is not None and first.lower() == "remove":
        monster = args.word("ID")
        args.done()
        return BestiaryIntent("remove", monster=monster)
    return BestiaryIntent(search=" ".join([first, *args.rest()]) if first else "")


@COMMANDS.typed(
    "bestiary",
    "bestiary [SEARCH] | bestiary add FILE | bestiary remove ID",
    "list or show monsters; add the campaign's own from a TOML file",
    BestiaryIntent,
    _read_bestiary,
    details="""
"bestiary" lists every monster: HD, AC (the monster scale), HP dice (HD d8 unless given,
RULINGS R5), morale (2-12, R12). "bestiary gob" lists matches, or shows one stat block.
"bestiary add my-monsters.toml" adds a campaign's own monsters (the shape of the packaged
data/bestiary.toml: id, name, hd, ac, attacks, hp, morale, tags, notes, source); a file
with a negative HD, a missing AC or a bad dice expression is refused, naming the entry.
The packaged monsters come from the Basic Fantasy RPG (CC BY-SA 4.0): docs/bestiary.md.
""",
    complete=_complete,
)
def bestiary_command(ctx: Context, intent: BestiaryIntent) -> Reply:
    """List, show, add or remove monsters."""
    if intent.action == "add":
        return _add(ctx, intent.file)
    if intent.action == "remove":
        return _remove(ctx, intent.monster)
    bestiary = monsters_for(ctx.session)
    from ..bestiary import describe

    reply = Reply()
    if intent.search:
        text = intent.search
        matches = list(bestiary.search(text))
        try:
            exact = bestiary.get(text)
        except HacktableError:
            exact = None
        if exact is not None and (len(matches) <= 1 or exact.id == text.lower()):
            return reply.extend(describe(exact))
        if not matches:
            return reply.add(f"No monster matches {text!r}.", "note")
    else:
        matches = list(bestiary.monsters)
    own = set(ctx.session.state.keys("monster"))
    for monster in matches:
        morale = "-" if monster.morale is None else str(monster.morale)
        mark = "  (campaign)" if monster.id in own else ""
        reply.add(
            f"{monster.id:<18} HD {monster.hd:<2} AC {monster.ac:<2} HP "
            f"{monster.hp_dice():<7} morale {morale:<2} {monster.name}{mark}"
        )
    return reply


def _add(ctx: Context, file: str) -> Reply:
    from ..bestiary import load_bestiary_from

    path = Path(file)
    if not path.is_file():
        raise RuleError(f"no monster file {path}")
    added = load_bestiary_from(path)
    state = ctx.session.state
    changes = tuple(
        Change("monster", m.id, state.get("monster", m.id), to_json(m)) for m in added.monsters
    )
    names = ", ".join(m.id for m in added.monsters)
    ctx.session.commit(
        Event(
            "bestiary.add",
            summary=f"the campaign's bestiary gains {names}",
            detail={"file": str(path)},
            changes=changes,
            command=ctx.line,
        )
    )
    return Reply().add(f"Added {counted(len(added.monsters), 'monster')} from {path}: {names}")


def _remove(ctx: Context, monster: str) -> Reply:
    monster_id = monster.lower()
    before = ctx.session.state.get("monster", monster_id)
    if before is None:
        raise RuleError(f"{monster_id!r} is not one of the campaign's own monsters")
    ctx.session.commit(
        Event(
            "bestiary.remove",
            summary=f"{monster_id} leaves the bestiary",
            changes=(Change("monster", monster_id, before, None),),
            command=ctx.line,
        )
    )
    return Reply().add(f"Removed {monster_id}.")
