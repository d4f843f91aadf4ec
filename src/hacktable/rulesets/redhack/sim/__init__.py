"""Monte Carlo fights: play one redhack encounter many times and report the odds.

``hacktable simulate`` (and this package's API) plays a party against a set of
monsters ``runs`` times with a fixed, simple tactic, and reports the party's win rate
and the expected number of PCs out, dead and injured, and of rounds, each with a 95%
interval. Two engines implement exactly the same model:

* the **scalar** engine (:func:`simulate_one`, :func:`simulate_scalar`, in
  :mod:`.scalar`) plays one fight at a time with hacktable's own rules functions
  (:func:`..core_rules.resolve`, :func:`..combat.roll_damage`, :func:`..morale.morale_due`
  and :func:`..morale.morale_check`, :func:`hacktable.dice.roll`); it is the reference;
* the **vector** engine (:func:`simulate_vector`, in :mod:`.vector`) plays all
  the fights at once with NumPy arrays, round by round; it is tens of times faster
  and must agree with the scalar engine within statistical tolerance (the tests check).

The model (``docs/simulate.md`` says the same at more length):

* **Set-up.** Everyone starts Close (melee); nobody is surprised (RULINGS R13's surprise
  is not modelled). PCs start at their current HP; each foe rolls its HP
  (``Monster.hp_dice()``, at least 1) for every fight (RULINGS R5).
* **Rounds** (redhack: Combat > Initiative & Surprise; RULINGS R13). Every standing PC
  makes a DEX test (difficulty 1): successes act before the monsters, failures after.
  So a round is: initiative, the PCs who won it (in party order), the monsters (in
  order), the other PCs still standing (in party order).
* **PC action: the default tactic.** Attack the standing foe with the fewest HP (ties:
  the lowest index) - broken foes included, as they are still in reach. A melee attack
  is a STR test against the foe's AC; a broken foe defends with HD + AC (redhack:
  Combat > Attacking & Defending, Morale; RULINGS R6, R12). A natural 20 rolls the
  damage twice and adds (R6). Damage is the character's melee weapon die
  (``Redhack.weapon_profile``: its first melee weapon, else the class's unarmed die).
  A Warrior has cleave dice equal to their level (redhack: Warrior > Cleave; RULINGS
  R14): each is a cleave attack, with its own STR test and 1d6 damage, on the
  next-weakest standing foes in turn (one die per foe); a die left over when fewer foes
  stand (with one foe, the level-1 Warrior's die) adds 1d6 to the primary attack's
  damage instead (rolled with it, so a critical doubles it too). No backstab, spells,
  tricks, parries, ranged weapons, movement or retreat: that is the default tactic.
* **Monster action.** Each standing, unbroken foe makes each of its attacks (``count``
  times each; a monster with no listed attack makes one with damage by HD, R5) against
  a uniformly random standing PC. The attack is the PC's defence: a test of the PC's
  AC (``Redhack.armour_class``) against the foe's HD as difficulty (R6; ``resolve``
  treats difficulty 0 as 1, since a natural 1 always fails). A failed defence takes
  the attack's damage (``Monster.damage``); a natural 1 is the monster's critical:
  damage rolled twice and added (R6).
* **Morale** (redhack: Combat > Morale; RULINGS R12). Foes are in morale groups
  (``--monsters "6 goblin; 4 orc"``: ``;`` separates groups). Each group tests once,
  after the PC action that first takes out half of it (``out * 2 >= size``) or, for a
  group of one, brings it to half its HP or less. With a morale score (the group's
  highest), 2d6 on or under it holds; without one, the acting PC (who made the kill or
  the hit) makes a CHA test, difficulty 1, and a success breaks them. The trigger and
  the break are the console fight's own (:mod:`..morale`): both engines take them
  from there. Broken foes stop
  attacking (they try to flee) and defend with HD + AC. A group none of whose members
  stands does not test (the test could change nothing).
* **The end.** The party wins when no unbroken foe stands; it loses when no PC stands.
  After 50 rounds the fight is a draw, which counts as not a win. ``rounds`` is the
  round in which the fight ended.
* **Aftermath** (redhack: Combat > Damage & Injuries; RULINGS R11). After a won fight
  each PC at 0 HP is bandaged and rolls 1d6 on the injuries table: 6 Doomed counts as
  dead (the simulator's setting for the campaign setting ``doomed``: it plays
  ``dead``), 2-5 is a lasting injury, 1 nothing. After a lost fight every PC is out,
  nobody rolls and those PCs are counted as "captured or killed" (what happens to them
  is the GM's); so ``dead`` counts only deaths after won fights. After a draw the PCs
  at 0 HP count as out and nobody rolls.

Conditions (a wound's disadvantage, for instance), usage dice and ammunition are not
modelled: every test is a plain d20 test without advantage.

Randomness (RULINGS G1): the scalar engine plays fight ``i`` with
``random.Random(f"{seed}:{i}")`` (:func:`hacktable.dice.derive`); the vector engine
draws everything from one ``numpy.random.default_rng(seed)``. Neither touches the
global ``random`` or ``numpy.random`` functions. The two engines' streams differ, so
their figures agree statistically, not digit for digit.

Sources: redhack: Combat (Attacking & Defending, Initiative & Surprise, Damage &
Injuries, Morale), Warrior > Cleave, Character Creation > 4. Starting Equipment;
RULINGS R5, R6, R11, R12, R13, R14.

The package's modules follow its seams: :mod:`.model` (the encounter, the bounds, a
fight's outcome), :mod:`.notation` (``--monsters``), :mod:`.campaign` (the sample party,
a campaign's fighters and bestiary from its state), :mod:`.scalar` and :mod:`.vector`
(the engines; :mod:`.engines` chooses), :mod:`.stats` (totals and intervals) and
:mod:`.output` (text, JSON, plot). Opening a campaign file is not here (a ruleset does
not read the store): :mod:`hacktable.cli.simulate` does it for the command
line.
"""

from __future__ import annotations

from .campaign import (
    SAMPLE_PARTY,
    bestiary_of,
    combatant,
    encounter_of,
    fighters_of,
    is_sample,
    sample_characters,
    sample_encounter,
    sample_party,
    text_encounter,
)
from .engines import ENGINES, simulate, simulate_vector
from .model import (
    MAX_FOES,
    MAX_ROUNDS,
    MAX_RUNS,
    Combatant,
    Encounter,
    FightOutcome,
    FoeInfo,
    FoeSpec,
    Progress,
    Roster,
    check_runs,
    roster,
)
from .notation import describe_foes, parse_monsters
from .output import plot, render_summary, summary_to_json
from .scalar import simulate_one, simulate_scalar
from .stats import Estimate, Summary, Tally, mean_interval, wilson

__all__ = [
    "ENGINES",
    "MAX_FOES",
    "MAX_ROUNDS",
    "MAX_RUNS",
    "SAMPLE_PARTY",
    "Combatant",
    "Encounter",
    "Estimate",
    "FightOutcome",
    "FoeInfo",
    "FoeSpec",
    "Progress",
    "Roster",
    "Summary",
    "Tally",
    "bestiary_of",
    "check_runs",
    "combatant",
    "describe_foes",
    "encounter_of",
    "fighters_of",
    "is_sample",
    "mean_interval",
    "parse_monsters",
    "plot",
    "render_summary",
    "roster",
    "sample_characters",
    "sample_encounter",
    "sample_party",
    "simulate",
    "simulate_one",
    "simulate_scalar",
    "simulate_vector",
    "summary_to_json",
    "text_encounter",
    "wilson",
]
