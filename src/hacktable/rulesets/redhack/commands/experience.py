"""Experience as it happens: the helper every command that awards one calls
(:func:`gain`), and ``enter``, the GM's word that the party has entered a new dungeon,
level or major map (redhack: Experience & Gaining Levels; RULINGS R28).

Where else the console awards experience: ``fight end`` after an important foe
(:mod:`.fight`), ``save ... deadly`` (:mod:`.tests`), ``rest downtime`` for whoever
comes home encumbered (:mod:`.rest`), and the GM's ``xp`` (:mod:`.care`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ....errors import RuleError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CHARACTERS
from ..experience import ExperienceSource, award
from ..inventory import encumbrance
from ..view import CampaignView
from .act import Act
from .registry import COMMANDS

__all__ = [
    "PLACES_KEY",
    "EnterIntent",
    "enter_command",
    "enter_place",
    "gain",
    "left_home",
    "treasure_home",
]

PLACES_KEY = ("experience", "places")
"""Where the campaign keeps the places already entered for experience (a sorted list
of folded names)."""


def gain(
    act: Act, names: Iterable[str], source: ExperienceSource, note: str, why: str
) -> list[str]:
    """Award one experience to each living character of ``names`` and say so in one
    line that begins with ``why``; the names awarded (redhack: Experience & Gaining
    Levels; the dead gain none: docs/rulings.md H181)."""
    when = act.party().clock
    shown: list[str] = []
    awarded: list[str] = []
    for name in names:
        character = act.character(name)
        if character.dead:
            continue
        act.update(award(character, source, note, when))
        shown.append(f"{character.name} {character.xp} -> {character.xp + 1}")
        awarded.append(character.name)
    if shown:
        act.say(
            f"{why}: one experience{' each' if len(shown) > 1 else ''} "
            f"({', '.join(shown)}; redhack: Experience & "
            "Gaining Levels)",
            "success",
        )
    return awarded


def enter_place(act: Act, place: str, indent: str = "") -> bool:
    """Everyone gains an experience for ``place`` the first time the party enters it
    (redhack: Experience & Gaining Levels, "New dungeon, level or major map entered";
    once per place name, case-insensitively: docs/rulings.md H182); whether it was
    new."""
    key = " ".join(place.split()).casefold()
    entered: list[str] = act.entity(*PLACES_KEY, list, [])
    if not key or key in entered:
        return False
    act.set_entity(*PLACES_KEY, sorted({*entered, key}))
    names = [c.name for c in act.session.characters()]
    gain(act, names, "place", place, f"{indent}New place entered ({place})")
    return True


def treasure_home(act: Act, names: Iterable[str], indent: str = "") -> list[str]:
    """Everyone who begins downtime encumbered (or more) comes home laden with
    treasure and gains an experience (redhack: Experience & Gaining Levels, "Each time
    you return home Encumbered due to valuable treasure"; RULINGS R29;
    docs/rulings.md H184): once a return, not once a downtime rest in the same stay
    (H291)."""
    home: list[str] = act.entity(*HOME_KEY, list, [])
    laden = [
        n
        for n in names
        if encumbrance(act.character(n)) != "unencumbered" and n.casefold() not in home
    ]
    awarded = gain(act, laden, "treasure", "came home encumbered", f"{indent}Home encumbered")
    if awarded:
        act.set_entity(*HOME_KEY, sorted({*home, *(n.casefold() for n in awarded)}))
    return awarded


HOME_KEY = ("experience", "home")
"""Who has gained the experience for coming home laden since the party last came home
(folded names; docs/rulings.md H291)."""


def left_home(act: Act) -> None:
    """The party has moved elsewhere: the next downtime is a return home again
    (docs/rulings.md H291)."""
    if act.entity(*HOME_KEY, list, []):
        act.set_entity(*HOME_KEY, [])


def _places(session: CampaignView, words: list[str]) -> Iterable[str]:
    return session.state.keys("encounter-table") if not words else ()


@dataclass(frozen=True, slots=True)
class EnterIntent(Intent):
    """The GM's word that the party has entered a new dungeon, level or major map
    (redhack: Experience & Gaining Levels; docs/rulings.md H182).

    Attributes:
        place: its name, as given (``"shrine level 2"``).
    """

    place: str

    def access(self) -> Access:
        """The GM's: experience is awarded, not taken (docs/rulings.md H106)."""
        return Access.gm(CHARACTERS, "award experience")


def _read_enter(args: Args) -> EnterIntent:
    place = " ".join(args.rest()).strip()
    if not place:
        raise args.error("missing PLACE")
    return EnterIntent(place)


@COMMANDS.typed(
    "enter",
    "enter PLACE",
    "the party enters a new dungeon, level or major map: one experience each",
    EnterIntent,
    _read_enter,
    details="""
Each new dungeon, level or major map entered gives every living character one
experience (redhack: Experience & Gaining Levels), once per place name: "enter shrine
level 2", "enter shrine" on first reaching the Sunken Shrine.
""",
    complete=_places,
)
def enter_command(ctx: Context, intent: EnterIntent) -> Reply:
    """Award the experience of a new place."""
    act = Act(ctx)
    act.no_fight("exploring")
    if not enter_place(act, intent.place):
        raise RuleError(
            f"the party has entered {intent.place!r} before: one experience per place "
            "(docs/rulings.md H182)"
        )
    return act.commit("enter")
