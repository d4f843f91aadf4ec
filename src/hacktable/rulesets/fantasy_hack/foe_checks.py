"""A foe of the current fight making a check: its stat modifier and skill rank from the
bestiary (a rank it does not list is its level, docs/rulings.md H320), or for the GM's
own foe its DEX score's modifier, 0 for STR and MND, and its level as every rank
(H393). The mugger sneaking up on Ottvar rolls DEX + Subterfuge (Part III "Combat").
"""

from __future__ import annotations

from ..ordered_fight import Foe, dex_modifier
from .checks import Terms
from .content.bestiary import Creature, load_bestiary

__all__ = ["creature_terms", "foe_terms"]


def creature_terms(creature: Creature, terms: Terms) -> list[tuple[str, int]]:
    """What a bestiary creature adds to the d20 for ``terms``: ``[("DEX", 3),
    ("Subterfuge", 4)]`` for the mugger's DEX+Subterfuge."""
    parts = [(terms.stat, creature.modifier(terms.stat))]
    if terms.skill:
        parts.append((terms.skill, creature.skill(terms.skill)))
    if terms.level:
        parts.append(("level", creature.level))
    return parts


def foe_terms(foe: Foe, terms: Terms) -> list[tuple[str, int]]:
    """What ``foe`` of the fight adds to the d20 for ``terms``."""
    if foe.ref:
        return creature_terms(load_bestiary().get(foe.ref), terms)
    stat = dex_modifier(foe.dex) if terms.stat == "DEX" else 0
    parts = [(terms.stat, stat)]
    if terms.skill:
        parts.append((terms.skill, foe.level))
    if terms.level:
        parts.append(("level", foe.level))
    return parts
