"""The four technique backgrounds as data-driven features (issue 10 §7; redhack:
Character Creation > 3. Backgrounds, Sample Technique Backgrounds; docs/rulings.md
H230-H233)."""

from __future__ import annotations

import pytest

from hacktable.errors import RuleError, UnknownNameError
from hacktable.rulesets.redhack.commands.act import current_fight
from hacktable.rulesets.redhack.fight import Fight
from hacktable.rulesets.redhack.techniques import is_ritual_caster, load_techniques

from ...console.conftest import Play
from .test_book_procedure import sides
from .test_fight_commands import start


def now(play: Play) -> Fight:
    found = current_fight(play.session)
    assert found is not None
    return found


def test_the_four_techniques_are_data() -> None:
    ids = [t.id for t in load_techniques()]
    assert ids == ["defensive-fighting", "twist-the-knife", "war-on-two-fronts", "ritual-caster"]
    assert {t.id: t.only_class for t in load_techniques()}["war-on-two-fronts"] == "warrior"


def test_giving_and_taking_a_technique(table: Play) -> None:
    assert "Sly has the technique Twist the Knife" in table("technique Sly twist-the-knife")
    assert table.session.character("Sly").techniques == ("twist-the-knife",)
    assert "Twist the Knife" in table("technique Sly")
    before = table.session.state.to_json()
    with pytest.raises(RuleError, match="already has"):
        table("technique Sly twist-the-knife")
    with pytest.raises(RuleError, match="for a warrior only"):
        table("technique Sly war-on-two-fronts")
    with pytest.raises(UnknownNameError):
        table("technique Sly juggling")
    assert table.session.state.to_json() == before
    table("technique Sly twist-the-knife off")
    assert table.session.character("Sly").techniques == ()


def test_ritual_caster_is_a_stored_feature(table: Play) -> None:
    """Ritual Caster: stored for ``cast`` to ask (H233)."""
    assert not is_ritual_caster(table.session.character("Aldric"))
    table("technique Aldric ritual-caster")
    assert is_ritual_caster(table.session.character("Aldric"))


def test_defensive_fighting_forgoes_the_attack_for_advantage(table: Play) -> None:
    """Defensive Fighting: "If you forgo your attack for a round, you have advantage on
    defense rolls" (H230)."""
    with_it = "technique Aldric defensive-fighting"
    start(table, goblins=1, hp=30)
    sides(table)
    with pytest.raises(RuleError, match="no Defensive Fighting"):
        table("guard Aldric")
    table(with_it)
    assert "advantage on defence rolls this round" in table("guard Aldric")
    with pytest.raises(RuleError, match="already acted"):
        table("attack Aldric goblin-1")
    table("next")
    shown = table("defend Aldric goblin-1 roll 1,10")
    assert "advantage (defensive fighting (attack forgone))" in shown
    for _ in range(2):
        table("next")
    assert not now(table).fighter("Aldric").guarding  # one round only


def test_defensive_fighting_blocks_two(table: Play) -> None:
    """Defensive Fighting: "you may move to block two enemies per round" (H230)."""
    start(table, goblins=2, hp=30, at="near")
    sides(table)
    table("block Aldric goblin-1")
    with pytest.raises(RuleError, match="already moved"):
        table("block Aldric goblin-2")
    table("technique Aldric defensive-fighting")
    assert "blocks a second foe" in table("block Aldric goblin-2")
    with pytest.raises(RuleError, match="already moved"):
        table("block Aldric goblin-1")


def test_twist_the_knife(table: Play) -> None:
    """Twist the Knife: after a hit with a small blade, the target's attack on you is
    defended with disadvantage; your next attack on it has advantage and +level damage
    (H231)."""
    table("technique Sly twist-the-knife")
    table("give Sly dagger")
    table.set_character("Sly", level=3)
    start(table, goblins=2, hp=40)
    sides(table)
    shown = table("attack Sly goblin-1 weapon dagger roll 10")
    assert "Sly keeps the knife in Goblin 1's wound" in shown
    table("next")
    shown = table("defend Sly goblin-1 roll 10,10")
    assert "disadvantage (your knife in its wound (twist the knife))" in shown
    assert "disadvantage" not in table("defend Sly goblin-2 roll 10")
    table("next")
    table("next")
    sides(table)
    shown = table("attack Sly goblin-1 weapon dagger roll 2,10")
    assert "advantage (twist the knife)" in shown
    assert "d20 2" in shown
    assert "reroll 10" in shown


def test_twist_the_knife_adds_the_level_to_the_damage(table: Play) -> None:
    table("technique Sly twist-the-knife")
    table("give Sly dagger")
    table.set_character("Sly", level=3)
    start(table, goblins=1, hp=40)
    sides(table)
    table("attack Sly goblin-1 weapon dagger roll 10")
    for _ in range(3):
        table("next")
    sides(table)
    shown = table("attack Sly goblin-1 weapon dagger roll 10")
    assert "1d6+3:" in shown  # the thief's d6 and level 3


def test_no_knife_without_a_small_blade(table: Play) -> None:
    table("technique Aldric twist-the-knife")
    start(table, goblins=1, hp=40)
    sides(table)
    assert "keeps the knife" not in table("attack Aldric goblin-1 roll 10")


def test_war_on_two_fronts_two_attacks_on_different_targets(table: Play) -> None:
    """War On Two Fronts: "Make two attacks in a round against different targets ...
    you may not apply cleave dice to any other targets" (H232)."""
    start(table, goblins=3, hp=40)
    sides(table)
    table("attack Aldric goblin-1 roll 10")
    with pytest.raises(RuleError, match="already acted"):
        table("attack Aldric goblin-2 roll 10")
    table("technique Aldric war-on-two-fronts")
    with pytest.raises(RuleError, match="already acted"):
        table("attack Aldric goblin-1 roll 10")  # a different target
    with pytest.raises(RuleError, match="none on any other"):
        table("attack Aldric goblin-2 roll 10 cleave goblin-3")
    shown = table("attack Aldric goblin-2 roll 10 cleave")
    assert "fights on two fronts: a second attack this round" in shown
    assert "1d8+1d6" in shown  # full damage and the cleave die left
    with pytest.raises(RuleError, match="already acted"):
        table("attack Aldric goblin-3 roll 10")
