"""redhack's fight simulator in one place (``Redhack.simulator_module``): :mod:`.sim`
(the model is in its docstring; ``docs/simulate.md``) re-exported. Reading ``--party``
from a campaign file is the command line's (:mod:`hacktable.cli.simulate`): a ruleset
never opens the store.
"""

from __future__ import annotations

from .sim import (
    ENGINES,
    MAX_FOES,
    MAX_ROUNDS,
    MAX_RUNS,
    SAMPLE_PARTY,
    Combatant,
    Encounter,
    Estimate,
    FightOutcome,
    FoeInfo,
    FoeSpec,
    Progress,
    Roster,
    Summary,
    Tally,
    bestiary_of,
    check_runs,
    combatant,
    describe_foes,
    encounter_of,
    fighters_of,
    is_sample,
    mean_interval,
    parse_monsters,
    plot,
    render_summary,
    roster,
    sample_characters,
    sample_encounter,
    sample_party,
    simulate,
    simulate_one,
    simulate_scalar,
    simulate_vector,
    summary_to_json,
    wilson,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    pass

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
    "wilson",
]
