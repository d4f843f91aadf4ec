"""The ruleset conformance suite: what every registered ruleset must do, checked through
the ruleset contract (:class:`~hacktable.rulesets.base.Ruleset`) and the command layer
alone, so a new ruleset passes it unchanged.

- exact odds agree with every face the dice can show, and with seeded rolls;
- nothing draws from the global ``random`` (RULINGS G1);
- every class with each of its kits makes a character that round-trips through JSON;
- every value of every table reads an entry;
- random playthroughs of legal intents keep the command layer's promises (a refused
  intent changes nothing, undo restores, the log replays to the live state);
- the example sessions print their golden transcripts.

By default the playthroughs are 5 seeds x 200 steps and 3 configurations are sampled
(the file takes about 15 s on the 2-core machine); ``HACKTABLE_CONFORMANCE_FULL=1``
(set by ``.ci/run``) plays 20 seeds x 500 steps and samples 10 (about 3 minutes: a
500-step playthrough takes 5-10 s, every step being a durable SQLite commit and every
undo reading the whole log).
"""

from __future__ import annotations

import contextlib
import os
import random
from pathlib import Path

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.errors import RuleError
from hacktable.play.character import Character
from hacktable.play.codec import from_json, to_json
from hacktable.rulesets import available, get_ruleset

from ..console.test_script import run_script
from .conformance_helpers import (
    Playthrough,
    enumerate_odds,
    forbid_global_random,
    sample_counts,
    sampled,
    within_sigma,
)

ROOT = Path(__file__).resolve().parents[2]
RULESETS = [info.id for info in available()]
FULL = bool(os.environ.get("HACKTABLE_CONFORMANCE_FULL"))
SEEDS, STEPS = (20, 500) if FULL else (5, 200)
SAMPLED = 10 if FULL else 3
"""How many configurations are also checked against seeded rolls (each takes about a
second)."""
ROLLS = 100_000
SIGMAS = 4.5

pytestmark = pytest.mark.parametrize("ruleset_id", RULESETS)


# -- odds --------------------------------------------------------------------------------


def test_it_declares_the_tests_whose_odds_are_checked(ruleset_id: str) -> None:
    assert list(get_ruleset(ruleset_id).odds_configurations())


def test_exact_odds_agree_with_every_face(ruleset_id: str) -> None:
    """test_odds equals resolve_test dealt every d20 face (every pair when the ruleset
    rolls twice), for every configuration the ruleset declares."""
    ruleset = get_ruleset(ruleset_id)
    wrong = []
    for request in ruleset.odds_configurations():
        if ruleset.test_odds(request) != enumerate_odds(ruleset, request):
            wrong.append(request)
    assert not wrong, f"{len(wrong)} wrong, the first: {wrong[0]}"


def test_exact_odds_agree_with_seeded_rolls(ruleset_id: str) -> None:
    """100,000 seeded rolls of 3 configurations (10 in the full run), drawn from those
    declared with and without advantage in turn, land within 4.5 standard deviations of
    the exact odds."""
    ruleset = get_ruleset(ruleset_id)
    for seed, request in enumerate(sampled(list(ruleset.odds_configurations()), SAMPLED)):
        exact = ruleset.test_odds(request)
        seen = sample_counts(ruleset, request, ROLLS, seed)
        for what in ("success", "critical_success", "critical_failure"):
            observed, p = getattr(seen, what), getattr(exact, what)
            assert within_sigma(observed, p, ROLLS, SIGMAS), (
                f"{request}: {what} {float(observed):.4f}, exact {float(p):.4f}"
            )


# -- randomness --------------------------------------------------------------------------


def test_nothing_draws_from_the_global_random(
    ruleset_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RULINGS G1: a whole random playthrough, every table rolled and every character
    made, with the random module's functions raising."""
    ruleset = get_ruleset(ruleset_id)
    with forbid_global_random(monkeypatch) as called:
        Playthrough(ruleset_id, tmp_path / "campaign.db", seed=1).run(STEPS)
        rng = random.Random(1)
        for table_id, _name in ruleset.tables():
            with contextlib.suppress(RuleError):  # a table read, not rolled
                ruleset.roll_table(table_id, rng)
        for spec in ruleset.character_specs("Tester"):
            ruleset.create_character(spec, rng)
        for request in list(ruleset.odds_configurations())[:50]:
            ruleset.resolve_test(request, rng)
    assert not called


# -- characters --------------------------------------------------------------------------


def test_every_class_and_option_makes_a_character_that_round_trips(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    specs = ruleset.character_specs("Tester")
    assert len(specs) >= len(ruleset.classes())  # every class is among them
    for number, spec in enumerate(specs):
        character = ruleset.create_character(spec, random.Random(number)).character
        assert isinstance(character, ruleset.character_type)
        assert character.ruleset == ruleset_id
        assert 0 < character.hp <= character.max_hp
        assert from_json(ruleset.character_type, to_json(character)) == character
        core = from_json(Character, to_json(character))  # any ruleset's decodes to the core
        assert (core.name, core.hp, core.inventory) == (
            character.name,
            character.hp,
            character.inventory,
        )


# -- tables ------------------------------------------------------------------------------


def test_every_value_of_every_table_reads_an_entry(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    for table_id, name in ruleset.tables():
        values = ruleset.table_range(table_id)
        assert len(values) > 1, f"{table_id}: no range declared"
        for value in values:
            outcome = ruleset.lookup_table(table_id, value)
            assert (outcome.table_id, outcome.table_name) == (table_id, name)
            assert outcome.result, f"{table_id} = {value}: no entry"


# -- playthroughs ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(SEEDS))
def test_random_legal_intents_keep_the_command_layers_promises(
    ruleset_id: str, seed: int, tmp_path: Path
) -> None:
    """Random legal intents (a command at random, then one of its intents), every 10th
    step an undo, as the GM on a fresh campaign: each intent succeeds or raises a
    HacktableError, never a typo's (CommandError, UnknownNameError), a refused one changes
    nothing (state, log), each undo restores the
    state before the step it undid, and the log replays to the live state."""
    playthrough = Playthrough(ruleset_id, tmp_path / "campaign.db", seed)
    playthrough.run(STEPS)
    assert sum(playthrough.executed.values()) > STEPS // 2
    assert playthrough.undone > 0


def test_observers_are_offered_nothing(ruleset_id: str, tmp_path: Path) -> None:
    from hacktable.engine.session import Session
    from hacktable.store import CampaignStore

    with CampaignStore.open(tmp_path / "c.db", ruleset=ruleset_id) as store:
        session = Session(store, 1)
        assert get_ruleset(ruleset_id).legal_intents(session, "observer") == []
        assert get_ruleset(ruleset_id).legal_intents(session, "gm")


# -- example sessions --------------------------------------------------------------------


def test_the_example_sessions_match_their_golden_transcripts(
    ruleset_id: str, tmp_path: Path
) -> None:
    """Each example session, played after the ones before it on one campaign at its
    seed (its secret stream's too, as `make run` gives the fourth with --secret-seed),
    prints its golden transcript byte for byte."""
    campaign = tmp_path / "examples.db"
    for script, seed, golden in get_ruleset(ruleset_id).example_sessions():
        transcript = run_script(campaign, ROOT / script, seed, ruleset_id, secret_seed=seed)
        assert transcript == (ROOT / golden).read_text(encoding="utf-8"), script


# -- the shape of the game ---------------------------------------------------------------


def test_the_ruleset_declares_its_shape(ruleset_id: str) -> None:
    """Defence, initiative, a turn's budget, hit points and resource dice are declared
    as data the engine and front ends can read (hacktable.rulesets.models)."""
    from hacktable.rulesets.models import (
        ActionBudget,
        DefenceModel,
        HitPoints,
        InitiativeModel,
        ResourceDie,
    )

    ruleset = get_ruleset(ruleset_id)
    assert isinstance(ruleset.defence, DefenceModel)
    assert isinstance(ruleset.initiative, InitiativeModel)
    assert isinstance(ruleset.action_budget, ActionBudget)
    assert ruleset.action_budget.actions >= 1
    assert ruleset.action_budget.source
    hp = ruleset.hit_points
    assert isinstance(hp, HitPoints)
    assert hp.floor <= hp.out_at
    assert hp.dead_at is None or hp.floor <= hp.dead_at <= hp.out_at
    assert hp.source
    for die in ruleset.resource_dice:
        assert isinstance(die, ResourceDie)
        UsageDie.parse(die.start)  # a real usage die of the shared chain (RULINGS G3)
    made = ruleset.create_character(ruleset.character_specs("Shape")[0], random.Random(1))
    floor = made.character.with_hp(hp.floor - 5)
    assert floor.hp == hp.floor  # HP never goes below the declared floor
    assert made.character.with_hp(made.character.max_hp + 5).hp == made.character.max_hp
