"""The black-sword-hack character sheet, as lines of text.

Sources: RULINGS B2 (the Doom die), B4 (attributes, origin, backgrounds, HP), B5
(armour), B7 (stories and levels).
"""

from __future__ import annotations

from . import armour
from .character import Character
from .content.index import Content

__all__ = ["character_sheet"]


def character_sheet(content: Content, character: Character) -> tuple[str, ...]:
    """The sheet: origin and level, attributes, HP, Doom die, armour, stories,
    backgrounds and gifts, inventory."""
    lines = [
        f"{character.name}, {character.origin.title()}, level {character.level}",
        "  " + "  ".join(f"{a} {s}" for a, s in character.scores),
        f"  HP {character.hp}/{character.max_hp}   Doom die {character.doom}"
        + (f" (of {character.doom_size})" if character.doom != character.doom_size else "")
        + ("   DOOMED" if character.doomed else "")
        + ("   HELPLESS" if character.helpless else ""),
        f"  Armour {armour.armour_rating(content, character)}   "
        f"Stories {character.stories}/{character.level}",
    ]
    backgrounds = [content.background(b).name for b in character.backgrounds]
    if backgrounds:
        lines.append(f"  Backgrounds: {', '.join(backgrounds)}")
    gifts = [content.gift(g).name for g in character.gifts]
    if gifts:
        lines.append(f"  Gifts: {', '.join(gifts)}")
    if character.conditions:
        lines.append(f"  Conditions: {', '.join(character.conditions)}")
    if character.inventory:
        lines.append("  Inventory: " + "; ".join(i.describe() for i in character.inventory))
    return tuple(lines)
