"""Typed intents of the engine's campaign commands (``log``, ``table``, ``settings``,
``help``, ``quit``): a line parses to its intent, a malformed line is a usage error, and
the intent executed directly gives what the line gives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.commands.campaign import (
    HelpIntent,
    LogIntent,
    QuitIntent,
    QuitRequested,
    SettingsIntent,
    TableIntent,
)
from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM, Principal, Role
from hacktable.errors import CommandError
from hacktable.rulesets.grammar import Intent, Words

from ..intents import Twins

SETUP = ("character new Aldric --class warrior --kit 1", "note the road is wet")


@pytest.fixture
def twins(tmp_path: Path) -> Iterator[Twins]:
    with Twins(tmp_path, 5, SETUP) as pair:
        yield pair


@pytest.fixture
def layer(twins: Twins) -> CommandLayer:
    return twins.by_line


PARSES: list[tuple[str, Intent]] = [
    ("log", LogIntent()),
    ("log 5 --times", LogIntent(5, times=True)),
    ("log --commands ALL", LogIntent(None, commands=True)),
    ("log 3 7", LogIntent(7)),
    ("table", TableIntent()),
    ("tables", TableIntent()),
    ("table Reactions", TableIntent("Reactions")),
    ("table survival +1 -2 adv", TableIntent("survival", modifier=-1, advantages=1)),
    ("table reactions dis dis adv", TableIntent("reactions", advantages=1, disadvantages=2)),
    ("table fatigue = 3", TableIntent("fatigue", value=3)),
    ("table fatigue =7", TableIntent("fatigue", value=7)),
    ("settings", SettingsIntent()),
    ("settings Opposed-Ties draw", SettingsIntent("Opposed-Ties", "draw")),
    ("settings tick-minutes 5", SettingsIntent("tick-minutes", "5")),
    ("help", HelpIntent()),
    ("? table", HelpIntent("table")),
    ("quit", QuitIntent()),
    ("exit", QuitIntent()),
]


@pytest.mark.parametrize(("line", "intent"), PARSES, ids=[line for line, _ in PARSES])
def test_a_line_parses_to_its_intent(layer: CommandLayer, line: str, intent: Intent) -> None:
    assert layer.parse(line) == intent


MALFORMED = [
    ("log 0", "N must be at least 1, not 0"),
    ("log soon", "N must be a whole number, not 'soon'"),
    ("table reactions +x", "unexpected '+x'"),
    ("table reactions twice", "unexpected 'twice'"),
    ("table fatigue = 3 4", "unexpected '4'"),
    ("table fatigue =", "N must be a whole number, not ''"),
    ("settings opposed-ties", "missing VALUE"),
    ("settings opposed-ties draw now", "unexpected 'now'"),
    ("help give me", "unexpected 'me'"),
    ("quit now", "unexpected 'now'"),
]


@pytest.mark.parametrize(("line", "message"), MALFORMED, ids=[line for line, _ in MALFORMED])
def test_a_malformed_line_is_a_usage_error(twins: Twins, line: str, message: str) -> None:
    twins.refused(line, message)


SAME = [
    ("log", LogIntent()),
    ("log 2 --commands", LogIntent(2, commands=True)),
    ("table", TableIntent()),
    ("table reactions -1 adv", TableIntent("reactions", modifier=-1, advantages=1)),
    ("table fatigue = 3", TableIntent("fatigue", value=3)),
    ("settings", SettingsIntent()),
    ("settings opposed-ties draw", SettingsIntent("opposed-ties", "draw")),
    ("settings tick-minutes 5", SettingsIntent("tick-minutes", "5")),
    ("help", HelpIntent()),
    ("help give", HelpIntent("give")),
]


@pytest.mark.parametrize(("line", "intent"), SAME, ids=[line for line, _ in SAME])
def test_the_intent_does_what_the_line_does(twins: Twins, line: str, intent: Intent) -> None:
    twins.same(line, intent)


def test_a_settings_value_is_read_as_the_settings_type_with_the_usage(
    layer: CommandLayer,
) -> None:
    usage = layer.command("settings").usage
    for intent, message in (
        (SettingsIntent("tick-minutes", "soon"), "tick-minutes must be a whole number"),
        (SettingsIntent("tick-minutes", "61"), "tick-minutes must be at most 60, not 61"),
        (SettingsIntent("opposed-ties", "sometimes"), "opposed-ties is one of: reroll, draw"),
    ):
        with pytest.raises(CommandError) as caught:
            layer.execute(GM, intent)
        assert message in str(caught.value)
        assert str(caught.value).endswith(f"(usage: {usage})")


def test_quit_ends_the_session_by_line_intent_and_words(layer: CommandLayer) -> None:
    for ask in (lambda: layer.run("quit"), lambda: layer.execute(GM, QuitIntent())):
        with pytest.raises(QuitRequested):
            ask()
    with pytest.raises(QuitRequested):
        layer.execute(GM, Words("exit"))


def test_observers_may_read_the_log_and_help_as_typed_intents(layer: CommandLayer) -> None:
    observer = Principal(Role.OBSERVER, "Mina")
    assert layer.execute(observer, LogIntent(1)).lines[0].text.endswith("the road is wet")
    assert layer.execute(observer, HelpIntent("log")).lines[0].text.startswith("log [N]")
