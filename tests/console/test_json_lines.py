"""``hacktable play --json``: one JSON object per command (JSON Lines), errors included."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def play_json(tmp_path: Path, lines: str) -> subprocess.CompletedProcess[str]:
    campaign = str(tmp_path / "c.db")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "hacktable",
            "play",
            "--campaign",
            campaign,
            "--seed",
            "7",
            "--json",
        ],
        capture_output=True,
        text=True,
        input=lines,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        timeout=60,
        check=False,
    )


def test_each_command_prints_one_outcome_object(tmp_path: Path) -> None:
    done = play_json(
        tmp_path,
        "character new Sly --class thief --kit 1\ntest Sly DEX for picking-locks\n"
        "roll 4d6kh3\ntable reactions\n",
    )
    assert done.returncode == 0, done.stderr
    objects = [json.loads(line) for line in done.stdout.splitlines()]
    assert objects[0] == {"note": f"New redhack campaign: {tmp_path / 'c.db'}", "style": "note"}
    character, test, roll, table = objects[1:]
    assert character["command"] == "character"
    assert character["events"][0]["action"] == "character.new"
    assert test["intent"] == {
        "type": "TestIntent",
        "character": "Sly",
        "attribute": "DEX",
        "options": test["intent"]["options"],
    }
    assert test["intent"]["options"]["tags"] == ["picking-locks"]
    (check,) = test["checks"]
    assert check["advantages"] == ["Thief: Thief Skills"]
    assert check["odds"]["success"] == "24/25"  # DEX 16 with advantage: 1 - (4/20)^2
    assert roll["intent"]["type"] == "RollIntent"
    assert [d["sides"] for d in roll["dice"]] == [6, 6, 6, 6]
    (read,) = table["tables"]
    assert read["table_id"] == "reactions"
    assert 2 <= read["value"] <= 12


def test_a_failing_line_is_one_error_object_and_exit_2(tmp_path: Path) -> None:
    done = play_json(tmp_path, "note first\ntest Nobody STR\nnote never\n")
    assert done.returncode == 2
    *outcomes, error = [json.loads(line) for line in done.stdout.splitlines()]
    assert [o.get("command") for o in outcomes[1:]] == ["note"]
    assert error["type"] == "ScriptError"
    assert error["line"] == 2
    assert "unknown character 'Nobody'" in error["error"]
