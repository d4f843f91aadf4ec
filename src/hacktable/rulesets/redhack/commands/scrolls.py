"""Scrolls and copying (RULINGS R34; docs/rulings.md H172, H173): a scroll is an
inventory item named "Scroll of SPELL" (``give Mirela "scroll of sleep"``); ``cast NAME
SPELL from scroll`` by a Wizard or Bard uses it up with no slot and no table; ``copy
NAME SPELL [from book]`` writes a spell into a wizard's book as a downtime action."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ....errors import RuleError
from ....play.character import fold
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ..character import Character
from ..content.spells import Spell
from ..downtime import spend_downtime_action
from ..magic.ritual import check_ritual_copy
from ..techniques import is_ritual_caster
from ..view import CampaignView
from .act import Act
from .common import character_names
from .registry import COMMANDS
from .spells import spell_names, spells_for

__all__ = ["CopyIntent", "cast_from_scroll", "scroll_index"]

SCROLL_CASTERS = ("wizard", "bard")
"""Who casts from scrolls (redhack: Bard, "cast spells from scrolls like a wizard")."""


def scroll_index(character: Character, spell: Spell) -> int | None:
    """The first scroll of ``spell`` the character carries (H173: an item named
    "Scroll of <spell name>" or "Scroll of <spell id>")."""
    names = {fold(f"scroll of {spell.name}"), fold(f"scroll of {spell.id}")}
    for index, item in enumerate(character.inventory):
        if fold(item.name) in names:
            return index
    return None


def cast_from_scroll(act: Act, name: str, spell: Spell) -> Spell:
    """Cast ``spell`` from a scroll carried: no slot, no casting table; the scroll is
    used up (R34).

    Raises:
        RuleError: not a Wizard or Bard, or no such scroll.
    """
    character = act.character(name)
    if character.class_id not in SCROLL_CASTERS:
        raise RuleError(
            f"only Wizards and Bards cast from scrolls (RULINGS R34), not a {character.class_id}"
        )
    index = scroll_index(character, spell)
    if index is None:
        raise RuleError(f"{character.name} carries no scroll of {spell.name}")
    act.update(character.remove_item(index))
    act.say(
        f"{character.name} reads a scroll of {spell.name}: no slot, no casting roll; "
        "the scroll crumbles (RULINGS R34)"
    )
    return spell


@dataclass(frozen=True, slots=True)
class CopyIntent(Intent):
    """Copy a spell into a wizard's book from a scroll carried or another book, as a
    downtime action (R34; H172).

    Attributes:
        name: the wizard, as given.
        spell: the spell, as given.
        book: ``from book``: from another book (the GM's word that there is one).
    """

    name: str
    spell: str
    book: bool = False

    def access(self) -> Access:
        """The wizard's player, or the GM (docs/rulings.md H106)."""
        return Access.play(self.name, what="copy")


def _read_copy(args: Args) -> CopyIntent:
    name = args.word("NAME")
    spell = args.word("SPELL")
    book = False
    if args.optional() is not None:
        book = args.word("scroll or book").lower() == "book"
    args.done()
    return CopyIntent(name, spell, book)


def _complete(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return character_names(session)
    if len(words) == 1:
        return spell_names(session, "arcane")
    return ("from",) if len(words) == 2 else ("scroll", "book")


@COMMANDS.typed(
    "copy",
    "copy NAME SPELL [from scroll|book]",
    "copy a spell into a wizard's (or a Ritual Caster's) book (a downtime action)",
    CopyIntent,
    _read_copy,
    details="""
A wizard copies a spell into their book as a downtime action (RULINGS R34): each
"rest downtime" gives one (H172), spent here. From a scroll carried ("copy Mirela web";
the scroll is kept) or "from book" (another wizard's book or a found one). Inspiration
spells cannot be copied: the wizard does not understand them (R26). A Ritual Caster of
another class keeps a book of rituals the same way: spells or prayers of level 1-2 (H246).
Example: Mirela carries a Scroll of Web and takes a downtime rest:
  rest downtime
  copy Mirela web
  -> Web is written into Mirela's book (the downtime action is spent; the scroll kept)
""",
    complete=_complete,
)
def copy_command(ctx: Context, intent: CopyIntent) -> Reply:
    """Copy a spell into the book."""
    act = Act(ctx)
    character = act.character(intent.name)
    ritualist = character.class_id != "wizard" and is_ritual_caster(character)
    if character.class_id != "wizard" and not ritualist:
        raise RuleError(
            "only a wizard (or a Ritual Caster, H246) keeps a book to copy into (RULINGS "
            f"R34), not a {character.class_id}"
        )
    spell = spells_for(act.session).get(intent.spell)
    if ritualist:
        check_ritual_copy(character, spell)
    elif spell.kind != "arcane" or spell.cantrip:
        raise RuleError(f"{spell.name} is not an arcane spell a book can hold")
    if spell.id in character.magic.book:
        raise RuleError(f"{spell.name} is already in {character.name}'s book")
    if not intent.book and scroll_index(character, spell) is None:
        inspired = any(s.spell == spell.id and s.inspired for s in character.magic.slots)
        if inspired:
            raise RuleError(
                f"{spell.name} came by Inspiration: it cannot be written down (RULINGS R26, R34)"
            )
        raise RuleError(
            f"{character.name} carries no scroll of {spell.name} ('from book' for a book)"
        )
    spent = spend_downtime_action(character, "copying a spell")
    updated = replace(spent, magic=replace(character.magic, book=(*character.magic.book, spell.id)))
    act.update(updated)
    source = "another book" if intent.book else "a scroll"
    act.say(
        f"{character.name} copies {spell.name} from {source} into their book (a downtime action)"
    )
    return act.commit("copy", character.name)
