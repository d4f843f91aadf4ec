"""One-shot `hacktable test` / `odds` read repeated --adv/--dis as sources, as the
console does (RULINGS R3; docs/rulings.md H212; issue 10 §8), and take what the
console's `test` takes (--difficulty, repeated --bonus and --penalty)."""

from __future__ import annotations

import json

import pytest

from hacktable.cli.app import run
from hacktable.cli.reading import read_check
from hacktable.errors import CommandError

from .test_cli import in_process


def _odds(*args: str) -> dict[str, object]:
    """The odds of the one-shot ``odds`` (without the words describing the test)."""
    code, out, err = in_process(run, ["odds", *args, "--json"])
    assert (code, err) == (0, ""), err
    body: dict[str, object] = json.loads(out)
    body.pop("test")
    return body


def test_two_advantages_and_one_disadvantage_give_advantage() -> None:
    """issue 10 §8 / RULINGS R3: net = sign(#adv - #dis)."""
    assert _odds("--attr", "12", "--adv", "--adv", "--dis") == _odds("--attr", "12", "--adv")
    assert _odds("--attr", "12", "--dis", "--dis", "--adv") == _odds("--attr", "12", "--dis")
    assert _odds("--attr", "12", "--adv", "--dis") == _odds("--attr", "12")
    reading = read_check("test", ["--attr", "12", "--adv", "--adv", "--dis"])
    values = dict(reading.values)
    assert (values["adv"], values["dis"]) == (2, 1)
    assert reading.check().description.endswith("net: advantage")


def test_bonuses_and_penalties_add_up_as_in_the_console() -> None:
    summed = read_check("odds", ["--attr", "12", "--bonus", "2", "--bonus=3", "--penalty", "1"])
    assert (dict(summed.values)["bonus"], dict(summed.values)["penalty"]) == (5, 1)
    once = _odds("--attr", "12", "--bonus", "5", "--penalty", "1", "--difficulty", "4")
    assert (
        _odds("--attr", "12", "--bonus", "2", "--bonus", "3", "--penalty", "1", "--difficulty", "4")
        == once
    )


def test_the_same_inputs_as_the_console(tmp_path: object) -> None:
    """The console's `odds 12 adv adv dis bonus 2 bonus 3 difficulty 4` and the one-shot
    with the same words give the same odds."""
    from pathlib import Path

    from ..intents import campaign

    layer = campaign(Path(str(tmp_path)) / "c.db", 1)
    try:
        console = layer.run("odds 12 adv adv dis bonus 2 bonus 3 difficulty 4").text
    finally:
        layer.session.store.close()
    code, out, _ = in_process(
        run,
        [
            "odds",
            "--attr",
            "12",
            "--adv",
            "--adv",
            "--dis",
            "--bonus",
            "2",
            "--bonus",
            "3",
            "--difficulty",
            "4",
        ],
    )
    assert code == 0
    assert out.splitlines()[1].strip() == console.splitlines()[1].strip()


def test_a_flag_still_takes_no_value() -> None:
    with pytest.raises(CommandError, match="--adv takes no value"):
        read_check("test", ["--attr", "12", "--adv=2"])
