"""Significant NPCs' Major/Minor values (redhack: Core Rules > Monster Rolls; issue 10
§7; docs/rulings.md H252)."""

from __future__ import annotations

import pytest

from hacktable.errors import CommandError, RuleError, UnknownNameError
from hacktable.rulesets.redhack.npcs import Aptitude, npc_request

from ...console.conftest import Play

# -- the rule ---------------------------------------------------------------------------------


def test_a_sage_tests_lore_with_the_major_value_and_all_else_with_the_minor() -> None:
    # "the first representing their attribute in things they are good at (lore for a
    # sage, combat for a man at arms) and the latter ... all other tasks"
    sage = Aptitude.of(16, 9, ["lore"])
    assert sage.pick(["lore"]) == ("major", 16, "lore")
    assert sage.pick(["climbing"]) == ("minor", 9, "not lore")
    assert sage.pick([]) == ("minor", 9, "not lore")
    man_at_arms = Aptitude.of(15, 8, ["combat"])
    assert man_at_arms.pick(["combat"])[1] == 15
    assert man_at_arms.pick(["lore"])[1] == 8


def test_the_gm_may_call_which_value() -> None:
    untagged = Aptitude.of(14, 7)
    assert untagged.pick(["anything"]) == ("minor", 7, "no major tags")
    assert untagged.pick([], "major") == ("major", 14, "the GM's call")


def test_the_values_replace_hd_plus_10() -> None:
    request, why = npc_request("Oswin", Aptitude.of(16, 9, ["lore"]), ["lore"], difficulty=5)
    assert (request.attribute, request.score, request.difficulty) == ("major", 16, 5)
    assert why == "lore"


@pytest.mark.parametrize(("major", "minor"), [(20, 9), (16, 0), (8, 12)])
def test_values_out_of_range_or_a_major_below_the_minor_are_refused(major: int, minor: int) -> None:
    with pytest.raises(RuleError, match="Monster Rolls"):
        Aptitude.of(major, minor)


# -- at the console -----------------------------------------------------------------------------


def test_monster_name_uses_major_for_its_tags(table: Play) -> None:
    assert "Oswin tests with major 16 (lore, history), minor 9" in table(
        "npc Oswin major 16 minor 9 for lore,history"
    )
    shown = table("monster Oswin for lore roll 15")
    assert "Oswin: major monster test for lore" in shown
    assert "=> success" in shown  # 15 <= 16
    shown = table("monster Oswin for climbing roll 15")
    assert "Oswin: minor monster test for climbing" in shown
    assert "=> failure" in shown  # 15 > 9
    assert "(Oswin tests with its minor value (not lore, history))" in shown
    assert "=> success" in table("monster Oswin major roll 15")


def test_npc_lists_the_values(table: Play) -> None:
    table("npc Oswin major 16 minor 9 for lore")
    assert table("npc") == "Oswin: major 16 (lore), minor 9"


def test_a_foe_by_name_tests_with_its_hd_until_given_values(table: Play) -> None:
    table("fight start")
    table("fight add 1 goblin")
    shown = table("monster goblin-1 roll 11")
    assert "Goblin: HD+10 monster test" in shown  # a goblin is 1 HD: 11
    assert "=> success" in shown
    table("npc goblin-1 major 14 minor 8 for combat")
    shown = table("monster goblin-1 for combat roll 13")
    assert "Goblin: major monster test for combat" in shown
    assert "=> success" in shown
    assert "=> failure" in table("monster goblin-1 for sneaking roll 13")
    assert "major 14 (combat), minor 8" in table("fight status")


@pytest.mark.parametrize(
    ("line", "error", "match"),
    [
        ("npc Aldric major 12 minor 8", RuleError, "player character"),
        ("npc Oswin major 21 minor 8", RuleError, "1 to 19"),
        ("npc Oswin major 12", CommandError, "both"),
        ("monster Nobody for lore", UnknownNameError, "Nobody"),
        ("monster 3 for lore", CommandError, "take no 'for'"),
        ("monster Oswin major minor", CommandError, "not both"),
    ],
)
def test_bad_input_is_one_line_and_changes_nothing(
    table: Play, line: str, error: type[Exception], match: str
) -> None:
    before = table.session.store.last_seq()
    with pytest.raises(error, match=match):
        table(line)
    assert table.session.store.last_seq() == before


def test_a_foe_without_values_cannot_be_called_major(table: Play) -> None:
    table("fight start")
    table("fight add 1 goblin")
    with pytest.raises(RuleError, match="no major/minor values"):
        table("monster goblin-1 major")
