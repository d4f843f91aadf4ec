"""What the fight commands offer a tool or a test now (:data:`..legal.OFFERS`): intents
that name what exists and succeed or fail only for a rule's reason, never for a typo
(black-sword-hack 2.1; RULINGS B3, B5, B6, B8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....play.codec import from_json
from ...grammar import Intent, Words
from ..attacks import EFFECTS
from ..character import Character
from ..legal import OFFERS
from ..opponents import OPPONENT_KIND
from .staging import current_fight

if TYPE_CHECKING:
    from ...context import CampaignView
    from ..ruleset import BlackSwordHack

__all__ = ["fight_offer"]

MAX_FOES = 10
"""Opponents are offered to a fight until this many are fighting."""

TARGETS = 3
"""Attacks and defences are offered against the first few opponents still fighting."""

CUSTOM = ("Bog Thing", "level", "2", "hp", "6", "armour", "1", "action", "claws:STR/DEX:3")
"""A custom opponent offered to a fight (RULINGS B6)."""

OWN = ("Marsh Hag", "level", "4", "hp", "12", "morale", "9", "action", "claws:STR/DEX:4")
"""An opponent offered to the campaign's bestiary (``bestiary add``), and then to its
fights."""


def fight_offer(ruleset: BlackSwordHack, view: CampaignView[Character], role: str) -> list[Intent]:
    """The fight as it stands allows: ``fight start`` with none going on; in one,
    ``fight add`` (bestiary, a leader, custom stats), ``init`` once, then ``attack``
    (with and without each effect), ``move`` and ``act`` by whoever's go it is,
    ``defend`` (parry and dodge) against the first opponents' actions on the
    opposition's go, ``ongoing``, ``next`` and ``fight end``; ``helpless`` for anyone
    at 0 HP; the bestiary, and an opponent of the campaign's own added or removed."""
    del ruleset
    if role == "observer":
        return []
    state = view.state
    characters = [from_json(Character, data) for data in state.values("character")]
    by_key = {c.key: c for c in characters if not c.dead}
    intents: list[Intent] = [Words("bestiary"), Words("bestiary", ("city-guard",))]
    own = state.get(OPPONENT_KIND, "marsh-hag") is not None
    intents.append(Words("bestiary", ("remove", "marsh-hag") if own else ("add", *OWN)))
    intents += [Words("helpless", (c.name,)) for c in by_key.values() if c.helpless]
    fight = current_fight(view)
    if fight is None:
        if any(not c.helpless for c in by_key.values()):
            intents.append(Words("fight", ("start",)))
        return intents
    intents.append(Words("fight", ("status",)))
    fighting = fight.fighting_foes()
    if len(fighting) < MAX_FOES:
        intents.append(Words("fight", ("add", "city-guard")))
        intents.append(Words("fight", ("add", "cultist", "x3")))
        intents.append(Words("fight", ("add", "sorcerer", "leader")))
        intents.append(Words("fight", ("add", *CUSTOM)))
        if own:
            intents.append(Words("fight", ("add", "marsh-hag")))
    targets = fighting[:TARGETS]
    if not fight.started and fighting:
        intents.append(Words("init"))
    if fight.started:
        intents.append(Words("next"))
        able = {
            f.key: f.name for f in fight.fighters if f.key in by_key and not by_key[f.key].helpless
        }
        current = fight.current
        if current in able and targets:
            name = able[current]
            intents += [Words("attack", (name, foe.key)) for foe in targets]
            intents += [Words("attack", (name, targets[0].key, "effect", e)) for e in EFFECTS]
            intents.append(Words("move", (name,)))
            intents.append(Words("act", (name, "search")))
        if fight.opposition_go:
            for name in able.values():
                for foe in targets:
                    for action in foe.actions[:2]:
                        for how in ("parry", "dodge"):
                            words = (name, how, "against", foe.key, action.name)
                            intents.append(Words("defend", words))
        if targets:
            intents.append(Words("ongoing", (targets[0].key, "ud4", "burning oil")))
    intents.append(Words("fight", ("end",)))
    return intents


OFFERS.append(fight_offer)
