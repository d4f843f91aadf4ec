"""The contract's defaults the rulesets share (rulesets/base.py, rulesets/offers.py):
no tables unless a ruleset has some, and the offers gathered from its legal module the
same way (issue 11: what they share lives once)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hacktable.errors import UnknownNameError
from hacktable.rulesets.fantasy_hack import legal as fantasy_legal
from hacktable.rulesets.fantasy_hack.ruleset import FantasyHack
from hacktable.rulesets.grammar import Intent, Words
from hacktable.rulesets.offers import gather
from hacktable.rulesets.skill_die import legal as skill_legal
from hacktable.rulesets.skill_die.ruleset import SkillDie


@pytest.mark.parametrize("ruleset", [FantasyHack(), SkillDie()])
def test_a_ruleset_without_tables_has_none_to_roll_or_read(ruleset: Any) -> None:
    assert ruleset.tables() == ()
    with pytest.raises(UnknownNameError):
        ruleset.roll_table("fatigue", random.Random(1))
    with pytest.raises(UnknownNameError):
        ruleset.lookup_table("fatigue", 3)


def test_the_legal_module_answers_the_sessions_and_the_odds() -> None:
    assert FantasyHack().example_sessions() == fantasy_legal.EXAMPLE_SESSIONS
    assert SkillDie().example_sessions() == skill_legal.EXAMPLE_SESSIONS
    assert list(FantasyHack().odds_configurations()) == list(fantasy_legal.odds_configurations())


class _Ruleset:
    def __init__(self) -> None:
        self.imported = 0

    def command_set(self) -> None:
        self.imported += 1


def _offer(ruleset: Any, view: Any, role: str) -> list[Intent]:
    return [Words("say", (role,))]


def test_observers_are_offered_nothing_and_the_rest_the_note_first() -> None:
    ruleset = _Ruleset()
    assert gather(ruleset, None, "observer", [_offer], "Hush.") == []  # type: ignore[type-var]
    offered = gather(
        ruleset,  # type: ignore[type-var]
        None,
        "gm",
        [_offer, _offer],
        "Hush.",
        lambda: [Words("table", ("t",))],
    )
    assert offered == [
        Words("note", ("Hush.",)),
        Words("table", ("t",)),
        Words("say", ("gm",)),
        Words("say", ("gm",)),
    ]
    assert ruleset.imported == 1
