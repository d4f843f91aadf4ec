"""A shared ordered-initiative fight tracker for the roll-over rulesets (fantasy-hack
Part III "Combat", RULINGS F1, F3; skill-die S3, S5): a ruleset plugs in with
:func:`add_fight_commands` and a :class:`FightRules` of its own."""

from __future__ import annotations

from .attack import AttackIntent, attack_odds, damage_foe, may_act
from .commands import FIGHT_COMMANDS, add_fight_commands
from .offers import fight_offers
from .rules import Attack, FightRules, FoeStats, dex_modifier
from .state import FIGHT_KEY, Fight, Fighter, Foe, fight_in

__all__ = [
    "FIGHT_COMMANDS",
    "FIGHT_KEY",
    "Attack",
    "AttackIntent",
    "Fight",
    "FightRules",
    "Fighter",
    "Foe",
    "FoeStats",
    "add_fight_commands",
    "attack_odds",
    "damage_foe",
    "dex_modifier",
    "fight_in",
    "fight_offers",
    "may_act",
]
