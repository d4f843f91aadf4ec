"""One-shot test and odds: the fast path and the Typer path agree, the fast path stays
light, the option reader, --ruleset, and rulesets' own one-shot options."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hacktable import rulesets
from hacktable.cli import main
from hacktable.cli.app import run
from hacktable.cli.fast import fast_check
from hacktable.cli.forms import Check, Form, Option, form_for
from hacktable.cli.reading import read_check
from hacktable.dice.source import seeded
from hacktable.errors import CommandError, UnknownNameError
from hacktable.rules.resolution import TestRequest

from .test_cli import in_process

ROOT = Path(__file__).resolve().parents[2]

GOOD = [
    ["test", "--attr", "12", "--difficulty", "4", "--seed", "1"],
    ["test", "--attr", "12", "--difficulty", "4", "--seed", "1", "--json"],
    ["test", "--attr", "13", "--adv", "--seed", "2"],
    ["test", "--attr", "13", "--dis", "--seed", "2", "--json"],
    ["test", "--attr", "13", "--adv", "--dis", "--seed", "2"],
    ["test", "--attr=18", "--bonus=3", "--difficulty=5", "--seed=7"],
    ["test", "--seed", "11", "--json", "--attr", "30", "--difficulty", "20", "--penalty", "4"],
    ["test", "--attr", "1", "--bonus", "-5", "--seed", "3", "--ruleset", "redhack"],
    ["test", "--attr", "5", "--attr", "15", "--seed", "99999999999999999999999"],
    ["odds", "--attr", "18", "--bonus", "3", "--difficulty", "5"],
    ["odds", "--attr", "18", "--bonus", "3", "--difficulty", "5", "--json"],
    ["odds", "--attr", "13", "--adv", "--json"],
    ["odds", "--ruleset=redhack", "--attr", "13", "--dis", "--penalty", "+2"],
]

BAD = [
    ["test"],
    ["odds", "--json"],
    ["test", "--attr", "x"],
    ["test", "--attr", "x", "--json"],
    ["test", "--attr", "0"],
    ["odds", "--attr", "31"],
    ["test", "--attr", "12", "--difficulty", "21"],
    ["test", "--attr"],
    ["test", "--attr", "12", "--seed", "-1"],
    ["test", "--attr", "12", "--foo"],
    ["test", "--attr", "12", "--threat", "2", "--json"],
    ["test", "--attr", "12", "-x"],
    ["odds", "--attr", "12", "--seed", "1"],
    ["test", "--attr", "12", "extra"],
    ["test", "--attr", "12", "--", "--seed", "1"],
    ["test", "--attr", "12", "--json=1"],
    ["test", "--attr", "1_2"],
    ["test", "--attr", "12", "--ruleset"],
    ["test", "--attr", "12", "--ruleset", "chess"],
    ["odds", "--attr", "12", "--ruleset", "chess", "--json"],
    ["test", "--attr", "12", "--ruleset=redhak"],
]


@pytest.mark.parametrize("args", GOOD + BAD, ids=" ".join)
def test_fast_path_and_typer_path_agree(args: list[str]) -> None:
    fast = in_process(main, args)
    typer_path = in_process(run, args)
    assert fast == typer_path
    code, out, err = fast
    if args in GOOD:
        assert code == 0
        assert err == ""
    else:
        assert code == 2
        if "--json" in args:
            assert err == ""
            assert "error" in json.loads(out)
        else:
            assert out == ""
            assert len(err.splitlines()) == 1
            assert err.startswith("error: ")


@pytest.mark.parametrize("args", GOOD, ids=" ".join)
def test_the_fast_path_serves_plain_forms(args: list[str]) -> None:
    assert fast_check(args[0], args[1:]) == 0


@pytest.mark.parametrize(
    "args",
    [
        ["test", "--attr", "12", "--help"],
        ["odds", "-h"],
        ["test", "--attr", "x"],
        ["test", "--attr", "12", "--threat", "2"],
        ["odds", "--attr", "12", "--seed", "1"],
    ],
)
def test_the_fast_path_defers_help_and_refused_arguments(args: list[str]) -> None:
    assert fast_check(args[0], args[1:]) is None


def test_the_fast_path_serves_an_unknown_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert fast_check("test", ["--attr", "12", "--ruleset", "chess"]) == 2
    from hacktable.rulesets import available

    listed = ", ".join(info.id for info in available())
    assert capsys.readouterr().err == f"error: unknown ruleset 'chess' (choose from: {listed})\n"


LIGHT = """
import json
import sys
from hacktable.cli import main
try:
    main(sys.argv[1:])
except SystemExit as stop:
    code = stop.code
heavy = ["typer", "rich", "msgspec", "click", "tomllib", "hacktable.rulesets.redhack.ruleset",
         "hacktable.rulesets.redhack.content", "hacktable.play.character", "hacktable.dice.roller",
         "dataclasses", "inspect", "ast", "dis", "tokenize", "typing"]
path = ["hacktable.rulesets.redhack.core_rules", "hacktable.rules.checks.roll_under"]
sys.stderr.write("\\n" + json.dumps(
    [code, [name for name in heavy if name in sys.modules], [name in sys.modules for name in path]]
))
"""


@pytest.mark.parametrize(
    "args",
    [
        GOOD[0],
        GOOD[1],
        GOOD[2],
        GOOD[3],
        GOOD[10],
        ["odds", "--attr", "18"],
        ["test", "--attr", "12", "--ruleset", "chess"],
    ],
    ids=" ".join,
)
def test_the_fast_path_imports_no_typer_rich_msgspec_or_rules_content(args: list[str]) -> None:
    """Nor dataclasses (with inspect, ast, dis, tokenize) or typing: the test values on
    the path are hand-written ``Value`` classes (``benchmarks/cold_start.py``)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run(
        [sys.executable, "-c", LIGHT, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    *printed, report = result.stderr.splitlines()
    code, imported, on_path = json.loads(report)
    if "chess" in args:
        # an unknown name scans the entry points: importlib.metadata imports typing
        assert code == 2
        assert set(imported) <= {"typing"}
    else:
        assert code == 0
        assert imported == []
        assert on_path == [True, True]  # the check was built and run on this path
    assert (result.stdout if code == 0 else printed[0]) != ""


def test_the_typer_help_lists_each_rulesets_options() -> None:
    code, out, _ = in_process(run, ["test", "--help"])
    assert code == 0
    for text in ("--ruleset NAME", "--seed N", "--json", "redhack", "--attr N", "1 to 30"):
        assert text in out
    _, odds_help, _ = in_process(run, ["odds", "--help"])
    assert "--difficulty N" in odds_help
    assert "--seed" not in odds_help


# -- the reader ------------------------------------------------------------------------


def test_reader_values_defaults_and_last_value_wins() -> None:
    reading = read_check("test", ["--attr", "5", "--attr=14", "--dis", "--seed", "0"])
    assert reading.ruleset == "redhack"
    assert dict(reading.values) == {
        "attr": 14,
        "difficulty": 1,
        "bonus": 0,
        "penalty": 0,
        "adv": False,
        "dis": True,
    }
    assert (reading.seed, reading.as_json) == (0, False)
    odds = read_check("odds", ["--json", "--attr", "9"])
    assert (odds.command, odds.seed, odds.as_json) == ("odds", None, True)


@pytest.mark.parametrize(
    ("command", "args", "message"),
    [
        ("test", [], "redhack test needs --attr N"),
        ("test", ["--attr", "x"], "--attr takes a whole number, not 'x'"),
        ("test", ["--attr", "12.0"], "--attr takes a whole number, not '12.0'"),
        ("test", ["--attr", "0"], "--attr must be from 1 to 30, not 0"),
        ("test", ["--attr", "3", "--difficulty", "21"], "--difficulty must be from 1 to 20"),
        ("test", ["--attr", "3", "--seed=-4"], "--seed must be at least 0, not -4"),
        ("test", ["--attr", "3", "--seed", "1" * 101], "--seed takes at most 100 digits"),
        ("test", ["--attr"], "--attr needs a value"),
        ("odds", ["--attr", "3", "--ruleset"], "--ruleset needs a value"),
        ("odds", ["--attr", "3", "--adv=yes"], "--adv takes no value"),
        ("test", ["--attr", "3", "again"], "unexpected argument 'again'"),
        (
            "test",
            ["--attr", "3", "--threat", "2"],
            "ruleset redhack takes no --threat for test; its options are --attr N, "
            "--difficulty N, --bonus N, --penalty N, --adv, --dis, --seed N, --json, "
            "--ruleset NAME",
        ),
        (
            "odds",
            ["--attr", "3", "--seed", "2"],
            "ruleset redhack takes no --seed for odds; its options are --attr N, "
            "--difficulty N, --bonus N, --penalty N, --adv, --dis, --json, --ruleset NAME",
        ),
    ],
)
def test_reader_refuses_with_one_line(command: str, args: list[str], message: str) -> None:
    with pytest.raises(CommandError) as info:
        read_check(command, args)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("name", ["chess", "redhak", ""])
def test_an_unknown_ruleset_names_the_one_asked_and_those_available(name: str) -> None:
    with pytest.raises(UnknownNameError) as info:
        read_check("test", ["--attr", "12", "--ruleset", name])
    assert info.value.kind == "ruleset"
    assert info.value.name == name
    assert f"unknown ruleset {name!r}" in str(info.value)
    assert "'redhack'" in str(info.value) or "choose from: redhack" in str(info.value)


def test_the_unknown_ruleset_line_is_the_same_on_both_paths_and_exit_2() -> None:
    args = ["odds", "--attr", "12", "--ruleset", "chess"]
    code, out, err = in_process(main, args)
    assert (code, out) == (2, "")
    from hacktable.rulesets import available

    listed = ", ".join(info.id for info in available())
    assert err == f"error: unknown ruleset 'chess' (choose from: {listed})\n"


# -- a ruleset's own one-shot options --------------------------------------------------


def _threat_check(*, attr: int, threat: int, bold: bool) -> Check:
    """A stand-in black-sword-hack check: the attribute against a threat."""
    from hacktable.rulesets.redhack import core_rules

    request = TestRequest("ATTR", attr, threat, advantages=("bold",) if bold else ())
    return Check(
        f"ATTR {attr} against threat {threat}",
        (("attribute", attr), ("threat", threat)),
        lambda: core_rules.odds(request),
        lambda rng: core_rules.resolve(request, rng),
    )


THREAT_FORM = Form(
    "threat-hack",
    (
        Option("--attr", "The attribute.", required=True, minimum=1, maximum=20),
        Option("--threat", "The threat.", default=1, minimum=1, maximum=10),
        Option("--bold", "Bold.", "flag"),
    ),
    _threat_check,
    "a test ruleset",
)


@pytest.fixture
def threat_hack(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second registered ruleset with its own one-shot options."""
    info = rulesets.RulesetInfo(
        "threat-hack", "threat hack", "nowhere:Nothing", "a test", f"{__name__}:THREAT_FORM"
    )
    monkeypatch.setitem(rulesets._REGISTRY, "threat-hack", info)


@pytest.mark.usefixtures("threat_hack")
def test_a_ruleset_declares_its_own_options() -> None:
    reading = read_check("test", ["--ruleset", "threat-hack", "--attr", "9", "--threat=3"])
    assert reading.form is THREAT_FORM
    assert dict(reading.values) == {"attr": 9, "threat": 3, "bold": False}
    code, out, _ = in_process(main, ["test", "--ruleset", "threat-hack", "--attr", "9", "--json"])
    assert code == 0
    data = json.loads(out)
    assert (data["ruleset"], data["attribute"], data["threat"]) == ("threat-hack", 9, 1)
    with pytest.raises(CommandError, match="ruleset threat-hack takes no --difficulty for odds"):
        read_check("odds", ["--ruleset", "threat-hack", "--attr", "9", "--difficulty", "2"])
    with pytest.raises(CommandError, match="ruleset redhack takes no --threat"):
        read_check("odds", ["--attr", "9", "--threat", "2"])
    _, help_text, _ = in_process(run, ["odds", "--help"])
    assert "--threat N" in help_text


@pytest.mark.usefixtures("threat_hack")
def test_a_registered_ruleset_without_a_form_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    info = rulesets.RulesetInfo("threat-hack", "threat hack", "nowhere:Nothing", "a test")
    monkeypatch.setitem(rulesets._REGISTRY, "threat-hack", info)
    with pytest.raises(CommandError, match="ruleset threat-hack has no one-shot test"):
        form_for("threat-hack")


def test_every_form_names_its_check_arguments() -> None:
    import inspect

    for info in rulesets.available():
        form = form_for(info.id)
        assert form.ruleset == info.id
        parameters = inspect.signature(form.check).parameters
        assert [option.key for option in form.options] == list(parameters)


# -- redhack's form is the redhack plugin's test ---------------------------------------


def test_redhack_form_agrees_with_the_redhack_plugin() -> None:
    plugin = rulesets.get_ruleset("redhack")
    form = form_for("redhack")
    for attr in range(1, 31):
        for difficulty in range(1, 21):
            for adv, dis in ((False, False), (True, False), (False, True)):
                bonus, penalty = attr % 4 - 1, difficulty % 3
                check = form.check(
                    attr=attr, difficulty=difficulty, bonus=bonus, penalty=penalty, adv=adv, dis=dis
                )
                request = TestRequest(
                    "ATTR",
                    attr,
                    difficulty,
                    bonus,
                    penalty,
                    ("--adv",) if adv else (),
                    ("--dis",) if dis else (),
                )
                assert check.odds() == plugin.test_odds(request)
                seed = attr * 100 + difficulty
                assert check.roll(seeded(seed)) == plugin.resolve_test(request, seeded(seed))


ROLL_OVER = """
import json
import sys
from hacktable.cli import main
try:
    main(sys.argv[1:])
except SystemExit as stop:
    code = stop.code
heavy = ["typer", "rich", "msgspec", "click", "tomllib", "hacktable.play.character",
         "hacktable.rulesets.fantasy_hack.character", "hacktable.rulesets.fantasy_hack.equipment",
         "hacktable.rulesets.skill_die.content", "hacktable.rules.checks.opposed"]
sys.stderr.write("\\n" + json.dumps([code, [name for name in heavy if name in sys.modules]]))
"""


@pytest.mark.parametrize(
    "args",
    [
        ["test", "--ruleset", "fantasy-hack", "--modifier", "6", "--dc", "15", "--seed", "1"],
        ["odds", "--ruleset", "skill-die", "--skill", "3", "--difficulty", "hard", "--json"],
        ["test", "--ruleset", "skill-die", "--modifier", "2", "--dc", "15", "--adv"],
    ],
    ids=" ".join,
)
def test_the_roll_over_one_shots_import_no_ruleset_content(args: list[str]) -> None:
    """fantasy-hack's and skill-die's one-shot checks load the shared check and nothing
    of their ruleset's characters or data files (benchmarks/cold_start.py: fh_test,
    sd_odds_json)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run(
        [sys.executable, "-c", ROLL_OVER, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    code, imported = json.loads(result.stderr.splitlines()[-1])
    assert code == 0
    assert imported == []
