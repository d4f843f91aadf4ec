"""The black-sword-hack character sheet, as lines of text.

Sources: RULINGS B2 (the Doom die), B4 (attributes, origin, backgrounds, HP), B5
(armour), B7 (stories and levels); docs/rulings.md H124 (sorcery and the spells known).
"""

from __future__ import annotations

from . import armour, effects
from .character import Character
from .content.index import Content
from .sorcery import casting_attribute, spells_known

__all__ = ["character_sheet"]


def character_sheet(content: Content, character: Character) -> tuple[str, ...]:
    """The sheet: origin and level, attributes, HP, Doom die, armour, stories,
    backgrounds (with the attribute each raised), gifts, sorcery and the spells known,
    inventory."""
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
    backgrounds = [content.background(b) for b in character.backgrounds]
    if backgrounds:
        shown = ", ".join(f"{b.name} (+1 {b.attribute})" for b in backgrounds)
        lines.append(f"  Backgrounds: {shown}")
    granted = {b.gift: b.name for b in backgrounds if b.gift is not None}
    gifts = []
    for gift_id in effects.gift_ids(content, character):
        name = content.gift(gift_id).name
        gifts.append(f"{name} (from {granted[gift_id]})" if gift_id in granted else name)
    if gifts:
        lines.append(f"  Gifts: {', '.join(gifts)}")
    if effects.sorcery_attribute(content, character) is not None:
        spells = ", ".join(
            f"{s.name} ({casting_attribute(content, character, s)})"
            for s in spells_known(content, character)
        )
        lines.append(f"  Sorcery (the Doom die its price): {spells or 'none'}")
    if character.conditions:
        lines.append(f"  Conditions: {', '.join(character.conditions)}")
    if character.inventory:
        lines.append("  Inventory: " + "; ".join(i.describe() for i in character.inventory))
    return tuple(lines)
