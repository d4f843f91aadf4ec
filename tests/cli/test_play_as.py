"""``hacktable play --as PLAYER``: the console as a player or an observer, end to end
(docs/rulings.md H106)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hacktable.store import CampaignStore

from .test_cli import hacktable

SETUP = """player add Ann
player add Bea
character new Aldric --class warrior --kit 1 --player Ann
character new Sly --class thief --kit 1 --player Bea
"""


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    script = tmp_path / "setup.txt"
    script.write_text(SETUP)
    path = tmp_path / "c.db"
    result = hacktable("play", "--campaign", str(path), "--seed", "2", "--script", str(script))
    assert result.returncode == 0, result.stderr
    return path


def _actions(path: Path) -> list[str]:
    with CampaignStore.open(path, create=False, readonly=True) as store:
        return [event.action for event in store.events()]


def test_a_player_acts_for_their_own_character(campaign: Path) -> None:
    before = _actions(campaign)
    result = hacktable(
        "play", "--campaign", str(campaign), "--as", "ann", "--json", stdin="test Aldric STR\n"
    )
    assert result.returncode == 0, result.stderr
    (outcome,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert outcome["lines"][0]["text"] == "Aldric: STR test"
    assert [e["principal"] for e in outcome["events"]] == ["Ann"]  # as seated
    assert _actions(campaign) == [*before, "test"]  # the open game session goes on


def test_a_player_is_refused_another_s_character_in_one_line(campaign: Path) -> None:
    before = _actions(campaign)
    result = hacktable(
        "play", "--campaign", str(campaign), "--as", "Ann", stdin="test Sly STR\ntest Aldric STR\n"
    )
    assert result.returncode == 2
    assert result.stderr == "error: <stdin>:1: Ann may not test for Sly: Sly is played by Bea\n"
    assert _actions(campaign) == before  # the refusal stored nothing (not even a session)


def test_a_player_is_refused_a_gm_power_as_json(campaign: Path) -> None:
    result = hacktable(
        "play", "--campaign", str(campaign), "--as", "Ann", "--json", stdin="fight add 2 goblin\n"
    )
    assert result.returncode == 2
    (line,) = result.stdout.splitlines()
    error = json.loads(line)
    assert error["error"].endswith("Ann may not fight add: adding monsters is the GM's")
    assert error["line"] == 1


def test_a_name_the_campaign_does_not_have_writes_nothing(campaign: Path) -> None:
    before = _actions(campaign)
    result = hacktable("play", "--campaign", str(campaign), "--as", "Zed", stdin="roll d6\n")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: unknown player 'Zed'")
    assert "Ann, Bea" in result.stderr
    assert _actions(campaign) == before
    as_json = hacktable("play", "--campaign", str(campaign), "--as", "Zed", "--json")
    assert as_json.returncode == 2
    assert json.loads(as_json.stdout)["type"] == "UnknownNameError"
    assert _actions(campaign) == before


def test_a_player_does_not_start_a_campaign(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    result = hacktable("play", "--campaign", str(path), "--as", "Ann", stdin="roll d6\n")
    assert result.returncode == 2
    assert result.stderr == f"error: {path} does not exist: the GM starts a campaign\n"
    assert not path.exists()


def test_an_observer_only_watches(campaign: Path) -> None:
    result = hacktable(
        "play", "--campaign", str(campaign), "--as", "observer", stdin="log 2\nroll d6\n"
    )
    assert result.returncode == 2
    assert "Sly joins" in result.stdout
    assert result.stderr == "error: <stdin>:2: observer may not roll: observers only watch\n"


def test_the_gm_is_the_default_and_may_be_named(campaign: Path) -> None:
    for args in ((), ("--as", "gm")):
        result = hacktable(
            "play", "--campaign", str(campaign), *args, "--json", stdin="test Sly STR\nhp Sly -1\n"
        )
        assert result.returncode == 0, result.stderr
        outcomes = [json.loads(line) for line in result.stdout.splitlines()]
        assert [e["principal"] for o in outcomes for e in o["events"]] == ["GM", "GM"]


@pytest.mark.parametrize("who", ["ann", "observer"])
def test_only_the_gm_begins_a_session_with_a_seed(campaign: Path, who: str) -> None:
    before = _actions(campaign)
    result = hacktable(
        "play", "--campaign", str(campaign), "--as", who, "--seed", "6", stdin="test Aldric STR\n"
    )
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    assert (
        line == f"error: play: --seed begins a game session, which is the GM's: not with --as {who}"
    )
    assert _actions(campaign) == before  # nothing written


def test_a_secret_seed_reproduces_a_blind_roll(tmp_path: Path) -> None:
    """RULINGS G6: a scripted session's secret stream is reproducible with --secret-seed
    (the example sessions' Legend Lore), and --secret-seed alone is refused."""
    script = tmp_path / "lore.txt"
    script.write_text(SETUP + "test Aldric INT blind\n")
    outputs = []
    for run in (1, 2):
        path = tmp_path / f"c{run}.db"
        result = hacktable(
            "play",
            "--campaign",
            str(path),
            "--seed",
            "2",
            "--secret-seed",
            "9",
            "--script",
            str(script),
        )
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout.replace(str(path), "CAMPAIGN"))
    assert outputs[0] == outputs[1]
    assert "blind INT test" in outputs[0] or "INT test" in outputs[0]
    result = hacktable("play", "--campaign", str(tmp_path / "c3.db"), "--secret-seed", "9")
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "error: play: --secret-seed goes with --seed: it seeds a new session"
    )
