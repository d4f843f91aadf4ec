"""The command line: one-shot commands, --json, bad input, the play command."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from hacktable.cli import main
from hacktable.cli.app import run

ROOT = Path(__file__).resolve().parents[2]


def hacktable(
    *args: str, stdin: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, "-m", "hacktable", *args],
        capture_output=True,
        text=True,
        input=stdin,
        cwd=cwd,
        env=env,
        timeout=60,
        check=False,
    )


def in_process(entry: object, args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), pytest.raises(SystemExit) as info:
        entry(args)  # type: ignore[operator]
    code = info.value.code
    return (code if isinstance(code, int) else 0), out.getvalue(), err.getvalue()


def test_roll_json_is_one_object_and_reproducible() -> None:
    first = hacktable("roll", "4d6kh3", "--seed", "42", "--json")
    assert first.returncode == 0
    data = json.loads(first.stdout)
    assert data["seed"] == 42
    assert 3 <= data["total"] <= 18
    dice = data["rolls"][0]["tree"]["dice"]
    assert len(dice) == 4
    assert sum(not d["kept"] for d in dice) == 1
    assert hacktable("roll", "4d6kh3", "--seed", "42", "--json").stdout == first.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["roll", "4d6kh3", "--seed", "5"],
        ["roll", "2d20kh1+5", "--seed=9", "--json"],
        ["roll", "(d6-1)x10", "--seed", "1", "--adv"],
        ["roll", "ud6", "--seed", "3"],
        ["roll", "3d", "--seed", "3"],
        ["roll", "1000000d1000000"],
    ],
)
def test_fast_path_and_typer_path_agree(args: list[str]) -> None:
    if "--seed" not in " ".join(args):
        args = [*args, "--seed", "1"]
    fast = in_process(main, args)
    typer_path = in_process(run, args)
    assert fast == typer_path


def test_test_and_odds_json() -> None:
    result = hacktable("test", "--attr", "12", "--difficulty", "4", "--seed", "1", "--json")
    data = json.loads(result.stdout)
    assert data["odds"]["success"] == "9/20"  # WIS 12 vs difficulty 4: 5-12 or a 20
    assert data["success"] == (4 < data["kept"] <= 12 or data["kept"] == 20)
    odds = json.loads(
        hacktable("odds", "--attr", "18", "--bonus", "3", "--difficulty", "5", "--json").stdout
    )
    assert odds["success"] == "17/20"  # STR 19 (2) against AC 5: 4-20
    adv = json.loads(hacktable("odds", "--attr", "13", "--adv", "--json").stdout)
    assert adv["percent"]["success"] == 87.75


def test_test_text_shows_odds_then_the_roll() -> None:
    lines = hacktable("test", "--attr", "13", "--adv", "--seed", "2").stdout.splitlines()
    assert lines[0] == "ATTR test, advantage (--adv)"
    assert lines[1].startswith("odds: success 87.75%")
    assert lines[2].startswith("d20 ")
    assert lines[3].startswith("=> ")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["roll", "3d"], "expected the number of sides"),
        (["roll", "d0"], "at least 1 side"),
        (["roll", "2d6+"], "column 5"),
        (["roll", "1000000d1000000"], "dice limit"),
        (["roll", "(" * 100 + "1" + ")" * 100], "depth limit"),
        (["test", "--attr", "x"], "--attr"),
        (["test", "--attr", "12", "--ruleset", "chess"], "unknown ruleset 'chess'"),
        (["frobnicate"], "No such command"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], needle: str) -> None:
    result = hacktable(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert needle in lines[0]


def test_bad_input_with_json_prints_a_json_error() -> None:
    result = hacktable("roll", "3d", "--json")
    assert result.returncode == 2
    data = json.loads(result.stdout)
    assert data["type"] == "DiceSyntaxError"
    assert data["position"] == 2


def test_play_script_and_log(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("character new Aldric --class warrior --kit 1\ntest Aldric STR\n")
    campaign = tmp_path / "c.db"
    result = hacktable("play", "--campaign", str(campaign), "--seed", "3", "--script", str(script))
    assert result.returncode == 0, result.stderr
    assert "New redhack campaign" in result.stdout
    assert "> test Aldric STR" in result.stdout
    log = hacktable("log", "--campaign", str(campaign))
    assert "Aldric: STR test" in log.stdout
    data = json.loads(hacktable("log", "--campaign", str(campaign), "--json").stdout)
    assert [e["action"] for e in data["events"]] == ["session.start", "character.new", "test"]


def test_play_reads_commands_from_stdin(tmp_path: Path) -> None:
    result = hacktable(
        "play",
        "--campaign",
        str(tmp_path / "c.db"),
        "--seed",
        "1",
        stdin="roll 3d6\nquit\nroll 1d4\n",
    )
    assert result.returncode == 0
    assert "> roll 3d6" in result.stdout
    assert "roll 1d4" not in result.stdout


def test_play_failing_script_line(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("roll 3d6\n\nroll 3d\n")
    campaign = tmp_path / "c.db"
    result = hacktable("play", "--campaign", str(campaign), "--script", str(script))
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"error: {script}:3: bad dice expression '3d': expected the number of sides after "
        "'d' at column 3, found end of expression"
    )
    log = hacktable("log", "--campaign", str(campaign), "--json")
    assert [e["action"] for e in json.loads(log.stdout)["events"]] == ["session.start", "roll"]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"not a database at all\n", "not an SQLite database"),
        (b"", "empty"),
    ],
)
def test_play_refuses_a_file_that_is_not_a_campaign(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    path = tmp_path / "notes.db"
    path.write_bytes(content)
    result = hacktable("play", "--campaign", str(path), stdin="roll 3d6\n")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"error: {path} is not a hacktable campaign: {result.stderr.split(': ', 2)[2].strip()}"
    ]
    assert reason in result.stderr
    assert path.read_bytes() == content


def test_play_shares_a_campaign_with_a_session_in_play(tmp_path: Path) -> None:
    # issue 8: the store locks per transaction (WAL), not for the life of a session
    campaign = tmp_path / "c.db"
    assert hacktable("play", "--campaign", str(campaign), stdin="roll 3d6\n").returncode == 0
    before = campaign.read_bytes()
    holder = subprocess.Popen(
        [sys.executable, "-m", "hacktable", "play", "--campaign", str(campaign)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    try:
        assert holder.stdin is not None
        assert holder.stdout is not None
        holder.stdin.write("roll 1d6\n")
        holder.stdin.flush()
        assert holder.stdout.readline().startswith("> roll 1d6")  # the holder is in session
        result = hacktable("play", "--campaign", str(campaign), stdin="roll 3d6\n")
        assert result.returncode == 0, result.stderr
        assert "> roll 3d6" in result.stdout
        reader = hacktable("log", "--campaign", str(campaign), "all")
        assert reader.returncode == 0, reader.stderr
        assert "3d6: [" in reader.stdout.splitlines()[-1]  # the second session's roll
    finally:
        holder.communicate("quit\n", timeout=60)
    assert holder.returncode == 0
    after = hacktable("log", "--campaign", str(campaign), "--json")
    actions = [e["action"] for e in json.loads(after.stdout)["events"]]
    assert actions == ["session.start", "roll", "roll", "roll"]  # all in session 1
    assert len(campaign.read_bytes()) >= len(before)


def test_missing_script_creates_nothing(tmp_path: Path) -> None:
    campaign = tmp_path / "c.db"
    result = hacktable("play", "--campaign", str(campaign), "--script", "nope.txt")
    assert result.returncode == 2
    assert "no script file" in result.stderr
    assert not campaign.exists()


def test_rulesets_and_version() -> None:
    assert "redhack" in hacktable("rulesets").stdout
    assert hacktable("--version").stdout.startswith("hacktable ")


def test_play_says_when_ruleset_is_not_the_campaigns(tmp_path: Path) -> None:
    """docs/rulings.md H496: --ruleset chooses a new campaign's ruleset; on an existing
    campaign of another ruleset the console says which it plays, and plays it."""
    script = tmp_path / "s.txt"
    script.write_text("character list\n")
    campaign = str(tmp_path / "c.db")
    made = hacktable(
        "play", "--campaign", campaign, "--ruleset", "skill-die", "--script", str(script)
    )
    assert made.returncode == 0, made.stderr
    assert "is a" not in made.stdout
    again = hacktable(
        "play", "--campaign", campaign, "--ruleset", "fantasy-hack", "--script", str(script)
    )
    assert again.returncode == 0, again.stderr
    assert (
        "c.db is a skill-die campaign: it plays skill-die (--ruleset fantasy-hack" in again.stdout
    )
    same = hacktable("play", "--campaign", campaign, "--script", str(script))
    assert "is a skill-die campaign" not in same.stdout
