"""The crew-of-four example session's key moments, read from its played log (issue 11
§2: "a crew of four with different roles: a persuasion, a tracking contest against a
hidden foe's Stealth, a fall, a fight with temporary HP, a long day that ends in
fatigue"; RULINGS S2-S7, docs/rulings.md H430-H436)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hacktable.console.loop import Console
from hacktable.console.render import PlainPrinter
from hacktable.engine.session import Session
from hacktable.play.events import Event
from hacktable.play.state import CampaignState
from hacktable.rulesets.skill_die.legal import EXAMPLE_SESSIONS
from hacktable.store import CampaignStore

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[list[Event], str]]:
    """The crew of four played at its seed: its log and its transcript."""
    script, seed, _ = EXAMPLE_SESSIONS[0]
    path = tmp_path_factory.mktemp("crew") / "crew.db"
    out = io.StringIO()
    with CampaignStore.open(path, ruleset="skill-die") as store:
        session = Session(store, seed, secret_seed=seed, source=Path(script).name)
        Console(session, PlainPrinter(out, io.StringIO())).run_file(ROOT / script)
        yield list(store.events()), out.getvalue()


def _events(played: tuple[list[Event], str], action: str) -> list[Event]:
    return [e for e in played[0] if e.action == action]


def _detail(event: Event) -> dict[str, Any]:
    return dict(event.detail or {})


def test_four_characters_one_of_each_role(played: tuple[list[Event], str]) -> None:
    """RULINGS S4: a crew of four with different roles."""
    roles = {_detail(e)["role"] for e in _events(played, "character.new")}
    assert roles == {"Medic", "Soldier", "Corsair", "Engineer"}


def test_a_persuasion_skill_check_on_the_hard_die(played: tuple[list[Event], str]) -> None:
    """RULINGS S2: Hard is a d10, at or under the level succeeds."""
    checks = [_detail(e) for e in _events(played, "check")]
    persuasion = next(c for c in checks if c["attribute"] == "Persuasion")
    assert (persuasion["difficulty"], persuasion["faces"]) == (10, [3])
    assert persuasion["odds"]["success"] == 40.0
    tiered = next(c for c in checks if c["attribute"] == "CHA")
    assert tiered["margin"] == 3  # S1: the margin for tiered results


def test_the_tracking_contest_rolls_on_the_die_stealth_4_picks(
    played: tuple[list[Event], str],
) -> None:
    """RULINGS S2, S7: Stealth 4 picks the d10; only the active side rolls."""
    checks = [_detail(e) for e in _events(played, "check")]
    nature = next(c for c in checks if c["attribute"] == "Nature" and "die_chosen" in c)
    assert nature["difficulty"] == 10
    assert "picks the d10" in nature["die_chosen"]
    sneak = next(c for c in checks if c["attribute"] == "Stealth")
    assert "Ana's Nature 4, Tam's Nature 0: the highest, 4" in sneak["die_chosen"]


def test_the_fall_rolls_1d4_per_full_2_m_and_leaves_tam_prone(
    played: tuple[list[Event], str],
) -> None:
    """RULINGS S6: 7 m is three full 2 m, 3d4; then prone, and 'stand' spends the move."""
    fall = _detail(_events(played, "fall")[0])
    assert (len(fall["dice"]), fall["sides"], fall["prone"]) == (3, 4, True)
    assert _events(played, "stand")


def test_the_fight_loses_temporary_hp_first(played: tuple[list[Event], str]) -> None:
    """RULINGS S3: temporary HP is lost first."""
    transcript = played[1]
    assert "Vex: 5 temporary HP take 5 of 6 damage, 8 HP - 1 = 7 HP: up" in transcript


def test_tam_goes_unconscious_and_is_attacked_with_advantage(
    played: tuple[list[Event], str],
) -> None:
    """RULINGS S3: unconscious at 0 or below; attacks on the unconscious have advantage,
    damage still applies; healing applies too."""
    attacks = [_detail(e) for e in _events(played, "fight.attack")]
    on_tam = [a for a in attacks if a["attack"]["target"] == "Tam"]
    assert [a["harm"]["condition"] for a in on_tam] == ["unconscious", "unconscious"]
    assert [a["attack"]["advantage"] for a in on_tam] == [0, 1]
    assert on_tam[1]["attack"]["faces"] == [4, 13]
    assert on_tam[1]["attack"]["kept"] == 13
    assert "(-2 HP + 4 healing = 2 HP: up)" in played[1]


def test_the_attacks_are_checks_against_the_defence_dc(played: tuple[list[Event], str]) -> None:
    """RULINGS S5: worn armour adds to the defence DC (Vex: 10 + DEX 2 + flak vest 2)."""
    attacks = [_detail(e)["attack"] for e in _events(played, "fight.attack")]
    on_vex = {a["ac"] for a in attacks if a["target"] == "Vex"}
    assert on_vex == {14}


def test_the_long_day_ends_in_fatigue_then_rest(played: tuple[list[Event], str]) -> None:
    """RULINGS S6: checks from hour 24; a fatigued character's check has disadvantage;
    RULINGS S7: a rest resets the clock, removes fatigue and temporary HP."""
    times = [_detail(e) for e in _events(played, "time")]
    hours = [c["hour"] for t in times for clock in t["clocks"] for c in clock["checks"]]
    assert min(hours) == 24
    fatigued = next(_detail(e) for e in _events(played, "check") if _detail(e)["disadvantages"])
    assert fatigued["disadvantages"] == ["fatigued (RULINGS S6)"]
    state = CampaignState.replay(played[0])
    for name in ("ana", "vex", "rook", "tam"):
        character = state.get("character", name)
        assert isinstance(character, dict)
        assert character["fatigued"] is False
        assert character.get("temp_hp", 0) == 0
    assert "Tam: fatigue clock 0; no longer fatigued; 3 temporary HP lost" in played[1]
