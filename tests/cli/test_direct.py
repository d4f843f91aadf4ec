"""``hacktable play`` without the Typer command line (hacktable.cli.direct): its options
are still ``play``'s, both paths call ``play`` with the same values and end with the same
exit status and output, and anything not plain goes to Typer."""

from __future__ import annotations

import functools
import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer

from hacktable.cli import app as app_module
from hacktable.cli import main
from hacktable.cli.app import run
from hacktable.cli.direct import DATABASE_VARIABLE, FLAGS, OPTIONS, direct_play, read_play

from .test_cli import in_process

ROOT = Path(__file__).resolve().parents[2]
PLAY = app_module.play


def play_command() -> Any:
    """The Click command Typer builds for ``play``."""
    return typer.main.get_command(app_module.app).commands["play"]  # type: ignore[attr-defined]


def test_the_options_read_here_are_plays_own() -> None:
    params = {opt: param for param in play_command().params for opt in param.opts}
    for option, (parameter, _) in OPTIONS.items():
        assert option in params, f"play has no {option}: update hacktable.cli.direct"
        assert params[option].name == parameter
        assert not params[option].is_flag
        envvar = DATABASE_VARIABLE if parameter == "campaign" else None
        assert params[option].envvar == envvar, f"{option} reads another environment variable"
    for option, parameter in FLAGS.items():
        assert params[option].name == parameter
        assert params[option].is_flag
        assert params[option].envvar is None
    for name, parameter in inspect.signature(PLAY).parameters.items():
        assert parameter.default is not inspect.Parameter.empty, f"{name} has no default"


def recorded(monkeypatch: pytest.MonkeyPatch, path: str) -> list[dict[str, Any]]:
    """Make ``play`` record its arguments, on the Typer path or on the direct one."""
    calls: list[dict[str, Any]] = []

    @functools.wraps(PLAY)
    def recorder(**kwargs: Any) -> None:
        arguments = inspect.signature(PLAY).bind(**kwargs)
        arguments.apply_defaults()
        calls.append(dict(arguments.arguments))

    if path == "typer":
        (info,) = [c for c in app_module.app.registered_commands if c.callback is PLAY]
        monkeypatch.setattr(info, "callback", recorder)
    else:
        monkeypatch.setattr(app_module, "play", recorder)
    return calls


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["-c", "x.db"],
        ["--campaign=x.db", "--seed", "7"],
        ["--seed=0", "--json"],
        ["--script", "s.txt", "--ruleset", "redhack", "--campaign", "a b.db"],
        ["-c", "a.db", "--campaign", "b.db", "--seed", "1", "--seed", "2"],
        ["--json", "--json", "--ruleset=chess", "--seed", "9" * 19],
        ["--script=dir/s.txt", "--ruleset", "a=b"],
    ],
    ids=" ".join,
)
def test_both_paths_call_play_with_the_same_values(
    monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    typer_calls = recorded(monkeypatch, "typer")
    assert in_process(run, ["play", *args]) == (0, "", "")
    direct_calls = recorded(monkeypatch, "direct")
    assert direct_play(args) == 0
    assert direct_calls == typer_calls
    assert len(direct_calls) == 1


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["-h"],
        ["extra"],
        ["--", "-c", "x.db"],
        ["--campaign"],
        ["--campaign="],
        ["--campaign", "-x.db"],
        ["-cx.db"],
        ["-c=x.db"],
        ["--seed", "-1"],
        ["--seed", "+1"],
        ["--seed", "1.5"],
        ["--seed", "１"],
        ["--seed", "1" * 20],
        ["--json=1"],
        ["--camp", "x.db"],
    ],
    ids=" ".join,
)
def test_anything_not_plain_goes_to_typer(args: list[str]) -> None:
    assert read_play(args) is None
    assert direct_play(args) is None


def test_a_shell_completion_request_goes_to_typer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_HACKTABLE_COMPLETE", "bash_complete")
    assert read_play(["-c", "x.db"]) == {"campaign": "x.db"}
    assert direct_play(["-c", "x.db"]) is None


@pytest.mark.parametrize(
    "raised", [KeyboardInterrupt(), EOFError(), typer.Abort(), typer.Exit(3), typer.Exit()]
)
def test_both_paths_end_alike_when_play_stops(
    monkeypatch: pytest.MonkeyPatch, raised: BaseException
) -> None:
    def stop(**kwargs: Any) -> None:
        raise raised

    (info,) = [c for c in app_module.app.registered_commands if c.callback is PLAY]
    monkeypatch.setattr(info, "callback", functools.wraps(PLAY)(stop))
    typer_path = in_process(run, ["play", "-c", "x.db"])
    monkeypatch.setattr(app_module, "play", stop)
    assert in_process(main, ["play", "-c", "x.db"]) == typer_path


SCRIPTS = {
    "good": "character new Aldric --class warrior --kit 1\ntest Aldric STR\nroll 3d6\n",
    "failing": "roll 3d6\n\nroll 3d\n",
}


@pytest.mark.parametrize("script", sorted(SCRIPTS))
@pytest.mark.parametrize("as_json", [False, True])
def test_both_paths_play_a_script_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str, as_json: bool
) -> None:
    results = []
    for path in ("typer", "direct"):
        folder = tmp_path / path
        folder.mkdir()
        (folder / "s.txt").write_text(SCRIPTS[script], encoding="utf-8")
        monkeypatch.chdir(folder)
        flags = ["--json"] if as_json else []
        # "-cc.db": Typer reads it as "-c c.db"; the direct path leaves it to Typer
        campaign = ["-cc.db"] if path == "typer" else ["-c", "c.db"]
        entry = run if path == "typer" else main
        code, out, err = in_process(
            entry, ["play", *campaign, "--seed", "5", "--script=s.txt", *flags]
        )
        out = re.sub(r'"(at|prev_hash|hash)": "[^"]*"', r'"\1": ""', out)  # (times differ)
        results.append((code, out, err))
    assert results[0] == results[1]
    assert results[0][0] == (0 if script == "good" else 2)


def test_both_paths_refuse_a_missing_script_alike(tmp_path: Path) -> None:
    missing = str(tmp_path / "none.txt")
    typer_path = in_process(run, ["play", "-c", str(tmp_path / "c.db"), "--script", missing])
    direct = in_process(main, ["play", "-c", str(tmp_path / "c.db"), "--script", missing])
    assert direct == typer_path == (2, "", f"error: play: no script file {missing}\n")
    assert not (tmp_path / "c.db").exists()


def test_both_paths_stop_quietly_when_the_reader_goes(tmp_path: Path) -> None:
    """Output to a pipe nobody reads any more: exit status 1 and nothing said, as Click
    does (Python ignores SIGPIPE, so writing raises BrokenPipeError)."""
    script = tmp_path / "s.txt"
    script.write_text("roll 3d6\n" * 50, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    outcomes = []
    for campaign in (["-c", str(tmp_path / "a.db")], [f"-c{tmp_path / 'b.db'}"]):
        with subprocess.Popen(
            [sys.executable, "-m", "hacktable", "play", *campaign, "--script", str(script)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        ) as process:
            assert process.stdout is not None
            assert process.stderr is not None
            process.stdout.close()
            errors = process.stderr.read()
            outcomes.append((process.wait(timeout=60), errors))
    assert outcomes[0] == outcomes[1] == (1, b"")


UP_TO_THE_PROMPT = """
import json
import sys
from hacktable.cli import main
try:
    main(sys.argv[1:])
except SystemExit as stop:
    code = stop.code
deferred = ["pydantic", "typer._adapters", "hacktable.rulesets.redhack.content.loader",
            "hacktable.rulesets.redhack.content.crosschecks", "hacktable.rules.content", "numpy"]
needed = ["typer", "hacktable.cli.app", "hacktable.engine.session",
          "hacktable.rulesets.redhack.ruleset", "hacktable.rulesets.redhack.content.equipment"]
sys.stderr.write("\\n" + json.dumps(
    [code, [n for n in deferred if n in sys.modules], [n for n in needed if n not in sys.modules]]
))
"""


@pytest.mark.parametrize("fresh", [True, False])
def test_play_up_to_its_prompt_leaves_pydantic_and_the_rules_loader(
    tmp_path: Path, fresh: bool
) -> None:
    """What the first prompt does not need is imported later, when a command needs it
    (Pydantic by Typer's option validators; the rules content's loader, checks and TOML
    reader by the first command that reads the content): ``play`` on an empty standard
    input starts its session, reads no command and ends."""
    campaign = tmp_path / "c.db"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    if not fresh:
        made = subprocess.run(
            [sys.executable, "-m", "hacktable", "play", "-c", str(campaign)],
            input="character new Aldric --class warrior --kit 1\n",
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
        assert made.returncode == 0, made.stderr
    result = subprocess.run(
        [sys.executable, "-c", UP_TO_THE_PROMPT, "play", "-c", str(campaign)],
        input="",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    code, imported, missing = json.loads(result.stderr.splitlines()[-1])
    assert code == 0, result.stderr
    assert imported == []
    assert missing == []
