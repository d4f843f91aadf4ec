"""A player's armour class and the defence test it makes.

Sources: redhack: Combat > AC & Armour; Equipment > Armour; RULINGS R7, R11.
"""

from __future__ import annotations

from ...errors import UnknownNameError
from ...rules.resolution import TestRequest
from ..base import TestOptions
from .character import Character
from .content.equipment import Armour, ArmourPiece
from .content.index import Content
from .sources import character_test

__all__ = ["armour_category", "armour_class", "defence_base"]


def armour_class(content: Content, character: Character) -> int:
    """Player AC (RULINGS R7): DEX without armour; padded/leather/studded DEX+1/+2/+3;
    chain and banded half DEX + 9/10; plate 16, field plate 17, full plate 18; a worn
    shield and helm +1 each."""
    dex = character.score("DEX")
    ac = dex
    bonus = 0
    for item in character.inventory:
        if not item.equipped or item.ref is None:
            continue
        try:
            entry = content.equipment(item.ref)
        except UnknownNameError:
            continue
        if isinstance(entry, Armour):
            ac = entry.player_ac(dex)
        elif isinstance(entry, ArmourPiece):
            bonus += entry.ac_bonus
    return ac + bonus


def armour_category(content: Content, character: Character) -> str:
    """``none``, ``light``, ``medium`` or ``heavy``: the worn armour's (R7)."""
    for item in character.inventory:
        if item.equipped and item.kind == "armour" and item.ref is not None:
            try:
                return content.armour(item.ref).category
            except UnknownNameError:
                continue
    return "none"


def defence_base(content: Content, character: Character, tags: tuple[str, ...] = ()) -> TestRequest:
    """The sources every defence of ``character`` carries. An AC test counts as a DEX
    test in no, light or medium armour (redhack: Combat > AC & Armour), so what
    hinders DEX tests (a wound, RULINGS R11) hinders it; heavy armour does not.

    Raises:
        RuleError: the character is dead (and not in heavy armour).
    """
    if armour_category(content, character) == "heavy":
        return TestRequest("AC", armour_class(content, character), who=character.name)
    dex = character_test(content, character, "DEX", TestOptions(tags=tags))
    return dex.replace(attribute="AC", score=armour_class(content, character))
