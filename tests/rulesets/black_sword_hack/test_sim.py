"""black-sword-hack's fight simulator: the model's pieces on scripted dice, seeded
figures, fights that cannot be lost or won, the notations, a campaign's party and the
``simulate --ruleset black-sword-hack`` command (docs/simulate.md; docs/rulings.md
H154, H155; black-sword-hack 2.1; RULINGS B1-B6)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import msgspec
import pytest

from hacktable.cli.simulate import simulated_encounter
from hacktable.dice.usage import UsageDie
from hacktable.errors import CommandError, UnknownNameError
from hacktable.play.state import CampaignState
from hacktable.rulesets.black_sword_hack import sim
from hacktable.rulesets.black_sword_hack.content.loader import load_content
from hacktable.rulesets.black_sword_hack.content.schemas import Opponent, OpponentAction
from hacktable.rulesets.black_sword_hack.sim import (
    Encounter,
    FightOutcome,
    FoeSpec,
    parse_opponents,
    parse_party,
    simulate,
    simulate_one,
    text_encounter,
)

from ...helpers import Faces
from .rest_table import Table, rest_table  # noqa: F401  (the fixture)

ROOT = Path(__file__).resolve().parents[3]
CONTENT = load_content()
GUARD = Opponent(
    id="guard",
    name="Guard",
    level=1,
    hp=5,
    armour=1,
    actions=(OpponentAction(name="spear", defend=("STR", "DEX"), damage=3),),
)
"""A foe of our own, so that the bestiary may change: level 1, HP 5, armour 1, a spear
for 3 that may be parried or dodged."""
SELLSWORD = "STR13 DEX11 CON12 WIS10 medium 1h shield"  # HP 12, armour 2


def encounter(party: str, *foes: tuple[Opponent, int], **settings: object) -> Encounter:
    specs = tuple(FoeSpec(opponent, count, 0) for opponent, count in foes)
    return Encounter(parse_party(party, CONTENT), specs, CONTENT, **settings)


def play(fight: Encounter, *faces: int) -> FightOutcome:
    """One fight on exactly these faces (every one of them used)."""
    dealt = Faces(*faces)
    outcome = simulate_one(fight, dealt)
    assert dealt.faces == [], f"faces left over: {dealt.faces}"
    return outcome


def opponent(level: int, hp: int, armour: int, **action: object) -> Opponent:
    made = OpponentAction(name="blow", **{"defend": ("STR", "DEX"), "damage": 3, **action})
    return Opponent(id="foe", name="Foe", level=level, hp=hp, armour=armour, actions=(made,))


# -- the model on scripted dice -------------------------------------------------------


def test_one_blow_wins_in_the_first_turn() -> None:
    # WIS 5 < 10 acts first; STR 3 < 13 hits; 1d6 6 - armour 1 = 5 kills the guard
    assert play(encounter(SELLSWORD, (GUARD, 1)), 5, 3, 6) == FightOutcome(True, 1, 0, 0, 0)


def test_the_second_attack_rolls_the_doom_die_first() -> None:
    # kill, morale d12 7 holds (not above 7); the repeat's Doom roll ud4 2 exhausts the
    # die, so the second attack has disadvantage: 3 and 3, the higher kept
    fight = encounter(SELLSWORD + " ud4", (GUARD, 2))
    assert play(fight, 5, 3, 6, 7, 2, 3, 3, 6) == FightOutcome(True, 1, 0, 0, 1)


def test_a_doomed_character_moves_instead_of_repeating() -> None:
    fight = encounter(SELLSWORD, (GUARD, 2))
    doomed = replace(
        fight.party[0], character=replace(fight.party[0].character, doom=UsageDie.EXHAUSTED)
    )
    fight = replace(fight, party=(doomed,))
    faces = (5, 5)  # initiative with disadvantage
    faces += (3, 3, 6, 7)  # one attack, a kill, morale holds; no second attack
    faces += (1, 15)  # the guard strikes: a parry (shield and Doomed cancel) fails: 3 - 2
    faces += (3, 3, 6)  # turn 2: the other guard falls
    assert play(fight, *faces) == FightOutcome(True, 2, 0, 0, 1)


def test_the_threat_level_is_added_to_the_attack_die() -> None:
    ogre = opponent(4, 3, 0, defend=("DEX",), damage=20)
    # 10 + 3 = 13 misses STR 13; the repeat's Doom roll 6 holds; 9 + 3 = 12 hits
    assert play(encounter(SELLSWORD, (ogre, 1)), 5, 10, 6, 9, 3) == FightOutcome(True, 1, 0, 0, 0)


def test_missiles_are_dodged_and_a_fumble_ignores_armour() -> None:
    archer = opponent(1, 10, 3, defend=("STR", "DEX"), ranged=True, damage=4)
    faces = (15, 1)  # the initiative fails; the archer shoots the sellsword
    faces += (20, 4)  # a dodge (no parrying arrows): a critical failure, Doom roll 4
    faces += (1, 6, 5, 2, 4)  # a critical hit 6 + 6 - 3 = 9, the repeat, 4 - 3 = 1
    assert play(encounter(SELLSWORD, (archer, 1)), *faces).won
    # where the campaign lets shields parry missiles, the parry (with advantage) is better
    fight = encounter(SELLSWORD, (archer, 1), shield_missiles=True)
    assert play(fight, 15, 1, 3, 3, 1, 6, 5, 2, 4).won


def test_a_fumbled_parry_breaks_the_shield() -> None:
    brute = opponent(1, 20, 0, damage=0)
    faces = (15, 1, 20, 20, 4)  # parry with advantage: both 20, critical failure, Doom 4
    faces += (13, 6, 13)  # the sellsword misses twice (13 is not below 13), Doom 6 holds
    faces += (1, 12)  # the shield is gone: a parry of STR 13 against DEX 11's dodge, 1 die
    faces += (1, 6, 6, 1, 6)  # turn 2: a critical 12, the repeat, another 12
    assert play(encounter(SELLSWORD, (brute, 1)), *faces).won


def test_half_the_group_lost_and_a_d12_above_7_breaks_it() -> None:
    assert play(encounter(SELLSWORD, (GUARD, 2)), 5, 3, 6, 8) == FightOutcome(True, 1, 0, 0, 0)


def test_an_opponents_morale_of_its_own() -> None:
    brave = msgspec.structs.replace(GUARD, morale=10)
    # 8 does not break morale 10; the repeat, another kill
    assert play(encounter(SELLSWORD, (brave, 2)), 5, 3, 6, 8, 6, 3, 6).won


def test_ongoing_damage_is_rolled_at_the_start_of_the_victims_turn() -> None:
    poisoner = opponent(1, 10, 0, defend=("DEX",), damage=0, ongoing="ud4")
    faces = (15, 1, 15)  # initiative fails; a dart, the dodge fails: ud4 of poison
    faces += (4, 3, 6, 6, 3, 6)  # poison 4, then two blows of 6
    assert play(encounter("STR13 DEX11 CON12 WIS10 1h", (poisoner, 1)), *faces).won


def test_the_helpless_roll_the_d6_after_a_won_fight() -> None:
    fight = encounter("STR13 DEX11 CON12 WIS10 HP1 1h, STR13 DEX11 CON12 WIS10 1h", (GUARD, 1))
    faces = (15, 15)  # both act after the guard
    faces += (1, 15)  # it strikes the first: a parry fails, 3 damage: Helpless
    faces += (3, 6)  # the second kills it
    faces += (6,)  # the Helpless d6: 6, Killed
    assert play(fight, *faces) == FightOutcome(True, 1, 1, 1, 0)


def test_a_lost_fight() -> None:
    fight = encounter("STR8 DEX8 CON8 WIS8 HP1 unarmed", (GUARD, 1))
    # initiative fails; the guard strikes; the only defence is a dodge (nothing in hand)
    assert play(fight, 15, 1, 15) == FightOutcome(False, 1, 1, 0, 0)


# -- many fights ------------------------------------------------------------------------


def test_a_seeded_run_gives_its_figures() -> None:
    fight = Encounter(parse_party("sample", CONTENT), (FoeSpec(GUARD, 6, 0),), CONTENT)
    summary = simulate(fight, 400, 7)
    assert summary.runs == 400
    assert summary == simulate(fight, 400, 7)  # deterministic
    assert summary != simulate(fight, 400, 8)
    figures = (summary.win_rate.mean, summary.helpless.mean, summary.turns.mean)
    assert figures == pytest.approx(FIGURES, abs=1e-9), figures
    assert summary.win_rate.low < summary.win_rate.mean <= summary.win_rate.high
    assert sum(summary.turn_counts) == 400


FIGURES = (0.965, 0.2325, 4.44)
"""The sample party against six guards, 400 fights from seed 7: the win rate, the PCs
Helpless at the end and the turns, on average (the engine's figures: a change to the
model changes them, and is reviewed)."""


def test_a_fight_a_level_1_party_cannot_lose_and_one_it_cannot_win() -> None:
    easy = Encounter(parse_party("sample", CONTENT), (FoeSpec(GUARD, 1, 0),), CONTENT)
    assert simulate(easy, 2000, 1).win_rate.mean == 1.0
    hopeless = encounter("STR8 DEX8 CON8 WIS8 unarmed", (GUARD, 20))
    summary = simulate(hopeless, 2000, 1)
    assert summary.win_rate.mean == 0.0
    assert summary.helpless.mean == 1.0


def test_progress_is_told_every_fight() -> None:
    told: list[int] = []
    fight = text_encounter("sample", "city-guard x2")
    assert fight is not None
    sim.simulate_scalar(fight, 250, 1, told.append)
    assert sum(told) == 250


def test_bounds_and_engines() -> None:
    fight = text_encounter("sample", "city-guard")
    assert fight is not None
    with pytest.raises(CommandError, match="--runs must be 1 to"):
        simulate(fight, 0, 1)
    with pytest.raises(CommandError, match="--engine must be scalar"):
        simulate(fight, 10, 1, "vector")
    with pytest.raises(CommandError, match="no opponents"):
        simulate(replace(fight, foes=()), 10, 1)
    with pytest.raises(CommandError, match="nobody to fight"):
        simulate(replace(fight, party=()), 10, 1)


# -- notations -----------------------------------------------------------------------


def test_the_party_notation() -> None:
    party = parse_party(
        "Kara: reaver L3 HP5, STR12 DEX11 heavy unarmed shield ud8, duellist", CONTENT
    )
    kara, second, duellist = party
    assert (kara.name, kara.character.level, kara.character.max_hp, kara.character.hp) == (
        "Kara",
        3,
        14,
        5,
    )
    assert (kara.two_handed, kara.shield, kara.armour, kara.damage) == (True, False, 1, "1d6")
    assert (second.name, second.armed, second.shield, second.holding, second.damage) == (
        "PC 2",
        False,
        True,
        True,
        "1d4",
    )
    assert (second.armour, second.character.doom) == (3, UsageDie.UD8)
    assert duellist.character.score("DEX") == 13
    assert parse_party("L10", CONTENT)[0].character.doom_size is UsageDie.UD8  # B2
    sample = parse_party("sample", CONTENT)
    assert [f.name for f in sample] == ["Sellsword", "Reaver", "Duellist"]
    twice = parse_party("reaver, reaver", CONTENT)
    assert [f.name for f in twice] == ["Reaver 1", "Reaver 2"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("STR19", "a score is 1 to 18"),
        ("L11", "a level is 1 to 10"),
        ("HP30", "1 to the maximum, 10"),
        ("2h shield", "exclude each other"),
        ("ud7", "a Doom die is ud4 to ud20"),
        ("STR12 sword", "unknown word 'sword'"),
        ("reaver,", "an empty party member"),
        ("Kara:", "nothing given"),
    ],
)
def test_bad_party_members(text: str, message: str) -> None:
    with pytest.raises(CommandError, match=message):
        parse_party(text, CONTENT)


def test_the_opponents_notation() -> None:
    foes = parse_opponents("city guard x2, 3 city-guard; City Guard", CONTENT)
    assert [(f.count, f.group) for f in foes] == [(2, 0), (3, 0), (1, 1)]
    assert sim.describe_foes(foes) == "2 City Guard, 3 City Guard; 1 City Guard"
    with pytest.raises(UnknownNameError, match="did you mean 'city-guard'"):
        parse_opponents("city-gard", CONTENT)
    for text, message in (
        ("", "no opponents"),
        ("0 city-guard", "1 or more"),
        ("2 city-guard x3", "one count"),
        ("city-guard x501", "at most 500"),
        ("city-guard, ", "an empty entry"),
    ):
        with pytest.raises(CommandError, match=message):
            parse_opponents(text, CONTENT)


def test_a_path_is_not_party_text() -> None:
    assert text_encounter("campaign.db", "city-guard") is None
    assert text_encounter("runs/c", "city-guard") is None


# -- a campaign's party ---------------------------------------------------------------


def test_a_campaign_brings_its_characters_and_settings(table: Table, tmp_path: Path) -> None:
    table.add("Kara", STR=13, hp=4)
    table.add("Bran", hp=0)  # Helpless: out of the fight
    table("settings morale 9")
    table("settings shield-missiles yes")
    state = CampaignState.replay(table.store.events())
    fight = sim.encounter_of(state, tmp_path / "c.db", "city-guard x2")
    assert [f.name for f in fight.party] == ["Kara"]
    assert fight.party[0].character.hp == 4
    assert (fight.party[0].armour, fight.party[0].armed) == (1, True)  # the starting kit
    assert (fight.morale, fight.shield_missiles) == (9, True)
    with pytest.raises(CommandError, match="nobody in"):
        sim.encounter_of(CampaignState(), tmp_path / "none.db", "city-guard")


def test_the_command_line_finds_the_campaigns_simulator(table: Table, tmp_path: Path) -> None:
    table.add("Kara")
    table.close()
    found, fight = simulated_encounter(str(tmp_path / "c.db"), "city-guard")
    assert found is sim
    assert [f.name for f in fight.party] == ["Kara"]
    with pytest.raises(CommandError, match="is a black-sword-hack campaign, not redhack"):
        simulated_encounter(str(tmp_path / "c.db"), "goblin", "redhack")
    found, fight = simulated_encounter("duellist", "city-guard", "black-sword-hack")
    assert found is sim


# -- the command ----------------------------------------------------------------------


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


def test_cli_text_and_json() -> None:
    args = ("simulate", "--ruleset", "black-sword-hack", "--party", "sample", "--opponents")
    done = hacktable(*args, "city-guard x3", "--runs", "200", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        "Sellsword, Reaver, Duellist against 3 City Guard\n"
        "200 fights, scalar engine, seed 1; 95% intervals in brackets\n"
        "  win rate "
    )
    data = json.loads(
        hacktable(*args, "city-guard x3", "--runs", "200", "--seed", "1", "--json").stdout
    )
    assert (data["ruleset"], data["runs"], data["seed"], data["engine"]) == (
        "black-sword-hack",
        200,
        1,
        "scalar",
    )
    assert 0 <= data["win_rate"]["mean"] <= 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--party", "sample", "--opponents", "city-gard"], "error: unknown opponent 'city-gard'"),
        (["--party", "STR12 sword", "--opponents", "city-guard"], "error: simulate: in the party"),
        (["--party", "sample", "--opponents", "city-guard", "--engine", "vector"],
         "error: simulate: --engine must be scalar, not 'vector'"),
        (["--party", "sample", "--opponents", "city-guard", "--runs", "0"],
         "error: simulate: --runs must be 1 to"),
    ],
)  # fmt: skip
def test_cli_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    done = hacktable("simulate", "--ruleset", "black-sword-hack", *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(message), done.stderr
    assert done.stderr.count("\n") == 1
