"""Monte Carlo fights: play one black-sword-hack fight many times and report the odds.

``hacktable simulate --ruleset black-sword-hack`` (and this package's API) plays a
party against opponents from the bestiary ``runs`` times with a fixed, simple tactic,
and reports the party's win rate, the PCs left Helpless, killed and Doomed, and the
turns, each with a 95% interval (docs/simulate.md). One engine, the scalar one
(:mod:`.scalar`), plays a fight at a time with the ruleset's own pure rules.

The model:

The default tactic is docs/rulings.md H154, the party notation H155.

* **Set-up.** Everyone starts Close. PCs start at their current HP with their Doom die
  as it stands; opponents at their fixed HP (RULINGS B6).
* **Initiative** (2.1.1; RULINGS B3): one WIS test per PC at the start. Those who
  succeed act before the opposition, the others after it, each group in seating order,
  every turn; a critical success gives three actions on the first turn, a critical
  failure one.
* **A PC's turn: the default tactic** (2.1.2, 2.1.3; RULINGS B1, B2, B4, B5). Ongoing
  damage first. Each action is a melee attack on the standing opponent with the fewest
  HP (ties: the first given): a STR test, the threat level (the opponent's level above
  the PC's) added to the d20; a hit deals the damage die (two-handed with advantage; a
  critical its maximum and another die) minus the opponent's armour. Every attack after
  the first in a turn repeats the action and rolls the Doom die first; a Doomed PC
  moves instead (the ``doomed-actions`` setting's default). No attack effects, no
  sorcery, no ranged attacks.
* **The opposition's turn** (2.1.4; RULINGS B5, B6): each opponent standing and not
  broken takes its first action against a random PC still standing, who defends with
  the better of a parry (STR; only holding something, a shield giving advantage; never
  against missiles unless the ``shield-missiles`` setting allows it with a shield) and
  a dodge (DEX), as the action allows; a parry on a tie. A failed defence takes the
  action's damage minus the PC's armour (a critical failure ignores armour and breaks
  a shield used to parry); an action's ongoing damage die is then rolled at the start
  of each of the PC's turns, armour aside, until it runs out (2.1.11).
* **Doom rolls** (RULINGS B2): for each repeated attack and after every critical
  failure (initiative, attack, defence); an exhausted die makes the PC Doomed:
  disadvantage on every test after.
* **Morale** (RULINGS B6): a group of two or more opponents that has lost half its
  number rolls a d12 once; above its morale (the opponents' own, else the ``morale``
  setting, 7) it breaks and flees. The leader is not modelled.
* **The end.** At 0 HP a PC is Helpless (2.1.12). The party wins when no opponent
  stands who has not broken; it loses when every PC is Helpless; after 50 turns it is
  a draw (not a win). After a won fight each Helpless PC rolls the Helpless d6: a 6
  kills (2.1.13).

Randomness (RULINGS G1): fight ``i`` draws from ``random.Random(f"{seed}:{i}")``.

What the command line asks of a simulator (:mod:`hacktable.cli.simulate`): ``ENGINES``,
``check_runs``, ``text_encounter``, ``encounter_of``, ``simulate``,
``render_summary``, ``summary_to_json`` and ``plot``.
"""

from __future__ import annotations

from ....errors import CommandError
from .campaign import encounter_of, fighters_of, text_encounter
from .model import (
    MAX_FOES,
    MAX_PARTY,
    MAX_RUNS,
    MAX_TURNS,
    Encounter,
    Fighter,
    FightOutcome,
    FoeSpec,
    Progress,
    check_runs,
    fighter_of,
)
from .notation import ARCHETYPES, SAMPLE, describe_foes, parse_opponents, parse_party
from .output import plot, render_summary, summary_to_json
from .scalar import simulate_one, simulate_scalar
from .stats import Summary, Tally

__all__ = [
    "ARCHETYPES",
    "ENGINES",
    "MAX_FOES",
    "MAX_PARTY",
    "MAX_RUNS",
    "MAX_TURNS",
    "SAMPLE",
    "Encounter",
    "FightOutcome",
    "Fighter",
    "FoeSpec",
    "Progress",
    "Summary",
    "Tally",
    "check_runs",
    "describe_foes",
    "encounter_of",
    "fighter_of",
    "fighters_of",
    "parse_opponents",
    "parse_party",
    "plot",
    "render_summary",
    "simulate",
    "simulate_one",
    "simulate_scalar",
    "summary_to_json",
    "text_encounter",
]

ENGINES = ("scalar",)
"""The engines, the default first: the scalar one alone."""


def simulate(
    encounter: Encounter,
    runs: int,
    seed: int,
    engine: str = "scalar",
    progress: Progress | None = None,
) -> Summary:
    """Run ``engine`` (only ``"scalar"``).

    Raises:
        CommandError: an unknown engine, ``runs`` out of range, no PCs or no opponents.
    """
    if engine != "scalar":
        raise CommandError(f"--engine must be scalar, not {engine!r}", "simulate")
    return simulate_scalar(encounter, runs, seed, progress)
