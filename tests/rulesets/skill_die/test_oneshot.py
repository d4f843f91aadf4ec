"""One-shot ``hacktable test`` and ``odds`` with ``--ruleset skill-die``: an ability
check (``--modifier --dc``) or a skill check (``--skill --difficulty``), JSON shaped like
the other rulesets' (issue 11 §2; RULINGS S1, S2, S7)."""

from __future__ import annotations

import json

import pytest

from hacktable.cli import main

from ...cli.test_cli import in_process

RULESET = ["--ruleset", "skill-die"]


def test_ability_odds_json_gives_exact_fractions() -> None:
    """RULINGS S1: +2 against DC 15 with advantage: 1 - (12/20)^2 = 16/25."""
    code, out, err = in_process(
        main, ["odds", *RULESET, "--modifier", "2", "--dc", "15", "--adv", "--json"]
    )
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["ruleset"] == "skill-die"
    assert data["success"] == "16/25"


def test_skill_odds_on_the_difficulty_s_die() -> None:
    """RULINGS S2: level 3 on a Hard d10; advantage keeps the lower of two."""
    args = ["odds", *RULESET, "--skill", "3", "--difficulty", "hard", "--json"]
    assert json.loads(in_process(main, args)[1])["success"] == "3/10"
    _code, out, _ = in_process(main, [*args, "--adv"])
    assert json.loads(out)["success"] == "51/100"  # 1 - (7/10)^2


def test_the_odds_in_words_name_no_critical() -> None:
    """RULINGS S1, S2: no face is critical, so the words do not offer a 0% one."""
    _code, out, _ = in_process(main, ["odds", *RULESET, "--modifier", "2", "--dc", "15"])
    assert out.splitlines()[-1] == "success 40.00%, failure 60.00%"  # 13-20 on the d20


def test_a_seeded_test_is_reproducible_and_explained() -> None:
    args = ["test", *RULESET, "--modifier", "1", "--dc", "10", "--dis", "--seed", "5", "--json"]
    first, second = in_process(main, args), in_process(main, args)
    assert first == second
    data = json.loads(first[1])
    assert data["modifier"] == 1
    assert data["dc"] == 10
    assert data["advantage"] == "disadvantage"
    assert len(data["faces"]) == 2
    assert "disadvantage keeps the lower" in data["explanation"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--modifier", "2"], "exactly one of --dc"),
        (["--skill", "2", "--difficulty", "hard", "--dc", "10"], "exactly one of --dc"),
        (["--skill", "2", "--difficulty", "brutal"], "simple, easy, normal"),
        (["--difficulty", "hard"], "needs --skill"),
        (["--modifier", "1", "--difficulty", "hard", "--skill", "2"], "--modifier is for"),
        (["--skill", "2", "--dc", "10"], "--skill is for"),
        (["--modifier", "2", "--dc", "41"], "1 to 40"),
        (["--skill", "7", "--difficulty", "hard"], "0 to 6"),
    ],
)
def test_wrong_options_are_one_clear_line(args: list[str], words: str) -> None:
    code, out, err = in_process(main, ["test", *RULESET, *args])
    assert code != 0
    assert out == ""
    assert words in err
    assert err.strip().count("\n") == 0


def test_the_one_shot_ability_check_shows_its_margin() -> None:
    """RULINGS S1: "An ability check's result is shown with its margin" (docs/rulings.md
    H451); seed 3 rolls d20 8: 8 + 2 = 10 against DC 15 is 5 short. A skill check (S2)
    is binary: no margin."""
    args = ["test", *RULESET, "--modifier", "2", "--dc", "15", "--seed", "3"]
    code, out, _ = in_process(main, [*args, "--json"])
    found = json.loads(out)
    assert (code, found["faces"]) == (0, [8])
    assert found["explanation"].endswith("(margin -5)")
    assert "(margin -5)" in in_process(main, args)[1]
    skill = ["test", *RULESET, "--skill", "3", "--difficulty", "hard", "--seed", "3", "--json"]
    assert "margin" not in json.loads(in_process(main, skill)[1])["explanation"]


def test_simulate_says_at_once_it_has_no_simulator() -> None:
    """Issue 11 §2 (S5's tracker has no simulator): one line, before asking for --party
    and --monsters, which it used to demand first; still demanded where there is one."""
    code, _out, err = in_process(main, ["simulate", *RULESET])
    assert code == 2
    (line,) = err.strip().splitlines()
    assert line.startswith("error: simulate: ruleset skill-die; hacktable has no fight simulator")
    code, _out, err = in_process(main, ["simulate", "--party", "sample"])
    assert code == 2
    assert "needs --monsters" in err
