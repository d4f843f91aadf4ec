"""One-shot ``hacktable test`` and ``odds`` with ``--ruleset black-sword-hack``: the
options of its form, JSON shaped like redhack's (RULINGS B1; 2.1.5)."""

from __future__ import annotations

import json

import pytest

from hacktable.cli import main
from hacktable.cli.app import run

from ...cli.test_cli import in_process

RULESET = ["--ruleset", "black-sword-hack"]


def test_odds_json_gives_exact_fractions() -> None:
    code, out, err = in_process(main, ["odds", *RULESET, "--attr", "12", "--json"])
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["ruleset"] == "black-sword-hack"
    assert (data["success"], data["critical_success"], data["critical_failure"]) == (
        "11/20",
        "1/20",
        "1/20",
    )


def test_the_threat_level_is_added_to_the_die() -> None:
    code, out, _ = in_process(main, ["odds", *RULESET, "--attr", "12", "--threat", "3", "--json"])
    assert code == 0
    assert json.loads(out)["success"] == "2/5"


def test_a_seeded_test_is_reproducible_and_explained() -> None:
    args = ["test", *RULESET, "--attr", "12", "--adv", "--seed", "5", "--json"]
    first, second = in_process(main, args), in_process(main, args)
    assert first == second
    data = json.loads(first[1])
    assert len(data["faces"]) == 2
    assert data["kept"] == min(data["faces"])
    assert "success" in data


@pytest.mark.parametrize(
    "args",
    [
        ["test", *RULESET],
        ["test", *RULESET, "--attr", "12", "--difficulty", "4"],
        ["odds", *RULESET, "--attr", "12", "--threat", "-1"],
        ["odds", *RULESET, "--attr", "12", "--threat", "x", "--json"],
    ],
)
def test_bad_input_gets_one_line_and_exit_2(args: list[str]) -> None:
    fast = in_process(main, args)
    assert fast == in_process(run, args)
    code, out, err = fast
    assert code == 2
    if "--json" in args:
        assert "error" in json.loads(out)
    else:
        assert len(err.splitlines()) == 1
        assert err.startswith("error: ")
