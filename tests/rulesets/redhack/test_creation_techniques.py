"""A technique background chosen at creation: ``character new ... --technique ID`` and
the guided creation's background question (redhack: Character Creation > 3.
Backgrounds, Sample Technique Backgrounds; issue 10 §7; docs/rulings.md H253)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.errors import RuleError, UnknownNameError

from ...console.conftest import Play


@pytest.fixture
def play(tmp_path: Path) -> Iterator[Play]:
    table = Play(tmp_path / "c.db", seed=5)
    yield table
    table.close()


def test_the_flag_gives_the_technique_shown_and_replayed(tmp_path: Path) -> None:
    play = Play(tmp_path / "c.db", seed=5)
    try:
        shown = play("character new Sly --class thief --kit 1 --technique twist-the-knife")
        sly = play.session.character("Sly")
        command = play.store.last(1)[0].command
    finally:
        play.close()
    assert sly.techniques == ("twist-the-knife",)
    assert "Technique: Twist the Knife" in shown
    assert "  Techniques: Twist the Knife" in shown.splitlines()
    assert command.endswith("--technique twist-the-knife")
    replay = Play(tmp_path / "replay.db", seed=5)
    try:
        replay(command)
        assert replay.session.character("Sly") == sly
    finally:
        replay.close()


def test_the_flag_takes_names_and_several(play: Play) -> None:
    play('character new Aldric --class warrior --technique "War On Two Fronts,defensive-fighting"')
    assert play.session.character("Aldric").techniques == (
        "war-on-two-fronts",
        "defensive-fighting",
    )


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("character new Sly --class thief --technique war-on-two-fronts", RuleError),
        ("character new Sly --class thief --technique juggling", UnknownNameError),
    ],
)
def test_a_technique_the_class_cannot_have_is_refused_with_nothing_made(
    play: Play, line: str, error: type[Exception]
) -> None:
    before = play.store.last_seq()
    with pytest.raises(error):
        play(line)
    assert play.store.last_seq() == before
    assert not play.session.characters()


def test_guided_creation_offers_the_techniques_as_the_background(play: Play) -> None:
    answers = iter(["", "", "warrior", "1", "war-on-two-fronts"])
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers)

    play.console.execute("character new Bo", ask=ask)
    bo = play.session.character("Bo")
    assert bo.techniques == ("war-on-two-fronts",)
    assert bo.background.text == ""
    assert asked[-1] == (
        "Background (a sentence, or a technique: defensive-fighting, twist-the-knife, "
        "war-on-two-fronts, ritual-caster; Enter to skip)?"
    )
    assert play.store.last(1)[0].command.endswith("--technique war-on-two-fronts")


def test_guided_creation_offers_a_thief_no_warrior_technique_and_asks_again(play: Play) -> None:
    answers = iter(["", "", "thief", "1", "war-on-two-fronts", "Raised by goblins.", "", ""])
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers)

    play.console.execute("character new Sly", ask=ask)
    sly = play.session.character("Sly")
    assert "war-on-two-fronts" not in asked[4]
    assert asked[4] == asked[5]  # asked again after the refused technique
    assert sly.techniques == ()
    assert sly.background.text == "Raised by goblins."
