"""Every intent says who may ask it (docs/rulings.md H106): each intent class registered
in each ruleset's command set, and in the engine's, overrides ``Intent.access`` (or
inherits an override from a base of its own), unless it is listed here as GM-only on
purpose. A new command is then neither open to players nor shut to them by accident."""

from __future__ import annotations

import sys
from dataclasses import dataclass

import pytest

from hacktable.engine.commands import CORE
from hacktable.play.outcome import Reply
from hacktable.rulesets import available, get_ruleset
from hacktable.rulesets.context import Context
from hacktable.rulesets.grammar import Access, AccessKind, CommandSet, Intent, Words

GM_ONLY: frozenset[type[Intent]] = frozenset({Words})
"""Intents left to the default, the GM's alone, on purpose: a :class:`Words` command
reads its words only as it resolves, so nobody can say beforehand whom it acts for."""


def _classes(kind: type[Intent]) -> set[type[Intent]]:
    """``kind`` and every subclass its module defines (a slotted dataclass leaves the
    class it replaced among the subclasses: that one is skipped)."""
    found = {kind}
    for sub in kind.__subclasses__():
        if getattr(sys.modules[sub.__module__], sub.__qualname__, None) is sub:
            found |= _classes(sub)
    return found


def unchecked(commands: CommandSet) -> list[str]:
    """The intents of ``commands`` that neither say who may ask them nor are GM-only on
    purpose, as ``command: Intent``."""
    return sorted(
        f"{command.name}: {kind.__name__}"
        for command in commands
        for kind in _classes(command.intent)
        if kind.access is Intent.access and kind not in GM_ONLY
    )


@pytest.mark.parametrize("ruleset_id", [info.id for info in available()])
def test_every_ruleset_intent_says_who_may_ask_it(ruleset_id: str) -> None:
    commands = get_ruleset(ruleset_id).command_set()
    assert list(commands), ruleset_id
    assert unchecked(commands) == []


def test_every_engine_intent_says_who_may_ask_it() -> None:
    assert unchecked(CORE) == []


def test_an_intent_that_says_nothing_is_found() -> None:
    @dataclass(frozen=True, slots=True)
    class Silent(Intent):
        pass

    @dataclass(frozen=True, slots=True)
    class Open(Intent):
        def access(self) -> Access:
            return Access.read()

    commands = CommandSet("test")

    def resolve(ctx: Context, intent: Intent) -> Reply:
        return Reply()

    commands.typed("silent", "silent", "", Silent, lambda args: Silent())(resolve)
    commands.typed("open", "open", "", Open, lambda args: Open())(resolve)
    commands.command("words", "words", "")(lambda ctx, args: Reply())
    assert unchecked(commands) == ["silent: Silent"]
    assert Silent().access().kind is AccessKind.GM
