"""Making black-sword-hack characters by the rules (RULINGS B4, B2; docs/rulings.md
H127): 2d6 in order read on B4's table, two backgrounds of the origin and one of any,
each +1 never above 18, HP = CON + (level - 1), the Doom die of the campaign's size."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.errors import RuleError, UnknownNameError
from hacktable.rulesets.black_sword_hack.content.loader import load_content
from hacktable.rulesets.black_sword_hack.creation import (
    CharacterSpec,
    build_character,
    chosen_backgrounds,
    max_hp,
    origin_named,
    roll_scores,
    score_of_roll,
)

from ...helpers import Faces

CONTENT = load_content()

Scores = tuple[tuple[str, tuple[int, int], int], ...]


def scores(**given: int) -> Scores:
    """Rolled scores: 10 (2d6 3+3) unless given."""
    return tuple((a, (3, 3), given.get(a, 10)) for a in ("STR", "DEX", "CON", "INT", "WIS", "CHA"))


def test_b4_table_reads_2d6_into_scores() -> None:
    table = {2: 8, 3: 8, 4: 9, 5: 9, 6: 10, 7: 10, 8: 11, 9: 11, 10: 12, 11: 12, 12: 13}
    assert {total: score_of_roll(total) for total in range(2, 13)} == table
    with pytest.raises(ValueError, match="2d6 cannot total 13"):
        score_of_roll(13)


def test_attributes_are_rolled_in_order_on_2d6() -> None:
    rolled = roll_scores(Faces(1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6))
    assert rolled == (
        ("STR", (1, 1), 8),
        ("DEX", (2, 2), 9),
        ("CON", (3, 3), 10),
        ("INT", (4, 4), 11),
        ("WIS", (5, 5), 12),
        ("CHA", (6, 6), 13),
    )


def test_each_background_adds_one_to_its_attribute() -> None:
    spec = CharacterSpec("Kael", "barbarian", ("reaver", "pit-fighter", "scribe"))
    made = build_character(CONTENT, spec, scores(STR=12, INT=9), Faces())
    character = made.character
    assert character.score("STR") == 14  # Reaver and Pit Fighter: +1 each
    assert character.score("INT") == 10  # Scribe, a Civilized background: the one of any
    assert character.backgrounds == ("reaver", "pit-fighter", "scribe")
    assert made.detail["raised"] == [
        ["reaver", "STR", 12, 13],
        ["pit-fighter", "STR", 13, 14],
        ["scribe", "INT", 9, 10],
    ]


def test_no_attribute_goes_above_18() -> None:
    spec = CharacterSpec("Kael", "barbarian", ("reaver", "pit-fighter", "skald"))
    made = build_character(CONTENT, spec, scores(STR=17), Faces())
    assert made.character.score("STR") == 18
    assert "Background Pit Fighter: STR 18 -> 18 (18 is the most)" in made.lines


def test_hp_is_con_plus_level_minus_one() -> None:
    spec = CharacterSpec("Kael", "barbarian", ("reaver", "horse-lord", "scribe"))
    character = build_character(CONTENT, spec, scores(CON=11), Faces()).character
    assert (character.hp, character.max_hp) == (11, 11)
    assert max_hp(CONTENT, replace(character, level=4)) == 14  # CON 11 at level 4


def test_a_gift_granted_by_a_background_adds_its_hp() -> None:
    spec = CharacterSpec("Vex", "decadent", ("arena-gladiator", "courtier", "scribe"))
    character = build_character(CONTENT, spec, scores(CON=11), Faces()).character
    assert character.max_hp == 12  # CON 11 + level 1 - 1, + 1 (Arena Gladiator)


def test_the_doom_die_is_the_campaigns() -> None:
    spec = CharacterSpec("Kael", "barbarian", ("reaver", "horse-lord", "scribe"), UsageDie.UD8)
    character = build_character(CONTENT, spec, scores(), Faces()).character
    assert (character.doom, character.doom_size) == (UsageDie.UD8, UsageDie.UD8)


def test_what_is_not_chosen_is_rolled_and_recorded() -> None:
    # origin 1d3 = 3 (decadent); 1d7 = 2 (Duellist); 1d6 = 1 (Courtier, the first left);
    # then 1d19 of every other background = 1 (Reaver, the first in the file)
    made = build_character(CONTENT, CharacterSpec("Vex"), scores(), Faces(3, 2, 1, 1))
    assert made.character.origin == "decadent"
    assert made.character.backgrounds == ("duellist", "courtier", "reaver")
    assert made.detail["origin_roll"] == 3
    assert made.detail["background_rolls"] == [[7, 2], [6, 1], [19, 1]]
    assert "Background: 1d19 1 -> Reaver" in made.lines


def test_rolled_backgrounds_are_two_of_the_origin_and_one_of_any() -> None:
    import random

    for seed in range(50):
        made = build_character(
            CONTENT, CharacterSpec("X", "civilized"), scores(), random.Random(seed)
        )
        origins = [CONTENT.background(b).origin for b in made.character.backgrounds]
        assert origins[:2] == ["civilized", "civilized"]
        assert len(set(made.character.backgrounds)) == 3


def test_origins_are_read_by_a_unique_beginning() -> None:
    assert origin_named("Barb") == "barbarian"
    assert origin_named("DECADENT") == "decadent"
    with pytest.raises(UnknownNameError):
        origin_named("elf")


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (("courtier", "scribe", "reaver"), "must be Civilized, but Courtier .* and Reaver"),
        (("scribe", "scribe", "sellsword"), "three different"),
        (("scribe", "sellsword"), "three backgrounds, not 2"),
    ],
)
def test_backgrounds_that_break_b4_are_refused(names: tuple[str, ...], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        chosen_backgrounds(CONTENT, "civilized", names)


def test_an_unknown_background_is_named() -> None:
    with pytest.raises(UnknownNameError, match="hermit"):
        chosen_backgrounds(CONTENT, "civilized", ("scribe", "sellsword", "hermit"))


def test_the_third_may_be_of_the_origin_too() -> None:
    found = chosen_backgrounds(CONTENT, "civilized", ("scribe", "sellsword", "alley-thief"))
    assert [b.origin for b in found] == ["civilized"] * 3
