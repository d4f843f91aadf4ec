"""Significant NPCs: ``npc`` gives a foe in the fight or a named NPC Major/Minor
values, which ``monster NAME`` then tests with instead of HD + 10 (redhack: Core Rules >
Monster Rolls; docs/rulings.md H252). The rules are :mod:`..npcs`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ....errors import RuleError, UnknownNameError
from ....play.codec import from_json
from ....play.outcome import Reply
from ....rules.resolution import TestRequest
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CONTENT
from ..character import fold
from ..core_rules import monster_request
from ..fight import Foe
from ..npcs import Aptitude, NamedNpc, npc_request
from ..view import CampaignView
from .act import Act, current_fight
from .registry import COMMANDS

if TYPE_CHECKING:
    from .tests import MonsterIntent

__all__ = ["NPC_KIND", "NpcIntent", "monster_names", "npc_command", "npc_test"]

NPC_KIND = "npc"
"""The state's kind for named NPCs (key: the folded name)."""


def _named(session: CampaignView) -> list[NamedNpc]:
    return [from_json(NamedNpc, data) for data in session.state.values(NPC_KIND)]


def monster_names(session: CampaignView, words: list[str]) -> Iterable[str]:
    """Tab completion: the fight's foes and the named NPCs, for the first word."""
    if words:
        return ()
    fight = current_fight(session)
    foes = [f.key for f in fight.active_foes()] if fight is not None else []
    return [*foes, *(n.name for n in _named(session))]


@dataclass(frozen=True, slots=True)
class NpcIntent(Intent):
    """Give a foe in the fight or a named NPC Major/Minor values, or list them
    (redhack: Core Rules > Monster Rolls; docs/rulings.md H252).

    Attributes:
        name: the foe (``goblin-1``) or NPC (``Oswin``), ``""`` to list.
        major: their value in what they are good at.
        minor: their value in all other tasks.
        tags: what the major value is for.
    """

    name: str = ""
    major: int = 0
    minor: int = 0
    tags: tuple[str, ...] = ()

    def access(self) -> Access:
        """The GM's: the NPCs' numbers, to set or to read (docs/rulings.md H106)."""
        if not self.name:
            return Access.gm(CONTENT, "read the NPCs' major and minor values")
        return Access.gm(CONTENT, "give an NPC major and minor values")


def _read_npc(args: Args) -> NpcIntent:
    if args.empty:
        return NpcIntent()
    name = args.word("NAME")
    major = minor = None
    tags: list[str] = []
    while not args.empty:
        word = args.word("major, minor or for").lower()
        if word == "major":
            major = args.integer("the major value")
        elif word == "minor":
            minor = args.integer("the minor value")
        elif word == "for":
            tags.extend(t for t in args.word("what the major value is for").split(",") if t)
        else:
            raise args.error(f"unexpected {word!r}")
    if major is None or minor is None:
        raise args.error("an NPC needs both 'major N' and 'minor N'")
    return NpcIntent(name, major, minor, tuple(tags))


@COMMANDS.typed(
    "npc",
    "npc [NAME major N minor N [for TAG[,TAG]]]",
    "give a foe or a named NPC major/minor values for its tests, or list them",
    NpcIntent,
    _read_npc,
    details="""
Significant NPCs have a Major value, their attribute in what they are good at, and a
Minor one for all other tasks (redhack: Core Rules > Monster Rolls). NAME is a foe in
the fight (goblin-1) or any NPC (Oswin); 'for' names the test tags the major value is
for. 'monster NAME [major|minor] [for TAG]' then tests with the major value when a tag
matches (or the GM says major), the minor one otherwise (docs/rulings.md H252).

Example: npc Oswin major 16 minor 9 for lore,history
""",
    complete=monster_names,
)
def npc_command(ctx: Context, intent: NpcIntent) -> Reply:
    """Set or list Major/Minor values."""
    act = Act(ctx)
    if not intent.name:
        return _list(act)
    aptitude = Aptitude.of(intent.major, intent.minor, intent.tags)
    fight = act.fight
    if fight is not None and fight.has_foe(intent.name):
        foe = fight.foe(intent.name)
        act.fight = fight.with_foe(replace(foe, aptitude=aptitude))
        act.say(f"{foe.name} tests with {aptitude.describe()} instead of HD + 10")
        return act.commit("npc")
    if any(fold(c.name) == fold(intent.name) for c in act.session.characters()):
        raise RuleError(
            f"{intent.name} is a player character: an NPC needs a name of its own "
            "(redhack: Core Rules > Monster Rolls)"
        )
    npc = NamedNpc(intent.name, aptitude)
    act.set_entity(NPC_KIND, fold(intent.name), npc)
    act.say(f"{npc.name} tests with {aptitude.describe()}")
    return act.commit("npc")


def _list(act: Act) -> Reply:
    fight = act.fight
    foes = [f for f in fight.foes if f.aptitude is not None] if fight is not None else []
    named = _named(act.session)
    if not foes and not named:
        act.reply.add("No NPC has major/minor values: 'npc NAME major N minor N'", "muted")
    for foe in foes:
        assert foe.aptitude is not None
        act.reply.add(f"{foe.name} ({foe.key}): {foe.aptitude.describe()}")
    for npc in named:
        act.reply.add(f"{npc.name}: {npc.aptitude.describe()}")
    return act.reply


def _find(session: CampaignView, name: str) -> tuple[str, Foe | None, Aptitude | None]:
    """``(shown name, foe or None, aptitude or None)`` for ``name``: a foe in the fight
    first, then a named NPC.

    Raises:
        UnknownNameError: neither.
    """
    fight = current_fight(session)
    if fight is not None and fight.has_foe(name):
        foe = fight.foe(name)
        return foe.name, foe, foe.aptitude
    data = session.state.get(NPC_KIND, fold(name))
    if data is None:
        known = [f.key for f in fight.foes] if fight is not None else []
        raise UnknownNameError(
            "foe or NPC (give one values with 'npc NAME major N minor N')",
            name,
            [*known, *(n.name for n in _named(session))],
        )
    npc = from_json(NamedNpc, data)
    return npc.name, None, npc.aptitude


def npc_test(ctx: Context, intent: MonsterIntent) -> Reply:
    """``monster NAME``: a foe's or NPC's test with its Major or Minor value, or a foe
    without them with its HD + 10 (redhack: Core Rules > Monster Rolls; RULINGS R5;
    docs/rulings.md H252)."""
    from .tests import monster_roll

    name, foe, aptitude = _find(ctx.session, intent.name)
    options = intent.options
    difficulty = 1 if options.difficulty is None else options.difficulty
    fields: dict[str, object] = {
        "bonus": options.bonus,
        "penalty": options.penalty,
        "advantages": options.advantages,
        "disadvantages": options.disadvantages,
        "who": name,
    }
    if options.tags:
        fields["purpose"] = f"for {', '.join(options.tags)}"
    request: TestRequest
    if aptitude is None:
        if intent.use:
            raise RuleError(
                f"{name} has no major/minor values ('npc {intent.name} major N minor N' "
                "first): it tests with HD + 10 (RULINGS R5)"
            )
        assert foe is not None
        request = monster_request(foe.hd, difficulty, **fields)
        why = f"{foe.hd} HD + 10 (RULINGS R5)"
    else:
        request, reason = npc_request(
            name, aptitude, options.tags, intent.use, difficulty=difficulty, **fields
        )
        why = f"its {request.attribute} value ({reason})"
    return monster_roll(ctx, name, request, options, why)
