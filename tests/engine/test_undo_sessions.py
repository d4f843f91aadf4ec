"""`undo` reaching back into an earlier game session names it and asks first; a
script says `undo --force` (issue 10 §10; docs/rulings.md H214)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.commands.campaign import UndoIntent
from hacktable.engine.execute import CommandLayer
from hacktable.errors import CommandError, RuleError

from ..intents import campaign


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    layer = campaign(
        tmp_path / "c.db",
        3,
        ("character new Sly --class thief --kit 1", "coins Sly +5", "session end", "session start"),
    )
    yield layer
    layer.session.store.close()


def test_a_script_is_told_to_force_it(layer: CommandLayer) -> None:
    before = layer.session.store.last_seq()
    with pytest.raises(RuleError, match=r"undo would reach back into session 1 \(#\d+ "):
        layer.run("undo")
    assert layer.session.store.last_seq() == before
    assert "Undid" in layer.run("undo --force").text
    assert layer.parse("undo --force") == UndoIntent(force=True)
    with pytest.raises(CommandError, match="unexpected 'now'"):
        layer.parse("undo now")


def test_the_console_asks_before_crossing(layer: CommandLayer) -> None:
    questions: list[str] = []

    def no(question: str) -> str:
        questions.append(question)
        return "n"

    before = layer.session.store.last_seq()
    with pytest.raises(CommandError, match="undo cancelled"):
        layer.run("undo", ask=no)
    assert layer.session.store.last_seq() == before
    assert questions[0].startswith("undo reaches back into session 1: #")
    assert "Undid" in layer.run("undo", ask=lambda q: "yes").text


def test_right_after_session_end_undo_asks_nothing(tmp_path: Path) -> None:
    """No session has begun since: the table is still in the last one."""
    layer = campaign(
        tmp_path / "d.db",
        3,
        ("character new Sly --class thief --kit 1", "coins Sly +5", "session end"),
    )
    try:
        assert "Undid" in layer.run("undo").text
    finally:
        layer.session.store.close()


def test_within_the_session_undo_asks_nothing(layer: CommandLayer) -> None:
    layer.run("coins Sly +1")

    def never(question: str) -> str:
        raise AssertionError(question)

    assert "Undid" in layer.run("undo", ask=never).text
