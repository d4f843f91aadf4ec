"""The character command core every ruleset shares (rulesets/character_commands.py;
docs/rulings.md H106, H210): the same words read, the same names refused, the same
free names offered, whichever ruleset asks (issue 11: what they share lives once)."""

from __future__ import annotations

from itertools import islice

import pytest

from hacktable.errors import CommandError
from hacktable.play.character import Character
from hacktable.rulesets import character_commands as shared
from hacktable.rulesets.fantasy_hack.commands import COMMANDS as FANTASY_HACK
from hacktable.rulesets.fantasy_hack.commands.characters import CharacterIntent
from hacktable.rulesets.grammar import Args
from hacktable.rulesets.harm import HP_CONDITIONS


def _args(*words: str) -> Args:
    command = FANTASY_HACK.get("character")
    assert command is not None
    return Args(command, list(words))


def test_free_names_skip_the_taken_ones() -> None:
    names = shared.free_names({"hero1", "hero3"})
    assert list(islice(names, 3)) == ["Hero2", "Hero4", "Hero5"]


def test_at_most_six_living_characters_are_offered_new_ones() -> None:
    assert shared.MAX_CHARACTERS == 6


def test_revive_clears_the_conditions_named_and_keeps_the_rest() -> None:
    character = Character(
        "Ottvar", "fantasy-hack", -12, 20, conditions=("dead", "dying", "stable", "prone")
    )
    assert shared.cleared(character, HP_CONDITIONS).conditions == ("prone",)
    assert shared.cleared(character, ("dead",)).conditions == ("dying", "stable", "prone")


def test_the_keeping_subcommands_read_the_same_words() -> None:
    assert shared.read(_args("list"), CharacterIntent, _never) == CharacterIntent("list")
    owner = shared.read(_args("owner", "Vex", "gm"), CharacterIntent, _never)
    assert owner == CharacterIntent("owner", "Vex", player="gm")
    assert shared.read(_args("REVIVE", "Vex"), CharacterIntent, _never) == CharacterIntent(
        "revive", "Vex"
    )
    with pytest.raises(CommandError, match="unknown subcommand 'dance'"):
        shared.read(_args("dance"), CharacterIntent, _never)
    with pytest.raises(CommandError):
        shared.read(_args("show", "Vex", "extra"), CharacterIntent, _never)


def _never(args: Args) -> CharacterIntent:
    raise AssertionError("not a 'new'")


@pytest.mark.parametrize(
    ("word", "error"),
    [
        ("--race", "the character needs a name"),
        ("x" * 41, "at most 40 characters"),
        ("12", "numbers are scores and amounts"),
        ("Ott\x07var", "control characters"),
    ],
)
def test_a_new_name_that_cannot_be_one_is_refused(word: str, error: str) -> None:
    with pytest.raises(CommandError, match=error):
        shared.read_name(_args(word))


def test_a_new_name_has_its_spaces_collapsed_and_says_what_numbers_are() -> None:
    assert shared.read_name(_args("Old   Tom")) == "Old Tom"
    with pytest.raises(CommandError, match="numbers are scores and levels"):
        shared.read_name(_args("7"), numbers="scores and levels")


def test_flags_are_read_in_pairs_and_an_unexpected_one_is_named() -> None:
    flags = shared.read_flags(_args("--Race", "elf", "--class", "rogue"), ("--race", "--class"))
    assert flags == {"--race": "elf", "--class": "rogue"}
    with pytest.raises(CommandError, match="unexpected '--hat'") as plain:
        shared.read_flags(_args("--hat", "red"), ("--race",))
    assert "character new takes" not in str(plain.value)
    with pytest.raises(CommandError, match="character new takes --race, --class"):
        shared.read_flags(_args("--hat", "red"), ("--race", "--class"), name_them=True)
    with pytest.raises(CommandError, match="missing the value of --race"):
        shared.read_flags(_args("--race"), ("--race",))
