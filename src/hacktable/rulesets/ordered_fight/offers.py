"""What the ordered fight offers a tool or the conformance suite's random playthroughs
now: intents that name what exists and succeed or fail only for a rule's reason, never
for a typo (fantasy-hack Part III "Combat"; RULINGS F3, S5). A ruleset's
``legal_intents`` adds :func:`fight_offers` to its own."""

from __future__ import annotations

from typing import Any

from ..context import CampaignView
from ..grammar import Intent
from .attack import AttackIntent
from .bestiary import BestiaryIntent
from .rules import FightRules
from .setup import FightAddIntent, FightEndIntent, FightStartIntent, FightStatusIntent
from .state import fight_in
from .turns import InitIntent, NextIntent

__all__ = ["fight_offers"]

MAX_FOES = 8
"""Foes are offered to a fight until it has this many."""

CUSTOM = FightAddIntent(name="Bog Thing", level=2, hp=9, ac=12, to_hit=2, damage="1d6", dex=11)
"""A foe of the GM's own, offered to every fight."""


def fight_offers(view: CampaignView[Any], role: str, rules: FightRules) -> list[Intent]:
    """With no fight: ``fight start`` (and with surprise either way), ``bestiary``. In
    one: ``fight``,
    ``fight add`` (the bestiary's first foe, the GM's own) before ``init``; ``init``
    once; then ``attack`` by whoever's turn it is on each other living combatant,
    ``next``; the surprise round's free attacks; ``fight end``."""
    if role == "observer":
        return []
    fight = fight_in(view.state)
    if fight is None:
        return [FightStartIntent(), FightStartIntent(surprise_by="foes"), BestiaryIntent()]
    intents: list[Intent] = [FightStatusIntent()]
    living = [f.key for f in fight.foes if not f.dead]
    living += [f.name for f in fight.fighters if not view.character(f.name).dead]
    if not fight.started:
        if len(fight.foes) < MAX_FOES:
            ids = rules.bestiary_ids()
            if ids:
                intents.append(FightAddIntent(name=ids[0]))
            intents.append(CUSTOM)
        if fight.foes:
            intents.append(InitIntent())
    attackers = [fight.current] if fight.current is not None else []
    if fight.surprise_round:
        side = fight.fighters if fight.surprise_by == "party" else fight.foes
        attackers = [f.key for f in side if f.key not in fight.acted]
    for key in attackers:
        if key is None:
            continue
        name = fight.name_of(key)
        targets = [t for t in living if t not in (key, name)]
        intents += [AttackIntent(name, target) for target in targets[:3]]
    if fight.started:
        intents.append(NextIntent())
    intents.append(FightEndIntent())
    return intents
