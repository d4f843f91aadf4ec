"""``hacktable simulate``'s reading of ``--party``: a ruleset's own text (redhack's
sample party, black-sword-hack's party notation) or a campaign file, and the simulator
of the ruleset, found through the ruleset contract (``Ruleset.simulator_module``).

The command line opens the campaign file (read-only: it is not locked, changed or
created) and hands the replayed state to the ruleset's simulator: a ruleset never reads
the store.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

from .. import DEFAULT_RULESET
from ..errors import CommandError, UnknownNameError
from ..play.state import CampaignState

__all__ = [
    "bestiary_from_campaign",
    "campaign_state",
    "check_engine",
    "load_encounter",
    "load_party",
    "party_from_campaign",
    "simulated_encounter",
    "simulator_for",
]


def simulator_for(ruleset_id: str, path: Path | None = None) -> ModuleType:
    """The encounter simulator of the ruleset ``ruleset_id``.

    Raises:
        CommandError: the ruleset is unknown here or has no simulator.
    """
    import importlib

    from ..rulesets import get_ruleset

    where = f"{path} is a {ruleset_id} campaign" if path else f"ruleset {ruleset_id}"
    try:
        module = get_ruleset(ruleset_id).simulator_module
    except UnknownNameError:
        module = ""
    if not module:
        raise CommandError(
            f"{where}; hacktable has no fight simulator for it: play its fights in the "
            "console ('fight start'; docs/rulings.md H476)",
            "simulate",
        )
    return importlib.import_module(module)


def campaign_state(path: Path) -> tuple[str, CampaignState]:
    """A campaign's ruleset id and state, replayed from its file opened read-only.

    Raises:
        CampaignError: the file does not exist or is not a campaign.
        CampaignLockedError: another process (or store) holds the file.
    """
    from ..store import CampaignStore

    with CampaignStore.open(path, create=False, readonly=True) as store:
        ruleset = store.ruleset
        events = store.events()
    return ruleset, CampaignState.replay(events)


def _simulated(path: Path) -> tuple[ModuleType, CampaignState]:
    ruleset, state = campaign_state(path)
    return simulator_for(ruleset, path), state


def party_from_campaign(path: str | Path) -> Any:
    """The characters of a campaign who can fight (the simulator's ``fighters_of``).

    Raises:
        CampaignError: the file does not exist or is not a campaign.
        CampaignLockedError: another process (or store) holds the file.
        CommandError: the ruleset has no simulator, or nobody in it can fight.
    """
    sim, state = _simulated(Path(path))
    return sim.fighters_of(state, Path(path))


def bestiary_from_campaign(path: str | Path) -> Any:
    """A campaign's bestiary: the packaged monsters and the campaign's own (the
    simulator's ``bestiary_of``; RULINGS R5).

    Raises:
        CampaignError, CampaignLockedError, CommandError: as :func:`party_from_campaign`.
        RulesDataError: the packaged bestiary or a stored monster is broken.
    """
    sim, state = _simulated(Path(path))
    return sim.bestiary_of(state)


def load_party(text: str) -> Any:
    """``--party``: ``sample`` (the default ruleset's sample party) or a campaign file."""
    sim = simulator_for(DEFAULT_RULESET)
    if sim.is_sample(text):
        return sim.sample_party()
    return party_from_campaign(Path(text))


def load_encounter(party: str, monsters: str) -> Any:
    """``--party`` and ``--monsters`` together (see :func:`simulated_encounter`)."""
    return simulated_encounter(party, monsters)[1]


def simulated_encounter(
    party: str, monsters: str, ruleset: str | None = None
) -> tuple[ModuleType, Any]:
    """``--party`` and ``--monsters`` (or ``--opponents``) together, and the simulator
    that plays them.

    The simulator of ``ruleset`` (``--ruleset``; the default ruleset without it) reads
    ``party`` as its own text first (its ``text_encounter``: redhack's ``sample``,
    black-sword-hack's party notation) against its packaged monsters; a ``party`` it
    does not read as text (``None``) is a campaign file, read once, read-only, whose own
    ruleset's simulator plays its party against its own bestiary (``encounter_of``).

    What the command line asks of a simulator module (``Ruleset.simulator_module``):
    ``ENGINES`` (the engines' names, the default first), ``check_runs(runs)``,
    ``text_encounter(party, monsters)``, ``encounter_of(state, path, monsters)``,
    ``simulate(encounter, runs, seed, engine, progress)``, ``render_summary``,
    ``summary_to_json`` and ``plot``.

    Raises:
        CampaignError, CampaignLockedError, CommandError: as
            :func:`party_from_campaign`, checked before the monsters; a campaign of
            another ruleset than ``ruleset``.
        UnknownNameError, CommandError: the monsters cannot be read.
        RulesDataError: the packaged bestiary or a stored monster is broken.
    """
    chosen = simulator_for(ruleset or DEFAULT_RULESET)
    encounter = chosen.text_encounter(party, monsters)
    if encounter is not None:
        return chosen, encounter
    path = Path(party)
    found, state = campaign_state(path)
    if ruleset is not None and found != ruleset:
        raise CommandError(f"{path} is a {found} campaign, not {ruleset}", "simulate")
    sim = simulator_for(found, path)
    return sim, sim.encounter_of(state, path, monsters)


def check_engine(sim: ModuleType, engine: str | None) -> str:
    """The engine to run: ``engine``, or the simulator's default (its first).

    Raises:
        CommandError: the simulator has no such engine.
    """
    engines: tuple[str, ...] = sim.ENGINES
    if engine is None:
        return engines[0]
    if engine not in engines:
        raise CommandError(f"--engine must be {' or '.join(engines)}, not {engine!r}", "simulate")
    return engine
