"""Making skill-die characters: the array or 4d6 drop the lowest, 4 skill points at
most 3 in one, the role's +1, HP = 10 + CON modifier (RULINGS S1, S4; docs/rulings.md
H342, H343), and the data files checked on load."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.errors import RuleError, RulesDataError, UnknownNameError
from hacktable.rulesets.skill_die import creation
from hacktable.rulesets.skill_die.content import load_content, load_content_from

from ...helpers import Faces

CONTENT = load_content()


def _spec(**changes: object) -> creation.CharacterSpec:
    base = {
        "name": "Ana",
        "role": "Medic",
        "abilities": (8, 14, 13, 12, 15, 10),
        "skills": (("Nature", 3), ("Persuasion", 1)),
    }
    base.update(changes)
    return creation.CharacterSpec(**base)  # type: ignore[arg-type]


def test_the_text_s_skills_and_roles_are_data() -> None:
    """RULINGS S4: Persuasion, Nature, Science, Stealth, Brawn; Corsair, Medic, Engineer,
    Soldier, each with its skill (skill-die: Skill Checks' examples)."""
    assert [s.name for s in CONTENT.skills] == [
        "Persuasion",
        "Nature",
        "Science",
        "Stealth",
        "Brawn",
    ]
    assert {r.name: r.skill for r in CONTENT.roles} == {
        "Corsair": "Persuasion",
        "Medic": "Nature",
        "Engineer": "Science",
        "Soldier": "Stealth",
    }
    assert CONTENT.against("Nature") == "Stealth"
    assert CONTENT.against("Stealth") == "Nature"
    assert CONTENT.against("Brawn") == "Brawn"


def test_a_role_naming_no_skill_is_refused_on_load(tmp_path: Path) -> None:
    (tmp_path / "skills.toml").write_text('[[skills]]\nname = "Nature"\n')
    (tmp_path / "roles.toml").write_text('[[roles]]\nname = "Pilot"\nskill = "Flying"\n')
    with pytest.raises(RulesDataError, match="Flying"):
        load_content_from(tmp_path)


def test_the_array_in_the_order_given_the_role_s_plus_one_and_hp() -> None:
    """RULINGS S1 (the array), S4 (+1 to the role's skill; HP = 10 + CON modifier)."""
    made = creation.build_character(CONTENT, _spec()).character
    assert dict(made.scores) == {"STR": 8, "DEX": 14, "CON": 13, "INT": 12, "WIS": 15, "CHA": 10}
    assert made.skill_level("Nature") == 4  # 3 points + the Medic's 1
    assert made.skill_level("Persuasion") == 1
    assert made.skill_level("Brawn") == 0
    assert (made.hp, made.max_hp) == (11, 11)  # 10 + 1 (CON 13)


def test_rolled_abilities_are_4d6_drop_the_lowest_in_order_every_die_kept() -> None:
    """RULINGS S1; docs/rulings.md H342."""
    faces = (6, 2, 1, 3) + (5, 5, 5, 5) * 5
    rolled = creation.roll_abilities(Faces(*faces))
    assert rolled[0] == ("STR", (6, 2, 1, 3), 11)
    assert [s for _, _, s in rolled[1:]] == [15] * 5
    made = creation.build_character(CONTENT, _spec(abilities=None), rolled)
    assert made.detail["abilities"]["rolls"][0] == {  # type: ignore[index]
        "ability": "STR",
        "dice": [6, 2, 1, 3],
        "dropped": 1,
        "score": 11,
    }


@pytest.mark.parametrize(
    ("skills", "message"),
    [
        ((("Nature", 4),), "at most 3"),
        ((("Nature", 2),), "4 skill points"),
        ((("Nature", 3), ("Brawn", 2)), "4 skill points"),
        ((("Nature", 2), ("nature", 2)), "twice"),
    ],
)
def test_four_points_at_most_three_in_one(
    skills: tuple[tuple[str, int], ...], message: str
) -> None:
    """RULINGS S4."""
    with pytest.raises(RuleError, match=message):
        creation.build_character(CONTENT, _spec(skills=skills))


def test_abilities_that_are_not_the_array_are_refused() -> None:
    with pytest.raises(RuleError, match="15,14,13,12,10,8"):
        creation.build_character(CONTENT, _spec(abilities=(15, 15, 13, 12, 10, 8)))


def test_an_unknown_role_or_skill_names_the_choices() -> None:
    with pytest.raises(UnknownNameError, match="Corsair"):
        creation.build_character(CONTENT, _spec(role="Pilot"))
    with pytest.raises(UnknownNameError, match="skill"):
        creation.build_character(CONTENT, _spec(skills=(("Flying", 4),)))


@pytest.mark.parametrize(
    ("formula", "con", "hp"), [("10+CON", 13, 11), ("10+CON", 8, 9), ("CON", 13, 13), ("10", 3, 10)]
)
def test_the_hp_formula_is_a_setting(formula: str, con: int, hp: int) -> None:
    """RULINGS S4 (*setting*: HP = 10 + CON modifier)."""
    assert creation.max_hp(con, formula) == hp


def test_the_role_s_plus_one_never_takes_a_skill_above_6() -> None:
    """RULINGS S4 (levels 0-6)."""
    made = creation.build_character(CONTENT, _spec(skills=(("Nature", 3), ("Brawn", 1))))
    assert made.character.skill_level("Nature") == 4
    with pytest.raises(RuleError, match="0 to 6"):
        made.character.with_skill("Nature", 7)
