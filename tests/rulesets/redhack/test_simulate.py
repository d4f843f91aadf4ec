"""The fight simulator: the model's pieces on scripted dice, the two engines' agreement,
parsing, parties from campaigns, output and the ``simulate`` command.

redhack: Combat (Attacking & Defending, Initiative, Damage & Injuries, Morale), Warrior >
Cleave; RULINGS R5, R6, R11, R12, R13, R14; docs/simulate.md.
"""

from __future__ import annotations

import io
import json
import math
import os
import random
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from hacktable.cli.simulate import (
    bestiary_from_campaign,
    load_encounter,
    load_party,
    party_from_campaign,
)
from hacktable.console.loop import Console
from hacktable.console.render import PlainPrinter
from hacktable.engine.session import Session
from hacktable.errors import (
    CampaignError,
    CommandError,
    UnknownNameError,
)
from hacktable.rules.resolution import TestRequest
from hacktable.rulesets.redhack import core_rules
from hacktable.rulesets.redhack.bestiary import Attack, Bestiary, Monster, load_bestiary
from hacktable.rulesets.redhack.sim import (
    MAX_FOES,
    MAX_ROUNDS,
    MAX_RUNS,
    Combatant,
    Encounter,
    Estimate,
    FightOutcome,
    FoeSpec,
    Summary,
    Tally,
    check_runs,
    describe_foes,
    mean_interval,
    parse_monsters,
    plot,
    render_summary,
    sample_party,
    simulate,
    simulate_one,
    simulate_scalar,
    simulate_vector,
    summary_to_json,
    wilson,
)
from hacktable.rulesets.redhack.sim.vector import compile_dice, passes
from hacktable.store import CampaignStore
from tests.helpers import Faces

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def bestiary() -> Bestiary:
    return load_bestiary()


def monster(**fields: object) -> Monster:
    """A 1 HD, AC 1 foe with exactly 1 HP, a 1d6 weapon and morale 7, changed by
    ``fields``."""
    data: dict[str, object] = {
        "id": "dummy",
        "name": "Dummy",
        "hd": 1,
        "ac": 1,
        "hp": 1,
        "attacks": (Attack(name="weapon", damage="1d6"),),
        "morale": 7,
        "source": "tests",
    }
    data.update(fields)
    return Monster(**data)  # type: ignore[arg-type]


def pc(**fields: object) -> Combatant:
    """A PC with STR 19, DEX 12, CHA 10, AC 15, 10 HP, 1d8 and no cleave, changed by
    ``fields``."""
    data: dict[str, object] = {
        "name": "Hero",
        "score_str": 19,
        "score_dex": 12,
        "score_cha": 10,
        "ac": 15,
        "hp": 10,
        "damage": "1d8",
        "cleave": 0,
    }
    data.update(fields)
    return Combatant(**data)  # type: ignore[arg-type]


def fight(
    party: list[Combatant], foes: list[tuple[Monster, int]], groups: list[int] | None = None
) -> Encounter:
    groups = groups or [0] * len(foes)
    return Encounter(
        tuple(party),
        tuple(FoeSpec(m, n, g) for (m, n), g in zip(foes, groups, strict=True)),
    )


def play(encounter: Encounter, *faces: int) -> FightOutcome:
    """One scalar fight on exactly these die faces (every one must be used)."""
    rng = Faces(*faces)
    outcome = simulate_one(encounter, rng)
    assert rng.faces == [], f"faces left over: {rng.faces}"
    return outcome


# -- the model on scripted dice (the scalar engine) -------------------------------------


def test_acting_first_and_hitting_wins_in_round_one() -> None:
    # DEX 10 <= 12: acts first (R13); STR 19 against AC 1: 15 hits; 1d8: 3 >= 1 HP.
    outcome = play(fight([pc()], [(monster(), 1)]), 10, 15, 3)
    assert outcome == FightOutcome(won=True, rounds=1, out=0, dead=0, injured=0)


def test_a_natural_one_on_defence_is_the_monsters_critical() -> None:
    # Initiative 1 fails: the goblin strikes first; target 1 (the only PC); defence 1:
    # a critical, 1d6 twice: 6 + 6 = 12 >= 10 HP (R6). The party is down: a loss.
    outcome = play(fight([pc()], [(monster(), 1)]), 1, 1, 1, 6, 6)
    assert outcome == FightOutcome(won=False, rounds=1, out=1, dead=0, injured=0)


def test_a_defence_above_hd_and_within_ac_takes_no_damage() -> None:
    # Round 1: initiative fails, defence 10 (1 < 10 <= 15) holds, attack 1 misses.
    # Round 2: first, hit, 1 damage.
    outcome = play(fight([pc()], [(monster(), 1)]), 1, 1, 10, 1, 10, 15, 1)
    assert outcome == FightOutcome(won=True, rounds=2, out=0, dead=0, injured=0)


def test_a_natural_twenty_rolls_damage_twice() -> None:
    # STR 5 against AC 1: 20 always hits, a critical; 1d8 twice: 6 + 6 = 12 HP (R6).
    hero = pc(score_str=5)
    outcome = play(fight([hero], [(monster(hp=12), 1)]), 10, 20, 6, 6)
    assert outcome.won
    assert outcome.rounds == 1


def test_morale_breaks_when_half_the_group_is_out() -> None:
    # One of two goblins killed: out * 2 >= 2, so 2d6 against morale 7: 6 + 6 breaks
    # them; no unbroken foe stands and the party wins at once (R12).
    outcome = play(fight([pc()], [(monster(), 2)]), 10, 15, 3, 6, 6)
    assert outcome == FightOutcome(True, 1, 0, 0, 0)


def test_morale_holds_and_is_tested_only_once() -> None:
    # 1 + 1 <= 7 holds; the second goblin attacks (target 1, defence 10 holds); round 2
    # kills it with no second morale test.
    outcome = play(fight([pc()], [(monster(), 2)]), 10, 15, 3, 1, 1, 1, 10, 10, 15, 3)
    assert outcome == FightOutcome(True, 2, 0, 0, 0)


def test_without_a_morale_score_the_killer_makes_a_cha_test() -> None:
    # No morale score: the PC who made the kill tests CHA (10), difficulty 1: a 5
    # succeeds and breaks them (R12).
    outcome = play(fight([pc()], [(monster(morale=None), 2)]), 10, 15, 3, 5)
    assert outcome.won
    # ... and a failed CHA test (15 > 10) lets them fight on.
    outcome = play(fight([pc()], [(monster(morale=None), 2)]), 10, 15, 3, 15, 1, 10, 10, 15, 3)
    assert outcome == FightOutcome(True, 2, 0, 0, 0)


def test_a_lone_foe_tests_morale_at_half_hp() -> None:
    # 10 HP; 5 damage leaves it at half: 2d6 6 + 6 > 7 breaks it, a win (R12).
    outcome = play(fight([pc()], [(monster(hp=10), 1)]), 10, 15, 5, 6, 6)
    assert outcome == FightOutcome(True, 1, 0, 0, 0)


def test_broken_foes_stop_attacking_and_defend_with_hd_plus_ac() -> None:
    # Two groups (";"): A (HD 2, AC 1, 2 HP, morale 2) and B (16 HP, morale 7).
    a = monster(hd=2, hp=2, morale=2)
    b = monster(hp=16)
    encounter = fight([pc()], [(a, 1), (b, 1)], [0, 1])
    # Round 1: A has the fewest HP; hit for 1: a lone foe at half HP tests morale,
    # 6 + 6 > 2 breaks it (R12). Only B attacks: target 1, defence 10.
    round_1 = (10, 15, 1, 6, 6, 1, 10)
    # Round 2: broken A defends with HD + AC = 3: a 3 misses (it would hit AC 1).
    round_2 = (10, 3, 1, 10)
    # Round 3: a 4 hits and kills A; B attacks again.
    round_3 = (10, 4, 1, 1, 10)
    # Round 4: B takes 8 of 16: half, 6 + 6 > 7 breaks it: no unbroken foe stands.
    round_4 = (10, 15, 8, 6, 6)
    faces = (*round_1, *round_2, *round_3, *round_4)
    assert play(encounter, *faces) == FightOutcome(True, 4, 0, 0, 0)


def test_cleave_attacks_the_next_weakest_foe() -> None:
    # A Warrior's cleave die (R14): primary 15 hits for 3; the cleave attack 15 hits the
    # other goblin for 1d6 = 2. Both out: no morale test (no member stands).
    warrior = pc(cleave=1)
    outcome = play(fight([warrior], [(monster(morale=None), 2)]), 10, 15, 3, 15, 2)
    assert outcome == FightOutcome(True, 1, 0, 0, 0)


def test_cleave_on_a_lone_foe_adds_its_die_to_the_damage() -> None:
    # One foe: 1d8 + 1d6 rolled together: 8 + 4 = 12 HP (R14).
    warrior = pc(cleave=1)
    outcome = play(fight([warrior], [(monster(hp=12), 1)]), 10, 15, 8, 4)
    assert outcome == FightOutcome(True, 1, 0, 0, 0)


def test_the_pc_attacks_the_foe_with_fewest_hp_first() -> None:
    # Foes of 5 and 1 HP: the second (fewest HP) is hit for 1 and dies; then out * 2 >=
    # 2: morale 6 + 6 breaks the other. Had the first been attacked, 1 damage would
    # kill nothing and no morale test would follow (a face would be left over).
    tough, weak = monster(hp=5), monster(hp=1)
    outcome = play(fight([pc()], [(tough, 1), (weak, 1)]), 10, 15, 1, 6, 6)
    assert outcome.won


def test_injuries_after_a_won_fight() -> None:
    # Both PCs lose initiative; the goblin picks target 1 of 2 (the first PC), a
    # critical for 3 + 3 takes them out; the second PC kills it. The first PC rolls on
    # the injuries table: 6 dead (the simulator's setting, R11).
    frail, hero = pc(name="Frail", hp=1), pc(name="Hero")
    encounter = fight([frail, hero], [(monster(), 1)])
    assert play(encounter, 1, 1, 1, 1, 3, 3, 15, 3, 6) == FightOutcome(True, 1, 1, 1, 0)
    assert play(encounter, 1, 1, 1, 1, 3, 3, 15, 3, 4) == FightOutcome(True, 1, 1, 0, 1)
    assert play(encounter, 1, 1, 1, 1, 3, 3, 15, 3, 1) == FightOutcome(True, 1, 1, 0, 0)


def test_monsters_attack_a_random_standing_pc() -> None:
    # Target face 2 of 2 standing: the second PC takes 12 and is out; the first wins.
    frail, hero = pc(name="Frail"), pc(name="Hero", hp=1)
    encounter = fight([frail, hero], [(monster(), 1)])
    outcome = play(encounter, 1, 1, 2, 1, 6, 6, 15, 3, 2)
    assert outcome == FightOutcome(True, 1, 1, 0, 1)


def test_each_listed_attack_is_made_count_times() -> None:
    # Two claws and a bite: three defences a round (all hold), then the PC kills it.
    beast = monster(
        attacks=(Attack(name="claw", damage="1d4", count=2), Attack(name="bite", damage="1d6"))
    )
    outcome = play(fight([pc()], [(beast, 1)]), 1, 1, 10, 1, 10, 1, 10, 15, 3)
    assert outcome == FightOutcome(True, 1, 0, 0, 0)


def test_a_fight_nobody_can_win_is_a_draw_after_fifty_rounds() -> None:
    stalemate = fight(
        [pc(damage="0")], [(monster(hp=1000, attacks=(Attack(name="x", damage="0"),)), 1)]
    )
    outcome = simulate_one(stalemate, random.Random(1))
    assert outcome == FightOutcome(False, MAX_ROUNDS, 0, 0, 0)
    for summary in (simulate_scalar(stalemate, 3, 1), simulate_vector(stalemate, 50, 1)):
        assert summary.win_rate.mean == 0
        assert summary.draw_rate.mean == 1
        assert summary.captured.mean == 0
        assert summary.rounds.mean == MAX_ROUNDS
        assert summary.round_counts[-1] == summary.runs
        assert len(summary.round_counts) == MAX_ROUNDS


def test_a_lost_fight_counts_every_pc_out_and_captured() -> None:
    hopeless = fight(
        [pc(score_str=2, ac=2, hp=1)],
        [(monster(hp=1000, hd=10, attacks=(Attack(name="x", damage="10"),)), 1)],
    )
    for summary in (simulate_scalar(hopeless, 50, 1), simulate_vector(hopeless, 500, 1)):
        assert summary.win_rate.mean == 0
        assert summary.out.mean == 1
        assert summary.captured.mean == 1
        assert summary.dead.mean == summary.injured.mean == 0


# -- the vector engine's pieces ----------------------------------------------------------


def test_vector_tests_match_the_exact_odds() -> None:
    # Every score 1-25 against every difficulty 0-15, with RULINGS R2's cap at 19.
    for score in range(1, 26):
        for difficulty in range(16):
            attribute, effective_difficulty = core_rules.effective(score, difficulty)
            successes = int(passes(np.arange(1, 21), attribute, effective_difficulty).sum())
            expected = core_rules.odds(TestRequest("STR", score, difficulty)).success * 20
            assert successes == expected, (score, difficulty)


@pytest.mark.parametrize(
    ("expression", "low", "high", "mean"),
    [
        ("1d8", 1, 8, 4.5),
        ("2d6+1", 3, 13, 8.0),
        ("1d8-1", 0, 7, 3.5),
        ("4d6kh3", 3, 18, 12.24),
        ("2d20kl1", 1, 20, 7.175),
        ("(d6-1)x10", 0, 50, 25.0),
        ("-1d4+5", 1, 4, 2.5),
        ("1d6+1d8", 2, 14, 8.0),
        ("7", 7, 7, 7.0),
    ],
)
def test_compiled_dice_cover_the_notation(
    expression: str, low: int, high: int, mean: float
) -> None:
    rolls = compile_dice(expression)(40_000, np.random.default_rng(3))
    assert int(rolls.min()) == low
    assert int(rolls.max()) == high
    assert abs(float(rolls.mean()) - mean) < 0.05 * max(1.0, mean)


def test_vector_engine_known_answer_round_one() -> None:
    # STR 19 against AC 1 misses only on a natural 1, and the PC cannot fall (1000 HP):
    # the fight ends in round k with probability 0.05^(k-1) x 0.95.
    encounter = fight([pc(hp=1000)], [(monster(), 1)])
    n = 40_000
    for summary in (simulate_vector(encounter, n, 5), simulate_scalar(encounter, 4_000, 5)):
        share = summary.round_counts[0] / summary.runs
        assert abs(share - 0.95) <= 4 * math.sqrt(0.95 * 0.05 / summary.runs)
        sd = math.sqrt(0.05) / 0.95  # a geometric number of rounds
        assert abs(summary.rounds.mean - 1 / 0.95) <= 4 * sd / math.sqrt(summary.runs)
        assert summary.win_rate.mean == 1


# -- the two engines agree ---------------------------------------------------------------


def dice(count: int, sides: int) -> dict[int, float]:
    """The exact distribution of ``count``d``sides``."""
    totals = {0: 1.0}
    for _ in range(count):
        step: dict[int, float] = defaultdict(float)
        for total, p in totals.items():
            for face in range(1, sides + 1):
                step[total + face] += p / sides
        totals = step
    return dict(totals)


def plus(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    """The distribution of the sum of two independent rolls."""
    totals: dict[int, float] = defaultdict(float)
    for x, p in a.items():
        for y, q in b.items():
            totals[x + y] += p * q
    return dict(totals)


def chance(attribute: int, difficulty: int) -> float:
    """A plain test's chance (RULINGS R1), for scores up to 19."""
    return sum(f == 20 or (f != 1 and difficulty < f <= attribute) for f in range(1, 21)) / 20


State = dict[tuple[int, int, bool], float]
"""Chances of (PC HP, foe HP, morale tested) in fights still going."""


@dataclass(frozen=True)
class Duel:
    """One PC (no cleave) against a lone foe, exactly: an independent reading of the
    model in docs/simulate.md, by dynamic programming over :data:`State`."""

    hit: float  # a hit that is not a natural 20
    damage: dict[int, float]
    wounded: float  # a failed defence that is not a natural 1
    attacks: list[tuple[dict[int, float], int]]
    breaks: float  # the morale test fails

    def strike(self, states: State, most: int) -> tuple[State, float]:
        """The PC's attack, then the morale test at half HP; returns what goes on and
        the chance of a win."""
        after: State = defaultdict(float)
        won = 0.0
        critical = plus(self.damage, self.damage)
        for (mine, theirs, tested), p in states.items():
            results = [(theirs, 1 - self.hit - 1 / 20)]
            results += [(theirs - d, self.hit * q) for d, q in self.damage.items()]
            results += [(theirs - d, q / 20) for d, q in critical.items()]
            for left, q in results:
                if left <= 0:
                    won += p * q
                elif not tested and left * 2 <= most:
                    won += p * q * self.breaks
                    after[(mine, left, True)] += p * q * (1 - self.breaks)
                else:
                    after[(mine, left, tested)] += p * q
        return after, won

    def suffer(self, states: State) -> tuple[State, float]:
        """The foe's attacks; returns what goes on and the chance of a loss."""
        lost = 0.0
        for blow, times in self.attacks:
            for _ in range(times):
                after: State = defaultdict(float)
                for (mine, theirs, tested), p in states.items():
                    after[(mine, theirs, tested)] += p * (1 - self.wounded - 1 / 20)
                    for table, weight in ((blow, self.wounded), (plus(blow, blow), 1 / 20)):
                        for d, q in table.items():
                            if mine - d <= 0:
                                lost += p * weight * q
                            else:
                                after[(mine - d, theirs, tested)] += p * weight * q
                states = after
        return states, lost

    def play(self, first: float, hp: int, foe_hp: dict[int, float]) -> tuple[float, float]:
        """The chance of a win and the expected rounds."""
        win = rounds = 0.0
        for top, weight in foe_hp.items():
            most = max(1, top)
            states: State = {(hp, most, False): weight}
            for number in range(1, MAX_ROUNDS + 1):
                quick, won_first = self.strike({k: v * first for k, v in states.items()}, most)
                quick, lost_first = self.suffer(quick)
                slow, lost_later = self.suffer({k: v * (1 - first) for k, v in states.items()})
                slow, won_later = self.strike(slow, most)
                win += won_first + won_later
                rounds += number * (won_first + won_later + lost_first + lost_later)
                states = defaultdict(float)
                for key, p in [*quick.items(), *slow.items()]:
                    states[key] += p
            rounds += MAX_ROUNDS * sum(states.values())
        return win, rounds


@pytest.mark.parametrize(
    ("cleave", "low", "high"),
    [(0, 0.5, 0.57), (1, 0.7, 0.9)],  # about 0.536; a Warrior's cleave die helps
)
def test_both_engines_match_an_exact_duel(cleave: int, low: float, high: float) -> None:
    """A lone foe with two claws and a bite, morale at half HP, against a PC with 1d6
    (or, with a cleave die, 1d6 + 1d6 on the lone foe, R14): both engines against the
    exact odds (within 4 standard errors)."""
    beast = monster(
        hd=2,
        ac=3,
        hp="2d8",
        morale=7,
        attacks=(Attack(name="claw", damage="1d4", count=2), Attack(name="bite", damage="1d6")),
    )
    hero = pc(score_str=14, score_dex=12, ac=13, hp=12, damage="1d6", cleave=cleave)
    exact = Duel(
        hit=chance(14, 3) - 1 / 20,
        damage=plus(dice(1, 6), dice(1, 6)) if cleave else dice(1, 6),
        wounded=1 - chance(13, 2) - 1 / 20,
        attacks=[(dice(1, 4), 2), (dice(1, 6), 1)],
        breaks=sum(p for total, p in dice(2, 6).items() if total > 7),
    )
    win, rounds = exact.play(chance(12, 1), 12, dice(2, 8))
    assert low < win < high
    encounter = fight([hero], [(beast, 1)])
    for summary in (simulate_vector(encounter, 100_000, 8), simulate_scalar(encounter, 4_000, 8)):
        error = math.sqrt(win * (1 - win) / summary.runs)
        assert abs(summary.win_rate.mean - win) <= 4 * error, summary.engine
        spread = (summary.rounds.high - summary.rounds.low) / (2 * 1.96)
        assert abs(summary.rounds.mean - rounds) <= 4 * spread, summary.engine


def test_scalar_and_vector_engines_agree(bestiary: Bestiary) -> None:
    """The same model: 4 PCs against 6 goblins, scalar 2,000 fights, vector 20,000;
    each difference within 4 standard errors of the difference."""
    encounter = Encounter(sample_party(), parse_monsters("6 goblin", bestiary))
    scalar = simulate_scalar(encounter, 2_000, 2026)
    vector = simulate_vector(encounter, 20_000, 2026)
    p = (scalar.win_rate.mean * scalar.runs + vector.win_rate.mean * vector.runs) / (
        scalar.runs + vector.runs
    )
    bound = 4 * math.sqrt(p * (1 - p) / scalar.runs + p * (1 - p) / vector.runs)
    assert abs(scalar.win_rate.mean - vector.win_rate.mean) <= bound

    def error(e: Estimate) -> float:  # the standard error behind a 95% interval
        return (e.high - e.low) / (2 * 1.96)

    for name in ("rounds", "out", "injured"):
        a, b = getattr(scalar, name), getattr(vector, name)
        bound = 4 * math.hypot(error(a), error(b))
        assert abs(a.mean - b.mean) <= bound, (name, a, b)


def test_engines_agree_with_groups_cleave_and_no_morale_score(bestiary: Bestiary) -> None:
    encounter = Encounter(sample_party(), parse_monsters("3 skeleton; 2 orc, 1 ogre", bestiary))
    scalar = simulate_scalar(encounter, 1_500, 7)
    vector = simulate_vector(encounter, 15_000, 7)
    p = vector.win_rate.mean
    bound = 4 * math.sqrt(p * (1 - p) / scalar.runs + p * (1 - p) / vector.runs)
    assert abs(scalar.win_rate.mean - vector.win_rate.mean) <= bound


def test_runs_are_reproducible_from_the_seed(bestiary: Bestiary) -> None:
    encounter = Encounter(sample_party(), parse_monsters("4 goblin", bestiary))
    for engine in ("scalar", "vector"):
        first = simulate(encounter, 300, 42, engine)
        assert simulate(encounter, 300, 42, engine) == first
        assert simulate(encounter, 300, 43, engine) != first
        assert first.engine == engine
        assert first.seed == 42
        assert sum(first.round_counts) == first.runs == 300
        assert sum(first.won_round_counts) == round(first.win_rate.mean * 300)


def test_progress_reports_every_fight(bestiary: Bestiary) -> None:
    encounter = Encounter(sample_party(), parse_monsters("2 goblin", bestiary))
    for engine in ("scalar", "vector"):
        seen: list[int] = []
        simulate(encounter, 250, 1, engine, seen.append)
        assert sum(seen) == 250


def test_the_scalar_engine_plays_fight_i_from_seed_and_i(bestiary: Bestiary) -> None:
    from hacktable.dice.source import derive

    encounter = Encounter(sample_party(), parse_monsters("3 goblin", bestiary))
    summary = simulate_scalar(encounter, 5, 9)
    outcomes = [simulate_one(encounter, derive(9, i)) for i in range(5)]
    assert summary.win_rate.mean == sum(o.won for o in outcomes) / 5
    assert summary.rounds.mean == sum(o.rounds for o in outcomes) / 5


# -- runs, encounters and parsing --------------------------------------------------------


@pytest.mark.parametrize("runs", [0, -1, MAX_RUNS + 1])
def test_runs_out_of_range(runs: int) -> None:
    with pytest.raises(CommandError, match="--runs must be 1 to 1,000,000"):
        check_runs(runs)
    encounter = fight([pc()], [(monster(), 1)])
    with pytest.raises(CommandError):
        simulate_vector(encounter, runs, 1)
    with pytest.raises(CommandError):
        simulate_scalar(encounter, runs, 1)


def test_unknown_engine_and_empty_sides() -> None:
    encounter = fight([pc()], [(monster(), 1)])
    with pytest.raises(CommandError, match="--engine"):
        simulate(encounter, 10, 1, "quantum")
    with pytest.raises(CommandError, match="nobody"):
        simulate_vector(Encounter((), encounter.foes), 10, 1)
    with pytest.raises(CommandError, match="no monsters"):
        simulate_scalar(Encounter(encounter.party, ()), 10, 1)


def test_parse_monsters_counts_and_groups(bestiary: Bestiary) -> None:
    foes = parse_monsters(" 6 goblin , 1 Goblin Chief;4x orc;  hobgob", bestiary)
    assert [(f.count, f.monster.id, f.group) for f in foes] == [
        (6, "goblin", 0),
        (1, "goblin-chief", 0),
        (4, "orc", 1),
        (1, "hobgoblin", 2),
    ]
    assert describe_foes(foes) == "6 Goblin, 1 Goblin Chief; 4 Orc; 1 Hobgoblin"


def test_parse_monsters_unknown_name(bestiary: Bestiary) -> None:
    with pytest.raises(UnknownNameError, match="unknown monster 'gobblin'") as info:
        parse_monsters("6 goblin, 2 gobblin", bestiary)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0 goblin", "must be 1 or more, not 0"),
        ("-2 goblin", "must be 1 or more, not -2"),
        ("", "no monsters"),
        ("6 goblin,", "empty entry"),
        ("6 goblin;;2 orc", "empty entry"),
        (f"{MAX_FOES + 1} goblin", f"at most {MAX_FOES} foes"),
    ],
)
def test_parse_monsters_bad_input(bestiary: Bestiary, text: str, message: str) -> None:
    with pytest.raises(CommandError, match=message):
        parse_monsters(text, bestiary)


def test_the_sample_party_follows_kit_one() -> None:
    party = {c.name: c for c in sample_party()}
    assert list(party) == ["Aldric", "Sly", "Tomas", "Mirela"]
    # Warrior kit 1: Hand Weapon 1d8, Leather Armour (+2), Large Shield (+1), DEX 12.
    assert party["Aldric"] == Combatant("Aldric", 15, 12, 10, 15, 10, "1d8", 1)
    # Thief kit 1: Hand Weapon 1d6, Leather Armour, DEX 15.
    assert party["Sly"] == Combatant("Sly", 11, 15, 9, 17, 8, "1d6", 0)
    # Cleric kit 1: no weapon (unarmed 1d4), Leather Armour, Shield, DEX 10.
    assert party["Tomas"] == Combatant("Tomas", 12, 10, 11, 13, 9, "1d4", 0)
    # Wizard kit 1: Hand Weapon 1d4, Gambeson (+1), DEX 12.
    assert party["Mirela"] == Combatant("Mirela", 8, 12, 11, 13, 7, "1d4", 0)
    assert load_party("Sample") == sample_party()


# -- parties from campaigns --------------------------------------------------------------


def make_campaign(path: Path, *lines: str) -> None:
    store = CampaignStore.open(path)
    try:
        console = Console(Session(store, 1), PlainPrinter(io.StringIO(), io.StringIO()))
        for line in lines:
            console.execute(line)
    finally:
        store.close()


def test_party_from_campaign_takes_those_who_can_fight(tmp_path: Path) -> None:
    path = tmp_path / "campaign.db"
    make_campaign(
        path,
        "character new Aldric --class warrior --kit 2",
        "character new Sly --class thief --kit 1",
        "character new Mirela --class wizard --kit 1",
        "hp Mirela 0",
    )
    party = party_from_campaign(path)
    assert [c.name for c in party] == ["Aldric", "Sly"]  # Mirela is at 0 HP: out
    aldric = party[0]
    assert aldric.cleave == 1
    assert aldric.damage == "1d8"  # kit 2's first melee weapon: the Hand Weapon
    assert aldric.hp > 0
    assert party[1].cleave == 0
    assert load_party(str(path)) == party
    # read-only: the file can be opened for writing afterwards
    CampaignStore.open(path).close()


def test_party_from_campaign_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(CampaignError, match="does not exist"):
        party_from_campaign(tmp_path / "missing.db")
    empty = tmp_path / "empty.db"
    make_campaign(empty)
    with pytest.raises(CommandError, match="nobody in"):
        party_from_campaign(empty)
    other = tmp_path / "other.db"
    CampaignStore.open(other, ruleset="black-sword-hack").close()
    with pytest.raises(CommandError, match="nobody in"):  # its own simulator reads it
        party_from_campaign(other)
    from hacktable.rulesets.black_sword_hack.ruleset import BlackSwordHack

    monkeypatch.setattr(BlackSwordHack, "simulator_module", "")  # a ruleset without one
    with pytest.raises(CommandError, match="black-sword-hack campaign"):
        party_from_campaign(other)


OWN_MONSTERS = (
    '[[monsters]]\nid = "bog-hag"\nname = "Bog Hag"\nhd = 3\nac = 3\nmorale = 8\n'
    'attacks = [{ name = "claw", damage = "1d6", count = 2 }]\nsource = "campaign"\n'
    '[[monsters]]\nid = "bog-troll"\nname = "Bog Troll"\nhd = 5\nac = 4\n'
    'source = "campaign"\n'
)


@pytest.fixture
def own_monsters(tmp_path: Path) -> Path:
    """A campaign with Aldric and two monsters of its own (``bestiary add``)."""
    monsters = tmp_path / "mine.toml"
    monsters.write_text(OWN_MONSTERS)
    path = tmp_path / "campaign.db"
    make_campaign(path, "character new Aldric --class warrior --kit 1", f"bestiary add {monsters}")
    return path


def test_a_campaign_brings_its_own_monsters(own_monsters: Path) -> None:
    bestiary = bestiary_from_campaign(own_monsters)
    assert bestiary.ids[-2:] == ("bog-hag", "bog-troll")
    assert set(load_bestiary().ids) < set(bestiary.ids)  # the packaged ones too
    encounter = load_encounter(str(own_monsters), "2 bog-hag, goblin; Bog Troll")
    assert [c.name for c in encounter.party] == ["Aldric"]
    assert [(f.count, f.monster.id, f.group) for f in encounter.foes] == [
        (2, "bog-hag", 0),
        (1, "goblin", 0),
        (1, "bog-troll", 1),
    ]
    assert encounter.foes[0].monster == bestiary.get("bog-hag")
    assert encounter.foes[0].monster.morale == 8
    summary = simulate(encounter, 50, 1, "scalar")
    assert summary.foes == "2 Bog Hag, 1 Goblin; 1 Bog Troll"
    # without the campaign the packaged bestiary alone: behaviour unchanged
    with pytest.raises(UnknownNameError, match="unknown monster 'bog-hag'"):
        load_encounter("sample", "bog-hag")
    assert load_encounter("Sample", "6 goblin") == Encounter(
        sample_party(), parse_monsters("6 goblin", load_bestiary())
    )
    # read-only: the file can be opened for writing afterwards
    CampaignStore.open(own_monsters).close()


def test_a_campaign_held_for_writing_is_still_read(own_monsters: Path) -> None:
    # issue 8: the store locks per transaction, so a session in play does not shut
    # readers out
    with CampaignStore.open(own_monsters):
        encounter = load_encounter(str(own_monsters), "bog-hag")
    assert [f.monster.id for f in encounter.foes] == ["bog-hag"]


# -- output ------------------------------------------------------------------------------


def test_intervals() -> None:
    e = wilson(0, 10)
    assert e.mean == 0
    assert e.low == 0
    assert 0.25 < e.high < 0.35  # Wilson: not the degenerate 0 to 0
    e = wilson(10, 10)
    assert e.high == 1
    assert e.low < 1
    e = mean_interval(5, 5, 5)  # five 1s
    assert (e.mean, e.low, e.high) == (1, 1, 1)
    assert mean_interval(3, 9, 1) == Estimate(3, 3, 3)


def test_intervals_stay_within_what_the_figures_can_be() -> None:
    # values 0, 0, 0, 1: mean 0.25, s 0.5, so mean - 1.96 s / 2 = -0.24 uncut
    e = mean_interval(1, 1, 4)
    assert e.mean == 0.25
    assert e.low == 0
    assert e.high == pytest.approx(0.25 + 1.96 * 0.5 / 2)
    e = mean_interval(1, 1, 4, lowest=-math.inf)  # a signed quantity: uncut
    assert e.low == pytest.approx(0.25 - 1.96 * 0.5 / 2)
    # two fights of a party of one: a rout in round 1 and a win in round 40
    tally = Tally(1)
    tally.add(FightOutcome(won=False, rounds=1, out=1, dead=0, injured=0))
    tally.add(FightOutcome(won=True, rounds=40, out=1, dead=1, injured=0))
    figures = tally.summary(Encounter(sample_party()[:1], ()), "scalar", 1)
    assert (figures.rounds.mean, figures.rounds.low, figures.rounds.high) == (20.5, 1, 50)
    assert (figures.dead.mean, figures.dead.low) == (0.5, 0)
    assert (figures.captured.mean, figures.captured.low) == (0.5, 0)
    assert figures.out == Estimate(1, 1, 1)
    assert figures.dead.high == 1  # at most the party's one PC
    for name in ("win_rate", "draw_rate"):
        proportion = getattr(figures, name)
        assert 0 <= proportion.low <= proportion.mean <= proportion.high <= 1


@pytest.fixture(scope="module")
def summary() -> Summary:
    encounter = Encounter(sample_party(), parse_monsters("6 goblin", load_bestiary()))
    return simulate_vector(encounter, 2_000, 1)


def test_render_and_json(summary: Summary) -> None:
    lines = render_summary(summary)
    assert lines[0] == "Aldric, Sly, Tomas, Mirela against 6 Goblin"
    assert "2,000 fights, vector engine, seed 1" in lines[1]
    assert any(line.strip().startswith("win rate") for line in lines)
    data = json.loads(json.dumps(summary_to_json(summary)))
    assert data["runs"] == 2000
    assert data["engine"] == "vector"
    assert data["win_rate"]["low"] <= data["win_rate"]["mean"] <= data["win_rate"]["high"]
    assert sum(data["round_counts"]) == 2000
    for name in ("out", "dead", "injured", "captured", "rounds", "draw_rate"):
        assert set(data[name]) == {"mean", "low", "high"}


def test_plot_writes_a_png(summary: Summary, tmp_path: Path) -> None:
    target = tmp_path / "rounds.png"
    plot(summary, target)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(CommandError, match="cannot write the plot"):
        plot(summary, tmp_path / "no-such-folder" / "rounds.png")


# -- the command -------------------------------------------------------------------------


def hacktable(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, "-m", "hacktable", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_cli_json_is_one_object() -> None:
    done = hacktable(
        "simulate", "--party", "sample", "--monsters", "6 goblin", "--runs", "200", "--seed",
        "1", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["runs"] == 200
    assert data["seed"] == 1
    assert 0 <= data["win_rate"]["mean"] <= 1
    assert done.stdout.count("\n") == 1
    assert done.stderr == ""


def test_cli_text_campaign_scalar_and_plot(tmp_path: Path) -> None:
    path = tmp_path / "campaign.db"
    make_campaign(path, "character new Aldric --class warrior --kit 1")
    picture = tmp_path / "rounds.png"
    done = hacktable(
        "simulate", "--party", str(path), "--monsters", "2 goblin", "--runs", "50",
        "--engine", "scalar", "--seed", "3", "--plot", str(picture),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Aldric against 2 Goblin\n")
    assert "50 fights, scalar engine, seed 3" in done.stdout
    assert picture.is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--monsters", "6 goblin, 2 gobblin"], "error: unknown monster 'gobblin'"),
        (["--monsters", "0 goblin"], "error: simulate: the count of 'goblin' must be 1"),
        (["--monsters", "goblin", "--runs", "0"], "error: simulate: --runs must be 1 to"),
        (["--monsters", "goblin", "--runs", "1000001"], "error: simulate: --runs must be"),
        (["--monsters", "goblin", "--engine", "gpu"], "error: simulate: --engine must be"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    done = hacktable("simulate", "--party", "sample", *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(message)
    assert done.stderr.count("\n") == 1
    as_json = hacktable("simulate", "--party", "sample", *args, "--json")
    assert as_json.returncode == 2
    assert json.loads(as_json.stdout)["error"].startswith(message.removeprefix("error: "))


def test_cli_campaign_monsters(own_monsters: Path) -> None:
    done = hacktable(
        "simulate", "--party", str(own_monsters), "--monsters", "2 bog-hag", "--runs", "50",
        "--seed", "3", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["party"], data["foes"]) == (["Aldric"], "2 Bog Hag")
    # the sample party knows only the packaged bestiary
    done = hacktable("simulate", "--party", "sample", "--monsters", "bog-hag")
    assert done.returncode == 2
    assert done.stderr.startswith("error: unknown monster 'bog-hag'")


@pytest.mark.parametrize(
    ("monsters", "message"),
    [
        ("bog-hg", "error: unknown monster 'bog-hg' (did you mean 'bog-hag'?)"),
        ("bo", "error: unknown monster 'bo' (choose from: bog-hag, bog-troll)"),
        ("gobblin", "error: unknown monster 'gobblin' (did you mean 'goblin'?)"),
    ],
)
def test_cli_unknown_campaign_monster_is_one_line(
    own_monsters: Path, monsters: str, message: str
) -> None:
    done = hacktable("simulate", "--party", str(own_monsters), "--monsters", monsters)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == message + "\n"


def test_cli_missing_campaign(tmp_path: Path) -> None:
    done = hacktable("simulate", "--party", str(tmp_path / "nope.db"), "--monsters", "goblin")
    assert done.returncode == 2
    assert "does not exist" in done.stderr
    assert done.stderr.count("\n") == 1
