"""The rest of the book's weapons (issue 10 §7): a magic weapon's bonus, the weapons'
optional rules (redhack: Equipment > Weapons; Core Rules > Attributes Above 19;
RULINGS R2; docs/rulings.md H220-H229)."""

from __future__ import annotations

from dataclasses import replace

from hacktable.rulesets.redhack.commands.act import current_fight

from ...console.conftest import Play
from .test_fight_commands import everyone_before, start


def with_score(play: Play, name: str, attribute: str, value: int) -> None:
    character = play.session.character(name)
    scores = tuple((a, value if a == attribute else s) for a, s in character.scores)
    play.set_character(name, scores=scores)


def test_a_sword_plus_three_is_a_magic_weapon(table: Play) -> None:
    """issue 10 §7: ``give Aldric "sword +3"`` gives a weapon of the list with a bonus."""
    shown = table('give Aldric "sword +3"')
    assert "Aldric gains Sword/Mace/Axe +3" in shown
    assert "custom gear" not in shown
    item = table.session.character("Aldric").inventory[-1]
    assert (item.kind, item.ref, item.bonus) == ("weapon", "sword", 3)
    # not a weapon: the name stays custom gear, no bonus
    table('give Aldric "lucky stone +1"')
    assert table.session.character("Aldric").inventory[-1].bonus == 0


def test_str_18_with_a_sword_plus_three_attacks_as_19_2(table: Play) -> None:
    """redhack: Core Rules > Attributes Above 19, the text's example (issue 10 §7): STR
    18 and a longsword +3 attack "against a STR of 19 (2)": every foe's AC is 2 lower."""
    table('give Aldric "sword +3"')
    with_score(table, "Aldric", "STR", 18)
    start(table, goblins=1, hp=30)
    everyone_before(table)
    shown = table("attack Aldric goblin-1 weapon sword roll 19")
    assert "bonus +3" in shown
    assert "STR 18 + 3 = 21: counts as STR 19 (2), difficulty 4 -> 2" in shown
    test = table.store.last(1)[0].detail["test"]
    assert (test["score"], test["bonus"], test["difficulty"]) == (18, 3, 4)
    from hacktable.rulesets.redhack.core_rules import effective

    # one point of the +3 makes STR 19, two take the goblin's AC 4 down to 2
    assert effective(test["score"], test["difficulty"], test["bonus"]) == (19, 2)
    assert "d20 19 in 3-19: success" in shown


def test_a_plain_sword_has_no_bonus(table: Play) -> None:
    table("give Aldric sword")
    with_score(table, "Aldric", "STR", 18)
    start(table, goblins=1, hp=30)
    everyone_before(table)
    table("attack Aldric goblin-1 weapon sword roll 10")
    test = table.store.last(1)[0].detail["test"]
    assert (test["score"], test["difficulty"]) == (18, 4)


def test_the_bonus_survives_a_restart(table: Play) -> None:
    table('give Aldric "sword +2"')
    found = table.session.character("Aldric").inventory[-1]
    assert replace(found, bonus=0) != found
    assert current_fight(table.session) is None


def test_a_test_pushed_over_19_says_so(table: Play) -> None:
    """issue 10 §8: the cap at 19 and the difficulty it takes off are explained."""
    with_score(table, "Aldric", "STR", 17)
    shown = table("test Aldric STR bonus 4 difficulty 5")
    assert "STR 17 + 4 = 21: counts as STR 19 (2), difficulty 5 -> 3 (RULINGS R2)" in shown
    assert "counts as" not in table("test Aldric STR bonus 1")
