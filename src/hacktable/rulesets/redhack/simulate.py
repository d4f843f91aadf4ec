"""The fight simulator where the command line, the benchmarks and the tests import it:
:mod:`.sim` (the model is in its docstring; ``docs/simulate.md``) re-exported, and
``--party`` read from a campaign file.

Reading a campaign file opens the store, which a ruleset's own modules do not: this
module does it for ``hacktable simulate`` (the command line's caller) and hands the
replayed state to :mod:`.sim.campaign`. It is the one place it happens; it belongs to the
command line, which may take it over (open the file, pass the state to
:func:`.sim.campaign.encounter_of`).
"""

from __future__ import annotations

from pathlib import Path

from ...errors import CommandError
from .bestiary import Bestiary
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
    from ...play.state import CampaignState

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
    "bestiary_from_campaign",
    "check_runs",
    "combatant",
    "describe_foes",
    "load_encounter",
    "load_party",
    "mean_interval",
    "parse_monsters",
    "party_from_campaign",
    "plot",
    "render_summary",
    "roster",
    "sample_characters",
    "sample_party",
    "simulate",
    "simulate_one",
    "simulate_scalar",
    "simulate_vector",
    "summary_to_json",
    "wilson",
]


def _campaign_state(path: Path) -> CampaignState:
    """A redhack campaign's state, replayed from its file opened read-only (the file
    is not locked, changed or created).

    Raises:
        CampaignError: the file does not exist or is not a campaign.
        CampaignLockedError: another process (or store) holds the file.
        CommandError: the campaign is not redhack's.
    """
    from ...play.state import CampaignState
    from ...store import CampaignStore

    with CampaignStore.open(path, create=False, readonly=True) as store:
        ruleset = store.ruleset
        events = store.events()
    if ruleset != "redhack":
        raise CommandError(
            f"{path} is a {ruleset} campaign; the simulator plays redhack", "simulate"
        )
    return CampaignState.replay(events)


def party_from_campaign(path: str | Path) -> tuple[Combatant, ...]:
    """The living characters of a campaign who can fight, opened read-only: every
    character not dead with more than 0 HP (one at 0 HP is out of the fight until
    healed or bandaged, RULINGS R11), in the order they were made
    (:func:`.sim.campaign.fighters_of`).

    Raises:
        CampaignError: the file does not exist or is not a campaign.
        CampaignLockedError: another process (or store) holds the file.
        CommandError: the campaign is not redhack's, or nobody in it can fight.
    """
    return fighters_of(_campaign_state(Path(path)), Path(path))


def bestiary_from_campaign(path: str | Path) -> Bestiary:
    """A campaign's bestiary, opened read-only: the packaged monsters and the
    campaign's own (``bestiary add``), one of whose id is already packaged replacing
    that monster (:func:`.sim.campaign.bestiary_of`; RULINGS R5).

    Raises:
        CampaignError: the file does not exist or is not a campaign.
        CampaignLockedError: another process (or store) holds the file.
        CommandError: the campaign is not redhack's.
        RulesDataError: the packaged bestiary or a stored monster is broken.
    """
    return bestiary_of(_campaign_state(Path(path)))


def load_party(text: str) -> tuple[Combatant, ...]:
    """``--party``: ``sample`` (:func:`sample_party`) or a campaign file
    (:func:`party_from_campaign`)."""
    if is_sample(text):
        return sample_party()
    return party_from_campaign(Path(text))


def load_encounter(party: str, monsters: str) -> Encounter:
    """``--party`` and ``--monsters`` together: with ``sample``, the sample party
    against monsters of the packaged bestiary; with a campaign file (read once,
    read-only), its party against monsters of its own bestiary
    (:func:`.sim.campaign.encounter_of`: the packaged one and the campaign's monsters).

    Raises:
        CampaignError, CampaignLockedError, CommandError: as
            :func:`party_from_campaign`, checked before the monsters.
        UnknownNameError, CommandError: as :func:`parse_monsters`.
        RulesDataError: the packaged bestiary or a stored monster is broken.
    """
    if is_sample(party):
        return sample_encounter(monsters)
    path = Path(party)
    return encounter_of(_campaign_state(path), path, monsters)
