"""A foe of the current fight making a check: its stat modifier and skill rank from the
bestiary (a rank it does not list is its level, docs/rulings.md H320), or for the GM's
own foe its DEX score's modifier, 0 for STR and MND, and its level as every rank
(H393). The mugger sneaking up on Ottvar rolls DEX + Subterfuge (Part III "Combat").
"""

from __future__ import annotations

from ..ordered_fight import Foe, dex_modifier
from .checks import Terms
from .content.bestiary import Creature, load_bestiary

__all__ = ["creature_terms", "foe_modifier", "foe_rank", "foe_terms"]


def foe_modifier(foe: Foe, stat: str) -> int:
    """``foe``'s STR, DEX or MND modifier: the bestiary's, or for the GM's own foe its DEX
    score's modifier and 0 for STR and MND (H393)."""
    if foe.ref:
        return load_bestiary().get(foe.ref).modifier(stat)
    return dex_modifier(foe.dex) if stat.upper() == "DEX" else 0


def foe_rank(foe: Foe, skill: str) -> int:
    """``foe``'s rank in ``skill``: the bestiary's (its level where it lists none, H320),
    or for the GM's own foe its level (H393)."""
    if foe.ref:
        return load_bestiary().get(foe.ref).skill(skill)
    return foe.level


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
    parts = [(terms.stat, foe_modifier(foe, terms.stat))]
    if terms.skill:
        parts.append((terms.skill, foe_rank(foe, terms.skill)))
    if terms.level:
        parts.append(("level", foe.level))
    return parts
