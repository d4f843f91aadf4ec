"""One-shot ``hacktable test`` and ``odds`` with ``--ruleset fantasy-hack``: d20 +
modifier meets or beats the DC, the JSON shaped like the other rulesets' (issue 11 §1;
fantasy-hack Part III)."""

from __future__ import annotations

import json

import pytest

from hacktable.cli import main
from hacktable.cli.app import run

from ...cli.test_cli import in_process

RULESET = ["--ruleset", "fantasy-hack"]


def test_odds_json_gives_exact_fractions() -> None:
    code, out, err = in_process(main, ["odds", *RULESET, "--modifier", "6", "--dc", "15", "--json"])
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["ruleset"] == "fantasy-hack"
    assert (data["success"], data["critical_success"], data["critical_failure"]) == (
        "3/5",
        "0",
        "0",
    )


def test_a_seeded_check_is_reproducible_and_explained() -> None:
    args = ["test", *RULESET, "--modifier", "6", "--dc", "15", "--seed", "5", "--json"]
    first, second = in_process(main, args), in_process(main, args)
    assert first == second
    data = json.loads(first[1])
    assert (data["modifier"], data["dc"]) == (6, 15)
    assert len(data["faces"]) == 1
    assert data["success"] == (data["faces"][0] + 6 >= 15)
    assert "DC 15" in data["explanation"]


@pytest.mark.parametrize(
    "args",
    [
        ["test", *RULESET, "--modifier", "6"],
        ["test", *RULESET, "--modifier", "6", "--dc", "41"],
        ["odds", *RULESET, "--modifier", "6", "--dc", "0"],
        ["odds", *RULESET, "--attr", "12", "--dc", "10"],
    ],
)
def test_bad_input_gets_one_line_and_exit_2(args: list[str]) -> None:
    """issue 11 §3: a DC outside 1-40, an option fantasy-hack lacks."""
    fast = in_process(main, args)
    assert fast == in_process(run, args)
    code, out, err = fast
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1


def test_the_text_odds_read_as_the_consoles_check_with_no_criticals() -> None:
    """Part III: a check has no critical face, so the one-shot reads as the console's
    `check` does, not "(critical 0.00%), critical failure 0.00%" (H477); the JSON
    keeps every field, shaped like the other rulesets'."""
    code, out, _ = in_process(main, ["odds", *RULESET, "--modifier", "6", "--dc", "15"])
    assert (code, out) == (0, "d20 +6 check against DC 15\nsuccess 60.00%, failure 40.00%\n")
    code, out, _ = in_process(
        main, ["test", *RULESET, "--modifier", "6", "--dc", "15", "--seed", "3"]
    )
    assert out.splitlines()[1] == "odds: success 60.00%, failure 40.00%"
    code, out, _ = in_process(main, ["odds", "--ruleset", "redhack", "--attr", "12"])
    assert "critical failure 5.00%" in out  # redhack's line is unchanged


def test_simulate_says_in_one_line_that_fantasy_hack_has_no_simulator() -> None:
    """Issue 11 tester brief: `hacktable simulate --ruleset fantasy-hack` says in one line
    that there is no simulator, before asking for --party or --monsters (H476)."""
    code, out, err = in_process(main, ["simulate", "--ruleset", "fantasy-hack"])
    assert code == 2
    assert out == ""
    assert err.strip().count("\n") == 0
    assert "no fight simulator" in err
    assert "fantasy-hack" in err
    code, _, err = in_process(main, ["simulate"])
    assert code == 2
    assert "needs --party and --monsters" in err
