"""The shared ordered fight's commands, added to a ruleset's own command set by
:func:`add_fight_commands` (fantasy-hack Part III "Combat"; RULINGS F1, F3, S5).

A ruleset plugs in with one call in its command registry::

    from ..ordered_fight import add_fight_commands
    add_fight_commands(COMMANDS, MyFightRules())

and gets ``fight`` (start, add, status, end), ``init``, ``attack``, ``next`` and
``bestiary``, each
resolved with the ruleset's :class:`~.rules.FightRules`.
"""

from __future__ import annotations

from typing import Any

from ...play.outcome import Reply
from ...rules.checks import AdvantageRule
from ..context import CampaignView, Context
from ..grammar import CommandSet
from .attack import AttackIntent, read_attack, resolve_attack
from .bestiary import BestiaryIntent, read_bestiary, resolve_bestiary
from .rules import FightRules
from .setup import FightIntent, read_fight, resolve_fight
from .state import fight_in
from .turns import InitIntent, NextIntent, read_init, read_next, resolve_init, resolve_next

__all__ = ["FIGHT_COMMANDS", "add_fight_commands"]

FIGHT_COMMANDS = ("fight", "init", "attack", "next", "bestiary")
"""The commands :func:`add_fight_commands` adds."""


def _combatants(view: CampaignView[Any], words: list[str]) -> list[str]:
    """Completion: the combatants of the fight (characters' names, foes' keys)."""
    del words
    fight = fight_in(view.state)
    if fight is None:
        return list(view.names())
    return [f.name for f in fight.fighters] + [f.key for f in fight.foes]


def add_fight_commands(commands: CommandSet, rules: FightRules) -> None:
    """Add the ordered fight's commands to ``commands``, resolved with ``rules``.

    Raises:
        ValueError: ``commands`` already has a command of the same name.
    """

    ac = "ac" if rules.defence_name == "AC" else "defence"  # H492: the game's own word

    @commands.typed(
        "fight",
        "fight [status] | fight start [NAME...] [surprise by party|foes] | fight add NAME "
        f"[xN] [from ID] [level N] [hp N] [{ac} N] [hit +N] [damage EXPR] [dex N] | fight end",
        "run a fight in initiative order: start it, add foes, see where it stands, end it",
        FightIntent,
        read_fight,
        details=f"""
fight start: every living character takes part (or those named). 'surprise by foes'
(or 'by party'): that side attacks the unaware one in a free round before initiative
(each once; then 'init'). {rules.foe_example}; fight add Thug level 1 hp 6 {ac} 12 hit +2 damage
1d6 dex 12: the GM's own (stats given with a bestiary id replace its own). Then
'init', 'attack', 'next'; 'fight' shows the order with HP; 'fight end' ends it.
""",
        complete=_combatants,
    )
    def fight_command(ctx: Context, intent: FightIntent) -> Reply:
        return resolve_fight(ctx, intent, rules)

    @commands.typed(
        "init",
        "init [roll N,N,...]",
        "every combatant rolls initiative: d20 + DEX modifier, highest first, kept "
        f"({rules.initiative_source})",
        InitIntent,
        read_init,
        details="""
Each combatant rolls d20 + DEX modifier once; the highest acts first and the order is
kept for the fight. Ties go to the higher DEX, then a roll-off that never changes the
shown totals (RULINGS F3, S5). 'roll N,N,...' enters the d20s (RULINGS G5): one per
combatant in the order 'fight' lists them, then any roll-off dice.
""",
    )
    def init_command(ctx: Context, intent: InitIntent) -> Reply:
        return resolve_init(ctx, intent, rules)

    own = "".join(f" [{word}]" for word in sorted(rules.attack_words()))
    # fantasy-hack's to-hit has no advantage: its usage offers none (H479)
    adv = "" if rules.to_hit_rule.advantage is AdvantageRule.NONE else " [adv|dis]"

    @commands.typed(
        "attack",
        "attack ATTACKER TARGET [with WEAPON]"
        + own
        + " [+N|-N]"
        + adv
        + " [roll N[,N]] [damage roll N,...]",
        f"d20 + to-hit against the target's {rules.defence_name}: meet or beat it to hit, "
        "then damage",
        AttackIntent,
        lambda args: read_attack(args, rules.attack_words()),
        details=(
            """
The odds are shown first. A hit rolls the damage; a critical (a natural 20 that hits,
where the rules have one: F3) rolls the dice twice. """
            + rules.down_details
            + """ A player attacks on their own character's turn; the GM may call
a free attack out of turn. 'roll 13' enters the d20, 'damage roll 6' the damage dice
(RULINGS G5).
"""
            + rules.attack_details()
        ).replace("\n ", "\n"),
        complete=_combatants,
    )
    def attack_command(ctx: Context, intent: AttackIntent) -> Reply:
        return resolve_attack(ctx, intent, rules)

    @commands.typed(
        "next",
        "next",
        rules.next_summary,
        NextIntent,
        read_next,
    )
    def next_command(ctx: Context, intent: NextIntent) -> Reply:
        return resolve_next(ctx, intent, rules)

    @commands.typed(
        "bestiary",
        "bestiary [SEARCH]",
        "the foes 'fight add NAME from ID' can add: level, HP, defence, to-hit, damage, DEX",
        BestiaryIntent,
        read_bestiary,
        details="With SEARCH, the entries whose id or name holds it, each with its note.",
    )
    def bestiary_command(ctx: Context, intent: BestiaryIntent) -> Reply:
        return resolve_bestiary(ctx, intent, rules)
