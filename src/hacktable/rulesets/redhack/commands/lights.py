"""Light: ``light`` and ``douse`` a torch or lantern (redhack: Equipment > Miscellany;
RULINGS R16; docs/rulings.md H250), and ``fire``, a visible fire or an unusual amount of
light (RULINGS R17; docs/rulings.md H22). The torch check is :mod:`.light_sources`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal, TypeVar

from ....errors import HacktableError, RuleError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import PARTY
from ..view import CampaignView
from .act import Act, Overridable, action_fields, read_overrides
from .light_sources import oil_index
from .mechanics import incapacitated
from .registry import COMMANDS

__all__ = [
    "DouseIntent",
    "FireIntent",
    "LightIntent",
    "douse_command",
    "fire_command",
    "light_command",
]


def _light_items(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return [c.name for c in session.characters()]
    try:
        character = session.character(words[0])
    except HacktableError:
        return ()
    return [i.name for i in character.inventory if i.kind == "light" or i.ref == "lantern"]


@dataclass(frozen=True, slots=True)
class _LitIntent(Overridable):
    """A light source to light or put out (redhack: Equipment > Miscellany; RULINGS
    R16).

    Attributes:
        character: the carrier's name.
        item: the item's name, as given.
    """

    character: str
    item: str

    def access(self) -> Access:
        """The carrier's player; ``override`` is the GM's (docs/rulings.md H106)."""
        return self.acting(self.character)


@dataclass(frozen=True, slots=True)
class LightIntent(_LitIntent):
    """Light a torch or lantern: it burns its usage die at every torch check; in a fight
    it is the character's action (redhack: Equipment > Miscellany; RULINGS R16)."""


@dataclass(frozen=True, slots=True)
class DouseIntent(_LitIntent):
    """Put a light out (redhack: Equipment > Miscellany; RULINGS R16)."""


_Lit = TypeVar("_Lit", bound=_LitIntent)


def _read_lit(args: Args, kind: type[_Lit]) -> _Lit:
    who = args.word("NAME")
    words, found = read_overrides(args, args.rest())
    name = " ".join(words)
    if not name:
        raise args.error("missing ITEM")
    return kind(who, name, **action_fields(found))


@COMMANDS.typed(
    "light",
    "light NAME ITEM [override]",
    "light a torch or lantern: it burns its usage die at every torch check (in a fight, "
    "it is the character's action)",
    LightIntent,
    lambda args: _read_lit(args, LightIntent),
    complete=_light_items,
)
def light_command(ctx: Context, intent: LightIntent) -> Reply:
    """Light a light source (a tinderbox is needed, redhack: Equipment > Miscellany)."""
    return _set_lit(ctx, intent, True)


@COMMANDS.typed(
    "douse",
    "douse NAME ITEM",
    "put out a light",
    DouseIntent,
    lambda args: _read_lit(args, DouseIntent),
    complete=_light_items,
)
def douse_command(ctx: Context, intent: DouseIntent) -> Reply:
    """Put a light out."""
    return _set_lit(ctx, intent, False)


def _set_lit(ctx: Context, intent: _LitIntent, on: bool) -> Reply:
    act = Act(ctx, intent.overrides())
    character = act.character(intent.character)
    name = intent.item
    matches = character.find_items(name)
    live = [
        i
        for i in matches
        if character.inventory[i].lit != on
        and ((die := character.inventory[i].usage) is None or not die.exhausted)
    ]
    index = (live or matches or [character.find_item(name)])[0]
    item = character.inventory[index]
    if on:
        if item.kind != "light" and item.ref != "lantern":
            raise RuleError(f"{item.name} is not a light source")
        if item.usage is not None and item.usage.exhausted:
            raise RuleError(f"{character.name}'s {item.name} is burnt out")
        if item.lit:
            raise RuleError(f"{character.name}'s {item.name} is already lit")
        if item.usage is None and oil_index(character) < 0:
            raise RuleError(
                f"{character.name} carries no oil to fill the {item.name} (redhack: Equipment "
                "> Miscellany: a lantern uses oil; docs/rulings.md H250)"
            )
        tinder = any(
            i.ref == "tinderbox"
            for c in act.session.characters()
            if not c.dead
            for i in act.character(c.name).inventory
        )
        if not tinder:
            raise RuleError("nobody in the party has a tinderbox to light it (redhack: Equipment)")
        fight = act.fight
        if fight is not None and fight.phase != "setup" and fight.has_fighter(character.name):
            # In a fight, lighting a torch is the character's action for the round.
            fighter = fight.fighter(character.name)
            act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
            act.fight = fight.with_fighter(replace(fighter, acted=True, holding=False))
    elif not item.lit:
        raise RuleError(f"{character.name}'s {item.name} is not lit")
    act.update(character.replace_item(index, replace(item, lit=on)))
    act.say(f"{character.name} {'lights' if on else 'puts out'} {item.describe()}")
    return act.commit("light" if on else "douse", character.name)


@dataclass(frozen=True, slots=True)
class FireIntent(Intent):
    """Light or put out a visible fire, or use an unusual amount of light (RULINGS R17;
    docs/rulings.md H22).

    Attributes:
        what: ``"fire"`` (a visible fire) or ``"light"`` (an unusual amount of light).
        on: on, or off.
    """

    what: Literal["fire", "light"]
    on: bool

    def access(self) -> Access:
        """The GM's: the party's flags for encounter checks (docs/rulings.md H106)."""
        return Access.gm(PARTY, "fire")


def _read_fire(args: Args) -> FireIntent:
    first = args.word("on, off or light").lower()
    if first == "light":
        intent = FireIntent("light", args.word("on or off").lower() == "on")
    elif first in ("on", "off"):
        intent = FireIntent("fire", first == "on")
    else:
        raise args.error("on, off or light")
    args.done()
    return intent


@COMMANDS.typed(
    "fire",
    "fire on|off | fire light on|off",
    "a visible fire (-1 on encounter checks), or an unusual amount of light",
    FireIntent,
    _read_fire,
    details="""
A visible fire subtracts 1 from the encounter die (RULINGS R17). "fire light on": the
party uses an unusual amount of light: advantage on search and surprise tests, but the
GM rolls encounter checks with advantage (the lower of two d6; docs/rulings.md H22).
""",
)
def fire_command(ctx: Context, intent: FireIntent) -> Reply:
    """Set the fire or light flag."""
    act = Act(ctx)
    party = act.party()
    on = intent.on
    if intent.what == "light":
        act.set_party(replace(party, light=on))
        act.say(f"The party {'blazes with light' if on else 'dims its lights'}")
    else:
        act.set_party(replace(party, fire=on))
        act.say(f"The party's fire is {'visible' if on else 'out'}")
    return act.commit("fire")
