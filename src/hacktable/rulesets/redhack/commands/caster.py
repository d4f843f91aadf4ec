"""What the magic commands share (redhack: Spellcasting; RULINGS R13, R25-R27;
docs/rulings.md H244): staging a caster's slots, the caster and their magic, the round's
action a cast or a prayer spends in a fight, spells' names and levels from the
campaign's list, and the words the magic commands complete."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ....errors import HacktableError, RuleError
from ..actors import incapacitated
from ..character import Character
from ..content.spells import SpellList
from ..magic.slots import CASTERS
from ..magic.state import Slot
from ..view import CampaignView
from .act import Act
from .common import character_names
from .spells import spell_names

__all__ = [
    "caster",
    "complete_magic",
    "set_slots",
    "spell_level",
    "spell_name",
    "spend_action",
]


def set_slots(act: Act, character: Character, slots: tuple[Slot, ...], **more: object) -> Character:
    """Stage the character with these slots (and other :class:`Magic` fields)."""
    updated = replace(character, magic=replace(character.magic, slots=slots, **more))  # type: ignore[arg-type]
    act.update(updated)
    return updated


def spend_action(act: Act, name: str) -> None:
    """In a fight, casting (or praying) is the character's action for the round: refused
    out of turn or once they have acted, as an attack is (``override``: the GM's), and
    marked as their action (redhack: Combat, "every player and NPC has an action" a
    round; RULINGS R13; docs/rulings.md H244). Out of a fight, or for a character who
    takes no part in it, nothing is checked.

    Raises:
        RuleError: out of turn or acted already (without ``override``), at 0 HP, or a
            condition leaves them no concerted action.
    """
    fight = act.fight
    character = act.character(name)
    if fight is None or not fight.has_fighter(character.name):
        return
    fighter = fight.fighter(character.name)
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    act.fight = fight.with_fighter(fighter.after_action())


def caster(act: Act, name: str) -> tuple[Character, str]:
    """The character and their magic (arcane or divine).

    Raises:
        RuleError: not a wizard or cleric, or dead.
    """
    character = act.character(name)
    if character.class_id not in CASTERS:
        raise RuleError(
            f"{character.name} is a {character.class_id}: only wizards and clerics cast "
            "from slots (redhack: Spellcasting)"
        )
    if character.dead:
        raise RuleError(f"{character.name} is dead")
    return character, CASTERS[character.class_id][0]


def complete_magic(session: CampaignView, words: list[str]) -> Iterable[str]:
    """Tab completion for ``memorise`` and ``cast``: names, spells, then the words."""
    if not words:
        return character_names(session)
    if len(words) == 1:
        return spell_names(session)
    return (
        *("with", "on", "in", "from", "inspiration", "components", "scroll"),
        *("ritual", "override"),
    )


def spell_name(spells: SpellList, spell_id: str) -> str:
    """A spell's name from the list (its id if it is not on it)."""
    try:
        return spells.get(spell_id).name
    except HacktableError:
        return spell_id


def spell_level(spells: SpellList, spell_id: str) -> int:
    """A spell's level (1 if it is not on the list)."""
    try:
        return max(1, spells.get(spell_id).level)
    except HacktableError:
        return 1
